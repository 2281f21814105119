#include "model/document/DocumentEdits.h"
#include "model/document/DocumentTopology.h"
#include "model/document/EditApply.h"
#include "model/document/StrictJson.h"
#include "model/topology/io/TopologyJson.h"
#include "model/topology/io/TopologyJsonEdits.h"
#include "model/topology/TopologySourceJson.h"

#include <cmath>

// Edits of the topology (the network as a whole, its vertices and links) and
// of the layout (positions of blocks and vertices).
namespace cs::edit {

using nlohmann::json;
using detail::apply;
using detail::refuse;

namespace {

json explicitTopology(const DesignDocument& doc)
{
    if (doc.topology.is_object() && !doc.topology.contains("generator"))
        return doc.topology;
    if (doc.topology.is_null())
        return json{{"vertices", json::array()}, {"edges", json::array()}};
    return topologyToJson(topologyFromJson(doc.topology), TopologyJsonForm::Explicit);
}

// The job (placement, order of ranks, ranks per node) as the design has it now, which the inspector may have
// changed since the topology's JSON was written; null when every part is the default.
json currentJob(const DesignDocument& d)
{
    const BlockInstance* b = d.design.topology();
    const auto* source = b ? dynamic_cast<const TopologySource*>(b->block) : nullptr;
    if (!source)
        return nullptr;
    json job = topologyJobJson(*source, b->values);
    return job.empty() ? json() : job;
}

// A new or edited network keeps the job: a generated one that names no job of its own takes the current one,
// instead of falling back to packed (issue 48, defect 7); an edited drawing always does.
void keepJob(const DesignDocument& d, json& next, bool replaced)
{
    if (!next.is_object() || (replaced && next.contains("job")))
        return;
    if (json job = currentJob(d); !job.is_null())
        next["job"] = std::move(job);
    else
        next.erase("job");
}

json& vertexById(json& topology, const std::string& id)
{
    if (auto vs = topology.find("vertices"); vs != topology.end() && vs->is_array())
        for (json& v : *vs)
            if (v.is_object() && v.value("id", std::string()) == id)
                return v;
    refuse(ProblemKind::NotFound, "topology.vertices", id, "no vertex named '" + clipText(id) + "'");
}

// Builds the topology into the design and lists what the new network took
// with it (wires to ports it lacks, overrides and sweep axes of its inputs).
// The structure changes only when the topology block's ports do (a drawing
// that gains a link keeps them: views keep their items).
void attachAndNote(DesignDocument& d, Change& c)
{
    const auto ports = [](const Design& design) {
        std::vector<std::string> p;
        if (const BlockInstance* b = design.topology()) {
            for (const ParamSpec& in : b->spec().inputs)
                p.push_back("in:" + in.symbol);
            for (const OutputSpec& out : b->spec().outputs)
                p.push_back("out:" + out.symbol);
        } else {
            p.push_back("(none)");
        }
        return p;
    };
    const std::vector<std::string> was = ports(d.design);
    const TopologyDetached gone = attachTopology(d);
    for (const Wire& w : gone.wires)
        c.cleanup.push_back("wire " + w.from.str() + " -> " + w.to.str() + " removed: the topology has no such port");
    for (const std::string& r : gone.references)
        c.cleanup.push_back(r + " removed: the topology takes no such input");
    c.structure = c.structure || !c.cleanup.empty() || ports(d.design) != was;
}

} // namespace

Outcome setTopology(DesignDocument& doc, json topology)
{
    return apply(doc, kDesign | kTopology, [&](DesignDocument& d, Change& c) {
        keepJob(d, topology, true);
        d.topology = std::move(topology);
        attachAndNote(d, c);
    });
}

Outcome editTopology(DesignDocument& doc, const std::function<void(json&)>& mutate)
{
    return apply(doc, kDesign | kTopology, [&](DesignDocument& d, Change& c) {
        json next = explicitTopology(d);
        mutate(next);
        keepJob(d, next, false);
        d.topology = std::move(next);
        attachAndNote(d, c);
    });
}

namespace {
// The topology edited as a drawing, when the edit changes the layout too.
Outcome editTopologyAndLayout(DesignDocument& doc, const std::function<void(json&, DesignDocument&)>& mutate)
{
    return apply(doc, kDesign | kTopology | kLayout, [&](DesignDocument& d, Change& c) {
        json next = explicitTopology(d);
        mutate(next, d);
        keepJob(d, next, false);
        d.topology = std::move(next);
        attachAndNote(d, c);
    });
}
} // namespace

Outcome addVertex(DesignDocument& doc, const std::string& id, VertexKind kind)
{
    std::string added;
    Outcome o = editTopology(doc, [&](json& t) {
        if (!id.empty()) {
            if (auto p = nameProblem(id); !p.empty())
                refuse(ProblemKind::BadName, "topology.vertices", id, "vertex " + p, id);
            for (const json& v : t["vertices"])
                if (v.is_object() && v.value("id", std::string()) == id)
                    refuse(ProblemKind::Duplicate, "topology.vertices", id, "a vertex named '" + id + "' already exists",
                           id);
        }
        added = topoedit::addVertex(t, kind, id);
    });
    if (o.ok())
        o.change.topologyAdded.push_back(added);
    return o;
}

Outcome addLink(DesignDocument& doc, const std::string& from, const std::string& to, double bandwidth, int channels)
{
    std::size_t index = 0;
    Outcome o = editTopology(doc, [&](json& t) {
        vertexById(t, from);
        vertexById(t, to);
        index = t["edges"].size();
        topoedit::addLink(t, from, to, bandwidth, channels);
    });
    if (o.ok())
        o.change.topologyAdded.push_back("link:" + std::to_string(index));
    return o;
}

Outcome removeTopologyItems(DesignDocument& doc, const std::set<std::string>& vertices, const std::set<std::size_t>& links)
{
    std::set<std::size_t> gone = links; // and the links of the removed vertices
    Outcome o = editTopologyAndLayout(doc, [&](json& t, DesignDocument& d) {
        for (const std::string& id : vertices)
            vertexById(t, id);
        for (std::size_t l : links)
            if (!t["edges"].is_array() || l >= t["edges"].size())
                refuse(ProblemKind::NotFound, "topology.edges", std::to_string(l), "no link " + std::to_string(l));
        if (t["edges"].is_array())
            for (std::size_t i = 0; i < t["edges"].size(); ++i)
                if (const json& e = t["edges"][i]; e.is_object() && (vertices.count(e.value("from", std::string())) ||
                                                                     vertices.count(e.value("to", std::string()))))
                    gone.insert(i);
        topoedit::remove(t, vertices, links);
        // Positions of removed vertices go with them.
        if (d.layout.is_object())
            if (auto it = d.layout.find("vertices"); it != d.layout.end() && it->is_object())
                for (const std::string& id : vertices)
                    it->erase(id);
    });
    if (o.ok()) {
        o.change.topologyRemoved.assign(vertices.begin(), vertices.end());
        for (std::size_t l : gone)
            o.change.topologyRemoved.push_back("link:" + std::to_string(l));
    }
    return o;
}

Outcome setVertexProperty(DesignDocument& doc, const std::set<std::string>& ids, const std::string& key, json value)
{
    Outcome o = editTopology(doc, [&](json& t) {
        if (ids.empty())
            refuse(ProblemKind::NotFound, "topology.vertices", "", "no vertex to set " + key + " of");
        if (key == "id")
            refuse(ProblemKind::BadValue, "topology.vertices", *ids.begin(), "a vertex's id is not a property");
        for (const std::string& id : ids)
            vertexById(t, id)[key] = value;
    });
    if (o.ok())
        o.change.topologyItems.assign(ids.begin(), ids.end());
    return o;
}

Outcome setLinkProperty(DesignDocument& doc, const std::set<std::size_t>& links, const std::string& key, json value)
{
    Outcome o = editTopology(doc, [&](json& t) {
        if (links.empty())
            refuse(ProblemKind::NotFound, "topology.edges", "", "no link to set " + key + " of");
        for (std::size_t link : links) {
            if (link >= t["edges"].size())
                refuse(ProblemKind::NotFound, "topology.edges", std::to_string(link), "no link " + std::to_string(link));
            t["edges"][link][key] = value;
        }
    });
    if (o.ok())
        for (std::size_t link : links)
            o.change.topologyItems.push_back("link:" + std::to_string(link));
    return o;
}

namespace {
Outcome move(DesignDocument& doc, const char* group, const std::map<std::string, std::pair<double, double>>& to,
             std::vector<std::string> Change::*moved, bool replace = false)
{
    return apply(doc, kLayout, [&](DesignDocument& d, Change& c) {
        if (!d.layout.is_object())
            d.layout = json::object();
        if (replace)
            d.layout[group] = json::object();
        for (const auto& [name, p] : to) {
            if (!std::isfinite(p.first) || !std::isfinite(p.second))
                refuse(ProblemKind::BadValue, std::string("layout.") + group, name, "a position must be finite");
            d.layout[group][name] = json::array({p.first, p.second});
            (c.*moved).push_back(name);
        }
    });
}
} // namespace

Outcome moveBlocks(DesignDocument& doc, const std::map<std::string, std::pair<double, double>>& to)
{
    return move(doc, "blocks", to, &Change::movedBlocks);
}

Outcome moveVertices(DesignDocument& doc, const std::map<std::string, std::pair<double, double>>& to)
{
    return move(doc, "vertices", to, &Change::movedVertices);
}

Outcome setLogAxes(DesignDocument& doc, bool on)
{
    return apply(doc, kLayout, [&](DesignDocument& d, Change&) {
        if (!d.layout.is_object())
            d.layout = json::object();
        if (!d.layout.contains("charts") || !d.layout["charts"].is_object())
            d.layout["charts"] = json::object();
        d.layout["charts"]["log"] = on;
    });
}

bool logAxes(const DesignDocument& doc)
{
    if (!doc.layout.is_object())
        return false;
    const auto charts = doc.layout.find("charts");
    if (charts == doc.layout.end() || !charts->is_object())
        return false;
    const auto log = charts->find("log");
    return log != charts->end() && log->is_boolean() && log->get<bool>();
}

Outcome placeVertices(DesignDocument& doc, const std::map<std::string, std::pair<double, double>>& at)
{
    return move(doc, "vertices", at, &Change::movedVertices, true);
}

} // namespace cs::edit
