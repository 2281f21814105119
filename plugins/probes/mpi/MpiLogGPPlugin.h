#pragma once
#include "cs/sdk/ProbePlugin.h"

#include <QObject>

namespace cs::probeplugin {

// LogGP of the MPI library (MPI_Send/MPI_Recv ping-pong, PRTT(n,d,s)). The runner learns the probe's parameters and calibration targets
// here; the measurement itself runs in clusterscope-mpi-agent under mpirun
// (launcher "mpi"), so run() only explains that.
class MpiLogGPPlugin : public QObject, public sdk::ProbePlugin {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID CS_PROBE_PLUGIN_IID FILE "mpiloggp.json")
    Q_INTERFACES(cs::sdk::ProbePlugin)
public:
    sdk::ProbeDescriptor descriptor() const override;
    sdk::RunOutcome run(const sdk::RunRequest& request, sdk::RunContext& context) const override;
};

} // namespace cs::probeplugin
