#include "mpi/MpiSortPlugin.h"
#include "mpi/MpiDescriptors.h"

namespace cs::probeplugin {

sdk::ProbeDescriptor MpiSortPlugin::descriptor() const
{
    return mpiSortDescriptor();
}

sdk::RunOutcome MpiSortPlugin::run(const sdk::RunRequest&, sdk::RunContext&) const
{
    return sdk::RunOutcome::failure("invalid-parameter",
                                    "mpi.app.sort runs under mpirun in clusterscope-mpi-agent; use an mpi node (--nodes mpi:P)");
}

} // namespace cs::probeplugin
