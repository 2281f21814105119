#include "model/document/DocumentEdits.h"
#include "model/document/DocumentTopology.h"
#include "model/document/EditApply.h"
#include "model/core/StrictJson.h"
#include "model/topology/io/TopologyJson.h"
#include "model/topology/io/NetworkBuild.h"
#include "model/topology/network/NetworkEdits.h"

#include <cmath>

// Edits of the topology (the network as a whole, its vertices and links) and
// of the layout (positions of blocks and vertices).
namespace cs::edit {

using nlohmann::json;
using detail::apply;
using detail::refuse;
using detail::setLayout;

namespace {

// The network as a drawing to edit: a generated one is drawn out first, an
// absent one starts empty, each as one step of the patch. The job stays.
Network& drawing(DesignDocument& d, Patch& patch)
{
    if (!d.topology.isDrawn()) {
        Network drawn = drawnTopology(d);
        drawn.setJob(d.topology.job());
        patch.network.replace(d.topology, std::move(drawn));
    }
    return d.topology;
}

std::size_t vertexAt(const Network& n, const std::string& id)
{
    if (const auto v = n.vertexIndex(id))
        return *v;
    refuse(ProblemKind::NotFound, "topology.vertices", id, "no vertex named '" + clipText(id) + "'");
}

std::size_t linkAt(const Network& n, LinkId id)
{
    if (const auto l = n.linkIndex(id))
        return *l;
    refuse(ProblemKind::NotFound, "topology.edges", std::to_string(id.value), "no link " + std::to_string(id.value));
}

// Builds the topology into the design and lists what the new network took
// with it (wires to ports it lacks, overrides and sweep axes of its inputs).
// The structure changes only when the topology block's ports do (a drawing
// that gains a link keeps them: views keep their items). The network first
// takes the job as the design has it now, which the inspector may have
// changed since.
void attachAndNote(DesignDocument& d, Change& c, Patch& patch)
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
    if (!d.topology.isNone())
        patch.network.setJob(d.topology, blockJob(d));
    const std::vector<std::string> was = ports(d.design);
    const TopologyDetached gone = attachTopology(d);
    for (const Wire& w : gone.wires)
        c.cleanup.push_back("wire " + w.from.str() + " -> " + w.to.str() + " removed: the topology has no such port");
    for (const std::string& r : gone.references)
        c.cleanup.push_back(r + " removed: the topology takes no such input");
    c.structure = c.structure || !c.cleanup.empty() || ports(d.design) != was;
}

// An edit of the drawing's items (and of the layout when `parts` says so).
Outcome editDrawing(DesignDocument& doc, unsigned parts,
                    const std::function<void(DesignDocument&, Network&, Change&, Patch&)>& mutate)
{
    return apply(doc, kDesign | kTopology | parts, [&](DesignDocument& d, Change& c, Patch& patch) {
        mutate(d, drawing(d, patch), c, patch);
        attachAndNote(d, c, patch);
    });
}

} // namespace

Network drawnTopology(const DesignDocument& doc)
{
    if (doc.topology.isDrawn())
        return doc.topology;
    if (doc.topology.isNone())
        return Network::drawing();
    return networkOf(buildTopology(doc.topology));
}

Outcome setTopology(DesignDocument& doc, Network topology)
{
    return apply(doc, kDesign | kTopology, [&](DesignDocument& d, Change& c, Patch& patch) {
        // A new network that names no job of its own takes the current one,
        // instead of falling back to packed (issue 48, defect 7).
        if (!topology.isNone() && topology.job().is_null())
            topology.setJob(blockJob(d));
        patch.network.replace(d.topology, std::move(topology));
        attachAndNote(d, c, patch);
    });
}

Outcome pasteTopology(DesignDocument& doc, const Network& piece)
{
    return editDrawing(doc, 0, [&](DesignDocument&, Network& n, Change& c, Patch& patch) {
        if (!piece.isDrawn())
            refuse(ProblemKind::BadValue, "topology", "", "only a drawing's vertices and links can be pasted");
        const topoedit::Pasted pasted = topoedit::paste(n, patch.network, piece);
        for (const NetworkVertex& v : piece.vertices())
            c.verticesAdded.push_back(pasted.renamed.at(v.id));
        c.linksAdded = pasted.links;
    });
}

