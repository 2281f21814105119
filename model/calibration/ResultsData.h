#pragma once
// Reading probe results (docs/agent-protocol.md "Results") for calibration:
// validating the entries and pulling out the points or derived values a
// CalibrationSpec asks for. Internal to model/calibration.
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace cs::calib {

// One result entry, checked: an object with string "probe" and "status".
struct ResultEntry {
    const nlohmann::json* json = nullptr;
    std::size_t index = 0; // position in the results array
    std::string probe;
    std::string status;
    std::string reason;
    std::string started;
    std::string nodes; // comma-separated
    std::string where() const; // "results[3] (net.pingpong)"
};

// Accepts a results array or a results file object ({"results": [...]}).
// Throws ModelError naming the entry and field that is missing or of the
// wrong type (e.g. "results[2].probe is missing").
std::vector<ResultEntry> resultEntries(const nlohmann::json& results);

// Points read for one spec, in result order. sigma: the median's standard
// error estimated from its 95% CI, (ci_hi - ci_lo) / (2 * 1.96); 0 when the
// result gives no CI.
struct SpecPoints {
    std::vector<double> x, y, sigma;
    std::vector<const ResultEntry*> used; // results the points came from
    std::string yUnit;
};

// For "series:PFX@" (x from the suffix) or "series:NAME" (x = params[xParam]).
// Skips results that are not "ok". Throws ModelError when the probe has no
// ok result (naming each failed one and its reason) or no result has the
// series (naming the series and the ones present).
SpecPoints readSeriesPoints(const std::vector<ResultEntry>& entries, const std::string& probe,
                            const std::string& read, const std::string& xParam);

// One point per x: where several results measured the same x (a single-node probe on every node, a
// ping-pong on several pairs), their median, with the spread of the replicates in its sigma:
// sqrt(sd^2 / k + mean(sigma_i^2) / k) over the k replicates. The fit is then of the typical node, and
// the R^2 judges the form against it; how much the nodes differ weighs the point. `spread` gets,
// per x with replicates, max / min of their medians (1 = alike).
SpecPoints poolReplicates(const SpecPoints& pts, std::vector<std::pair<double, double>>* spread = nullptr);

// For "derived:NAME": the first ok result's summary.derived.NAME.
struct DerivedValue {
    double value = 0.0, ciLow = 0.0, ciHigh = 0.0;
    bool hasCi = false;
    std::string unit;
    const ResultEntry* from = nullptr;
};
DerivedValue readDerived(const std::vector<ResultEntry>& entries, const std::string& probe, const std::string& read);

// The ok results of `probe`; throws as readSeriesPoints does when none.
std::vector<const ResultEntry*> okResults(const std::vector<ResultEntry>& entries, const std::string& probe);

} // namespace cs::calib
