#include "cs/sdk/ProbeDescriptor.h"
#include "cs/sdk/RunContext.h"
#include "model/core/ValueRange.h"

#include <cmath>
#include <sstream>

namespace cs::sdk {

namespace {

std::string number(double v)
{
    std::ostringstream s;
    s.precision(12);
    s << v;
    return s.str();
}

} // namespace

bool ParamDef::accepts(double v) const
{
    return acceptsValue(v, min, max, integer);
}

std::string ParamDef::rangeProblem(double v) const
{
    if (accepts(v))
        return {};
    if (!std::isfinite(v))
        return name + " must be a finite number";
    if (v < min || v > max)
        return name + " = " + number(v) + " is out of range [" + number(min) + ", " + number(max) + "]" +
               (unit.empty() ? "" : " " + unit);
    return name + " = " + number(v) + " must be a whole number";
}

const ParamDef* ProbeDescriptor::findParam(const std::string& paramName) const
{
    for (const ParamDef& p : params)
        if (p.name == paramName)
            return &p;
    return nullptr;
}

const char* spanName(Span s)
{
    switch (s) {
    case Span::Single: return "single";
    case Span::Pair: return "pair";
    case Span::Group: return "group";
    }
    return "single";
}

std::string resolveParams(const ProbeDescriptor& d, const nlohmann::json& given, std::map<std::string, double>& out)
{
    out.clear();
    for (const ParamDef& p : d.params)
        out[p.name] = p.defaultValue;
    if (given.is_null())
        return {};
    if (!given.is_object())
        return "parameters must be an object of name: number";
    for (auto it = given.begin(); it != given.end(); ++it) {
        const ParamDef* p = d.findParam(it.key());
        if (!p) {
            std::string known;
            for (const ParamDef& q : d.params)
                known += (known.empty() ? "" : ", ") + q.name;
            return "probe " + d.id + " has no parameter '" + it.key() + "' (it has: " + known + ")";
        }
        if (!it->is_number())
            return it.key() + " must be a number";
        const double v = it->get<double>();
        if (std::string problem = p->rangeProblem(v); !problem.empty())
            return problem;
        out[p->name] = v;
    }
    return {};
}

nlohmann::json toJson(const ParamDef& p)
{
    return {{"name", p.name}, {"unit", p.unit},       {"default", p.defaultValue}, {"min", p.min},
            {"max", p.max},   {"integer", p.integer}, {"meaning", p.meaning}};
}

nlohmann::json toJson(const ProbeDescriptor& d)
{
    nlohmann::json params = nlohmann::json::array();
    for (const ParamDef& p : d.params)
        params.push_back(toJson(p));
    nlohmann::json cal = nlohmann::json::array();
    for (const Calibration& c : d.calibrates)
        cal.push_back({{"target", c.target}, {"from", c.from}, {"meaning", c.meaning}});
    return {{"id", d.id},
            {"name", d.name},
            {"description", d.description},
            {"span", spanName(d.span)},
            {"roles", d.roles},
            {"launcher", d.launcher},
            {"params", params},
            {"calibrates", cal},
            {"validates", d.validates},
            {"summary", d.summary}};
}

double RunRequest::param(const std::string& name) const
{
    auto it = params.find(name);
    return it == params.end() ? 0.0 : it->second;
}

} // namespace cs::sdk
