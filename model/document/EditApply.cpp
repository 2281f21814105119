#include "model/document/EditApply.h"
#include "model/core/ModelError.h"
#include "model/core/Settable.h"
#include "model/document/DocumentTopology.h"
#include "model/document/DocumentValidator.h"
#include "model/core/StrictJson.h"
#include "model/topology/TopologySource.h"

#include <algorithm>
#include <unordered_set>

namespace cs::edit::detail {

using nlohmann::json;

namespace {

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
void dropStale(DesignDocument& next, const DesignDocument& before, Change& change, Patch& patch)
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
        if (auto it = next.layout.find("blocks"); it != next.layout.end() && it->is_object()) {
            std::vector<std::string> gone;
            for (auto k = it->begin(); k != it->end(); ++k)
                if (!d.findBlock(k.key()) && b.findBlock(k.key()))
                    gone.push_back(k.key());
            for (const std::string& name : gone)
                setLayout(next, patch, "blocks", name, nullptr);
            if (!gone.empty())
                change.parts |= kLayout;
        }
}

} // namespace

DocumentProblem problem(ProblemKind kind, std::string path, std::string field, std::string message,
                        std::string value)
{
    return {kind, std::move(path), clipText(field, 60), clipText(value, 60), clipText(message, 300)};
}

void refuse(ProblemKind kind, std::string path, std::string field, std::string message, std::string value)
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

namespace {

// The items of the design `after` has that `before` has not, the other way
// round, and those both have but changed (Change::blocksSet, paramsSet), in
// design order.
void blockDifference(const Design& before, const Design& after, Change& c)
{
    std::unordered_set<std::string> was, is;
    for (const BlockInstance& b : before.blocks())
        was.insert(b.name);
    for (const BlockInstance& b : after.blocks())
        is.insert(b.name);
    for (const BlockInstance& b : after.blocks()) {
        if (!was.count(b.name))
            c.blocksAdded.push_back(b.name);
        else if (before.findBlock(b.name)->block != b.block) // blocks are immutable: a new one is a new type
            c.blocksSet.push_back(b.name);
    }
    for (const BlockInstance& b : before.blocks())
        if (!is.count(b.name))
            c.blocksRemoved.push_back(b.name);
}

void paramDifference(const Design& before, const Design& after, Change& c)
{
    for (const DesignParam& p : after.designParams()) {
        const DesignParam* o = before.findDesignParam(p.spec.symbol);
        if (!o)
            c.paramsAdded.push_back(p.spec.symbol);
        else if (o->spec.min != p.spec.min || o->spec.max != p.spec.max || o->follows != p.follows)
            c.paramsSet.push_back(p.spec.symbol);
    }
    for (const DesignParam& p : before.designParams())
        if (!after.findDesignParam(p.spec.symbol))
            c.paramsRemoved.push_back(p.spec.symbol);
}

void wireDifference(const Design& before, const Design& after, Change& c)
{
    const std::vector<Wire>& was = before.wires();
    const std::vector<Wire>& is = after.wires();
    if (was == is) // most edits: no string is built
        return;
    const auto key = [](const Wire& w) { return w.from.str() + ">" + w.to.str(); };
    std::unordered_set<std::string> wasKeys, isKeys;
    for (const Wire& w : was)
        wasKeys.insert(key(w));
    for (const Wire& w : is)
        isKeys.insert(key(w));
    for (const Wire& w : is)
        if (!wasKeys.count(key(w)))
            c.wiresAdded.push_back(w);
    for (const Wire& w : was)
        if (!isKeys.count(key(w)))
            c.wiresRemoved.push_back(w);
}

} // namespace

namespace {

// Whether the edit changed the design by its topology block alone, built
// anew from the network with the inputs it had: then undo builds it again
// instead of keeping a copy of the design.
bool topologyBlockAlone(const Change& c)
{
    return c.cleanup.empty() && !c.structure && c.values.empty() && c.blocksAdded.empty() &&
           c.blocksRemoved.empty() && c.paramsAdded.empty() && c.paramsRemoved.empty() && c.paramsSet.empty() &&
           c.wiresAdded.empty() && c.wiresRemoved.empty() &&
           std::all_of(c.blocksSet.begin(), c.blocksSet.end(), [](const std::string& b) { return b == kTopologyBlock; });
}

// The members of the design group (kDesign), moved or copied.
template <class From>
void designGroup(From&& from, DesignDocument& to)
{
    to.name = std::forward<From>(from).name;
    to.description = std::forward<From>(from).description;
    to.source = std::forward<From>(from).source;
    to.writtenBy = std::forward<From>(from).writtenBy;
    to.design = std::forward<From>(from).design;
    to.variants = std::forward<From>(from).variants;
    to.sweep = std::forward<From>(from).sweep;
    to.costs = std::forward<From>(from).costs;
    to.warnings = std::forward<From>(from).warnings;
}

void results(DesignDocument& from, DesignDocument& to)
{
    to.calibration = std::move(from.calibration);
    to.measured = std::move(from.measured);
    to.imported = std::move(from.imported);
    to.nodes = std::move(from.nodes);
}

} // namespace

