#include "model/document/EditApply.h"
#include "model/core/ModelError.h"
#include "model/core/Settable.h"
#include "model/document/DocumentTopology.h"
#include "model/document/DocumentValidator.h"
#include "model/document/StrictJson.h"

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

// The one path of every edit: mutate a copy, clean up, validate, commit.
Outcome apply(DesignDocument& doc, unsigned parts, const std::function<void(DesignDocument&, Change&)>& mutate)
{
    Outcome out;
    out.change.parts = parts;
    // The copy the edit works on. Sections the edit does not own are moved
    // in, not copied, and moved back unless it is committed (whatever ends
    // this function).
    const bool lendResults = !(parts & kResults);
    DesignDocument next;
    if (lendResults) {
        Snapshot lent = take(doc, kResults);
        next = doc;
        next.calibration = std::move(lent.doc.calibration);
        next.measured = std::move(lent.doc.measured);
        next.imported = std::move(lent.doc.imported);
        next.nodes = std::move(lent.doc.nodes);
    } else {
        next = doc;
    }
    struct GiveBack {
        DesignDocument& doc;
        DesignDocument& next;
        bool active;
        ~GiveBack()
        {
            if (!active)
                return;
            doc.calibration = std::move(next.calibration);
            doc.measured = std::move(next.measured);
            doc.imported = std::move(next.imported);
            doc.nodes = std::move(next.nodes);
        }
    } giveBack{doc, next, lendResults};
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
            blockDifference(doc.design, next.design, out.change);
            paramDifference(doc.design, next.design, out.change);
            wireDifference(doc.design, next.design, out.change);
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
    if (out.ok()) {
        giveBack.active = false;
        if ((parts & (kDesign | kTopology)) && next.topology != doc.topology)
            out.change.parts |= kTopology; // a generator's parameter set as a value: another network
        out.before = take(doc, out.change.parts);
        doc = std::move(next);
    }
    return out;
}

} // namespace cs::edit::detail
