#pragma once
// Where the agent runs: it pins itself to the CPUs the controller asked for
// and records what it was given, so results say where they were measured.
// Under a batch system (srun) the requested CPUs may lie outside the job's
// allocation; then the agent keeps the CPUs the system bound it to.
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace cs::agent {

struct Placement {
    std::vector<int> inherited; // the affinity the agent was started with (its allocation under srun)
    std::vector<int> pinnedTo;  // what it pinned itself to (empty: left as inherited)
    std::string note;           // why the request was not (fully) honoured; "" when it was
};

// Pins the calling thread (before any other starts, so all inherit it) to
// `cpus`. With `withinAllocation`, only the requested CPUs in the inherited
// affinity are used; when none is, nothing is pinned and `note` says so.
// Throws std::runtime_error when the kernel refuses.
Placement pinAgent(const std::vector<int>& cpus, bool withinAllocation);

// The placement for the welcome's environment: cpus_inherited, and
// pin_note when the request was not honoured.
void describePlacement(const Placement& p, nlohmann::json& environment);

// Facts of the Slurm job step the agent runs in (job and step id, node,
// CPUs on the node, Slurm's CPU binding), or null outside Slurm.
nlohmann::json slurmEnvironment();

// "0-3,6" for {0, 1, 2, 3, 6}.
std::string cpuListText(const std::vector<int>& cpus);

} // namespace cs::agent
