#pragma once
// Synthetic probe results (docs/agent-protocol.md "Results") and designs for
// the calibration tests. Every number is chosen so the expected fit can be
// worked out by hand.
#include "model/calibration/Calibration.h"
#include "model/document/DocumentFormat.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <string>
#include <vector>

namespace cs::calibtest {

using nlohmann::json;

// A series summary with its median and a +-rel CI.
inline json stat(double median, double rel = 0.01, const char* unit = "s")
{
    return {{"n", 100}, {"median", median}, {"ci_lo", median * (1 - rel)}, {"ci_hi", median * (1 + rel)},
            {"unit", unit}};
}

inline json result(const std::string& probe, json series, json derived = json::object(),
                   json params = json::object(), const std::string& status = "ok")
{
    return {{"probe", probe},
            {"name", probe},
            {"nodes", {"n1", "n2"}},
            {"status", status},
            {"params", params},
            {"started", "2026-11-21T20:00:00.000Z"},
            {"duration_s", 1.0},
            {"summary", {{"series", series}, {"derived", derived}}},
            {"calibrates", json::array()},
            {"parts", json::array()}};
}

// net.pingpong with latency@s = f(s) for the given sizes (and rtt@s = 2 f(s)).
inline json pingpong(const std::vector<double>& sizes, const std::function<double(double)>& oneWay,
                     double rel = 0.01)
{
    json series = json::object();
    for (double s : sizes) {
        const std::string at = "@" + std::to_string(static_cast<long long>(s));
        // Once per size: callers step through a list of times (a counter in the lambda), and a second call
        // read past its end (the tests' measured "noisy" times were partly out of bounds).
        const double t = oneWay(s);
        series["latency" + at] = stat(t, rel);
        series["rtt" + at] = stat(2 * t, rel);
    }
    return result("net.pingpong", series);
}

inline DesignDocument design(const std::string& blocksJson)
{
    return parseDocument(R"({"format": "clusterscope-design", "version": 2, "name": "t", "blocks": )" + blocksJson +
                         "}");
}

// The report applied as the command line applies it (planCalibration, then the editing layer): the document
// with the values and the record, what was set and what was left out.
struct Applied {
    DesignDocument doc;
    std::vector<calib::AppliedChange> changes;
    std::vector<std::string> skipped;
};
inline Applied applied(const DesignDocument& doc, const calib::CalibrationReport& r, const calib::ApplyOptions& o = {})
{
    const calib::CalibrationPlan plan = calib::planCalibration(doc, r, o);
    return {calib::withCalibration(doc, plan), plan.changes, plan.skipped};
}

} // namespace cs::calibtest
