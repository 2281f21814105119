#include "model/core/SpecJson.h"

#include <nlohmann/json.hpp>

namespace cs {

nlohmann::json toJson(const ParamSpec& p)
{
    nlohmann::json j{{"symbol", p.symbol},   {"unit", unitSymbol(p.unit)}, {"displayUnit", p.displayUnit},
                     {"default", p.defaultValue}, {"min", p.min},       {"max", p.max},
                     {"integer", p.integer}, {"meaning", p.meaning},       {"source", p.source}};
    if (!p.choices.empty())
        j["choices"] = p.choices;
    return j;
}

nlohmann::json toJson(const OutputSpec& o)
{
    nlohmann::json j{{"symbol", o.symbol},   {"unit", unitSymbol(o.unit)}, {"displayUnit", o.displayUnit},
                     {"meaning", o.meaning}, {"source", o.source}};
    if (!o.phaseOf.empty())
        j["phaseOf"] = o.phaseOf;
    return j;
}

nlohmann::json toJson(const BlockSpec& b)
{
    nlohmann::json inputs = nlohmann::json::array();
    for (const auto& p : b.inputs)
        inputs.push_back(toJson(p));
    nlohmann::json outputs = nlohmann::json::array();
    for (const auto& o : b.outputs)
        outputs.push_back(toJson(o));
    // What a probe can set, and how: shown by `list blocks --json`.
    nlohmann::json calibration = nlohmann::json::array();
    for (const CalibrationSpec& c : b.calibration)
        calibration.push_back({{"input", c.input}, {"probe", c.probe}, {"read", c.read}, {"method", c.method},
                               {"form", c.form}, {"value", c.value}, {"source", c.source}});
    return {{"id", b.id},         {"name", b.name},     {"category", b.category}, {"description", b.description},
            {"source", b.source}, {"inputs", inputs}, {"outputs", outputs}, {"calibration", calibration}};
}

} // namespace cs
