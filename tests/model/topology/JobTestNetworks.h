#pragma once
// Networks, jobs and designs the job's tests share: the
// scripts/netns-cluster.sh tree and a job's outputs on a topology
// (test_job_placement.cpp, test_ranks_per_node.cpp), and a design of one INIC
// FFT on a topology (test_topology_source.cpp, test_ranks_per_node_design.cpp).
#include "model/topology/placement/ExchangeSchedule.h"
#include "model/topology/placement/JobPlacement.h"
#include "model/topology/TopologySourceJson.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

namespace cs::test {

// The scripts/netns-cluster.sh tree: `n` hosts h0, h1, ..., `perLeaf` a leaf
// switch, `perPod` leaves a pod switch, pods on one core; every link `bw` B/s.
inline nlohmann::json tree(int n, int perLeaf, int perPod, double bw = 1e6)
{
    using nlohmann::json;
    const int leaves = (n + perLeaf - 1) / perLeaf, pods = (leaves + perPod - 1) / perPod;
    json v = json::array({{{"id", "core"}, {"kind", "switch"}}}), e = json::array();
    for (int p = 0; p < pods; ++p) {
        v.push_back({{"id", "pod" + std::to_string(p)}, {"kind", "switch"}});
        e.push_back({{"from", "pod" + std::to_string(p)}, {"to", "core"}, {"bandwidth", bw}});
    }
    for (int l = 0; l < leaves; ++l) {
        v.push_back({{"id", "leaf" + std::to_string(l)}, {"kind", "switch"}});
        e.push_back({{"from", "leaf" + std::to_string(l)}, {"to", "pod" + std::to_string(l / perPod)}, {"bandwidth", bw}});
    }
    for (int i = 0; i < n; ++i) {
        v.push_back({{"id", "h" + std::to_string(i)}, {"kind", "host"}});
        e.push_back({{"from", "h" + std::to_string(i)}, {"to", "leaf" + std::to_string(i / perLeaf)}, {"bandwidth", bw}});
    }
    return {{"vertices", v}, {"edges", e}};
}

// A job's inputs, by name.
struct Job {
    double P = 0;
    const char* placement = "packed";
    const char* schedule = "pairwise";
    std::vector<std::string> listed = {}; // the design's node list, for a listed placement
    double ranksPerNode = 1;
    const char* order = "block";
};

// The topology block's outputs for `job` on the topology JSON `topo`; the
// job must pass the block's check.
inline std::array<double, TopologySource::kOutputs> jobOutputs(const nlohmann::json& topo, const Job& job)
{
    TopologySourceParts parts = topologySourceFromJson(topo);
    if (!job.listed.empty())
        parts.block = parts.block->withListed(job.listed);
    std::vector<double> in;
    for (const ParamValue& v : parts.values)
        in.push_back(v.value);
    const TopologySource& s = *parts.block;
    auto choice = [](const std::vector<std::string>& names, const char* name) {
        return double(std::find(names.begin(), names.end(), name) - names.begin());
    };
    in[s.jobInput(TopologySource::job_P)] = job.P;
    in[s.jobInput(TopologySource::job_placement)] = choice(placementNames(), job.placement);
    in[s.jobInput(TopologySource::job_schedule)] = choice(scheduleNames(), job.schedule);
    in[s.jobInput(TopologySource::job_ranks_per_node)] = job.ranksPerNode;
    in[s.jobInput(TopologySource::job_rank_order)] = choice(rankOrderNames(), job.order);
    const std::string problem = s.check(in.data());
    INFO(problem);
    REQUIRE(problem.empty());
    std::array<double, TopologySource::kOutputs> out{};
    s.evaluate(in.data(), out.data());
    return out;
}

// A document with a topology, P following its host count, and one INIC FFT.
inline nlohmann::json fftDocument(const nlohmann::json& topology)
{
    using nlohmann::json;
    return {{"format", "clusterscope-design"},
            {"version", 3},
            {"name", "fft on a drawn network"},
            {"parameters", {{{"name", "P"}, {"unit", "count"}, {"min", 1}, {"max", 65536}, {"follows", "topology.hosts"}}}},
            {"topology", topology},
            {"blocks", {{{"name", "fft"}, {"type", "inic.fft2d"}, {"values", json::object()}}}},
            {"wires", {{{"from", "P"}, {"to", "fft.P"}}, {{"from", "topology.a2a_bw"}, {"to", "fft.B_net"}}}},
            {"variants", {{{"name", "INIC"}, {"total", "fft.T"}, {"overrides", json::object()}}}},
            {"sweep", {{"axes", json::array()}, {"speedup", {{"param", "P"}, {"baseline", 1}}}}}};
}

} // namespace cs::test
