#include "mpi/MpiAlltoallPlugin.h"
#include "mpi/MpiDescriptors.h"

namespace cs::probeplugin {

sdk::ProbeDescriptor MpiAlltoallPlugin::descriptor() const
{
    return mpiAlltoallDescriptor();
}

sdk::RunOutcome MpiAlltoallPlugin::run(const sdk::RunRequest&, sdk::RunContext&) const
{
    return sdk::RunOutcome::failure("invalid-parameter",
                                    "mpi.alltoall runs under mpirun in clusterscope-mpi-agent; use an mpi node (--nodes mpi:N)");
}

} // namespace cs::probeplugin
