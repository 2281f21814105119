#include "app/runner/JobResult.h"

#include "model/core/ModelError.h"
#include "model/core/AtomicFile.h"
#include "model/document/DocumentEdits.h"
#include "model/document/DocumentFormat.h"

#include <QDateTime>

namespace cs::runner {

using nlohmann::json;

json resultToJson(const JobResult& r, bool withSamples)
{
    json parts = json::array();
    for (const PartResult& p : r.parts) {
        json j = {{"node", p.node},
                  {"transport", p.transport},
                  {"role", p.role},
                  {"rank", p.rank},
                  {"status", p.status},
                  {"summary", p.summary},
                  {"details", p.details},
                  {"environment", {{"agent", p.agentEnvironment}, {"probe", p.probeEnvironment}}},
                  {"command", p.command}};
        if (!p.reason.empty())
            j["reason"] = p.reason;
        if (!p.deployAction.empty())
            j["deploy"] = {{"action", p.deployAction}, {"message", p.deploy}};
        if (withSamples) {
            json s = json::object();
            for (const auto& [series, values] : p.samples)
                s[series] = values;
            j["samples"] = s;
        }
        parts.push_back(j);
    }
    json j = {{"probe", r.probe},     {"name", r.probeName},         {"nodes", r.nodes},
              {"status", r.status},   {"params", r.params},          {"started", r.started},
              {"duration_s", r.duration}, {"summary", r.summary},    {"calibrates", r.calibrates},
              {"parts", parts}};
    if (!r.reason.empty())
        j["reason"] = r.reason;
    if (!r.failedNodes.empty())
        j["failed_nodes"] = r.failedNodes;
    if (!r.rankHosts.empty())
        j["rank_hosts"] = r.rankHosts;
    return j;
}

json resultsDocument(const std::vector<JobResult>& results, bool withSamples)
{
    json a = json::array();
    for (const JobResult& r : results)
        a.push_back(resultToJson(r, withSamples));
    return {{"format", "clusterscope-probe-results"},
            {"version", 1},
            {"created", QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toStdString()},
            {"results", a}};
}

void writeResultsFile(const std::string& path, const std::vector<JobResult>& results)
{
    writeFileAtomically(path, resultsDocument(results).dump(1) + "\n");
}

void appendToDocument(const std::string& path, const std::vector<JobResult>& results)
{
    DesignDocument doc = loadDocument(path);
    json measured = doc.measured.is_array() ? doc.measured : json::array();
    for (const JobResult& r : results)
        measured.push_back(resultToJson(r, true));
    // Through the editing layer, which checks every entry as the reader
    // will: a document it saves loads again.
    const edit::Outcome o = edit::setMeasured(doc, std::move(measured));
    if (!o.ok())
        throw ModelError("the results cannot be added to " + path + ": " + o.message());
    saveDocument(doc, path);
}

} // namespace cs::runner
