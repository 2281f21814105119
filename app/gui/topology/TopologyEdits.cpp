#include "app/gui/topology/TopologyEdits.h"
#include "app/document/DocumentModel.h"
#include "app/document/SectionCommand.h"
#include "model/core/ModelError.h"
#include "model/topology/TopologyJson.h"

#include <QUndoStack>

#include <unordered_set>

namespace cs::app {

using nlohmann::json;

namespace topoedit {

std::string idPrefix(VertexKind kind)
{
    switch (kind) {
    case VertexKind::Host: return "h";
    case VertexKind::Switch: return "sw";
    case VertexKind::Segment: return "seg";
    }
    return "v";
}

std::string uniqueId(const json& topology, const std::string& prefix)
{
    std::unordered_set<std::string> used;
    if (auto vs = topology.find("vertices"); vs != topology.end() && vs->is_array())
        for (const json& v : *vs)
            if (v.is_object() && v.contains("id") && v["id"].is_string())
                used.insert(v["id"].get<std::string>());
    for (std::size_t i = 0;; ++i) {
        std::string id = prefix + std::to_string(i);
        if (!used.count(id))
            return id;
    }
}

std::string addVertex(json& topology, VertexKind kind, const std::string& wanted)
{
    const std::string id = wanted.empty() ? uniqueId(topology, idPrefix(kind)) : wanted;
    json v{{"id", id}, {"kind", std::string(vertexKindName(kind))}};
    if (kind == VertexKind::Segment)
        v["bandwidth"] = kDefaultSegmentBandwidth;
    topology["vertices"].push_back(std::move(v));
    if (!topology.contains("edges"))
        topology["edges"] = json::array();
    return id;
}

void addLink(json& topology, const std::string& from, const std::string& to, double bandwidth, int channels)
{
    topology["edges"].push_back({{"from", from}, {"to", to}, {"bandwidth", bandwidth}, {"channels", channels}});
}

void remove(json& topology, const std::set<std::string>& vertexIds, const std::set<std::size_t>& links)
{
    json edges = json::array();
    if (auto es = topology.find("edges"); es != topology.end() && es->is_array()) {
        for (std::size_t i = 0; i < es->size(); ++i) {
            const json& e = (*es)[i];
            if (links.count(i) || vertexIds.count(e.value("from", std::string())) ||
                vertexIds.count(e.value("to", std::string())))
                continue;
            edges.push_back(e);
        }
    }
    json vertices = json::array();
    if (auto vs = topology.find("vertices"); vs != topology.end() && vs->is_array())
        for (const json& v : *vs)
            if (!(v.is_object() && vertexIds.count(v.value("id", std::string()))))
                vertices.push_back(v);
    topology["vertices"] = std::move(vertices);
    topology["edges"] = std::move(edges);
}

} // namespace topoedit

bool isConnectivityProblem(const QString& message)
{
    // Topology::problems() reports these last, so when one is the first
    // (only reported) problem there is nothing else wrong.
    return message.contains(QLatin1String(" is disconnected")) ||
           message.contains(QLatin1String("the topology has no hosts"));
}

QString applyTopologyEdit(DocumentModel* model, const QString& text, const std::function<void(json&)>& mutate,
                          const std::map<std::string, QPointF>& positions)
{
    const QString err = model->editTopology(text, mutate, positions);
    if (err.isEmpty() || !isConnectivityProblem(err))
        return err;

    // The same edit without the connectivity rule (what editTopology does,
    // otherwise): start from the explicit form, mutate, check the rest.
    const json& current = model->doc().topology;
    json next = current.is_null() || current.contains("generator")
                    ? (model->topology() ? topologyToJson(*model->topology(), TopologyJsonForm::Explicit)
                                         : json{{"vertices", json::array()}, {"edges", json::array()}})
                    : current;
    try {
        mutate(next);
        topologyFromJson(next);
    } catch (const ModelError& e) {
        const QString why = QString::fromStdString(e.what());
        if (!isConnectivityProblem(why))
            return why;
    } catch (const json::exception& e) {
        return QString::fromStdString(e.what());
    }
    QUndoStack* undo = model->undoStack();
    undo->beginMacro(text);
    json before = model->section(Section::Topology);
    model->replaceSection(Section::Topology, next);
    undo->push(new SectionCommand(model, Section::Topology, text, std::move(before), next));
    if (!positions.empty())
        model->moveVertices(positions);
    undo->endMacro();
    return {};
}

} // namespace cs::app
