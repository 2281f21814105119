#pragma once
#include "cs/sdk/ProbePlugin.h"

#include <QObject>

namespace cs::probeplugin {

// All-to-all transpose with MPI_Alltoall. The runner learns the probe's parameters and calibration targets
// here; the measurement itself runs in clusterscope-mpi-agent under mpirun
// (launcher "mpi"), so run() only explains that.
class MpiAlltoallPlugin : public QObject, public sdk::ProbePlugin {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID CS_PROBE_PLUGIN_IID FILE "mpialltoall.json")
    Q_INTERFACES(cs::sdk::ProbePlugin)
public:
    sdk::ProbeDescriptor descriptor() const override;
    sdk::RunOutcome run(const sdk::RunRequest& request, sdk::RunContext& context) const override;
};

} // namespace cs::probeplugin
