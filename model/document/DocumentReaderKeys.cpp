// The keys a design document may hold, and the text it may show. A key the
// format does not define is refused with its JSON path: dropped silently, a
// misspelled `overides` would make a variant report another variant's time,
// and a version-1 `connections` inside a version-3 file would lose every
// wire. The sections that are records of what ran (measured[], calibration[])
// keep unknown keys, with a warning (SectionShapes.cpp); docs/format.md says
// which is which.
#include "model/document/DocumentReader.h"
#include "model/core/StrictJson.h"
#include "model/core/JsonKeys.h"

namespace cs {

using nlohmann::json;

namespace {

// Keys that version 1 used and version 2 renamed (Migration.cpp): in a
// newer document they are misplaced, and the message says what they became.
const char* renamedInVersion2(const std::string& key)
{
    if (key == "connections")
        return "wires";
    if (key == "inputs")
        return "values";
    if (key == "total")
        return "variants";
    return nullptr;
}

} // namespace

void DocumentReader::knownKeys(const json& obj, const std::string& path, std::initializer_list<std::string_view> keys)
{
    knownKeys(obj, path, std::span<const std::string_view>(keys.begin(), keys.size()));
}

void DocumentReader::knownKeys(const json& obj, const std::string& path, std::span<const std::string_view> keys)
{
    forUnknownKeys(obj, keys, [&](const std::string& key, const std::string& takes) {
        // The key is quoted as JSON, so control characters in it are escaped.
        const std::string where = (path.empty() ? "" : path + ".") + clipText(key, 40);
        std::string what = "unknown key " + clipJson(json(key), 40);
        if (const char* now = renamedInVersion2(key))
            what += " (version 1's name for '" + std::string(now) + "'; this is a version-3 document)";
        else
            what += " (this object takes " + takes + ")";
        problem(where, what);
    });
}

DocumentReader::ObjectEntries DocumentReader::objectEntries(const json& j, const char* key,
                                                           std::initializer_list<std::string_view> keys)
{
    const json* array = nullptr;
    getArray(j, "", key, array);
    return ObjectEntries(*this, array, key, keys);
}

std::size_t DocumentReader::ObjectEntries::next(std::size_t i)
{
    for (; array_ && i < array_->size(); ++i) {
        const json& entry = (*array_)[i];
        if (entry.is_object()) {
            reader_.knownKeys(entry, pathOf(i), keys_);
            return i;
        }
        reader_.problem(pathOf(i), std::string("expected an object, got ") + entry.type_name());
    }
    return array_ ? array_->size() : 0;
}

void DocumentReader::knownTopLevelKeys(const json& j)
{
    // "recovery" is what an autosave copy records of the file it stands for
    // (app/document/Autosave.cpp); it is read back only to offer that file.
    knownKeys(j, "", {"format", "version", "written_by", "name", "description", "source", "parameters", "topology", "blocks", "wires",
                      "variants", "sweep", "costs", "calibration", "measured", "imported", "nodes", "layout",
                      "recovery"});
}

void DocumentReader::checkText(const std::string& text, const std::string& path, bool nonEmpty, bool multiline)
{
    if (nonEmpty && text.empty()) {
        problem(path, "must not be empty");
        return;
    }
    if (std::string p = textProblem(text, multiline); !p.empty())
        problem(path, clipJson(json(text), 40) + " " + p);
}

} // namespace cs
