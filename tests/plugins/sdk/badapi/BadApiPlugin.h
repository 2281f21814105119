#pragma once
// A test plugin whose metadata says apiVersion 2. The loader must refuse it
// from its metadata alone: constructing it would write a marker file.
#include "cs/sdk/ProbePlugin.h"

#include <QObject>

class BadApiPlugin : public QObject, public cs::sdk::ProbePlugin {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID CS_PROBE_PLUGIN_IID FILE "badapi.json")
    Q_INTERFACES(cs::sdk::ProbePlugin)
public:
    BadApiPlugin();
    cs::sdk::ProbeDescriptor descriptor() const override;
    cs::sdk::RunOutcome run(const cs::sdk::RunRequest&, cs::sdk::RunContext&) const override;
};
