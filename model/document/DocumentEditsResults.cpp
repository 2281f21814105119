#include "model/document/DocumentEdits.h"
#include "model/document/EditApply.h"

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
