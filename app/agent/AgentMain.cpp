#include "app/agent/AgentMain.h"
#include "app/agent/AgentOptions.h"
#include "app/agent/AgentServer.h"
#include "app/agent/ListenServer.h"
#include "app/agent/Placement.h"
#include "model/core/Printable.h"

#include "cs/probe/Environment.h"
#include "cs/probe/Error.h"
#include "cs/probe/Socket.h"
#include "common/BuiltinProbes.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sched.h>
#include <unistd.h>

namespace cs::agent {

namespace {

// The file this agent runs from (where copy=1 put it), or "" when /proc is missing.
std::string ownExecutable()
{
    char path[4096];
    const ssize_t n = ::readlink("/proc/self/exe", path, sizeof path - 1);
    return n > 0 ? std::string(path, static_cast<std::size_t>(n)) : std::string();
}

nlohmann::json environment(const AgentOptions& o, const Placement& placement)
{
    const int requested = placement.pinnedTo.empty() ? -1 : placement.pinnedTo.front();
    const cs::probe::Environment env = cs::probe::captureEnvironment(requested);
    nlohmann::json e = {{"hostname", env.hostname},
            {"kernel", env.kernelRelease},
            {"cpu_model", env.cpuModel},
            {"online_cpus", env.onlineCpus},
            {"cpus_requested", o.cpus},
            {"affinity", env.affinity},
            {"pinned", env.pinned},
            {"clock_source", env.clockSource},
            {"timer", env.timer},
            {"timer_resolution_s", env.timerResolution_s},
            {"llc_bytes", env.lastLevelCache_B},
            {"pid", static_cast<long long>(::getpid())},
            {"versions",
             {{"agent", CS_AGENT_VERSION},
              {"protocol", kProtocolVersion},
              {"probe_api", sdk::kProbeApiVersion},
              {"kernels", cs::probe::kKernelsVersion}}},
            {"executable", ownExecutable()},
            {"linkage", CS_AGENT_LINKAGE}};
    describePlacement(placement, e);
    if (nlohmann::json slurm = slurmEnvironment(); !slurm.is_null())
        e["slurm"] = slurm;
    return e;
}

void listProbes(const sdk::ProbeRegistry& probes, bool json)
{
    if (json) {
        nlohmann::json a = nlohmann::json::array();
        for (const auto& p : probes.probes())
            a.push_back(sdk::toJson(p.descriptor));
        std::cout << a.dump(2) << "\n";
        return;
    }
    for (const auto& p : probes.probes())
        std::cout << p.descriptor.id << "\t" << p.descriptor.name << "\n";
}

} // namespace

int agentMain(int argc, char** argv)
{
    std::signal(SIGPIPE, SIG_IGN);
    AgentOptions o;
    try {
        o = parseAgentOptions(std::vector<std::string>(argv + 1, argv + argc));
    } catch (const std::exception& e) {
        std::cerr << "clusterscope-agent: " << e.what() << "\n" << agentUsage();
        return 2;
    }
    if (o.mode == AgentOptions::Mode::Help) {
        std::cout << agentUsage();
        return 0;
    }
    if (o.mode == AgentOptions::Mode::Version) {
        std::cout << "clusterscope-agent " << CS_AGENT_VERSION << " (protocol " << kProtocolVersion
                  << ", probe API " << sdk::kProbeApiVersion << ")\n";
        return 0;
    }
    try {
        // Before any thread starts, so every thread inherits it.
        const Placement placement = pinAgent(o.cpus, o.cpusInAllocation);
        const sdk::ProbeRegistry& probes = probeplugin::builtinProbes();
        if (o.mode == AgentOptions::Mode::List) {
            listProbes(probes, o.json);
            return 0;
        }
        AgentConfig config;
        config.expectedToken = readAgentToken(o);
        config.defaultBind = o.bind;
        config.helloTimeoutMs = static_cast<int>(o.helloTimeout * 1000);
        config.environment = environment(o, placement);
        if (o.mode == AgentOptions::Mode::Listen)
            return serveListening(o, config, probes);
        // Pipe mode: frames go to the original stdout only; anything else a
        // library prints on stdout is sent to stderr instead.
        const int out = ::dup(STDOUT_FILENO);
        ::dup2(STDERR_FILENO, STDOUT_FILENO);
        AgentServer server(STDIN_FILENO, out, config, probes);
        const AgentServer::End end = server.serve();
        if (end == AgentServer::End::Rejected) {
            std::cerr << "clusterscope-agent: refused the controller: " << printable(server.rejection()) << "\n";
            return 3;
        }
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "clusterscope-agent: " << e.what() << "\n";
        return 2;
    }
}

} // namespace cs::agent
