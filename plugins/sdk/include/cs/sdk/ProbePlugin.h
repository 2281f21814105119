#pragma once
// The interface every probe plugin implements. A plugin is a Qt plugin:
//
//   class PingPongPlugin : public QObject, public cs::sdk::ProbePlugin {
//       Q_OBJECT
//       Q_PLUGIN_METADATA(IID CS_PROBE_PLUGIN_IID FILE "pingpong.json")
//       Q_INTERFACES(cs::sdk::ProbePlugin)
//       ...
//   };
//
// and its JSON file holds {"id": "net.pingpong", "name": "...", "apiVersion": 1}.
// The loader reads that metadata before instantiating the plugin and refuses
// an apiVersion other than cs::sdk::kProbeApiVersion.
#include "cs/sdk/ProbeDescriptor.h"
#include "cs/sdk/RunContext.h"

#include <QtPlugin>

namespace cs::sdk {

class ProbePlugin {
public:
    virtual ~ProbePlugin() = default;

    // Static description; the same on every call.
    virtual ProbeDescriptor descriptor() const = 0;

    // Runs one process's share of the probe (request.role) and returns its
    // summary. Blocking; called on a worker thread; must poll
    // context.cancelled() (or pass context.stopFlag() to the kernels) and
    // return within about 0.1 s of a cancel. Must be thread-safe: two runs
    // may execute at once. Never throws: failures go into RunOutcome.
    virtual RunOutcome run(const RunRequest& request, RunContext& context) const = 0;
};

} // namespace cs::sdk

// Versioned with kProbeApiVersion: a change to the interface changes both.
#define CS_PROBE_PLUGIN_IID "org.clusterscope.ProbePlugin/1"
Q_DECLARE_INTERFACE(cs::sdk::ProbePlugin, CS_PROBE_PLUGIN_IID)
