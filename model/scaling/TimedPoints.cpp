#include "model/scaling/TimedPoints.h"
#include "model/core/JobSize.h"
#include "model/core/ModelError.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

namespace cs::calib {

using nlohmann::json;

const json* runRankCount(const json& result)
{
    if (!result.is_object())
        return nullptr;
    const auto params = result.find("params");
    if (params == result.end() || !params->is_object())
        return nullptr;
    const auto P = params->find(kJobSize);
    return P == params->end() ? nullptr : &*P;
}

std::vector<TimedPoint> timedPoints(const json& results)
{
    std::map<double, TimedPoint> byP;
    if (!results.is_array())
        throw ModelError("the results are not an array of results");
    for (std::size_t i = 0; i < results.size(); ++i) {
        const json& r = results[i];
        const std::string at = "results[" + std::to_string(i) + "]";
        if (!r.is_object() || r.value("probe", "") != "app.run")
            continue;
        const json* P = runRankCount(r);
        if (!P || !P->is_number() || !(P->get<double>() >= 1))
            throw ModelError(at + ".params.P: an app.run result needs its rank count P >= 1");
        const json& s = r.value("summary", json::object()).value("series", json::object()).value("T", json::object());
        if (!s.contains("median") || !s["median"].is_number() || !std::isfinite(s["median"].get<double>()) ||
            s["median"].get<double>() <= 0) {
            if (r.value("status", "ok") != "ok")
                continue; // a failed run: its reason is in the results, and it has no time to fit
            throw ModelError(at + ".summary.series.T.median: no time > 0 to fit");
        }
        TimedPoint p;
        p.P = P->get<double>();
        p.seconds = s["median"].get<double>();
        // The 95% CI of the median as +-1.96 standard errors.
        if (s.contains("ci_lo") && s.contains("ci_hi") && s["ci_lo"].is_number() && s["ci_hi"].is_number() &&
            std::isfinite(s["ci_lo"].get<double>()) && std::isfinite(s["ci_hi"].get<double>())) {
            p.spread = std::max(0.0, (s["ci_hi"].get<double>() - s["ci_lo"].get<double>()) / (2 * 1.96));
            p.ciLow = s["ci_lo"].get<double>();
            p.ciHigh = s["ci_hi"].get<double>();
        }
        if (s.contains("n") && s["n"].is_number_integer() && s["n"].get<long long>() > 0)
            p.runs = static_cast<int>(std::min<long long>(s["n"].get<long long>(), 1 << 30));
        byP[p.P] = p;
    }
    std::vector<TimedPoint> out;
    for (const auto& [P, p] : byP)
        out.push_back(p);
    if (out.empty())
        throw ModelError("the results hold no app.run result with a time (run-app writes them)");
    return out;
}

} // namespace cs::calib
