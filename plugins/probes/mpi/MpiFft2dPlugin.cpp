#include "mpi/MpiFft2dPlugin.h"
#include "mpi/MpiDescriptors.h"

namespace cs::probeplugin {

sdk::ProbeDescriptor MpiFft2dPlugin::descriptor() const
{
    return mpiFft2dDescriptor();
}

sdk::RunOutcome MpiFft2dPlugin::run(const sdk::RunRequest&, sdk::RunContext&) const
{
    return sdk::RunOutcome::failure("invalid-parameter",
                                    "mpi.app.fft2d runs under mpirun in clusterscope-mpi-agent; use an mpi node (--nodes mpi:P)");
}

} // namespace cs::probeplugin
