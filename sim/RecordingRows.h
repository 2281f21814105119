#pragma once
// The SimGrid replay of the rows of a recording's prediction table
// (model/prediction/Prediction.h): the one code path of `clusterscope-cli
// replay --simulate` and the GUI's Recording window with "Simulate on
// SimGrid" ticked (issue 44). A row is simulated on the network it was
// replayed on (its placed topology and LogGP), from the recording it was
// replayed from, with the analytic replay's compute scale.
#include "model/prediction/Prediction.h"
#include "sim/RecordingSim.h"

#include <cmath>
#include <cstdint>
#include <map>

namespace cs::sim {

// One row simulated (seconds; error = (simulated - measured) / measured, NaN without a measured time).
struct SimulatedRow {
    int P = 0;
    double seconds = NAN, error = NAN, wall = NAN; // wall: the simulation's own wall time
    std::uint64_t messages = 0;
};

// The recording `row` was replayed from: its synthesised one, else the recorded one of its P in `byP`.
const rec::Recording& recordingOf(const rec::Prediction& row, const std::map<int, const rec::RecordedRun*>& byP);

// Throws ModelError when `row` cannot be simulated: its design has no
// topology, or the simulation would take more events than options.maxEvents
// or more ranks than options.maxRanks ("P = 8: the recording's simulation
// would go through 12,345 events (...) ..., about 2 s of wall time; the limit
// is ..."). Cheap: counts, runs nothing.
void checkSimulatable(const rec::Prediction& row, const std::map<int, const rec::RecordedRun*>& byP,
                      const RecordingSimOptions& options = {});

// Simulates `row` (checkSimulatable() first). options.computeScale is set as
// the analytic replay scaled the row's compute. Throws as simulateRecording()
// (cancel through options.sim.cancel: isCancelledMessage()).
SimulatedRow simulateRow(const rec::Prediction& row, const std::map<int, const rec::RecordedRun*>& byP,
                         RecordingSimOptions options = {});

} // namespace cs::sim
