#pragma once
// One probe run over one node, a pair or a group, as planned and as it
// ended; and how results are written (results file, or the design
// document's "measured" array). Schema: docs/agent-protocol.md, "Results".
#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <vector>

namespace cs::runner {

// One process's share: its node, role and what it reported.
struct PartResult {
    std::string node;
    std::string transport;
    std::string role;  // "self", "server", "client", "peer"
    int rank = 0;
    std::string status = "pending"; // "ok", "failed", "cancelled", "pending"
    std::string reason;
    nlohmann::json summary = nlohmann::json::object();
    nlohmann::json details = nlohmann::json::object();
    nlohmann::json probeEnvironment = nlohmann::json::object(); // from the kernel: pinning seen by the probe
    nlohmann::json agentEnvironment = nlohmann::json::object(); // from the agent's welcome: host, CPU, versions
    std::string command;                                          // how the agent was started
    std::string deployAction;                                     // copy=1: "copied", "present", "reused" or ""
    std::string deploy;                                           // copy=1: what it means, in words
    std::map<std::string, std::vector<double>> samples;           // raw samples by series
};

struct JobResult {
    std::string probe;
    std::string probeName;
    std::vector<std::string> nodes;    // node names, in role order
    // An MPI node's ranks: the host each rank runs on, as its spec lists them
    // (rank i on the i-th host of hosts=...; empty when the spec does not say
    // one host a rank), so that verify places the model's job where it ran.
    std::vector<std::string> rankHosts;
    std::string status = "pending";    // "ok", "failed", "cancelled", "skipped" (a node of it is dead)
    std::string reason;                // why it failed, naming the node
    std::string unstartedNode;         // the node whose agent did not start ("" when all started); not saved
    std::vector<std::string> failedNodes;
    nlohmann::json params = nlohmann::json::object(); // resolved, SI units
    std::string started;               // ISO 8601 UTC
    double duration = 0.0;             // seconds
    std::vector<PartResult> parts;
    nlohmann::json summary = nlohmann::json::object();  // the primary part's (client, self, rank 0)
    nlohmann::json calibrates = nlohmann::json::array(); // [{target, from, value, ci_lo, ci_hi, unit}]

    bool ok() const { return status == "ok"; }
};

// One result as JSON; raw samples included when `withSamples`.
nlohmann::json resultToJson(const JobResult& r, bool withSamples = true);
// {"format": "clusterscope-probe-results", "version": 1, "created": ..., "results": [...]}
nlohmann::json resultsDocument(const std::vector<JobResult>& results, bool withSamples = true);

// Writes a results file atomically (a crash leaves the old file or the new
// one). Throws cs::ModelError naming the path.
void writeResultsFile(const std::string& path, const std::vector<JobResult>& results);

// Appends the results to the "measured" array of the design document at
// `path` and saves it atomically. Throws cs::ModelError / DocumentError.
void appendToDocument(const std::string& path, const std::vector<JobResult>& results);

} // namespace cs::runner
