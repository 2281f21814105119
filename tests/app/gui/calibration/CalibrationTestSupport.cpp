#include "CalibrationTestSupport.h"

#include "model/document/DocumentFormat.h"

#include "../../DedicatedCpu.h"

#include <array>
#include <cstdio>
#include <unistd.h>

namespace cs::test {

DesignDocument loggpDesign(const std::string& sweepValues)
{
    return parseDocument(R"({
      "format": "clusterscope-design", "version": 2, "name": "loggp",
      "blocks": [{"name": "net", "type": "logp.loggp", "values": {}}],
      "variants": [{"name": "LogGP", "total": "net.T_oneway", "overrides": {}}],
      "sweep": {"axes": [{"path": "net.k", "values": ")" + sweepValues + R"("}]}
    })");
}

namespace {

int sh(const std::string& command, std::string* output)
{
    std::string out;
    FILE* p = popen((command + " 2>&1").c_str(), "r");
    if (!p)
        return -1;
    std::array<char, 512> buf{};
    while (fgets(buf.data(), buf.size(), p))
        out += buf.data();
    const int status = pclose(p);
    if (output)
        *output = out;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string script()
{
    return std::string(CS_SOURCE_DIR) + "/scripts/netns-pair.sh";
}

} // namespace

GuiNetnsPair::GuiNetnsPair(const std::string& rate)
{
    static int counter = 0;
    const int pid = static_cast<int>(getpid());
    prefix_ = "gc" + std::to_string(pid % 100000) + std::to_string(counter % 10);
    subnet_ = "10." + std::to_string(150 + pid % 50) + "." + std::to_string((pid / 50 + counter) % 250 + 1);
    ++counter;
    if (geteuid() != 0) {
        error_ = "not root: network namespaces need CAP_NET_ADMIN";
        return;
    }
    std::string out;
    if (sh("ip netns list", &out) != 0) {
        error_ = "ip netns is not usable here: " + out;
        return;
    }
    if (sh(script() + " up " + prefix_ + " " + subnet_ + " " + rate, &out) != 0)
        error_ = "netns-pair.sh up failed: " + out;
    dedicateCpu(); // the probes' agents measure the link; another program waits for the CPU (DedicatedCpu.h)
}

GuiNetnsPair::~GuiNetnsPair()
{
    if (error_.empty() || error_.rfind("netns-pair.sh", 0) == 0)
        sh(script() + " down " + prefix_, nullptr);
}

} // namespace cs::test
