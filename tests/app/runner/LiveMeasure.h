#pragma once
// The measuring half of the live checks, through the store of measurements (MeasurementStore.h): calibrate's probe
// runs, verify's application runs and run-app's runs are made, or reused when the store holds the same request on
// the same cluster; what is predicted from them is computed anew every time by the callers.
#include "NetnsCluster.h"

#include <nlohmann/json.hpp>

#include <string>
#include <utility>
#include <vector>

namespace cs::test {

// One in-process `clusterscope-cli ARGV`: its exit status and what it printed.
struct CliRun {
    int rc = 0;
    std::string out, err;
};
CliRun cliRun(const std::vector<std::string>& argv);

// What the store knows a cluster by: `identity`, its network as drawn (with the rate its links are shaped at now),
// and `names`, the run's own names (its folder, its namespaces) and the fixed names they are replaced by in a
// request.
struct LiveWhere {
    nlohmann::json identity;
    std::vector<std::pair<std::string, std::string>> names;
};
LiveWhere whereOf(const NetnsCluster& cluster);
// A NetnsPair shaped at `rate` with `burst` (tbf's words).
LiveWhere whereOf(const NetnsPair& pair, const std::string& rate, const std::string& burst);

// `calibrate DESIGN --nodes NODES` (calibrate's defaults), its probe runs written as the results file `probes`;
// requires it to succeed. Returns what it said on stderr (a job that did not succeed is named there).
std::string measureProbes(const LiveWhere& where, const std::string& design, const std::string& nodes,
                          const std::string& probes);

struct Calibrated {
    int rc = 0;
    std::string out, err; // calibrate's stdout (its report) and stderr (what was not applied, and why)
};
// `calibrate DESIGN --results PROBES [--json] -o CALIBRATED`, then the probe runs put in the calibrated design's
// `measured`, as a calibrate that ran them keeps them (verify reads from them which P were held out).
Calibrated calibrateFromProbes(const std::string& design, const std::string& probes, const std::string& calibrated,
                               bool asJson = false);

// `verify ARGS --quiet -o RUNS` (ARGS: the design, --nodes, --at, --set ...) measured through the store and
// required to succeed; then `verify DESIGN --results RUNS --json`: its report. `table` gets the same comparison
// as verify prints it.
nlohmann::json verifyMeasured(const LiveWhere& where, const std::vector<std::string>& args, const std::string& runs,
                              std::string& table);

// `clusterscope-cli run-app ... -o RUNS ...` through the store (runCliRetried when it runs). Returns its exit
// status; `out` gets what it said.
int runAppMeasured(const LiveWhere& where, const std::vector<std::string>& argv, std::string& out);

} // namespace cs::test
