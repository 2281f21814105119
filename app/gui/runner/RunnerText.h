#pragma once
// Readable text for probe values and results: "12.32 us", "906.7 MiB/s",
// "0.5116 ns/B", and one-line summaries of a result object
// (docs/agent-protocol.md "Results").
#include "app/plots/RateUnit.h"

#include <nlohmann/json.hpp>

#include <QString>

#include <string>

namespace cs::app {

// cs::formatMeasured (model/core/Unit.h) as a QString: "12.32 us", "906.7 MiB/s", sizes and rates in the
// byte prefixes of `options` (the user's Preferences unless given).
QString formatMeasured(double si, const std::string& unit, const FormatOptions& options = plots::formatOptions());
// "latency = 10.5 us [10.2 us, 10.9 us]; G = 0.51 ns/B" from summary.derived (at most `max`
// values; the intervals only `withCi`).
QString derivedSummary(const nlohmann::json& result, int max = 3, bool withCi = true);
// "local0 -> local1" (pair) or "n1, n2, n3".
QString nodesText(const nlohmann::json& result);

} // namespace cs::app
