#pragma once
// The recordings a results file holds (h44 contract, section 2; docs/format.md
// "Recordings"): beside "results", an array "recordings" that run-app --record
// writes, one per recorded P, with each rank's csrec text.
#include "model/recording/Recording.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace cs::rec {

struct RecordedRun {
    std::size_t index = 0; // in the file's recordings array
    int P = 0;
    std::string program, nodes;
    std::vector<std::string> args;
    std::vector<std::string> hosts; // the host each rank ran on, in rank order (may be empty)
    double computeSpeed = 1.0;      // relative speed of the node it was recorded on
    bool truncated = false;
    int run = -1; // index into results[] of the app.run result timed with it; -1: none given
    Recording recording;
};

// One entry of a "recordings" array (or a recording a design document embeds,
// docs/format.md "Recorded blocks"), parsed and linked; `at` names it in
// messages ("recordings[2]", "blocks[3].recording").
RecordedRun recordedRunFromJson(const nlohmann::json& entry, const std::string& at, std::size_t index = 0);

// The "recordings" array of a results file object (none: empty), each parsed
// and linked. Throws ModelError naming "recordings[2].ranks[5], line 7: ..." or
// the member that is missing or of the wrong type.
std::vector<RecordedRun> recordingsFromJson(const nlohmann::json& file);

// The same from a file (strict JSON, as results files are read), `path` naming it in messages.
std::vector<RecordedRun> readRecordings(const std::string& path);

} // namespace cs::rec
