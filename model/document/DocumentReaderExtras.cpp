// The sections of a design document beside the design itself: calibration
// records, measured results, nodes, layout and imported series. Their entries
// are checked by validateDocument, as after an edit.
#include "model/document/DocumentReader.h"

namespace cs {

using nlohmann::json;

namespace {
const char* jsonTypeName(const json& v)
{
    return v.type_name();
}
} // namespace

void DocumentReader::readExtras(json& j, DesignDocument& doc)
{
    // The sections are moved, not copied: they can be most of a large file.
    json& source = j;
    for (const char* key : {"calibration", "measured", "nodes"}) {
        auto it = source.find(key);
        json& slot = std::string(key) == "calibration" ? doc.calibration
                     : std::string(key) == "measured"  ? doc.measured
                                                        : doc.nodes;
        if (it == j.end()) {
            slot = json::array();
        } else if (!it->is_array()) {
            problem(key, std::string("expected an array, got ") + jsonTypeName(*it));
        } else {
            slot = std::move(*it); // entries: validateDocument
        }
    }
    if (auto it = source.find("layout"); it != source.end()) {
        if (!it->is_object())
            problem("layout", std::string("expected an object, got ") + jsonTypeName(*it));
        else
            doc.layout = std::move(*it);
    }
    readImported(j, doc);
}

void DocumentReader::readImported(json& j, DesignDocument& doc)
{
    // Entries are checked with the other sections' (validateDocument).
    doc.imported = json::array();
    const json* arr = nullptr;
    if (getArray(j, "", "imported", arr))
        doc.imported = std::move(j["imported"]);
}

} // namespace cs
