#include "TestSupport.h"

#include <catch2/catch.hpp>

#include <QStandardPaths>

#include <QFile>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdio>
#include <sys/wait.h>
#include <unistd.h>

namespace cs::test {

const sdk::PluginLoader& plugins()
{
    static sdk::PluginLoader loader;
    loader.load(); // once; later calls do nothing
    return loader;
}

std::vector<runner::JobResult> runToEnd(const runner::RunPlan& plan, int limitMs)
{
    runner::Runner r(plugins());
    r.start(plan);
    REQUIRE(r.wait(limitMs));
    return r.results();
}

runner::JobResult runOne(const std::string& nodes, const std::string& probe, const nlohmann::json& params,
                         double timeout)
{
    runner::RunPlan plan;
    plan.nodes = runner::parseNodeSpec(nodes);
    plan.probe = probe;
    plan.params = params;
    plan.timeout = timeout;
    const auto results = runToEnd(plan);
    REQUIRE(results.size() == 1);
    INFO(probe << " on " << nodes << ": " << results[0].status << " " << results[0].reason);
    return results[0];
}

int sh(const std::string& command, std::string* output)
{
    FILE* p = ::popen((command + " 2>&1").c_str(), "r");
    if (!p)
        return -1;
    std::array<char, 4096> buf{};
    std::string out;
    while (std::size_t n = std::fread(buf.data(), 1, buf.size(), p))
        out.append(buf.data(), n);
    const int status = ::pclose(p);
    if (output)
        *output = out;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string uniquePrefix()
{
    static std::atomic<int> counter{0};
    return "cs" + std::to_string(::getpid() % 1000000) + std::string(1, static_cast<char>('a' + counter++ % 26));
}

std::string uniqueSubnet()
{
    static std::atomic<int> counter{0};
    const int pid = ::getpid();
    return "10." + std::to_string(200 + (pid % 50)) + "." + std::to_string((pid / 50 + counter++ * 37) % 250);
}

std::string namespacesUnavailable()
{
    if (::geteuid() != 0)
        return "not root: network namespaces need CAP_SYS_ADMIN and CAP_NET_ADMIN";
    const std::string probe = uniquePrefix();
    std::string out;
    if (sh("ip netns add " + probe + "-p", &out) != 0)
        return "cannot create a network namespace: " + out;
    sh("ip netns del " + probe + "-p");
    if (const std::string why = dedicateCpu(); !why.empty())
        WARN("the emulated cluster shares the CPU with everything else: " << why);
    return {};
}

std::string agentExe()
{
    return CS_AGENT_EXE;
}

EnvLookup fakeEnv(std::map<std::string, std::string> vars)
{
    return [vars](const std::string& name) -> std::optional<std::string> {
        auto it = vars.find(name);
        if (it == vars.end())
            return std::nullopt;
        return it->second;
    };
}

std::string scriptsDir()
{
    return std::string(CS_SOURCE_DIR) + "/scripts";
}

std::string writeScript(const QTemporaryDir& dir, const std::string& name, const std::string& body)
{
    const QString path = dir.filePath(QString::fromStdString(name));
    QFile f(path);
    REQUIRE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(QByteArray::fromStdString("#!/bin/sh\n" + body + "\n"));
    f.close();
    f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    return path.toStdString();
}

NetnsPair::NetnsPair(const std::string& rate, const std::string& burst)
    : prefix_(uniquePrefix()), subnet_(uniqueSubnet())
{
    error_ = namespacesUnavailable();
    if (!error_.empty())
        return;
    std::string out;
    if (sh(scriptsDir() + "/netns-pair.sh up " + prefix_ + " " + subnet_ + (rate.empty() ? "" : " " + rate + " " + burst),
           &out) != 0)
        error_ = "netns-pair.sh failed: " + out;
}

NetnsPair::~NetnsPair()
{
    sh(scriptsDir() + "/netns-pair.sh down " + prefix_);
}

NetnsHost::NetnsHost() : prefix_(uniquePrefix()), subnet_(uniqueSubnet())
{
    error_ = namespacesUnavailable();
    if (!error_.empty())
        return;
    std::string out;
    if (sh(scriptsDir() + "/netns-host.sh up " + prefix_ + " " + subnet_, &out) != 0)
        error_ = "netns-host.sh failed: " + out;
}

NetnsHost::~NetnsHost()
{
    sh(scriptsDir() + "/netns-host.sh down " + prefix_);
}

bool haveMpirun()
{
    if (QStandardPaths::findExecutable("mpirun").isEmpty()) {
        WARN("skipped: mpirun is not installed (Debian package openmpi-bin)");
        return false;
    }
    return true;
}

void checkSeriesWithSamples(const runner::JobResult& r)
{
    // The job's summary is its primary part's (client, self or rank 0); that part holds the samples.
    const runner::PartResult* primary = nullptr;
    for (const auto& p : r.parts)
        if (p.summary == r.summary)
            primary = &p;
    REQUIRE(primary != nullptr);
    REQUIRE(!r.summary["series"].empty());
    for (auto& [name, s] : r.summary["series"].items()) {
        INFO(r.probe << " series " << name << ": " << s.dump());
        REQUIRE(s["n"].get<int>() > 0);
        const double median = s["median"];
        CHECK(s["min"].get<double>() <= s["p25"].get<double>());
        CHECK(s["p25"].get<double>() <= median);
        CHECK(median <= s["p75"].get<double>());
        CHECK(s["p75"].get<double>() <= s["p99"].get<double>());
        CHECK(s["ci_lo"].get<double>() <= median);
        CHECK(median <= s["ci_hi"].get<double>());
        REQUIRE(primary->samples.count(name) == 1);
        std::vector<double> sorted = primary->samples.at(name);
        CHECK(sorted.size() == s["n"].get<std::size_t>());
        // The median of n sorted values: the middle one, or the mean of the middle two.
        std::sort(sorted.begin(), sorted.end());
        const std::size_t n = sorted.size();
        const double expected = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        CHECK(expected == Approx(median).epsilon(1e-12));
    }
}

} // namespace cs::test
