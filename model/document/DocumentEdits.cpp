#include "model/document/DocumentEdits.h"
#include "model/core/ModelError.h"
#include "model/core/Settable.h"
#include "model/document/DocumentTopology.h"
#include "model/document/DocumentValidator.h"
#include "model/document/StrictJson.h"
#include "model/topology/TopologyJson.h"
#include "model/topology/TopologyJsonEdits.h"

#include <algorithm>
#include <cmath>

namespace cs::edit {

using nlohmann::json;

namespace {

DocumentProblem problem(ProblemKind kind, std::string path, std::string field, std::string message,
                        std::string value = {})
{
    return {kind, std::move(path), clipText(field, 60), clipText(value, 60), clipText(message, 300)};
}

// Refuses an edit from inside a mutation, with a structured problem.
struct Refusal {
    DocumentProblem p;
};
[[noreturn]] void refuse(ProblemKind kind, std::string path, std::string field, std::string message,
                         std::string value = {})
{
    throw Refusal{problem(kind, std::move(path), std::move(field), std::move(message), std::move(value))};
}

bool outputExists(const Design& d, const std::string& path)
{
    try {
        const Endpoint ep = Endpoint::parse(path);
        const BlockInstance* b = d.findBlock(ep.block);
        return b && b->spec().outputIndex(ep.port) >= 0;
    } catch (const ModelError&) {
        return false;
    }
}

bool slotExists(const Design& d, const std::string& path)
{
    if (d.findDesignParam(path))
        return true;
    try {
        const Endpoint ep = Endpoint::parse(path);
        const BlockInstance* b = d.findBlock(ep.block);
        return b && (b->spec().inputIndex(ep.port) >= 0 || b->spec().outputIndex(ep.port) >= 0);
    } catch (const ModelError&) {
        return false;
    }
}

bool settable(const Design& d, const std::string& path)
{
    return checkSettable(d, path).ok();
}

bool hasVariant(const DesignDocument& doc, const std::string& name)
{
    return std::any_of(doc.variants.begin(), doc.variants.end(), [&](const Variant& v) { return v.name == name; });
}

// The referential cleanup every edit gets: a reference that was good before
// the edit and that the edit broke (its block removed, its input now wired)
// is removed and reported in `change.cleanup`. A reference the edit itself
// adds is not cleaned: the validator refuses it.
void dropStale(DesignDocument& next, const DesignDocument& before, Change& change)
{
    const Design& d = next.design;
    const Design& b = before.design;
    auto note = [&](std::string line) { change.cleanup.push_back(std::move(line)); };

    // Values given to inputs the edit wired.
    for (const BlockInstance& bi : d.blocks())
        for (std::size_t i = 0; i < bi.values.size(); ++i) {
            const ParamValue& v = bi.values[i];
            const ParamSpec& ps = bi.spec().inputs[i];
            const Endpoint ep{bi.name, ps.symbol};
            if (v.provenance.kind == ProvenanceKind::Default || v.provenance.kind == ProvenanceKind::Wired ||
                !d.wireInto(ep) || (b.findBlock(bi.name) && b.wireInto(ep)))
                continue;
            next.design.resetValue(ep);
            note("value of " + ep.str() + " dropped: it is now wired");
        }

    // Variants whose total the edit removed; overrides the edit made unsettable.
    const auto removedVariant = [&](const Variant& v) {
        const bool was = std::any_of(before.variants.begin(), before.variants.end(),
                                     [&](const Variant& o) { return o.name == v.name && o.total == v.total; });
        if (was && outputExists(b, v.total) && !outputExists(d, v.total)) {
            note("variant " + v.name + " removed: its total " + v.total + " is gone");
            return true;
        }
        return false;
    };
    std::erase_if(next.variants, removedVariant);
    for (Variant& v : next.variants)
        std::erase_if(v.overrides, [&](const auto& o) {
            if (settable(b, o.first) && !settable(d, o.first)) {
                note("override of " + o.first + " in variant " + v.name + " removed: " +
                     checkSettable(d, o.first).message);
                return true;
            }
            return false;
        });
    std::erase_if(next.sweep.axes, [&](const SweepAxis& a) {
        if (settable(b, a.path) && !settable(d, a.path)) {
            note("sweep axis " + a.path + " removed: " + checkSettable(d, a.path).message);
            return true;
        }
        return false;
    });
    if (!next.sweep.speedupParam.empty() && settable(b, next.sweep.speedupParam) &&
        !settable(d, next.sweep.speedupParam)) {
        note("speedup parameter " + next.sweep.speedupParam + " cleared: " +
             checkSettable(d, next.sweep.speedupParam).message);
        next.sweep.speedupParam.clear();
    }
    if (!next.sweep.speedupAgainst.empty() && hasVariant(before, next.sweep.speedupAgainst) &&
        !hasVariant(next, next.sweep.speedupAgainst)) {
        note("speedup baseline variant " + next.sweep.speedupAgainst + " cleared: the variant is gone");
        next.sweep.speedupAgainst.clear();
    }
    std::erase_if(next.costs, [&](const CostItem& c) {
        if (!c.per.empty() && slotExists(b, c.per) && !slotExists(d, c.per)) {
            note("cost " + c.name + " removed: " + c.per + " is gone");
            return true;
        }
        return false;
    });
    for (CostItem& c : next.costs)
        std::erase_if(c.variants, [&](const std::string& n) { return hasVariant(before, n) && !hasVariant(next, n); });
    // Bounds on outputs that are gone.
    for (const DesignParam& p : d.designParams())
        if (!p.follows.empty() && outputExists(b, p.follows) && !outputExists(d, p.follows)) {
            note("parameter " + p.spec.symbol + " no longer follows " + p.follows + ": the output is gone");
            next.design.setFollows(p.spec.symbol, "");
        }
    // Positions of blocks that are gone.
    if (next.layout.is_object())
        if (auto it = next.layout.find("blocks"); it != next.layout.end() && it->is_object())
            for (auto k = it->begin(); k != it->end();) {
                if (!d.findBlock(k.key()) && b.findBlock(k.key())) {
                    k = it->erase(k);
                    change.parts |= kLayout;
                } else {
                    ++k;
                }
            }
}

// The one path of every edit: mutate a copy, clean up, validate, commit.
Outcome apply(DesignDocument& doc, unsigned parts, const std::function<void(DesignDocument&, Change&)>& mutate)
{
    Outcome out;
    out.change.parts = parts;
    DesignDocument next = doc;
    try {
        mutate(next, out.change);
        if (parts & (kDesign | kTopology)) {
            // A generated topology's parameters may have been set as inputs:
            // the generator must accept them together (the reader builds the
            // section again), e.g. a fat tree's levels and its up-links.
            next.topology = currentTopologyJson(next);
            if (next.topology != doc.topology && !(parts & kTopology))
                attachTopology(next);
            dropStale(next, doc, out.change);
        }
    } catch (const Refusal& r) {
        out.problems.push_back(r.p);
        return out;
    } catch (const ModelError& e) {
        // The model's own checks (Design, the topology builder) as the last word.
        const bool topo = (parts & kTopology) || next.topology != doc.topology;
        const std::string what = e.what();
        // The topology builder's messages start with their own JSON path.
        // (The model's messages name what they concern: no path is added.)
        const std::string path = topo && what.rfind("topology", 0) != 0 ? "topology" : "";
        out.problems.push_back(problem(topo ? ProblemKind::Topology : ProblemKind::Graph, path, "", what));
        return out;
    } catch (const json::exception& e) {
        out.problems.push_back(problem(ProblemKind::BadValue, "(document)", "", e.what()));
        return out;
    }
    // A move writes finite positions only; everything else is checked whole.
    if (parts != kLayout)
        out.problems = validateDocument(next);
    if (out.ok())
        doc = std::move(next);
    return out;
}

Outcome designEdit(DesignDocument& doc, const std::function<void(DesignDocument&, Change&)>& mutate)
{
    return apply(doc, kDesign, mutate);
}

void requireBlock(const Design& d, const std::string& name, const std::string& path)
{
    if (!d.findBlock(name))
        refuse(ProblemKind::NotFound, path, name, "no block named '" + clipText(name) + "'");
}

void requireParam(const Design& d, const std::string& name, const std::string& path)
{
    if (!d.findDesignParam(name))
        refuse(ProblemKind::NotFound, path, name, "no design parameter named '" + clipText(name) + "'");
}

void requireFreeName(const Design& d, const std::string& name, const std::string& path)
{
    if (auto p = nameProblem(name); !p.empty())
        refuse(ProblemKind::BadName, path, name, p, name);
    if (name == kTopologyBlock)
        refuse(ProblemKind::Duplicate, path, name, "the name 'topology' is reserved for the design's topology", name);
    if (d.findBlock(name) || d.findDesignParam(name))
        refuse(ProblemKind::Duplicate, path, name, "the name '" + name + "' is already taken", name);
}

// Renames the block in a reference "block.port".
void renameIn(std::string& path, const std::string& from, const std::string& to)
{
    if (path.rfind(from + ".", 0) == 0)
        path = to + path.substr(from.size());
}

json explicitTopology(const DesignDocument& doc)
{
    if (doc.topology.is_object() && !doc.topology.contains("generator"))
        return doc.topology;
    if (doc.topology.is_null())
        return json{{"vertices", json::array()}, {"edges", json::array()}};
    return topologyToJson(topologyFromJson(doc.topology), TopologyJsonForm::Explicit);
}

json& vertexById(json& topology, const std::string& id)
{
    if (auto vs = topology.find("vertices"); vs != topology.end() && vs->is_array())
        for (json& v : *vs)
            if (v.is_object() && v.value("id", std::string()) == id)
                return v;
    refuse(ProblemKind::NotFound, "topology.vertices", id, "no vertex named '" + clipText(id) + "'");
}

Outcome setSection(DesignDocument& doc, json DesignDocument::*member, json value)
{
    return apply(doc, kResults, [&](DesignDocument& d, Change&) { d.*member = std::move(value); });
}

} // namespace

Outcome addBlock(DesignDocument& doc, const std::string& name, const std::string& type)
{
    return designEdit(doc, [&](DesignDocument& d, Change& c) {
        requireFreeName(d.design, name, "blocks");
        if (!d.design.registry().find(type))
            refuse(ProblemKind::NotFound, "blocks", type, "unknown block type '" + clipText(type) + "'", type);
        d.design.addBlock(name, type);
        d.design.wireFromTopology(name); // what the network supplies comes from the drawing
        c.structure = true;
    });
}

Outcome removeBlocks(DesignDocument& doc, const std::vector<std::string>& names)
{
    return designEdit(doc, [&](DesignDocument& d, Change& c) {
        for (const std::string& n : names) {
            requireBlock(d.design, n, "blocks");
            if (n == kTopologyBlock)
                refuse(ProblemKind::BadValue, "blocks", n, "the topology is part of every design and cannot be removed; replace or redraw it");
            d.design.removeBlock(n);
        }
        c.structure = true;
    });
}

Outcome renameBlock(DesignDocument& doc, const std::string& from, const std::string& to)
{
    return apply(doc, kDesign | kLayout, [&](DesignDocument& d, Change& c) {
        requireBlock(d.design, from, "blocks");
        if (from == to)
            return;
        if (from == kTopologyBlock)
            refuse(ProblemKind::BadName, "blocks", from, "the topology block keeps its name 'topology'");
        requireFreeName(d.design, to, "blocks");
        d.design.renameBlock(from, to);
        for (Variant& v : d.variants) {
            renameIn(v.total, from, to);
            for (auto& o : v.overrides)
                renameIn(o.first, from, to);
        }
        for (SweepAxis& a : d.sweep.axes)
            renameIn(a.path, from, to);
        renameIn(d.sweep.speedupParam, from, to);
        for (CostItem& cost : d.costs)
            renameIn(cost.per, from, to);
        for (const DesignParam& p : d.design.designParams())
            if (p.follows.rfind(from + ".", 0) == 0) {
                std::string f = p.follows;
                renameIn(f, from, to);
                d.design.setFollows(p.spec.symbol, f);
            }
        if (d.layout.is_object())
            if (auto it = d.layout.find("blocks"); it != d.layout.end() && it->is_object() && it->contains(from)) {
                (*it)[to] = (*it)[from];
                it->erase(from);
            }
        c.structure = true;
    });
}

Outcome setValue(DesignDocument& doc, const std::string& path, double value, Provenance provenance)
{
    return designEdit(doc, [&](DesignDocument& d, Change& c) {
        if (SettableCheck sc = checkSettable(d.design, path); !sc.ok())
            refuse(sc.kind == SettableKind::Wired ? ProblemKind::Wired : ProblemKind::NotFound, path, path, sc.message,
                   formatNumber(value));
        if (path.find('.') == std::string::npos) {
            const DesignParam* p = d.design.findDesignParam(path);
            if (auto rp = p->spec.rangeProblem(value); !rp.empty())
                refuse(ProblemKind::OutOfRange, path, path, "design parameter " + path + " " + rp, formatNumber(value));
            d.design.setDesignParam(path, value, provenance);
        } else {
            const Endpoint ep = Endpoint::parse(path);
            const BlockInstance& b = d.design.block(ep.block);
            const ParamSpec& ps = b.spec().inputs[static_cast<std::size_t>(b.spec().inputIndex(ep.port))];
            if (auto rp = ps.rangeProblem(value); !rp.empty())
                refuse(ProblemKind::OutOfRange, path, path, "block '" + ep.block + "' (" + b.spec().id + "): input " +
                                                                 ps.symbol + " " + rp,
                       formatNumber(value));
            d.design.setValue(ep, value, provenance);
        }
        c.values.push_back(path);
    });
}

Outcome clearValue(DesignDocument& doc, const std::string& path)
{
    return designEdit(doc, [&](DesignDocument& d, Change& c) {
        if (SettableCheck sc = checkSettable(d.design, path); !sc.ok())
            refuse(sc.kind == SettableKind::Wired ? ProblemKind::Wired : ProblemKind::NotFound, path, path, sc.message);
        if (path.find('.') == std::string::npos) {
            const DesignParam* p = d.design.findDesignParam(path);
            if (p->follows.empty())
                d.design.setDesignParam(path, p->spec.defaultValue, Provenance{});
            else // follows its output again, with the value the reader gives an omitted one
                d.design.setDesignParam(path, p->spec.min, Provenance{});
        } else {
            d.design.resetValue(Endpoint::parse(path));
        }
        c.values.push_back(path);
    });
}

Outcome wire(DesignDocument& doc, const Source& from, const Endpoint& to)
{
    return designEdit(doc, [&](DesignDocument& d, Change& c) {
        if (auto reason = d.design.checkConnection(from, to); !reason.empty())
            refuse(ProblemKind::Graph, to.str(), to.str(), "cannot connect " + from.str() + " to " + to.str() + ": " + reason,
                   from.str());
        d.design.connect(from, to);
        c.structure = true;
    });
}

Outcome unwire(DesignDocument& doc, const Endpoint& to)
{
    return designEdit(doc, [&](DesignDocument& d, Change& c) {
        if (!d.design.wireInto(to))
            refuse(ProblemKind::NotFound, "wires", to.str(), to.str() + " is not wired");
        d.design.disconnect(to);
        c.structure = true;
    });
}

Outcome addParameter(DesignDocument& doc, const ParamSpec& spec, double value)
{
    return designEdit(doc, [&](DesignDocument& d, Change& c) {
        requireFreeName(d.design, spec.symbol, "parameters");
        if (auto rp = spec.rangeProblem(value); !rp.empty())
            refuse(ProblemKind::OutOfRange, "parameters", spec.symbol, spec.symbol + " " + rp, formatNumber(value));
        d.design.addDesignParam(spec, value);
        c.structure = true;
    });
}

Outcome removeParameter(DesignDocument& doc, const std::string& name)
{
    return designEdit(doc, [&](DesignDocument& d, Change& c) {
        requireParam(d.design, name, "parameters");
        d.design.removeDesignParam(name);
        c.structure = true;
    });
}

Outcome setParameterRange(DesignDocument& doc, const std::string& name, double min, double max)
{
    return designEdit(doc, [&](DesignDocument& d, Change& c) {
        requireParam(d.design, name, "parameters");
        if (!(min <= max) || !std::isfinite(min) || !std::isfinite(max))
            refuse(ProblemKind::OutOfRange, "parameters." + name + ".min", "min",
                   "range [" + formatNumber(min) + ", " + formatNumber(max) + "] of " + name +
                       " is not a range (min must be a number at most max)",
                   formatNumber(min));
        d.design.setDesignParamRange(name, min, max);
        // A following parameter has no value of its own; keep the one the reader would give it.
        if (const DesignParam* p = d.design.findDesignParam(name);
            !p->follows.empty() && p->value.provenance.kind == ProvenanceKind::Default)
            d.design.setDesignParam(name, min, Provenance{});
        c.values.push_back(name);
    });
}

Outcome setFollows(DesignDocument& doc, const std::string& name, const std::string& output)
{
    return designEdit(doc, [&](DesignDocument& d, Change& c) {
        requireParam(d.design, name, "parameters");
        if (!output.empty() && !outputExists(d.design, output))
            refuse(ProblemKind::NotFound, "parameters." + name + ".follows", "follows",
                   "'" + clipText(output) + "' is not a block output", output);
        d.design.setFollows(name, output);
        c.values.push_back(name);
    });
}

Outcome setVariants(DesignDocument& doc, std::vector<Variant> variants)
{
    return designEdit(doc, [&](DesignDocument& d, Change& c) {
        d.variants = std::move(variants);
        c.structure = true;
    });
}

Outcome setCosts(DesignDocument& doc, std::vector<CostItem> costs)
{
    return designEdit(doc, [&](DesignDocument& d, Change& c) {
        d.costs = std::move(costs);
        c.structure = true;
    });
}

Outcome setSweepAxes(DesignDocument& doc, std::vector<SweepAxis> axes)
{
    return designEdit(doc, [&](DesignDocument& d, Change&) { d.sweep.axes = std::move(axes); });
}

Outcome setSpeedup(DesignDocument& doc, const std::string& param, double baseline, const std::string& against)
{
    return designEdit(doc, [&](DesignDocument& d, Change&) {
        if (!std::isfinite(baseline))
            refuse(ProblemKind::BadValue, "sweep.speedup.baseline", "baseline", "the baseline must be a number",
                   formatNumber(baseline));
        d.sweep.speedupParam = param;
        d.sweep.speedupBaseline = baseline;
        d.sweep.speedupAgainst = against;
    });
}

Outcome editDesign(DesignDocument& doc, const std::function<void(DesignDocument&)>& mutate)
{
    return designEdit(doc, [&](DesignDocument& d, Change& c) {
        mutate(d);
        c.structure = true;
    });
}

// Builds the topology into the design and lists what the new network took
// with it (wires to ports it lacks, overrides and sweep axes of its inputs).
static void attachAndNote(DesignDocument& d, Change& c)
{
    const TopologyDetached gone = attachTopology(d);
    for (const Wire& w : gone.wires)
        c.cleanup.push_back("wire " + w.from.str() + " -> " + w.to.str() + " removed: the topology has no such port");
    for (const std::string& r : gone.references)
        c.cleanup.push_back(r + " removed: the topology takes no such input");
    c.structure = true;
}

Outcome setTopology(DesignDocument& doc, json topology)
{
    return apply(doc, kDesign | kTopology, [&](DesignDocument& d, Change& c) {
        d.topology = std::move(topology);
        attachAndNote(d, c);
    });
}

Outcome editTopology(DesignDocument& doc, const std::function<void(json&)>& mutate)
{
    return apply(doc, kDesign | kTopology, [&](DesignDocument& d, Change& c) {
        json next = explicitTopology(d);
        mutate(next);
        d.topology = std::move(next);
        attachAndNote(d, c);
    });
}

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
        o.change.topologyItems.push_back(added);
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
        o.change.topologyItems.push_back("link:" + std::to_string(index));
    return o;
}

