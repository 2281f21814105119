#include "sim/RecordingRows.h"

#include "model/core/ModelError.h"
#include "model/core/Unit.h"

#include <string>

namespace cs::sim {

const rec::Recording& recordingOf(const rec::Prediction& row, const std::map<int, const rec::RecordedRun*>& byP)
{
    if (row.made)
        return *row.made;
    const auto it = byP.find(row.P);
    if (it == byP.end())
        throw ModelError("P = " + std::to_string(row.P) + " has no recording to simulate");
    return it->second->recording;
}

void checkSimulatable(const rec::Prediction& row, const std::map<int, const rec::RecordedRun*>& byP,
                      const RecordingSimOptions& o)
{
    if (!row.net.topology)
        throw ModelError("P = " + std::to_string(row.P) +
                         ": the design has no topology to simulate on (draw one or generate it)");
    const RecordingSimEstimate e = estimateRecordingSim(recordingOf(row, byP));
    if (e.events > o.maxEvents || static_cast<std::size_t>(row.P) > o.maxRanks)
        throw ModelError("P = " + std::to_string(row.P) + ": the recording's simulation would go through " +
                         formatNumber(e.events) + " events (" + formatNumber(e.messages) + " messages) on " +
                         std::to_string(row.P) + " actors, about " + formatNumber(std::ceil(e.wallSeconds)) +
                         " s of wall time; the limit is " + formatNumber(o.maxEvents) + " events and " +
                         std::to_string(o.maxRanks) + " ranks");
}

SimulatedRow simulateRow(const rec::Prediction& row, const std::map<int, const rec::RecordedRun*>& byP,
                         RecordingSimOptions o)
{
    checkSimulatable(row, byP, o);
    // As the analytic replay scales it: a recorded P's compute by its run's speed, a synthesised one's as made.
    o.computeScale = row.made ? 1.0 : byP.at(row.P)->computeSpeed;
    const RecordingSimResult s =
        simulateRecording(*row.net.topology, row.net.hostVertices, recordingOf(row, byP), row.net.net, o);
    SimulatedRow out;
    out.P = row.P;
    // The same span as the analytic row's: between the same two barriers of all ranks (the first and the last, or
    // the options' between), or the whole run.
    out.seconds =
        row.timed ? rec::timedSpan(s.barrierEnds, row.result.between.value_or(rec::BarrierPair{})) : s.seconds;
    out.error = std::isfinite(row.measured) && row.measured > 0 ? (out.seconds - row.measured) / row.measured : NAN;
    out.wall = s.wallSeconds;
    out.messages = s.messages;
    return out;
}

} // namespace cs::sim
