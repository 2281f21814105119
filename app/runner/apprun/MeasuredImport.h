#pragma once
// Measurements taken by other means, as run-app's results (AppResult.h: probe app.run, params.P, series T),
// so that a fit reads them like runs of its own:
//   CSV       lines "P,value" (a first line of names, blank lines and '#' comments allowed); a P given on
//             several lines is several repetitions at that P
//   Extra-P   its text format: PARAMETER (one), POINTS, then per REGION (and METRIC) one DATA line per point,
//             in the order of POINTS, each with the repetitions at that point
// Every refusal is a std::invalid_argument naming the file, the line and the value.
#include "app/runner/JobResult.h"

#include <string>
#include <vector>

namespace cs::runner::apprun {

struct ImportChoice {
    std::string region; // Extra-P: the REGION to take ("" = the only one)
    std::string metric; // Extra-P: the METRIC to take ("" = the only one)
    std::string unit = "s";
};

std::vector<JobResult> importCsv(const std::string& text, const std::string& file, const ImportChoice& choice = {});
std::vector<JobResult> importExtraP(const std::string& text, const std::string& file,
                                    const ImportChoice& choice = {});

// Reads `path` (at most 64 MiB) and imports it: Extra-P when its first line that is neither blank nor a
// comment starts with PARAMETER, else CSV.
std::vector<JobResult> importMeasurements(const std::string& path, const ImportChoice& choice = {});

} // namespace cs::runner::apprun
