#pragma once
#include "cs/sdk/ProbePlugin.h"

#include <QObject>

namespace cs::probeplugin {

// The parallel integer sort under MPI (mpi.app.sort), app.sort with MPI_Alltoallv as its exchange. The runner
// learns the probe's parameters here; the application itself runs in clusterscope-mpi-agent under mpirun
// (launcher "mpi"), so run() only explains that.
class MpiSortPlugin : public QObject, public sdk::ProbePlugin {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID CS_PROBE_PLUGIN_IID FILE "mpisort.json")
    Q_INTERFACES(cs::sdk::ProbePlugin)
public:
    sdk::ProbeDescriptor descriptor() const override;
    sdk::RunOutcome run(const sdk::RunRequest& request, sdk::RunContext& context) const override;
};

} // namespace cs::probeplugin
