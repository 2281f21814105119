// The sections of a design document beside the design itself: calibration
// records, measured results, nodes, layout and imported series (split from
// DocumentReader.cpp, which reads the design).
#include "model/document/DocumentReader.h"
#include "model/document/SectionShapes.h"

namespace cs {

using nlohmann::json;

namespace {
const char* jsonTypeName(const json& v)
{
    return v.type_name();
}
} // namespace

void DocumentReader::readExtras(const json& j, DesignDocument& doc)
{
    for (const char* key : {"calibration", "measured", "nodes"}) {
        auto it = j.find(key);
        json& slot = std::string(key) == "calibration" ? doc.calibration
                     : std::string(key) == "measured"  ? doc.measured
                                                        : doc.nodes;
        if (it == j.end()) {
            slot = json::array();
        } else if (!it->is_array()) {
            problem(key, std::string("expected an array, got ") + jsonTypeName(*it));
        } else {
            slot = *it;
            checkSectionEntries(key, *it, problems_);
        }
    }
    if (auto it = j.find("layout"); it != j.end()) {
        if (!it->is_object())
            problem("layout", std::string("expected an object, got ") + jsonTypeName(*it));
        else
            doc.layout = *it;
    }
    readImported(j, doc);
}

void DocumentReader::readImported(const json& j, DesignDocument& doc)
{
    doc.imported = json::array();
    const json* arr = nullptr;
    if (!getArray(j, "", "imported", arr))
        return;
    for (std::size_t i = 0; i < arr->size(); ++i) {
        const json& e = (*arr)[i];
        const std::string path = "imported[" + std::to_string(i) + "]";
        if (!e.is_object()) {
            problem(path, std::string("expected an object, got ") + jsonTypeName(e));
            continue;
        }
        const std::size_t before = problems_.size();
        std::string text;
        getString(e, path, "name", text, true);
        for (const char* key : {"file", "x_name", "x_unit", "y_name", "y_unit", "x_path", "y_path"})
            getString(e, path, key, text, false);
        std::size_t lengths[2] = {0, 0};
        for (int k = 0; k < 2; ++k) {
            const char* key = k == 0 ? "x" : "y";
            const json* values = nullptr;
            if (!getArray(e, path, key, values)) {
                if (!e.contains(key))
                    problem(path, std::string("missing required member '") + key + "'");
                continue;
            }
            lengths[k] = values->size();
            for (std::size_t v = 0; v < values->size(); ++v)
                if (!(*values)[v].is_number()) {
                    problem(path + "." + key + "[" + std::to_string(v) + "]",
                            std::string("expected a number, got ") + jsonTypeName((*values)[v]));
                    break;
                }
        }
        if (problems_.size() == before && lengths[0] != lengths[1])
            problem(path, "x has " + std::to_string(lengths[0]) + " values but y has " + std::to_string(lengths[1]));
        if (problems_.size() == before)
            doc.imported.push_back(e);
    }
}

} // namespace cs
