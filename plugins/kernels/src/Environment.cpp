#include "cs/probe/Environment.h"

#include "cs/probe/Error.h"

#include <sched.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace cs::probe {

namespace {

std::string readFirstLine(const std::string& path)
{
    std::ifstream in(path);
    std::string line;
    if (in)
        std::getline(in, line);
    while (!line.empty() && (line.back() == '\n' || line.back() == ' ' || line.back() == '\r'))
        line.pop_back();
    return line;
}

std::string cpuModelName()
{
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line)) {
        // x86: "model name"; some ARM kernels: "Processor" / "CPU part"; take the first model name.
        if (line.rfind("model name", 0) == 0) {
            const auto colon = line.find(':');
            if (colon == std::string::npos)
                continue;
            std::string v = line.substr(colon + 1);
            const auto b = v.find_first_not_of(" \t");
            return b == std::string::npos ? std::string() : v.substr(b);
        }
    }
    return {};
}

std::string cpuList(const cpu_set_t& set)
{
    std::ostringstream os;
    bool first = true;
    for (int c = 0; c < CPU_SETSIZE; ++c) {
        if (!CPU_ISSET(c, &set))
            continue;
        int e = c;
        while (e + 1 < CPU_SETSIZE && CPU_ISSET(e + 1, &set))
            ++e;
        if (!first)
            os << ',';
        first = false;
        os << c;
        if (e > c)
            os << '-' << e;
        c = e;
    }
    return os.str();
}

} // namespace

std::uint64_t parseCacheSize(const std::string& text)
{
    if (text.empty())
        return 0;
    std::size_t pos = 0;
    std::uint64_t value = 0;
    while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') {
        value = value * 10 + static_cast<std::uint64_t>(text[pos] - '0');
        ++pos;
    }
    if (pos == 0)
        return 0;
    if (pos == text.size())
        return value;
    if (pos + 1 != text.size())
        return 0;
    switch (text[pos]) {
    case 'K': case 'k': return value << 10;
    case 'M': case 'm': return value << 20;
    case 'G': case 'g': return value << 30;
    default: return 0;
    }
}

std::uint64_t lastLevelCacheBytes()
{
    std::uint64_t best = 0;
    int bestLevel = -1;
    for (int i = 0; i < 16; ++i) {
        const std::string dir = "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(i) + "/";
        const std::string type = readFirstLine(dir + "type");
        if (type.empty())
            continue;
        if (type != "Data" && type != "Unified")
            continue;
        const int level = std::atoi(readFirstLine(dir + "level").c_str());
        const std::uint64_t size = parseCacheSize(readFirstLine(dir + "size"));
        if (level > bestLevel || (level == bestLevel && size > best)) {
            bestLevel = level;
            best = size;
        }
    }
    return best;
}

void pinThisThread(int cpu)
{
    if (cpu < 0 || cpu >= CPU_SETSIZE)
        throw ProbeError(ErrorKind::InvalidParameter,
                         "cpu = " + std::to_string(cpu) + " must be in [0, " + std::to_string(CPU_SETSIZE) + ")");
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    if (sched_setaffinity(0, sizeof(set), &set) != 0)
        throw ProbeError(ErrorKind::System, "cannot pin the thread to cpu " + std::to_string(cpu) + ": " +
                                                std::strerror(errno));
}

ScopedCpuPin::ScopedCpuPin(int cpu) : cpu_(cpu)
{
    if (cpu < 0)
        return;
    cpu_set_t old;
    CPU_ZERO(&old);
    if (sched_getaffinity(0, sizeof(old), &old) == 0) {
        saved_.assign(reinterpret_cast<unsigned char*>(&old), reinterpret_cast<unsigned char*>(&old) + sizeof(old));
        restore_ = true;
    }
    pinThisThread(cpu);
}

ScopedCpuPin::~ScopedCpuPin()
{
    if (!restore_)
        return;
    cpu_set_t old;
    std::memcpy(&old, saved_.data(), sizeof(old));
    (void)sched_setaffinity(0, sizeof(old), &old);
}

std::vector<int> allowedCpus()
{
    std::vector<int> out;
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof(set), &set) != 0)
        return out;
    for (int c = 0; c < CPU_SETSIZE; ++c)
        if (CPU_ISSET(c, &set))
            out.push_back(c);
    return out;
}

Environment captureEnvironment(int requestedCpu)
{
    Environment e;
    char host[256] = {};
    if (gethostname(host, sizeof(host) - 1) == 0)
        e.hostname = host;
    utsname u{};
    if (uname(&u) == 0)
        e.kernelRelease = u.release;
    e.cpuModel = cpuModelName();
    e.onlineCpus = static_cast<int>(sysconf(_SC_NPROCESSORS_ONLN));
    e.requestedCpu = requestedCpu;
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof(set), &set) == 0) {
        e.pinned = CPU_COUNT(&set) == 1;
        e.affinity = cpuList(set);
    }
    e.cpuObserved = sched_getcpu();
    e.clockSource = readFirstLine("/sys/devices/system/clocksource/clocksource0/current_clocksource");
    e.timer = "steady_clock (CLOCK_MONOTONIC)";
    timespec res{};
    if (clock_getres(CLOCK_MONOTONIC, &res) == 0)
        e.timerResolution_s = static_cast<double>(res.tv_sec) + static_cast<double>(res.tv_nsec) * 1e-9;
    e.lastLevelCache_B = lastLevelCacheBytes();
    e.kernelsVersion = kKernelsVersion;
    return e;
}

} // namespace cs::probe