void setLayout(DesignDocument& d, Patch& patch, const std::string& group, const std::string& key, json value)
{
    LayoutStep s;
    s.group = group;
    s.key = key;
    s.layoutWas = d.layout.is_object();
    const json* g = nullptr;
    if (s.layoutWas)
        if (auto it = d.layout.find(group); it != d.layout.end())
            g = &*it;
    s.groupWas = g != nullptr;
    if (key.empty()) {
        s.before = g ? *g : json();
    } else if (g && g->is_object()) {
        if (auto it = g->find(key); it != g->end())
            s.before = *it;
    }
    s.after = std::move(value);
    redoLayout(d.layout, s);
    patch.layout.push_back(std::move(s));
}

namespace {

// layout[group][key] = value, or the key removed where value is null (a group that is not an object becomes one).
void putInGroup(json& layout, const std::string& group, const std::string& key, const json& value)
{
    json& g = layout[group];
    if (!g.is_object())
        g = json::object();
    if (value.is_null())
        g.erase(key);
    else
        g[key] = value;
}

} // namespace

void redoLayout(json& layout, const LayoutStep& s)
{
    if (!layout.is_object())
        layout = json::object();
    if (s.key.empty()) {
        layout[s.group] = s.after.is_null() ? json::object() : s.after;
        return;
    }
    putInGroup(layout, s.group, s.key, s.after);
}

void undoLayout(json& layout, const LayoutStep& s)
{
    if (!s.layoutWas) {
        layout = nullptr; // undone in order: nothing was there before this step
        return;
    }
    if (!s.groupWas) {
        layout.erase(s.group);
        return;
    }
    if (s.key.empty()) {
        layout[s.group] = s.before;
        return;
    }
    putInGroup(layout, s.group, s.key, s.before);
}

void syncNetwork(DesignDocument& d, Patch& patch)
{
    if (std::optional<Network> generated = blockNetwork(d)) {
        if (!(*generated == d.topology))
            patch.network.replace(d.topology, std::move(*generated));
    } else if (d.topology.isDrawn() && d.design.topology()) {
        patch.network.setJob(d.topology, blockJob(d));
    }
}

Outcome apply(DesignDocument& doc, unsigned parts, const std::function<void(DesignDocument&, Change&)>& mutate)
{
    return apply(doc, parts, [&](DesignDocument& d, Change& c, Patch&) { mutate(d, c); });
}

// The one path of every edit: mutate a copy, clean up, validate, commit.
Outcome apply(DesignDocument& doc, unsigned parts, const Mutation& mutate)
{
    Outcome out;
    out.change.parts = parts;
    // The copy the edit works on: the design group copied; the network and
    // the layout lent (moved in, changed in place through the patch, and
    // moved back whatever ends this function, undone unless committed);
    // the results lent too, unless the edit is of them.
    const bool lendResults = !(parts & kResults);
    DesignDocument next;
    designGroup(doc, next);
    next.topology = std::move(doc.topology);
    next.layout = std::move(doc.layout);
    if (lendResults) {
        results(doc, next);
    } else {
        next.calibration = doc.calibration;
        next.measured = doc.measured;
        next.imported = doc.imported;
        next.nodes = doc.nodes;
    }
    struct GiveBack {
        DesignDocument& doc;
        DesignDocument& next;
        const Patch& patch;
        bool lendResults;
        bool committed = false;
        ~GiveBack()
        {
            if (!committed) {
                // Refused: what the edit did in place is undone, in order.
                try {
                    patch.network.undo(next.topology);
                } catch (...) {
                }
                for (auto s = patch.layout.rbegin(); s != patch.layout.rend(); ++s)
                    undoLayout(next.layout, *s);
            }
            doc.topology = std::move(next.topology);
            doc.layout = std::move(next.layout);
            if (lendResults)
                results(next, doc);
        }
    } giveBack{doc, next, out.patch, lendResults};
    try {
        mutate(next, out.change, out.patch);
        if (parts & (kDesign | kTopology)) {
            // The job and a generated network's parameters as the block has
            // them now. A generated topology's parameters may have been set as
            // inputs: the generator must accept them together (the reader
            // builds the section again), e.g. a fat tree's levels and its up-links.
            const bool replacedBefore = out.patch.network.replacesWhole();
            syncNetwork(next, out.patch);
            if (!(parts & kTopology) && !replacedBefore && out.patch.network.replacesWhole())
                attachTopology(next);
            dropStale(next, doc, out.change, out.patch);
            blockDifference(doc.design, next.design, out.change);
            paramDifference(doc.design, next.design, out.change);
            wireDifference(doc.design, next.design, out.change);
        }
    } catch (const Refusal& r) {
        out.problems.push_back(r.p);
        return out;
    } catch (const ModelError& e) {
        // The model's own checks (Design, the topology builder) as the last word.
        const bool topo = (parts & kTopology) || !out.patch.network.empty();
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
    if (!out.ok())
        return out;
    if (!out.patch.network.empty())
        out.change.parts |= kTopology; // a generator's parameter set as a value: another network
    if (!out.patch.layout.empty())
        out.change.parts |= kLayout;
    // The design is kept whole for undo unless the edit changed it by
    // building its topology block anew from the network alone.
    unsigned whole = parts & kResults;
    if (parts & (kDesign | kTopology)) {
        const bool topologyEdit = (parts & kTopology) != 0;
        if (!topologyEdit || out.patch.network.replacesWhole() || !topologyBlockAlone(out.change))
            whole |= kDesign;
        else
            out.patch.rebuild = out.patch.network.changesItems();
    }
    out.before = take(doc, whole);
    designGroup(std::move(next), doc);
    if (!lendResults)
        results(next, doc);
    giveBack.committed = true;
    return out;
}

} // namespace cs::edit::detail
