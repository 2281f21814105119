#pragma once
// Which node pairs the pair probes of a calibration measure, and --dry-run.
#include "app/runner/Runner.h"
#include "model/document/DesignDocument.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace cs::cli {

// With no --pairs, or --pairs paths: when the design has a topology and
// every node runs on one of its hosts (a node's host, or its name for local
// nodes), the pair probes measure one pair per path class plus two random
// checks (pairsByPathClass) instead of every pair. --pairs paths without
// such a topology is an error naming the node; without --pairs the plans
// keep "all" and a note on `err` says why.
void choosePairs(const DesignDocument& doc, std::vector<runner::RunPlan>& plans,
                 const std::optional<std::string>& pairsOption, std::ostream& err);

// The jobs each plan makes, with their path classes, in the rounds they run
// in (the jobs of a round at once), each job's estimated time on the plans'
// link (described by `linkSource`) and its timeout, the estimated total, and
// the time they may take at most (the longest timeout per round), against
// what every pair would be.
void printDryRun(const std::vector<runner::RunPlan>& plans, const sdk::PluginLoader& plugins, std::ostream& out,
                 const std::string& linkSource);

// --dry-run --json: what would be measured, without estimates or timeouts, so that it can be compared with another
// run's plan: {"jobs": [{"probe", "label", "round" (1-based, within its plan), "params" (resolved, SI),
// "nodes" (Node::describe, in role order)}]}, the plans' jobs in order.
nlohmann::json dryRunJson(const std::vector<runner::RunPlan>& plans, const sdk::PluginLoader& plugins);

} // namespace cs::cli
