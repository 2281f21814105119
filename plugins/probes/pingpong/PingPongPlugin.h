#pragma once
#include "cs/sdk/ProbePlugin.h"

#include <QObject>

namespace cs::probeplugin {

// Ping-pong latency and round trip over TCP or UDP, sweeping the message
// size (kernel: cs::probe::runPingPongClient / serve).
class PingPongPlugin : public QObject, public sdk::ProbePlugin {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID CS_PROBE_PLUGIN_IID FILE "pingpong.json")
    Q_INTERFACES(cs::sdk::ProbePlugin)
public:
    sdk::ProbeDescriptor descriptor() const override;
    sdk::RunOutcome run(const sdk::RunRequest& request, sdk::RunContext& context) const override;
};

} // namespace cs::probeplugin
