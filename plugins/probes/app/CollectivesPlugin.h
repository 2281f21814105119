#pragma once
#include "common/BuiltinProbes.h"
#include "cs/sdk/ProbePlugin.h"

#include <QObject>

namespace cs::probeplugin {

// The Qt plugin wrapper of the built-in probe CollectivesProbe (common/BuiltinProbes.h).
// The collectives over TCP with the peer-to-peer algorithms logp.loggp models (see descriptor() for the method).
class CollectivesPlugin : public QObject, public sdk::ProbePlugin {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID CS_PROBE_PLUGIN_IID FILE "collectives.json")
    Q_INTERFACES(cs::sdk::ProbePlugin)
public:
    sdk::ProbeDescriptor descriptor() const override { return CollectivesProbe::descriptor(); }
    sdk::RunOutcome run(const sdk::RunRequest& request, sdk::RunContext& context) const override
    {
        return CollectivesProbe::run(request, context);
    }
};

} // namespace cs::probeplugin
