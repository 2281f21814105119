#pragma once
#include "cs/sdk/ProbePlugin.h"

#include <QObject>

namespace cs::probeplugin {

// The parallel 2D FFT under MPI (mpi.app.fft2d), app.fft2d with MPI as its transport. The runner learns the
// probe's parameters here; the application itself runs in clusterscope-mpi-agent under mpirun
// (launcher "mpi"), so run() only explains that.
class MpiFft2dPlugin : public QObject, public sdk::ProbePlugin {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID CS_PROBE_PLUGIN_IID FILE "mpifft2d.json")
    Q_INTERFACES(cs::sdk::ProbePlugin)
public:
    sdk::ProbeDescriptor descriptor() const override;
    sdk::RunOutcome run(const sdk::RunRequest& request, sdk::RunContext& context) const override;
};

} // namespace cs::probeplugin
