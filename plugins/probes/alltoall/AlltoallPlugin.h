#pragma once
#include "common/BuiltinProbes.h"
#include "cs/sdk/ProbePlugin.h"

#include <QObject>

namespace cs::probeplugin {

// The Qt plugin wrapper of the built-in probe AlltoallProbe (common/BuiltinProbes.h).
// All-to-all transpose exchange over TCP (see descriptor() for the method).
class AlltoallPlugin : public QObject, public sdk::ProbePlugin {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID CS_PROBE_PLUGIN_IID FILE "alltoall.json")
    Q_INTERFACES(cs::sdk::ProbePlugin)
public:
    sdk::ProbeDescriptor descriptor() const override { return AlltoallProbe::descriptor(); }
    sdk::RunOutcome run(const sdk::RunRequest& request, sdk::RunContext& context) const override
    {
        return AlltoallProbe::run(request, context);
    }
};

} // namespace cs::probeplugin
