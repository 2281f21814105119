#include "app/runner/apprun/AppResult.h"

#include "common/SummaryJson.h"
#include "cs/probe/Statistics.h"

#include <QDateTime>

namespace cs::runner::apprun {

using nlohmann::json;

JobResult toJobResult(const AppMeasurement& m)
{
    JobResult r;
    r.probe = kAppRunProbe;
    r.probeName = m.name;
    r.nodes = m.nodes;
    r.status = m.status;
    r.reason = m.reason;
    r.params = m.params;
    r.params["P"] = m.P;
    r.started = m.started;
    r.duration = m.duration;

    PartResult part;
    part.node = m.node;
    part.transport = m.transport;
    part.role = "self";
    part.status = m.status;
    part.reason = m.reason;
    part.details = m.details;
    part.agentEnvironment = m.environment;
    part.command = m.command;

    json series = json::object(), derived = json::object();
    auto add = [&](const char* name, const std::vector<double>& samples, const std::string& unit) {
        if (samples.empty())
            return;
        const probe::Summary s = probe::summarize(samples);
        series[name] = probeplugin::statsJson(s, unit);
        derived[name] = probeplugin::derived(s, unit);
        part.samples[name] = s.samples;
    };
    add("T", m.T, m.unit);
    add("wall", m.wall, "s");
    add("launch_overhead", m.overhead, "s");
    part.summary = {{"series", series}, {"derived", derived}};
    r.summary = part.summary;
    r.parts.push_back(std::move(part));
    return r;
}

std::string isoNow()
{
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toStdString();
}

} // namespace cs::runner::apprun
