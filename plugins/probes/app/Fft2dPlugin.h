#pragma once
#include "common/BuiltinProbes.h"
#include "cs/sdk/ProbePlugin.h"

#include <QObject>

namespace cs::probeplugin {

// The Qt plugin wrapper of the built-in probe Fft2dProbe (common/BuiltinProbes.h).
// The parallel 2D FFT over TCP, phases timed apart (see descriptor() for the method).
class Fft2dPlugin : public QObject, public sdk::ProbePlugin {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID CS_PROBE_PLUGIN_IID FILE "fft2d.json")
    Q_INTERFACES(cs::sdk::ProbePlugin)
public:
    sdk::ProbeDescriptor descriptor() const override { return Fft2dProbe::descriptor(); }
    sdk::RunOutcome run(const sdk::RunRequest& request, sdk::RunContext& context) const override
    {
        return Fft2dProbe::run(request, context);
    }
};

} // namespace cs::probeplugin
