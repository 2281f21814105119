// A Slurm cluster's nodes' cores, where Slurm says them (issue 45, "A host has cores"): slurm.conf's NodeName
// lines and `scontrol show node`'s records, put on the hosts of the network topology.conf describes.
#include "model/cluster/ClusterTopology.h"
#include "model/cluster/SlurmNodeCores.h"
#include "model/core/ModelError.h"
#include "model/topology/io/TopologyJson.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace cs;
using Catch::Matchers::Contains;

TEST_CASE("slurm.conf: each node's cores, from CoresPerSocket or CPUs, with DEFAULT lines", "[cluster][cores]")
{
    const char* conf = "# the cluster\n"
                       "ClusterName=dev\n"
                       "NodeName=DEFAULT CPUs=8 RealMemory=1000\n"
                       "NodeName=dev[0-5] Boards=1 SocketsPerBoard=2 CoresPerSocket=16 ThreadsPerCore=2\n"
                       "NodeName=dev[6-11] CPUs=64 # hardware threads and all\n"
                       "NodeName=dev[12-17]\n"
                       "nodename=gpu1 sockets=2\n"
                       "PartitionName=all Nodes=ALL Default=YES CPUs=1\n";
    const std::map<std::string, int> cores = slurmNodeCores(conf, "slurm.conf");
    REQUIRE(cores.size() == 19);
    // 1 board x 2 sockets x 16 cores: hardware threads share a core, so not 64.
    CHECK(cores.at("dev0") == 32);
    CHECK(cores.at("dev5") == 32);
    CHECK(cores.at("dev6") == 64);   // CPUs alone
    CHECK(cores.at("dev17") == 8);   // the DEFAULT line's CPUs
    CHECK(cores.at("gpu1") == 8);    // sockets without cores a socket: the default CPUs
    // The partition line is no node: its CPUs=1 reached none.
}

TEST_CASE("scontrol show node: a record per node over indented lines", "[cluster][cores]")
{
    const char* out = "NodeName=node01 Arch=x86_64 CoresPerSocket=16 \n"
                      "   CPUAlloc=0 CPUEfctv=64 CPUTot=64 CPULoad=0.01\n"
                      "   Sockets=2 Boards=1\n"
                      "   State=IDLE ThreadsPerCore=2 TmpDisk=0 Weight=1\n"
                      "\n"
                      "NodeName=node02 Arch=x86_64\n"
                      "   CPUAlloc=0 CPUTot=48\n"
                      "\n"
                      "NodeName=node03 Arch=x86_64\n"
                      "   State=DOWN\n";
    const std::map<std::string, int> cores = slurmNodeCores(out, "nodes.txt");
    CHECK(cores.size() == 2); // node03 says neither
    CHECK(cores.at("node01") == 32);
    CHECK(cores.at("node02") == 48);
}

TEST_CASE("the cores put on topology.conf's hosts, and a count that is none refused naming file and line",
          "[cluster][cores]")
{
    Network t = topologyFromSlurmConf("SwitchName=s0 Nodes=dev[0-3]\n", "topology.conf");
    CHECK(applyHostCores(t, {{"dev0", 16}, {"dev3", 4}, {"other", 2}}) == 2);
    for (const nlohmann::json& v : writeNetwork(t)["vertices"]) {
        if (v["id"] == "dev0")
            CHECK(v["cores"] == 16);
        if (v["id"] == "dev1")
            CHECK_FALSE(v.contains("cores"));
    }
    CHECK_THROWS_WITH(slurmNodeCores("NodeName=x CPUs=many\n", "slurm.conf"),
                      "slurm.conf line 1: cpus = 'many' is not a whole number in [1, 65536]");
    CHECK_THROWS_WITH(slurmNodeCores("\nNodeName=x CoresPerSocket=0\n", "slurm.conf"),
                      "slurm.conf line 2: corespersocket = '0' is not a whole number in [1, 65536]");
    CHECK_THROWS_WITH(slurmNodeCores("NodeName=x Sockets=512 CoresPerSocket=256\n", "slurm.conf"),
                      "slurm.conf line 1: 131072 cores a node, more than 65536");
    CHECK_THROWS_AS(slurmNodeCores("NodeName=n[3-1] CPUs=4\n", "slurm.conf"), ModelError);
    CHECK_THAT([] {
        try {
            slurmNodeCores("NodeName=n[3-1] CPUs=4\n", "slurm.conf");
        } catch (const ModelError& e) {
            return std::string(e.what());
        }
        return std::string();
    }(),
               Contains("slurm.conf line 1: "));
}
