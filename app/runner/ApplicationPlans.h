#pragma once
// The probe runs of `verify`: the application of each target (model/verification/VerifyTargets.h) on the
// first P nodes, for each P. Shared by `clusterscope-cli verify` (which runs them in the foreground) and the
// Calibration dock's Verify page (a ProbeSession, off the GUI thread), so both run the same thing.
#include "app/runner/Runner.h"
#include "model/verification/VerifyTargets.h"

#include <nlohmann/json.hpp>

#include <vector>

namespace cs::sdk {
class PluginLoader;
}

namespace cs::runner {

// How many ranks the applications can use: the ranks of a single mpi:N node, else the node count.
int applicationSlots(const std::vector<Node>& nodes);

// One RunPlan per target and P, in that order: the target's probe with the block's parameters, then
// `overrides` (probe parameter -> SI value, every name already checked against the probe), on nodes[0..P).
// Each job's timeout allows 120 s plus three times the application's time budget, or `timeout` (s) when it
// is above 0. Over one mpi:N node the target's MPI probe runs with P of its ranks. Throws ModelError naming
// a probe that is not installed, a P above the node (or rank) count, an application with no MPI version, or
// an mpi node beside others.
std::vector<RunPlan> applicationPlans(const std::vector<verify::Target>& targets, const std::vector<Node>& nodes,
                                      const std::vector<int>& Ps, const sdk::PluginLoader& plugins,
                                      const nlohmann::json& overrides = nlohmann::json::object(), double timeout = 0);

} // namespace cs::runner
