#pragma once
// The measured times of the user's program against P, as run-app's app.run results hold them: what `fit`
// fits, `fit --search` searches and replay's predictions are compared with.
#include <nlohmann/json_fwd.hpp>

#include <vector>

namespace cs::calib {

// One measured point: the program's time at P ranks.
struct TimedPoint {
    double P = 0;
    double seconds = 0;  // the median
    double spread = 0;   // its standard error (from the 95% CI), 0 when unknown
    bool heldOut = false;
    double ciLow = 0, ciHigh = 0; // the 95% CI of the median as the result gives it (both 0: none)
    int runs = 0;                 // the repetitions the median is of (0: not said)
};

// The app.run results of a results file or a design's measured array, one
// point per P (the later result wins). Throws ModelError naming the result
// and the member when one has no P or no finite time.
std::vector<TimedPoint> timedPoints(const nlohmann::json& results);

// The rank count an app.run result names (its params.P, kJobSize), or null when it has none. Not checked:
// the caller says what a count that is no number, or below 1, means.
const nlohmann::json* runRankCount(const nlohmann::json& result);

} // namespace cs::calib
