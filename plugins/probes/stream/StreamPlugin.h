#pragma once
#include "common/BuiltinProbes.h"
#include "cs/sdk/ProbePlugin.h"

#include <QObject>

namespace cs::probeplugin {

// The Qt plugin wrapper of the built-in probe StreamProbe (common/BuiltinProbes.h).
// Streaming bandwidth over 1..N sockets (see descriptor() for the method).
class StreamPlugin : public QObject, public sdk::ProbePlugin {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID CS_PROBE_PLUGIN_IID FILE "stream.json")
    Q_INTERFACES(cs::sdk::ProbePlugin)
public:
    sdk::ProbeDescriptor descriptor() const override { return StreamProbe::descriptor(); }
    sdk::RunOutcome run(const sdk::RunRequest& request, sdk::RunContext& context) const override
    {
        return StreamProbe::run(request, context);
    }
};

} // namespace cs::probeplugin
