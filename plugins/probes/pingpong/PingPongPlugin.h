#pragma once
#include "common/BuiltinProbes.h"
#include "cs/sdk/ProbePlugin.h"

#include <QObject>

namespace cs::probeplugin {

// The Qt plugin wrapper of the built-in probe PingPongProbe (common/BuiltinProbes.h).
// Ping-pong latency and round trip over TCP or UDP, sweeping the message
// size (kernel: cs::probe::runPingPongClient / serve).
class PingPongPlugin : public QObject, public sdk::ProbePlugin {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID CS_PROBE_PLUGIN_IID FILE "pingpong.json")
    Q_INTERFACES(cs::sdk::ProbePlugin)
public:
    sdk::ProbeDescriptor descriptor() const override { return PingPongProbe::descriptor(); }
    sdk::RunOutcome run(const sdk::RunRequest& request, sdk::RunContext& context) const override
    {
        return PingPongProbe::run(request, context);
    }
};

} // namespace cs::probeplugin
