#include "BadApiPlugin.h"

#include <QFile>

BadApiPlugin::BadApiPlugin()
{
    // Proof that the plugin was instantiated (it must not be).
    const QString marker = qEnvironmentVariable("CS_BADAPI_MARKER");
    if (!marker.isEmpty()) {
        QFile f(marker);
        if (f.open(QIODevice::WriteOnly))
            f.write("instantiated\n");
    }
}

cs::sdk::ProbeDescriptor BadApiPlugin::descriptor() const
{
    cs::sdk::ProbeDescriptor d;
    d.id = "test.badapi";
    d.name = "bad";
    d.roles = {"self"};
    return d;
}

cs::sdk::RunOutcome BadApiPlugin::run(const cs::sdk::RunRequest&, cs::sdk::RunContext&) const
{
    return cs::sdk::RunOutcome::failure("failed", "must never run");
}
