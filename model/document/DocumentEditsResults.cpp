#include "model/document/DocumentEdits.h"
#include "model/document/EditApply.h"

#include <algorithm>

// Edits of the results sections (nodes, probe results, imported series,
// calibration), edits of several parts at once, and the snapshots that
// undo and redo restore.
namespace cs::edit {

using nlohmann::json;
using detail::apply;

namespace {

Outcome setSection(DesignDocument& doc, json DesignDocument::*member, json value)
{
    return apply(doc, kResults, [&](DesignDocument& d, Change&) { d.*member = std::move(value); });
}

} // namespace

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

namespace {

// `more` (an array, else one item) after the section's items.
void append(json& section, json more)
{
    if (!section.is_array())
        section = json::array();
    if (!more.is_array())
        more = json::array({std::move(more)});
    for (json& item : more)
        section.push_back(std::move(item));
}

} // namespace

Change Change::inverse() const
{
    Change c = *this;
    std::swap(c.blocksAdded, c.blocksRemoved);
    std::swap(c.paramsAdded, c.paramsRemoved);
    std::swap(c.wiresAdded, c.wiresRemoved);
    std::swap(c.topologyAdded, c.topologyRemoved);
    c.cleanup.clear(); // undo brings back what the edit took with it: nothing more is removed
    return c;
}

Outcome appendMeasured(DesignDocument& doc, json results)
{
    return apply(doc, kResults, [&](DesignDocument& d, Change&) { append(d.measured, std::move(results)); });
}

Outcome appendImported(DesignDocument& doc, json series)
{
    return apply(doc, kResults, [&](DesignDocument& d, Change&) { append(d.imported, std::move(series)); });
}

Outcome applyCalibration(DesignDocument& doc, const std::vector<ValueAssignment>& values, json record, json measured)
{
    Outcome o = setValues(doc, values);
    return andThen(doc, std::move(o), [&] {
        return apply(doc, kResults, [&](DesignDocument& d, Change&) {
            append(d.calibration, std::move(record));
            if (!measured.is_null())
                append(d.measured, std::move(measured));
        });
    });
}

namespace {

// The members of each part, in one list for copying them out, moving them
// out and putting them back.
template <class From, class To, class Op>
void eachMember(unsigned parts, From& from, To& to, Op op)
{
    if (parts & (kDesign | kTopology)) {
        op(from.name, to.name);
        op(from.description, to.description);
        op(from.source, to.source);
        op(from.design, to.design);
        op(from.variants, to.variants);
        op(from.sweep, to.sweep);
        op(from.costs, to.costs);
        op(from.topology, to.topology);
    }
    if (parts & kLayout)
        op(from.layout, to.layout);
    if (parts & kResults) {
        op(from.calibration, to.calibration);
        op(from.measured, to.measured);
        op(from.imported, to.imported);
        op(from.nodes, to.nodes);
    }
}

} // namespace

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
        restore(doc, first.before); // the first part is undone: nothing changes
        return o;
    }
    Change& c = first.change;
    // Two topology edits in a row are one item by item only when both set
    // properties in place; indices that one shifted would mislead the other.
    if ((c.parts & kTopology) && (o.change.parts & kTopology)) {
        const bool inPlace = c.topologyAdded.empty() && c.topologyRemoved.empty() && !c.topologyItems.empty() &&
                             o.change.topologyAdded.empty() && o.change.topologyRemoved.empty() &&
                             !o.change.topologyItems.empty();
        if (!inPlace) {
            c.topologyAdded.clear(), c.topologyRemoved.clear(), c.topologyItems.clear();
            o.change.topologyItems.clear();
        }
    } else if (o.change.parts & kTopology) {
        c.topologyAdded = o.change.topologyAdded;
        c.topologyRemoved = o.change.topologyRemoved;
    }
    c.parts |= o.change.parts;
    c.structure = c.structure || o.change.structure;
    c.values.insert(c.values.end(), o.change.values.begin(), o.change.values.end());
    c.movedBlocks.insert(c.movedBlocks.end(), o.change.movedBlocks.begin(), o.change.movedBlocks.end());
    c.movedVertices.insert(c.movedVertices.end(), o.change.movedVertices.begin(), o.change.movedVertices.end());
    c.topologyItems.insert(c.topologyItems.end(), o.change.topologyItems.begin(), o.change.topologyItems.end());
    c.cleanup.insert(c.cleanup.end(), o.change.cleanup.begin(), o.change.cleanup.end());
    // Items added by one and removed by the other are neither; a block or
    // parameter removed and added again under its name is set (a new item).
    const auto cancelOrAdd = [](auto& cancel, auto& add, const auto& n, auto* setInstead) {
        if (const auto it = std::find(cancel.begin(), cancel.end(), n); it == cancel.end()) {
            add.push_back(n);
        } else {
            cancel.erase(it);
            if (setInstead)
                setInstead->push_back(n);
        }
    };
    using Names = std::vector<std::string>;
    using Wires = std::vector<Wire>;
    for (const std::string& n : o.change.blocksAdded)
        cancelOrAdd(c.blocksRemoved, c.blocksAdded, n, &c.blocksSet);
    for (const std::string& n : o.change.blocksRemoved)
        cancelOrAdd(c.blocksAdded, c.blocksRemoved, n, static_cast<Names*>(nullptr));
    for (const std::string& n : o.change.paramsAdded)
        cancelOrAdd(c.paramsRemoved, c.paramsAdded, n, &c.paramsSet);
    for (const std::string& n : o.change.paramsRemoved)
        cancelOrAdd(c.paramsAdded, c.paramsRemoved, n, static_cast<Names*>(nullptr));
    for (const Wire& w : o.change.wiresAdded)
        cancelOrAdd(c.wiresRemoved, c.wiresAdded, w, static_cast<Wires*>(nullptr));
    for (const Wire& w : o.change.wiresRemoved)
        cancelOrAdd(c.wiresAdded, c.wiresRemoved, w, static_cast<Wires*>(nullptr));
    c.blocksSet.insert(c.blocksSet.end(), o.change.blocksSet.begin(), o.change.blocksSet.end());
    c.paramsSet.insert(c.paramsSet.end(), o.change.paramsSet.begin(), o.change.paramsSet.end());
    // The state before both: the first's parts as they were, and those only
    // the second changed as they were before it.
    // (Design and topology are one group of members.)
    const auto group = [](unsigned p) { return (p & (kDesign | kTopology)) != 0 ? p | kDesign | kTopology : p; };
    const unsigned onlySecond = group(o.before.parts) & ~group(first.before.parts);
    eachMember(onlySecond, o.before.doc, first.before.doc, [](auto& from, auto& to) { to = std::move(from); });
    first.before.parts |= o.before.parts;
    return first;
}

} // namespace cs::edit
