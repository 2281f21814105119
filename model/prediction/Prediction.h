#pragma once
// A recorded program's predicted time at one P on a design, beside the
// measured runs (issue 44: `clusterscope-cli replay` and the GUI's Recording
// window both show these rows). A P that was recorded is replayed from its
// recording; one that was not is synthesised from three or more (Synthesis.h).
#include "model/document/DesignDocument.h"
#include "model/prediction/DesignNetwork.h"
#include "model/recording/RecordingJson.h"
#include "model/recording/Replay.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace cs::rec {

struct Prediction {
    int P = 0;
    double predicted = 0, alone = 0; // s: the replay, and its first pass (every message alone on its route)
    // True when predicted and alone are the span between two barriers of all ranks (the window a program times
    // itself in: Replay.h; the first and the last, or ReplayOptions::between's, which result.between keeps),
    // false when they are the whole run (ReplayOptions::wholeRun, or fewer than two such barriers). whole: the
    // whole run (s) either way. spanFrom, spanTo: the span's barriers, 0-based among result.barrierEnds (timed).
    bool timed = false;
    double whole = 0;
    std::size_t spanFrom = 0, spanTo = 0;
    double measured = NAN, error = NAN; // s: the median of that P's app.run result; (predicted - measured) / measured
    int recordedAt = 0;                 // the P of the recording it came from (the template when synthesised)
    bool synthesized = false;
    std::vector<std::string> poorSites;
    std::shared_ptr<const Recording> made; // the synthesised recording (null for a recorded P)
    ReplayResult result;
    DesignNetwork net;
};

// The last recording of each P in `runs` (a later one of the same P stands).
std::map<int, const RecordedRun*> recordingsByP(const std::vector<RecordedRun>& runs);

// The measured seconds of each P: the app.run results of a results file,
// given as the file's object or its "results" array (none, or no app.run
// result: empty).
std::map<int, double> measuredByP(const nlohmann::json& results);

// The measured time of one P with its spread: the median of its app.run
// result (s), the 95% CI of that median (NaN when the result gives none) and
// the runs it is the median of (0 when not said).
struct MeasuredTime {
    double median = NAN, ciLow = NAN, ciHigh = NAN;
    int runs = 0;
};
// As measuredByP, with each median's CI and repetitions.
std::map<int, MeasuredTime> measuredTimesByP(const nlohmann::json& results);

// The prediction at `P` on `doc` with the LogGP of logp.loggp block `netBlock`
// ("" when the design has one), its measured time from `measured` when there
// is one. Throws ModelError when P was not recorded and fewer than three P
// were, when its recording was cut short, or as designNetwork() and replay()
// do (ReplayCancelled when options.cancel is set; BarrierRangeError when the
// recording lacks a barrier options.between names). `file` names the results
// file in messages.
Prediction predict(const DesignDocument& doc, const std::map<int, const RecordedRun*>& byP, int P,
                   const std::map<int, double>& measured, const std::string& netBlock = "",
                   const ReplayOptions& options = {}, const std::string& file = "the results file");

} // namespace cs::rec
