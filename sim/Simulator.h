#pragma once
// Runs a simulation program (SimProgram.h) on a SimGrid platform built from
// a ClusterScope topology. SimGrid's engine is a singleton per process, so
// every run happens in a forked child process: the CLI, the GUI and the
// tests can run as many as they like, and a simulation that crashes reports
// an error instead of taking the caller down.
//
// The platform (SimPlatform.h) is SimGrid's flow-level CM02 model with
// max-min sharing and no TCP correction factors, so a lone transfer of k
// bytes over links of bandwidth B and total latency L takes exactly L + k/B.
#include "model/topology/graph/Topology.h"
#include "sim/SimProgram.h"

#include <atomic>
#include <functional>
#include <string>

namespace cs::sim {

struct SimOptions {
    // Each participant's NIC or card rate in B/s (000's bw_cn): a private
    // full-duplex link between the host and the network; 0 = no such limit.
    double hostCap = 0.0;
    // Latency of that host link in seconds, paid at both ends (a NIC's share of
    // LogGP's L); with hostCap 0 the link has no rate limit.
    double hostLatency = 0.0;
    // Share of a shared segment's rate that transfers obtain (004's medium
    // efficiency eta_m, 1 = all of it).
    double segmentEfficiency = 1.0;
    // SimGrid network model ("CM02": max-min, no factors; "LV08": SimGrid's
    // TCP-calibrated default).
    std::string networkModel = "CM02";
    // Wall-clock limit for the child process in seconds, 0 = none.
    double timeoutSeconds = 0.0;
    // Set by another thread to stop the run (the child is killed).
    const std::atomic<bool>* cancel = nullptr;
    // Called in the child before the platform is built; tests use it to make
    // a simulation crash or throw.
    std::function<void()> inChild;
};

// Simulates `program` on `topology`. Throws ModelError when the program or
// the options are invalid, the topology cannot carry it (too few hosts, a
// host not reached), the run is cancelled or times out, or the child process
// fails (its message, or the signal that ended it).
SimResult runSimulation(const Topology& topology, const SimProgram& program, const SimOptions& options = {});

// True when runSimulation() was stopped by SimOptions::cancel (the message of
// the ModelError it threw).
bool isCancelledMessage(const std::string& message);

} // namespace cs::sim
