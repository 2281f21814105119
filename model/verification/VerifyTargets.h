#pragma once
// What `verify` runs and how its results become one report: shared by `clusterscope-cli verify` and the
// Calibration dock's Verify page, so that both run the same application with the same parameters and read
// the same rows out of the same results. Qt-free.
#include "model/document/DesignDocument.h"
#include "model/verification/Verification.h"

#include <nlohmann/json.hpp>

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace cs::verify {

// One variant to verify: its total's block, the application that runs what the block models, and the
// probe parameters taken from the block's inputs (with the variant's overrides).
struct Target {
    std::string variant, block;
    const Application* app = nullptr;
    std::vector<std::pair<std::string, double>> params; // probe parameter -> SI value
    // What the probe measured -> the block output it is compared with: the application's quantities by their
    // own names, or for comm.collective its one collective (T_bcast -> T).
    std::vector<std::pair<std::string, std::string>> series;
};

// The targets of the variant named `variant`, or with "" of every variant whose block an application runs
// (the others, e.g. an INIC beside FFTW or the serial baseline, are left out, each with its reason in
// `skipped` when given). Throws ModelError naming a variant that is not in the design, a named variant
// whose block no application probe runs, or, with "", the first reason when no variant can be verified.
std::vector<Target> targetsOf(const DesignDocument& doc, const std::string& variant = "",
                              std::vector<std::string>* skipped = nullptr);

// "P=2,4,8" or "2,4,8": whole numbers from `lowest` (verify: 2; run-app: 1) to 1024, returned ascending without
// repeats. Throws ModelError naming the item that is not a node count ("'1' is not a node count from 2 to 1024").
std::vector<int> parseNodeCounts(const std::string& text, int lowest = 2);

// P = 2, 4, 8, ... up to `nodes`: the default points.
std::vector<int> defaultNodeCounts(int nodes);

// The report of every target over `results` (probe RESULT objects: doc.measured, or a results file):
// the application points of each target's probe compared with its variant, merged, with the summaries
// over every row. Held out: P that no calibration probe of `doc` spanned (calibratedNodeCounts).
// `format`: how the notes write sizes (the GUI passes its Preferences).
Report verifyResults(const DesignDocument& doc, const std::vector<Target>& targets, const nlohmann::json& results,
                     const FormatOptions& format = {});

// The topology hosts one application result's ranks ran on, in rank order: an
// MPI run's "rank_hosts" mapped to the design's node names (by address or
// name), else the result's "nodes"; empty when they cannot be told.
std::vector<std::string> rankHostNames(const nlohmann::json& result, const nlohmann::json& docNodes);

// The design with its job placed as the runs of `probe` (or `mpiProbe`) were:
// placement listed on the hosts of the run of the most ranks (verify runs P
// ranks on the first P). The document itself when the design has no topology
// or the runs' hosts are not its hosts (with a note saying so).
DesignDocument placedAsRun(const DesignDocument& doc, const nlohmann::json& results, const std::string& probe,
                           const std::string& mpiProbe, std::vector<std::string>& notes);

// Throws ModelError for a target verify cannot run live: a formula block's
// program (app.run) comes only from run-app or Run my program..., whose
// results verify --results then reads.
void requireRunnable(const std::vector<Target>& targets);

// P values the inputs of `block` marked calibrated were fitted at (fit -o
// records "fitted at P = 1,2,4" in their provenance note); empty when none.
std::set<double> fittedNodeCounts(const DesignDocument& doc, const std::string& block);

// True for the application probes ("app.*", "mpi.app.*"), whose results verify reads and calibration does not.
bool isApplicationProbe(const std::string& probe);

} // namespace cs::verify
