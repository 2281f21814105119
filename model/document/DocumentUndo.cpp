// What undoes an edit (DocumentEdits.h): the parts it replaced whole
// (snapshots), the steps it made on the network and the layout (its patch),
// two edits as one (andThen), and the undo steps DocumentModel keeps.
#include "model/document/DocumentEdits.h"
#include "model/document/DocumentTopology.h"
#include "model/document/EditApply.h"

#include <algorithm>

namespace cs::edit {

using nlohmann::json;

namespace {

// The members of each part, in one list for copying them out, moving them
// out and putting them back. The network and the layout go in a snapshot
// only when one is asked for (snapshot()); an edit's undo has their steps.
template <class From, class To, class Op>
void eachMember(unsigned parts, From& from, To& to, Op op)
{
    if (parts & kDesign) {
        op(from.name, to.name);
        op(from.description, to.description);
        op(from.source, to.source);
        op(from.design, to.design);
        op(from.variants, to.variants);
        op(from.sweep, to.sweep);
        op(from.costs, to.costs);
    }
    if (parts & kTopology)
        op(from.topology, to.topology);
    if (parts & kLayout)
        op(from.layout, to.layout);
    if (parts & kResults) {
        op(from.calibration, to.calibration);
        op(from.measured, to.measured);
        op(from.imported, to.imported);
        op(from.nodes, to.nodes);
    }
}

std::size_t textBytes(const std::string& s)
{
    return s.capacity() > 15 ? s.capacity() + 1 : 0;
}

std::size_t jsonBytes(const json& j)
{
    return j.is_null() ? 0 : j.dump().size() + 64;
}

// About what a snapshot holds beside itself: its parts' strings, items and
// JSON trees (the JSON by its text, a tree's nodes being about as large).
std::size_t snapshotBytes(const Snapshot* s)
{
    if (!s)
        return 0;
    const DesignDocument& d = s->doc;
    std::size_t b = sizeof(Snapshot);
    if (s->parts & kDesign) {
        b += textBytes(d.name) + textBytes(d.description) + textBytes(d.source);
        for (const BlockInstance& bi : d.design.blocks())
            b += sizeof(BlockInstance) + textBytes(bi.name) + bi.values.capacity() * sizeof(ParamValue);
        for (const DesignParam& p : d.design.designParams())
            b += sizeof(DesignParam) + textBytes(p.spec.symbol) + textBytes(p.follows);
        b += d.design.wires().capacity() * sizeof(Wire);
        for (const Variant& v : d.variants)
            b += sizeof(Variant) + textBytes(v.name) + v.overrides.capacity() * sizeof(v.overrides[0]);
        b += d.sweep.axes.capacity() * sizeof(SweepAxis) + d.costs.capacity() * sizeof(CostItem);
    }
    if (s->parts & kTopology)
        b += networkBytes(d.topology);
    if (s->parts & kLayout)
        b += jsonBytes(d.layout);
    if (s->parts & kResults)
        b += jsonBytes(d.calibration) + jsonBytes(d.measured) + jsonBytes(d.imported) + jsonBytes(d.nodes);
    return b;
}

// Puts `doc` back as it was before an edit's patch and snapshot.
void revert(DesignDocument& doc, const Snapshot* before, const Patch& patch)
{
    patch.network.undo(doc.topology);
    for (auto s = patch.layout.rbegin(); s != patch.layout.rend(); ++s)
        detail::undoLayout(doc.layout, *s);
    if (before)
        restore(doc, *before);
    if (patch.rebuild)
        rebuildTopology(doc);
}

// Items added by one edit and removed by the next are neither; an item
// removed and added again under its name is set (a new item); one set after
// it was added is still added.
template <class T>
void addUp(std::vector<T>& added, std::vector<T>& removed, std::vector<T>* set, const std::vector<T>& nextAdded,
           const std::vector<T>& nextRemoved, const std::vector<T>* nextSet)
{
    const auto has = [](const std::vector<T>& v, const T& x) { return std::find(v.begin(), v.end(), x) != v.end(); };
    for (const T& x : nextAdded) {
        if (const auto it = std::find(removed.begin(), removed.end(), x); it == removed.end()) {
            added.push_back(x);
        } else {
            removed.erase(it);
            if (set && !has(*set, x))
                set->push_back(x);
        }
    }
    for (const T& x : nextRemoved) {
        if (set)
            std::erase(*set, x);
        if (const auto it = std::find(added.begin(), added.end(), x); it == added.end())
            removed.push_back(x);
        else
            added.erase(it);
    }
    if (set && nextSet)
        for (const T& x : *nextSet)
            if (!has(added, x) && !has(*set, x))
                set->push_back(x);
}

} // namespace

Change Change::inverse() const
{
    Change c = *this;
    std::swap(c.blocksAdded, c.blocksRemoved);
    std::swap(c.paramsAdded, c.paramsRemoved);
    std::swap(c.wiresAdded, c.wiresRemoved);
    std::swap(c.verticesAdded, c.verticesRemoved);
    std::swap(c.linksAdded, c.linksRemoved);
    c.cleanup.clear(); // undo brings back what the edit took with it: nothing more is removed
    return c;
}

std::size_t Patch::bytes() const
{
    std::size_t b = network.bytes() + layout.capacity() * sizeof(LayoutStep);
    for (const LayoutStep& s : layout)
        b += textBytes(s.group) + textBytes(s.key) + jsonBytes(s.before) + jsonBytes(s.after);
    return b;
}

Snapshot snapshot(const DesignDocument& doc, unsigned parts)
{
    Snapshot s;
    s.parts = parts;
    eachMember(parts, doc, s.doc, [](const auto& from, auto& to) { to = from; });
    return s;
}

Snapshot detail::take(DesignDocument& doc, unsigned parts)
{
    Snapshot s;
    s.parts = parts;
    eachMember(parts, doc, s.doc, [](auto& from, auto& to) { to = std::move(from); });
    return s;
}

void restore(DesignDocument& doc, const Snapshot& s)
{
    eachMember(s.parts, s.doc, doc, [](const auto& from, auto& to) { to = from; });
}

Outcome andThen(DesignDocument& doc, Outcome first, const std::function<Outcome()>& second)
{
    if (!first.ok())
        return first;
    Outcome o = second();
    if (!o.ok()) {
        revert(doc, &first.before, first.patch); // the first part is undone: nothing changes
        return o;
    }
    Change& c = first.change;
    c.parts |= o.change.parts;
    c.structure = c.structure || o.change.structure;
    c.values.insert(c.values.end(), o.change.values.begin(), o.change.values.end());
    c.movedBlocks.insert(c.movedBlocks.end(), o.change.movedBlocks.begin(), o.change.movedBlocks.end());
    c.movedVertices.insert(c.movedVertices.end(), o.change.movedVertices.begin(), o.change.movedVertices.end());
    c.cleanup.insert(c.cleanup.end(), o.change.cleanup.begin(), o.change.cleanup.end());
    // Items by their ids, which no edit shifts: what one added and the
    // other removed is neither.
    using Names = std::vector<std::string>;
    using Wires = std::vector<Wire>;
    addUp(c.verticesAdded, c.verticesRemoved, &c.verticesSet, o.change.verticesAdded, o.change.verticesRemoved,
          &o.change.verticesSet);
    addUp(c.linksAdded, c.linksRemoved, &c.linksSet, o.change.linksAdded, o.change.linksRemoved, &o.change.linksSet);
    addUp(c.blocksAdded, c.blocksRemoved, &c.blocksSet, o.change.blocksAdded, o.change.blocksRemoved,
          static_cast<const Names*>(nullptr));
    addUp(c.paramsAdded, c.paramsRemoved, &c.paramsSet, o.change.paramsAdded, o.change.paramsRemoved,
          static_cast<const Names*>(nullptr));
    addUp(c.wiresAdded, c.wiresRemoved, static_cast<Wires*>(nullptr), o.change.wiresAdded, o.change.wiresRemoved,
          static_cast<const Wires*>(nullptr));
    for (const std::string& b : o.change.blocksSet)
        if (std::find(c.blocksSet.begin(), c.blocksSet.end(), b) == c.blocksSet.end())
            c.blocksSet.push_back(b);
    for (const std::string& p : o.change.paramsSet)
        if (std::find(c.paramsSet.begin(), c.paramsSet.end(), p) == c.paramsSet.end())
            c.paramsSet.push_back(p);
    // A network replaced as a whole by either is one to read anew.
    if (first.patch.network.replacesWhole() || o.patch.network.replacesWhole()) {
        c.verticesAdded.clear(), c.verticesRemoved.clear(), c.verticesSet.clear();
        c.linksAdded.clear(), c.linksRemoved.clear(), c.linksSet.clear();
    }
    // The state before both: the first's parts as they were, and those only
    // the second replaced as they were before it; then the steps of both.
    const unsigned onlySecond = o.before.parts & ~first.before.parts;
    eachMember(onlySecond, o.before.doc, first.before.doc, [](auto& from, auto& to) { to = std::move(from); });
    // A design kept from before the first needs no building anew; one kept
    // between the two does, when either changed the drawing's items.
    first.patch.rebuild = (first.before.parts & kDesign) ? false : first.patch.rebuild || o.patch.rebuild;
    first.before.parts |= o.before.parts;
    first.patch.network.append(std::move(o.patch.network));
    for (LayoutStep& s : o.patch.layout)
        first.patch.layout.push_back(std::move(s));
    return first;
}

UndoEntry undoEntry(const DesignDocument& doc, Outcome&& accepted)
{
    UndoEntry e;
    if (accepted.before.parts != 0) {
        e.after = std::make_unique<const Snapshot>(snapshot(doc, accepted.before.parts));
        e.before = std::make_unique<const Snapshot>(std::move(accepted.before));
    }
    e.patch = std::move(accepted.patch);
    e.patch.network.shrink();
    e.patch.layout.shrink_to_fit();
    return e;
}

void undo(DesignDocument& doc, const UndoEntry& step)
{
    revert(doc, step.before.get(), step.patch);
}

void redo(DesignDocument& doc, const UndoEntry& step)
{
    if (step.after)
        restore(doc, *step.after);
    step.patch.network.redo(doc.topology);
    for (const LayoutStep& s : step.patch.layout)
        detail::redoLayout(doc.layout, s);
    if (step.patch.rebuild)
        rebuildTopology(doc);
}

void merge(UndoEntry& into, UndoEntry&& next)
{
    // Successive edits of one field: the first's state before, the last's after.
    if (next.after)
        into.after = std::move(next.after);
    into.patch.rebuild = (into.before && (into.before->parts & kDesign)) ? false
                                                                         : into.patch.rebuild || next.patch.rebuild;
    into.patch.network.append(std::move(next.patch.network));
    for (LayoutStep& s : next.patch.layout)
        into.patch.layout.push_back(std::move(s));
}

std::size_t UndoEntry::bytes() const
{
    return sizeof(UndoEntry) + snapshotBytes(before.get()) + snapshotBytes(after.get()) + patch.bytes();
}

} // namespace cs::edit
