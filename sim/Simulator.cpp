#include "sim/Simulator.h"
#include "model/core/ModelError.h"
#include "model/core/Unit.h"
#include "sim/ChildRun.h"
#include "sim/SimPlatform.h"

#include <simgrid/s4u.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <sstream>
#include <string>

namespace sg4 = simgrid::s4u;

namespace cs::sim {

namespace {

std::string mailboxName(std::size_t from, std::size_t to)
{
    return std::to_string(from) + ">" + std::to_string(to);
}

// Runs in the child: builds the platform, runs one actor per participant and
// returns the result line.
std::string simulateHere(const Topology& t, const SimProgram& program, const SimOptions& options)
{
    const auto engine = makeEngine(options);

    const std::size_t n = program.participants();
    std::vector<std::size_t> vertices(n);
    for (std::size_t i = 0; i < n; ++i)
        vertices[i] = t.hosts()[program.hostIndex[i]];
    std::vector<std::vector<std::size_t>> peersOf(n);
    for (std::size_t i = 0; i < n; ++i) {
        for (const SimOp& op : program.ops[i])
            if (op.kind == SimOp::Kind::Send)
                peersOf[i].push_back(op.peer);
        std::sort(peersOf[i].begin(), peersOf[i].end());
        peersOf[i].erase(std::unique(peersOf[i].begin(), peersOf[i].end()), peersOf[i].end());
    }
    const std::vector<sg4::Host*> hosts = buildPlatform(t, vertices, peersOf, options);

    std::vector<double> phaseEnd(program.phases.size(), 0.0);
    static int payload = 0;
    for (std::size_t i = 0; i < n; ++i) {
        sg4::Actor::create("p" + std::to_string(i), hosts[i], [&program, &phaseEnd, i] {
            std::vector<sg4::CommPtr> pending;
            int* got = nullptr;
            for (const SimOp& op : program.ops[i]) {
                switch (op.kind) {
                case SimOp::Kind::Send:
                    pending.push_back(sg4::Mailbox::by_name(mailboxName(i, op.peer))
                                          ->put_async(&payload, static_cast<std::uint64_t>(std::llround(op.value))));
                    break;
                case SimOp::Kind::Recv:
                    pending.push_back(sg4::Mailbox::by_name(mailboxName(op.peer, i))->get_async<int>(&got));
                    break;
                case SimOp::Kind::Wait:
                    sg4::Comm::wait_all(pending);
                    pending.clear();
                    phaseEnd[op.phase] = std::max(phaseEnd[op.phase], sg4::Engine::get_clock());
                    break;
                case SimOp::Kind::Sleep:
                    sg4::this_actor::sleep_for(op.value);
                    phaseEnd[op.phase] = std::max(phaseEnd[op.phase], sg4::Engine::get_clock());
                    break;
                }
            }
            sg4::Comm::wait_all(pending);
        });
    }
    engine->run();

    std::ostringstream s;
    s.precision(17);
    double previous = 0.0;
    s << "ok " << program.phases.size();
    for (double end : phaseEnd) {
        const double e = std::max(previous, end);
        s << " " << (e - previous);
        previous = e;
    }
    s << " " << std::max(previous, sg4::Engine::get_clock()) << "\n";
    return s.str();
}

void validate(const Topology& t, const SimProgram& program, const SimOptions& o)
{
    if (std::string p = program.problem(); !p.empty())
        throw ModelError("simulation program: " + p);
    const std::size_t hosts = t.hosts().size();
    std::vector<char> used(hosts, 0);
    for (std::size_t i = 0; i < program.hostIndex.size(); ++i) {
        const std::size_t h = program.hostIndex[i];
        if (h >= hosts)
            throw ModelError("the simulation needs host " + std::to_string(h + 1) + " but the topology has " +
                             std::to_string(hosts) + " hosts");
        if (used[h]++)
            throw ModelError("participant " + std::to_string(i) + " is placed on host '" + t.vertex(t.hosts()[h]).id +
                             "', which another participant already uses");
    }
    if (!(o.hostCap >= 0) || !std::isfinite(o.hostCap))
        throw ModelError("host cap = " + formatNumber(o.hostCap) + " B/s must be >= 0");
    if (!(o.hostLatency >= 0) || !std::isfinite(o.hostLatency))
        throw ModelError("host latency = " + formatNumber(o.hostLatency) + " s must be >= 0");
    if (!(o.segmentEfficiency > 0 && o.segmentEfficiency <= 1))
        throw ModelError("segment efficiency = " + formatNumber(o.segmentEfficiency) + " must be in (0, 1]");
    if (o.networkModel != "CM02" && o.networkModel != "LV08")
        throw ModelError("network model = '" + o.networkModel + "' must be CM02 or LV08");
    if (!(o.timeoutSeconds >= 0))
        throw ModelError("timeout = " + formatNumber(o.timeoutSeconds) + " s must be >= 0");
    t.validate();
}

} // namespace

SimResult runSimulation(const Topology& t, const SimProgram& program, const SimOptions& options)
{
    validate(t, program, options);
    const auto start = std::chrono::steady_clock::now();
    const std::string text = runInChild([&] { return simulateHere(t, program, options); }, options);
    std::istringstream in(text);
    std::string word;
    std::size_t phases = 0;
    SimResult result;
    if (!(in >> word >> phases) || word != "ok" || phases != program.phases.size())
        throw ModelError("the simulation ended without a result");
    result.phaseTimes.resize(phases);
    for (double& v : result.phaseTimes)
        in >> v;
    in >> result.total;
    if (!in)
        throw ModelError("the simulation returned an unreadable result");
    result.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

} // namespace cs::sim