Outcome addVertex(DesignDocument& doc, const std::string& id, VertexKind kind)
{
    return editDrawing(doc, 0, [&](DesignDocument&, Network& n, Change& c, Patch& patch) {
        if (!id.empty()) {
            if (auto p = nameProblem(id); !p.empty())
                refuse(ProblemKind::BadName, "topology.vertices", id, "vertex " + p, id);
            if (n.vertexIndex(id))
                refuse(ProblemKind::Duplicate, "topology.vertices", id, "a vertex named '" + id + "' already exists", id);
        }
        c.verticesAdded.push_back(topoedit::addVertex(n, patch.network, kind, id));
    });
}

Outcome addLink(DesignDocument& doc, const std::string& from, const std::string& to, double bandwidth, int channels)
{
    return editDrawing(doc, 0, [&](DesignDocument&, Network& n, Change& c, Patch& patch) {
        const std::size_t a = vertexAt(n, from), b = vertexAt(n, to);
        c.linksAdded.push_back(topoedit::addLink(n, patch.network, a, b, bandwidth, channels));
    });
}

Outcome removeTopologyItems(DesignDocument& doc, const std::set<std::string>& vertices, const std::set<LinkId>& links)
{
    return editDrawing(doc, kLayout, [&](DesignDocument& d, Network& n, Change& c, Patch& patch) {
        for (const std::string& id : vertices)
            vertexAt(n, id);
        for (LinkId l : links)
            linkAt(n, l);
        const topoedit::Removed gone = topoedit::remove(n, patch.network, vertices, links);
        // Positions of removed vertices go with them.
        if (d.layout.is_object())
            if (auto it = d.layout.find("vertices"); it != d.layout.end() && it->is_object())
                for (const std::string& id : gone.vertices)
                    if (it->contains(id))
                        setLayout(d, patch, "vertices", id, nullptr);
        c.verticesRemoved = gone.vertices;
        c.linksRemoved = gone.links;
    });
}

Outcome setVertexProperty(DesignDocument& doc, const std::set<std::string>& ids, const std::string& key, json value)
{
    return editDrawing(doc, 0, [&](DesignDocument&, Network& n, Change& c, Patch& patch) {
        if (ids.empty())
            refuse(ProblemKind::NotFound, "topology.vertices", "", "no vertex to set " + key + " of");
        if (key == "id" || key == "kind")
            refuse(ProblemKind::BadValue, "topology.vertices", *ids.begin(), "a vertex's " + key + " is not a property");
        for (const std::string& id : ids) {
            const std::size_t v = vertexAt(n, id);
            NetworkVertex next = n.vertices()[v];
            readVertexField(next, key, value, "topology.vertices[" + std::to_string(v) + "]");
            patch.network.replaceVertex(n, v, std::move(next));
            c.verticesSet.push_back(id);
        }
    });
}

Outcome setLinkProperty(DesignDocument& doc, const std::set<LinkId>& links, const std::string& key, json value)
{
    return editDrawing(doc, 0, [&](DesignDocument&, Network& n, Change& c, Patch& patch) {
        if (links.empty())
            refuse(ProblemKind::NotFound, "topology.edges", "", "no link to set " + key + " of");
        if (key == "id" || key == "from" || key == "to")
            refuse(ProblemKind::BadValue, "topology.edges", std::to_string(links.begin()->value),
                   "a link's " + key + " is not a property");
        for (LinkId id : links) {
            const std::size_t e = linkAt(n, id);
            NetworkLink next = n.links()[e];
            readLinkField(next, key, value, "topology.edges[" + std::to_string(e) + "]");
            patch.network.replaceLink(n, e, std::move(next));
            c.linksSet.push_back(id);
        }
    });
}

namespace {
Outcome move(DesignDocument& doc, const char* group, const std::map<std::string, std::pair<double, double>>& to,
             std::vector<std::string> Change::*moved, bool replace = false)
{
    return apply(doc, kLayout, [&](DesignDocument& d, Change& c, Patch& patch) {
        json positions = json::object();
        for (const auto& [name, p] : to) {
            if (!std::isfinite(p.first) || !std::isfinite(p.second))
                refuse(ProblemKind::BadValue, std::string("layout.") + group, name, "a position must be finite");
            if (replace)
                positions[name] = json::array({p.first, p.second});
            else
                setLayout(d, patch, group, name, json::array({p.first, p.second}));
            (c.*moved).push_back(name);
        }
        if (replace)
            setLayout(d, patch, group, "", std::move(positions));
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
    return apply(doc, kLayout, [&](DesignDocument& d, Change&, Patch& patch) {
        if (d.layout.is_object())
            if (auto charts = d.layout.find("charts"); charts != d.layout.end() && !charts->is_object())
                setLayout(d, patch, "charts", "", json::object());
        setLayout(d, patch, "charts", "log", on);
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
