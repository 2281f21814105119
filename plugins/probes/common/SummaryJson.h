#pragma once
// Probe summaries as results JSON (docs/agent-protocol.md "Results"). Qt-free, so the MPI agent shares it
// with the plugins.
#include "cs/probe/Statistics.h"

#include <nlohmann/json.hpp>

#include <string>

namespace cs::probeplugin {

// {"n", "median", "ci_lo", "ci_hi", "ci_coverage", "min", "p25", "p75", "p99", "max", "mean", "warmups",
//  "dropped", "unit"}; non-finite statistics are null.
nlohmann::json statsJson(const cs::probe::Summary& s, const std::string& unit);
// {value, ci_lo, ci_hi, unit}; ci bounds are null when not known.
nlohmann::json derived(double value, const std::string& unit);
nlohmann::json derived(const cs::probe::Summary& s, const std::string& unit); // median and its CI
// A value with a 95% interval of its own (null bounds when one is not finite).
nlohmann::json derived(double value, double ciLow, double ciHigh, const std::string& unit);

} // namespace cs::probeplugin
