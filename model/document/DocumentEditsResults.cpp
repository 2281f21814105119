#include "model/document/DocumentEdits.h"
#include "model/document/EditApply.h"

// Edits of the results sections (nodes, probe results, imported series,
// calibration). Snapshots, edits of several parts at once and undo are in
// DocumentUndo.cpp.
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

} // namespace cs::edit
