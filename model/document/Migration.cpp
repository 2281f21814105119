#include "model/document/DocumentFormat.h"
#include "model/core/JobSize.h"
#include "model/core/StrictJson.h"

#include <nlohmann/json.hpp>

#include <cstdint>

namespace cs {

using nlohmann::json;

namespace {

// Version 1 (ClusterScope 0.0, see docs/format.md) wrote wires as strings
// "SOURCE -> block.input" under "connections", block values under "inputs",
// and one "total" output path at the top level instead of "variants".
void migrate1to2(json& j, std::vector<std::string>* notes)
{
    if (auto it = j.find("connections"); it != j.end()) {
        // Dropping a malformed list would lose every wire without a word.
        if (!it->is_array())
            throw DocumentError({std::string("connections: expected an array of \"SOURCE -> block.input\" strings, got ") +
                                 it->type_name()});
        json wires = json::array();
        if (it->is_array()) {
            for (const json& c : *it) {
                if (!c.is_string()) {
                    wires.push_back(c); // reported by the reader with its path
                    continue;
                }
                const std::string s = c.get<std::string>();
                const auto arrow = s.find("->");
                if (arrow == std::string::npos) {
                    wires.push_back({{"from", s}, {"to", ""}});
                    continue;
                }
                auto trim = [](std::string t) {
                    while (!t.empty() && t.front() == ' ')
                        t.erase(t.begin());
                    while (!t.empty() && t.back() == ' ')
                        t.pop_back();
                    return t;
                };
                wires.push_back({{"from", trim(s.substr(0, arrow))}, {"to", trim(s.substr(arrow + 2))}});
            }
        }
        j["wires"] = wires;
        j.erase("connections");
    }
    if (auto it = j.find("blocks"); it != j.end() && it->is_array()) {
        for (json& b : *it)
            if (b.is_object() && b.contains("inputs") && !b.contains("values")) {
                b["values"] = b["inputs"];
                b.erase("inputs");
            }
    }
    if (auto it = j.find("total"); it != j.end()) {
        if (!j.contains("variants"))
            j["variants"] = json::array({{{"name", "default"}, {"total", *it}, {"overrides", json::object()}}});
        j.erase("total");
    }
    j["version"] = 2;
    if (notes)
        notes->push_back("migrated from version 1: connections -> wires, inputs -> values, total -> variants");
}

// Version 3 makes the topology a source of the design. A processor count P
// in a document that has a topology is bounded by its host count from now
// on; its value stays what the file says (set by the user), so an old
// document evaluates as before unless it asked for more hosts than it drew.
void migrate2to3(json& j, std::vector<std::string>* notes)
{
    if (j.contains("topology"))
        if (auto it = j.find("parameters"); it != j.end() && it->is_array())
            for (json& p : *it)
                if (p.is_object() && p.value("name", json()) == kJobSize && p.value("unit", json()) == "count" &&
                    !p.contains("follows")) {
                    p["follows"] = "topology.hosts";
                    if (notes)
                        notes->push_back("migrated from version 2: P is bounded by topology.hosts");
                }
    j["version"] = 3;
}

} // namespace

void migrateDocument(json& j, std::vector<std::string>* notes)
{
    auto fmt = j.find("format");
    if (fmt == j.end())
        throw DocumentError({"format: missing; expected \"" + std::string(kDocumentFormat) + "\""});
    if (!fmt->is_string() || fmt->get<std::string>() != kDocumentFormat)
        throw DocumentError({"format: expected \"" + std::string(kDocumentFormat) + "\", got " + clipJson(*fmt)});
    auto ver = j.find("version");
    if (ver == j.end())
        throw DocumentError({"version: missing"});
    // Compare as the 64-bit number it is: reading it as an int would turn
    // 4294967297 into 1 and migrate a file this program does not know.
    const auto last = static_cast<std::uint64_t>(kDocumentVersion);
    const bool known = ver->is_number_unsigned()  ? ver->get<std::uint64_t>() >= 1 && ver->get<std::uint64_t>() <= last
                       : ver->is_number_integer() ? ver->get<std::int64_t>() >= 1 &&
                                                       static_cast<std::uint64_t>(ver->get<std::int64_t>()) <= last
                                                  : false;
    if (!ver->is_number_integer())
        throw DocumentError({"version: expected an integer, got " + clipJson(*ver)});
    if (!known)
        throw DocumentError({"version: unknown version " + ver->dump() + " (this program reads 1 to " +
                             std::to_string(kDocumentVersion) + ")"});
    const int version = static_cast<int>(ver->get<std::int64_t>());
    if (version == 1)
        migrate1to2(j, notes);
    if (version <= 2)
        migrate2to3(j, notes);
}

} // namespace cs
