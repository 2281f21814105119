#include "mpi/MpiCollectivesPlugin.h"
#include "mpi/MpiDescriptors.h"

namespace cs::probeplugin {

sdk::ProbeDescriptor MpiCollectivesPlugin::descriptor() const
{
    return mpiCollectivesDescriptor();
}

sdk::RunOutcome MpiCollectivesPlugin::run(const sdk::RunRequest&, sdk::RunContext&) const
{
    return sdk::RunOutcome::failure("invalid-parameter",
                                    "mpi.collectives runs under mpirun in clusterscope-mpi-agent; use an mpi node (--nodes mpi:N)");
}

} // namespace cs::probeplugin
