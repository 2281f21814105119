#pragma once
// The built-in probes, Qt-free: each is a descriptor and a run function over
// the kernels in plugins/kernels. clusterscope-agent compiles all of them in
// (builtinProbes()); the Qt plugin wrappers in plugins/probes/<probe>/ serve
// the same functions to the runner, the GUI and the command-line tool, so
// both list and check the same probes and parameter bounds.
//
// Each run() follows ProbePlugin::run's contract: thread-safe, never throws,
// returns within about 0.1 s of a cancel.
#include "cs/sdk/ProbeRegistry.h"

namespace cs::probeplugin {

#define CS_BUILTIN_PROBE(Name)                                                                                        \
    struct Name {                                                                                                     \
        static sdk::ProbeDescriptor descriptor();                                                                     \
        static sdk::RunOutcome run(const sdk::RunRequest& request, sdk::RunContext& context);                        \
    }

CS_BUILTIN_PROBE(PingPongProbe); // net.pingpong (pingpong/PingPongPlugin.cpp)
CS_BUILTIN_PROBE(LogGPProbe);    // net.loggp (loggp/LogGPPlugin.cpp)
CS_BUILTIN_PROBE(StreamProbe);   // net.stream (stream/StreamPlugin.cpp)
CS_BUILTIN_PROBE(MemCopyProbe);  // mem.copy (memcopy/MemCopyPlugin.cpp)
CS_BUILTIN_PROBE(FftProbe);      // cpu.fft (fft/FftPlugin.cpp)
CS_BUILTIN_PROBE(SortProbe);     // cpu.sort (sort/SortPlugin.cpp)
CS_BUILTIN_PROBE(TokenProbe);    // net.token (token/TokenPlugin.cpp)
CS_BUILTIN_PROBE(AlltoallProbe); // net.alltoall (alltoall/AlltoallPlugin.cpp)
CS_BUILTIN_PROBE(Fft2dProbe);    // app.fft2d (app/Fft2dPlugin.cpp)
CS_BUILTIN_PROBE(ParallelSortProbe); // app.sort (app/ParallelSortPlugin.cpp)
CS_BUILTIN_PROBE(CollectivesProbe);  // app.collectives (app/CollectivesPlugin.cpp)

#undef CS_BUILTIN_PROBE

// Every built-in probe, the MPI probes' descriptors included (launcher "mpi":
// they run in clusterscope-mpi-agent, so their run function only says so).
const sdk::ProbeRegistry& builtinProbes();

} // namespace cs::probeplugin
