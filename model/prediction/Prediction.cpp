#include "model/prediction/Prediction.h"
#include "model/scaling/TimedPoints.h"
#include "model/core/ModelError.h"
#include "model/recording/Synthesis.h"

namespace cs::rec {

std::map<int, const RecordedRun*> recordingsByP(const std::vector<RecordedRun>& runs)
{
    std::map<int, const RecordedRun*> byP;
    for (const RecordedRun& r : runs)
        byP[r.P] = &r;
    return byP;
}

std::map<int, double> measuredByP(const nlohmann::json& results)
{
    std::map<int, double> measured;
    try {
        const bool whole = results.is_object() && results.contains("results"); // the file, not its array
        for (const calib::TimedPoint& t : calib::timedPoints(whole ? results["results"] : results))
            measured[static_cast<int>(t.P)] = t.seconds;
    } catch (const ModelError&) {
        // No app.run result: predictions without measurements.
    }
    return measured;
}

std::map<int, MeasuredTime> measuredTimesByP(const nlohmann::json& results)
{
    std::map<int, MeasuredTime> measured;
    try {
        const bool whole = results.is_object() && results.contains("results");
        for (const calib::TimedPoint& t : calib::timedPoints(whole ? results["results"] : results)) {
            MeasuredTime m;
            m.median = t.seconds;
            if (t.ciLow > 0 || t.ciHigh > 0) {
                m.ciLow = t.ciLow;
                m.ciHigh = t.ciHigh;
            }
            m.runs = t.runs;
            measured[static_cast<int>(t.P)] = m;
        }
    } catch (const ModelError&) {
    }
    return measured;
}

Prediction predict(const DesignDocument& doc, const std::map<int, const RecordedRun*>& byP, int P,
                   const std::map<int, double>& measured, const std::string& netBlock, const ReplayOptions& options,
                   const std::string& file)
{
    Prediction row;
    row.P = P;
    const Recording* recording = nullptr;
    ReplayOptions opts = options;
    if (const auto it = byP.find(P); it == byP.end()) {
        std::string recorded;
        for (const auto& [p, r] : byP)
            recorded += (recorded.empty() ? "" : ", ") + std::to_string(p);
        if (byP.size() < 3)
            throw ModelError("P = " + std::to_string(P) + " was not recorded (" + file + " holds recordings at P = " +
                             recorded + "), and synthesis at another P needs recordings at three or more: record it "
                             "with run-app --record --at P=" + std::to_string(P));
        std::vector<const Recording*> all;
        for (const auto& [p, r] : byP)
            all.push_back(&r->recording);
        Synthesized made = synthesize(all, P);
        row.made = std::make_shared<const Recording>(std::move(made.recording));
        recording = row.made.get();
        row.synthesized = true;
        row.poorSites = std::move(made.poorSites);
        row.recordedAt = made.fromP;
    } else {
        const RecordedRun& run = *it->second;
        if (run.truncated || run.recording.truncated())
            throw ModelError("the recording at P = " + std::to_string(P) + " was cut short by its limit (recordings[" +
                             std::to_string(run.index) + "]): it cannot predict the whole program");
        recording = &run.recording;
        opts.computeScale *= run.computeSpeed; // reserved: 1 = the design's nodes are those it was recorded on
        row.recordedAt = run.P;
    }
    row.net = designNetwork(doc, P, netBlock);
    row.result = replay(*recording, row.net.net, opts);
    row.whole = row.result.seconds;
    const ReplaySpan span = spanOf(row.result, opts.wholeRun);
    row.timed = span.timed;
    row.spanFrom = span.from;
    row.spanTo = span.to;
    row.predicted = span.seconds;
    row.alone = span.alone;
    if (const auto m = measured.find(P); m != measured.end()) {
        row.measured = m->second;
        row.error = (row.predicted - row.measured) / row.measured;
    }
    return row;
}

} // namespace cs::rec