Outcome removeTopologyItems(DesignDocument& doc, const std::set<std::string>& vertices, const std::set<std::size_t>& links)
{
    Outcome o = editTopology(doc, [&](json& t) {
        for (const std::string& id : vertices)
            vertexById(t, id);
        topoedit::remove(t, vertices, links);
    });
    if (o.ok()) {
        o.change.topologyItems.assign(vertices.begin(), vertices.end());
        for (std::size_t l : links)
            o.change.topologyItems.push_back("link:" + std::to_string(l));
        // Positions of removed vertices go with them.
        if (doc.layout.is_object())
            if (auto it = doc.layout.find("vertices"); it != doc.layout.end() && it->is_object())
                for (const std::string& id : vertices)
                    if (it->erase(id))
                        o.change.parts |= kLayout;
    }
    return o;
}

Outcome setVertexProperty(DesignDocument& doc, const std::string& id, const std::string& key, json value)
{
    Outcome o = editTopology(doc, [&](json& t) {
        if (key == "id")
            refuse(ProblemKind::BadValue, "topology.vertices", id, "a vertex's id is not a property");
        vertexById(t, id)[key] = std::move(value);
    });
    if (o.ok())
        o.change.topologyItems.push_back(id);
    return o;
}

Outcome setLinkProperty(DesignDocument& doc, std::size_t link, const std::string& key, json value)
{
    Outcome o = editTopology(doc, [&](json& t) {
        if (link >= t["edges"].size())
            refuse(ProblemKind::NotFound, "topology.edges", std::to_string(link), "no link " + std::to_string(link));
        t["edges"][link][key] = std::move(value);
    });
    if (o.ok())
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

Outcome placeVertices(DesignDocument& doc, const std::map<std::string, std::pair<double, double>>& at)
{
    return move(doc, "vertices", at, &Change::movedVertices, true);
}

Outcome setNodes(DesignDocument& doc, json nodes)
{
    return setSection(doc, &DesignDocument::nodes, std::move(nodes));
}
Outcome setMeasured(DesignDocument& doc, json measured)
{
    return setSection(doc, &DesignDocument::measured, std::move(measured));
}
Outcome setImported(DesignDocument& doc, json imported)
{
    return setSection(doc, &DesignDocument::imported, std::move(imported));
}
Outcome setCalibration(DesignDocument& doc, json calibration)
{
    return setSection(doc, &DesignDocument::calibration, std::move(calibration));
}

Outcome editResults(DesignDocument& doc, const std::function<void(DesignDocument&)>& mutate)
{
    return apply(doc, kResults, [&](DesignDocument& d, Change&) { mutate(d); });
}

Outcome editParts(DesignDocument& doc, unsigned parts, const std::function<void(DesignDocument&)>& mutate)
{
    return apply(doc, parts, [&](DesignDocument& d, Change& c) {
        mutate(d);
        c.structure = (parts & kDesign) != 0;
    });
}

Snapshot snapshot(const DesignDocument& doc, unsigned parts)
{
    Snapshot s;
    s.parts = parts;
    if (parts & (kDesign | kTopology)) {
        s.doc.name = doc.name;
        s.doc.description = doc.description;
        s.doc.source = doc.source;
        s.doc.design = doc.design;
        s.doc.variants = doc.variants;
        s.doc.sweep = doc.sweep;
        s.doc.costs = doc.costs;
        s.doc.topology = doc.topology;
    }
    if (parts & kLayout)
        s.doc.layout = doc.layout;
    if (parts & kResults) {
        s.doc.calibration = doc.calibration;
        s.doc.measured = doc.measured;
        s.doc.imported = doc.imported;
        s.doc.nodes = doc.nodes;
    }
    return s;
}

void restore(DesignDocument& doc, const Snapshot& s)
{
    if (s.parts & (kDesign | kTopology)) {
        doc.name = s.doc.name;
        doc.description = s.doc.description;
        doc.source = s.doc.source;
        doc.design = s.doc.design;
        doc.variants = s.doc.variants;
        doc.sweep = s.doc.sweep;
        doc.costs = s.doc.costs;
        doc.topology = s.doc.topology;
    }
    if (s.parts & kLayout)
        doc.layout = s.doc.layout;
    if (s.parts & kResults) {
        doc.calibration = s.doc.calibration;
        doc.measured = s.doc.measured;
        doc.imported = s.doc.imported;
        doc.nodes = s.doc.nodes;
    }
}

} // namespace cs::edit
