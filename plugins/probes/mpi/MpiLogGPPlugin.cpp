#include "mpi/MpiLogGPPlugin.h"
#include "mpi/MpiDescriptors.h"

namespace cs::probeplugin {

sdk::ProbeDescriptor MpiLogGPPlugin::descriptor() const
{
    return mpiLogGPDescriptor();
}

sdk::RunOutcome MpiLogGPPlugin::run(const sdk::RunRequest&, sdk::RunContext&) const
{
    return sdk::RunOutcome::failure("invalid-parameter",
                                    "mpi.loggp runs under mpirun in clusterscope-mpi-agent; use an mpi node (--nodes mpi:2)");
}

} // namespace cs::probeplugin
