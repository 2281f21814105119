#pragma once
#include "common/BuiltinProbes.h"
#include "cs/sdk/ProbePlugin.h"

#include <QObject>

namespace cs::probeplugin {

// The Qt plugin wrapper of the built-in probe ParallelSortProbe (common/BuiltinProbes.h).
// The parallel integer sort over TCP, phases timed apart (see descriptor() for the method).
class ParallelSortPlugin : public QObject, public sdk::ProbePlugin {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID CS_PROBE_PLUGIN_IID FILE "parallelsort.json")
    Q_INTERFACES(cs::sdk::ProbePlugin)
public:
    sdk::ProbeDescriptor descriptor() const override { return ParallelSortProbe::descriptor(); }
    sdk::RunOutcome run(const sdk::RunRequest& request, sdk::RunContext& context) const override
    {
        return ParallelSortProbe::run(request, context);
    }
};

} // namespace cs::probeplugin
