#include "common/BuiltinProbes.h"
#include "mpi/MpiDescriptors.h"

namespace cs::probeplugin {

namespace {

sdk::ProbeRegistry makeRegistry()
{
    sdk::ProbeRegistry r;
    r.add(PingPongProbe::descriptor(), &PingPongProbe::run);
    r.add(LogGPProbe::descriptor(), &LogGPProbe::run);
    r.add(StreamProbe::descriptor(), &StreamProbe::run);
    r.add(MemCopyProbe::descriptor(), &MemCopyProbe::run);
    r.add(FftProbe::descriptor(), &FftProbe::run);
    r.add(SortProbe::descriptor(), &SortProbe::run);
    r.add(TokenProbe::descriptor(), &TokenProbe::run);
    r.add(AlltoallProbe::descriptor(), &AlltoallProbe::run);
    r.add(Fft2dProbe::descriptor(), &Fft2dProbe::run);
    r.add(ParallelSortProbe::descriptor(), &ParallelSortProbe::run);
    r.add(CollectivesProbe::descriptor(), &CollectivesProbe::run);
    for (sdk::ProbeDescriptor d : mpiDescriptors()) {
        const std::string id = d.id;
        r.add(std::move(d), [id](const sdk::RunRequest&, sdk::RunContext&) {
            return sdk::RunOutcome::failure("invalid-parameter", id + " runs under mpirun in clusterscope-mpi-agent; "
                                                                      "use an mpi node (--nodes mpi:N)");
        });
    }
    return r;
}

} // namespace

const sdk::ProbeRegistry& builtinProbes()
{
    static const sdk::ProbeRegistry registry = makeRegistry();
    return registry;
}

} // namespace cs::probeplugin
