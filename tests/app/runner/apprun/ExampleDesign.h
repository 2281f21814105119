#pragma once
// The examples' designs on an emulated cluster (YourAppE2ETest.cpp, TwoRanksAHostLiveTest.cpp): the cluster's
// design with its LogGP block `net` and the example preset's formula block `app` wired to it.
#include "../LiveCluster.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <string>
#include <thread>

namespace cs::test {

struct Example {
    const char* name;   // the preset's name
    const char* exe;    // the program
    const char* iters;  // its ITERS argument
};

inline nlohmann::json readJson(const std::string& path)
{
    std::ifstream f(path);
    return nlohmann::json::parse(f);
}

// `base` (the cluster's design, calibrated or not) with its blocks but `net` replaced by the example preset's
// formula block `app` at N = 64 and the given iterations, wired to net, and its total app.T; written as
// NAME`tag`.design.json in the cluster's folder (a tag keeps two tests of one shared cluster apart).
inline std::string exampleDesign(const NetnsCluster& cluster, nlohmann::json base, const Example& ex,
                                 const std::string& tag = "")
{
    const nlohmann::json preset = readJson(std::string(CS_SOURCE_DIR) + "/presets/" + ex.name + ".json");
    nlohmann::json app = preset["blocks"][0];
    app["inputs"]["N"]["value"] = 64;
    app["inputs"]["iters"]["value"] = std::stoi(ex.iters);
    // The job's cores, set apart from the topology's job_cores (the preset's wire is not taken): the namespaces'
    // 8 hosts share this machine's CPUs, which no host of the drawing states, so P ranks compute min(P, CPUs) at
    // once. Left at 0 (a core a rank), the model had the compute of P = 8 at a quarter of what it took here,
    // and the CG at the fast end of the range, where compute is a large share, was predicted 10-41% low.
    app["inputs"]["cores"]["value"] = std::max(1u, std::thread::hardware_concurrency());
    nlohmann::json blocks = nlohmann::json::array();
    for (const nlohmann::json& b : base["blocks"])
        if (b.value("name", "") == "net") {
            blocks.push_back(b);
            // TCP's ACKs on the node links, net's `ack` (netns-cluster.sh writes 0.0218), as the replay takes it.
            if (const auto v = b.value("values", nlohmann::json::object()); v.contains("ack"))
                app["inputs"]["ack"]["value"] = v["ack"].is_object() ? v["ack"].at("value") : v["ack"];
        }
    blocks.push_back(app);
    base["blocks"] = blocks;
    nlohmann::json wires = nlohmann::json::array();
    // net's wires but the exchange bandwidth (topology.xchg_bw -> net.B_net): that is the all-to-all's rounds
    // of the cluster's 2D FFT, and the examples exchange with their neighbours in a chain of slabs, each flow
    // at its path's rate. On the star the two agree; on the tree the all-to-all shares the leaves' uplinks
    // and, wired, priced the examples' halo at 2-4x what the runs took (two ranks a host, P = 8 and 16).
    for (const nlohmann::json& w : base["wires"])
        if (w.value("to", "").rfind("net.", 0) == 0 && w.value("to", "") != "net.B_net")
            wires.push_back(w);
    // The job's ranks a node and order from the topology, as the preset wires them; the intra-node LogGP from
    // net, as L and G (its calibration includes the pair on one host when the job has two ranks a node); the
    // host links' token-bucket burst, which netns-cluster.sh writes into the links (the preset's credit).
    for (const auto& [from, to] :
         {std::pair{"P", "app.P"}, {"net.T_oneway", "app.L"}, {"net.G_out", "app.G"},
          {"net.T_oneway_node", "app.L_node"}, {"net.G_node_out", "app.G_node"},
          {"topology.job_ranks_per_node", "app.ranks_per_node"}, {"topology.job_rank_order", "app.rank_order"},
          {"topology.link_burst", "app.burst"}})
        wires.push_back({{"from", from}, {"to", to}});
    base["wires"] = wires;
    nlohmann::json params = nlohmann::json::array();
    for (const nlohmann::json& p : base.value("parameters", nlohmann::json::array()))
        if (p.value("name", "") == "P")
            params.push_back(p);
    base["parameters"] = params;
    base["variants"] = nlohmann::json::array({{{"name", ex.name}, {"total", "app.T"}}});
    base.erase("measured");
    const std::string path = cluster.dir + "/" + ex.name + tag + ".design.json";
    std::ofstream(path) << base.dump(1);
    return path;
}

} // namespace cs::test
