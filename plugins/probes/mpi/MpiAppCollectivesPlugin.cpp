#include "mpi/MpiAppCollectivesPlugin.h"
#include "mpi/MpiDescriptors.h"

namespace cs::probeplugin {

sdk::ProbeDescriptor MpiAppCollectivesPlugin::descriptor() const
{
    return mpiAppCollectivesDescriptor();
}

sdk::RunOutcome MpiAppCollectivesPlugin::run(const sdk::RunRequest&, sdk::RunContext&) const
{
    return sdk::RunOutcome::failure("invalid-parameter",
                                    "mpi.app.collectives runs under mpirun in clusterscope-mpi-agent; use an mpi node (--nodes mpi:P)");
}

} // namespace cs::probeplugin
