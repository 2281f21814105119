#pragma once
// Shared helpers of the runner tests: the build's programs, one plugin
// loader, running a plan to its end, temporary folders, and the namespace
// scripts (which need root; tests that need them skip with a clear message).
#include "../DedicatedCpu.h"
#include "app/runner/JobResult.h"
#include "app/runner/Runner.h"

#include "cs/sdk/PluginLoader.h"

#include <QTemporaryDir>

#include <map>
#include <string>
#include <vector>

namespace cs::test {

const sdk::PluginLoader& plugins();

// Runs `plan` to its end (at most `limitMs`) and returns the results.
std::vector<runner::JobResult> runToEnd(const runner::RunPlan& plan, int limitMs = 120000);

// The result of a single-job plan, with every reason printed on failure.
runner::JobResult runOne(const std::string& nodes, const std::string& probe, const nlohmann::json& params,
                         double timeout = 60.0);

// Checks every series of r's summary: ordered statistics (min <= p25 <= median <= p75 <= p99, the median
// inside its CI), and raw samples stored under the same name in the primary part, one per counted
// repetition, whose median is the summary's median.
void checkSeriesWithSamples(const runner::JobResult& r);

// Runs a shell command; returns its exit status and fills `output` (stdout+stderr).
int sh(const std::string& command, std::string* output = nullptr);

// "" when this process may create network namespaces, else why not. When it may, it also takes the CPU as the
// emulated cluster's hosts would (dedicateCpu).
std::string namespacesUnavailable();


// A name unique to this test run: "cs" + PID + a counter (<= 10 characters).
std::string uniquePrefix();
// A /24 unique to this run: "10.A.B".
std::string uniqueSubnet();

// An environment of just `vars`, for node lists read from it (allocation).
EnvLookup fakeEnv(std::map<std::string, std::string> vars);

// True when mpirun is installed; otherwise WARNs that the test is skipped and returns false.
bool haveMpirun();

std::string agentExe();
std::string scriptsDir();

// Writes an executable shell script and returns its path.
std::string writeScript(const QTemporaryDir& dir, const std::string& name, const std::string& body);

// Two namespaces joined by a veth pair (scripts/netns-pair.sh), removed by
// name in the destructor.
class NetnsPair {
public:
    // rate, burst: tbf's ("80mbit", "64kb"); an empty rate leaves the link unshaped.
    explicit NetnsPair(const std::string& rate, const std::string& burst = "64kb");
    ~NetnsPair();
    bool ok() const { return error_.empty(); }
    const std::string& error() const { return error_; }
    std::string nsA() const { return prefix_ + "-a"; }
    std::string nsB() const { return prefix_ + "-b"; }
    std::string addrA() const { return subnet_ + ".1"; }
    std::string addrB() const { return subnet_ + ".2"; }

private:
    std::string prefix_, subnet_, error_;
};

// One namespace joined to this one (scripts/netns-host.sh).
class NetnsHost {
public:
    NetnsHost();
    ~NetnsHost();
    bool ok() const { return error_.empty(); }
    const std::string& error() const { return error_; }
    std::string ns() const { return prefix_ + "-h"; }
    std::string hostAddr() const { return subnet_ + ".2"; } // inside the namespace
    std::string localAddr() const { return subnet_ + ".1"; }

private:
    std::string prefix_, subnet_, error_;
};

} // namespace cs::test
