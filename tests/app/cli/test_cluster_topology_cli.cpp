// The cluster a user has, from its Slurm topology.conf, as the network of a
// preset, and a design's network written back for Slurm.
//
// Hand arithmetic for the prediction, 000_e9da438bafb3289f.txt eqs. (3)-(10),
// the acc-fft preset's INIC at P = 4 (see test_topology_design_cli.cpp for
// the inputs: S/P = 1048576 B, T_compute = 0.0512 s, T_dtc = 0.0125 s,
// T_dth = 0.05 s per phase). The imported tree: three leaf switches of six
// hosts under one top switch, every link 8 Mbit/s = 1e6 B/s. The job of
// P = 4 is placed packed: on four hosts of the first leaf (issue 32; before,
// the whole 18-host network's all-to-all was charged at every P: 35.704422 s).
// Their all-to-all never leaves the leaf: a host's link carries 3 flows, so a
// flow gets 1e6/3 B/s and a host 3 x 1e6/3 = 1e6 B/s = B_net, below bw_cn.
// T_dtg = 1048576 / 1e6 = 1.048576 s, T_dfg = 3 x that = 3.145728 s;
// T = 0.0512 + 2 x (0.0125 + 0.05 + 1.048576 + 3.145728) = 8.564808 s.
#include "CliTestSupport.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <unistd.h>

using cs::test::cli;
using Catch::Matchers::Contains;
using nlohmann::json;

namespace {

std::string tempPath(const std::string& name)
{
    return cs::test::tempPath("cs_cluster_topo_", name);
}

std::string write(const std::string& name, const std::string& text)
{
    const std::string path = tempPath(name);
    std::ofstream(path) << text;
    return path;
}

std::string slurp(const std::string& path)
{
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

} // namespace

TEST_CASE("cli: topo --import slurm puts a cluster's tree under a preset and predicts from it", "[cli][cluster]")
{
    const std::string conf = write("topology.conf", "SwitchName=s0 Nodes=dev[0-5]\nSwitchName=s1 Nodes=dev[6-11]\n"
                                                    "SwitchName=s2 Nodes=dev[12-17]\nSwitchName=s3 Switches=s[0-2]\n");
    const std::string design = tempPath("mycluster.json");
    const auto imported = cli({"topo", "--import", "slurm:" + conf, "--bw", "8Mbit/s", "--into", "acc-fft", "-o", design});
    INFO(imported.err);
    REQUIRE(imported.rc == 0);
    CHECK_THAT(imported.out, Contains("wrote " + design + ": design 'acc-fft' on 18 hosts, 4 switches, 21 links"));
    // The preset's Fast Ethernet variant set the generated star's rate; the
    // drawn tree has no such input, and the user is told it went.
    CHECK_THAT(imported.out, Contains("variants[3].overrides.topology.bw removed: the topology takes no such input"));

    const auto eval = cli({"eval", design, "--set", "P=4", "--json"});
    REQUIRE(eval.rc == 0);
    double t = 0;
    const json parsed = json::parse(eval.out);
    for (const json& v : parsed["variants"])
        if (v["variant"] == "INIC")
            t = v["T"].get<double>();
    CHECK(t == Approx(8.564808).epsilon(1e-6));

    // And back out for Slurm, line for line what came in.
    const std::string back = tempPath("back.conf");
    REQUIRE(cli({"topo", design, "--export-slurm", "-o", back}).rc == 0);
    CHECK_THAT(slurp(back), Contains("SwitchName=s0 Nodes=dev[0-5]\nSwitchName=s1 Nodes=dev[6-11]\n"
                                     "SwitchName=s2 Nodes=dev[12-17]\nSwitchName=s3 Switches=s[0-2]\n"));
    std::filesystem::remove(conf);
    std::filesystem::remove(design);
    std::filesystem::remove(back);
}

TEST_CASE("cli: topo --import and --export-slurm refuse in one line", "[cli][cluster]")
{
    auto r = cli({"topo", "--import", "lldp:x"});
    CHECK(r.rc == 2);
    CHECK_THAT(r.err, Contains("--import lldp:x: give slurm:TOPOLOGY.CONF or ibnet:IBNETDISCOVER.TXT"));
    const std::string bad = write("bad.conf", "SwitchName=a Nodes=n1\nSwitchName=b Switches=c\n");
    r = cli({"topo", "--import", "slurm:" + bad});
    CHECK(r.rc == 1);
    CHECK_THAT(r.err, Contains(bad + " line 2: switch 'c' is listed under 'b' but has no SwitchName line"));
    r = cli({"topo", "--import", "slurm:" + bad, "--bw", "fast"});
    CHECK(r.rc == 2);
    CHECK_THAT(r.err, Contains("--bw: "));
    r = cli({"topo", "--gen", "bus:n=4", "--export-slurm"});
    CHECK(r.rc == 1);
    CHECK_THAT(r.err, Contains("no shared segments"));
    std::filesystem::remove(bad);
}

TEST_CASE("cli: calibrate --dry-run measures one pair per path class of the imported network", "[cli][cluster]")
{
    const std::string conf = write("pairs.conf", "SwitchName=s0 Nodes=dev[0-5]\nSwitchName=s1 Nodes=dev[6-11]\n"
                                                 "SwitchName=s2 Nodes=dev[12-17]\nSwitchName=s3 Switches=s[0-2]\n");
    const std::string design = tempPath("now18.json");
    REQUIRE(cli({"topo", "--import", "slurm:" + conf, "--into", "berkeley-now", "-o", design}).rc == 0);
    // 18 nodes named after the tree's hosts. By hand: two path classes, a
    // pair under one leaf (host-leaf-host, 2 hops) and a pair across the top
    // switch (4 hops); with 2 random checks 4 jobs per pair probe, where
    // every pair would be 18 x 17 / 2 = 153. The 4-hop class stands in with
    // the first pair that shares no host or link with dev0 -> dev1: dev2 -> dev6.
    const auto plan = cli({"calibrate", design, "--nodes", "slurm:dev[0-17]", "--probe", "net.loggp", "--dry-run"});
    INFO(plan.err);
    REQUIRE(plan.rc == 0);
    CHECK_THAT(plan.out, Contains("net.loggp: 4 jobs (one pair per path class and 2 random checks; every pair would "
                                  "be 153)"));
    CHECK_THAT(plan.out, Contains("net.loggp dev0 -> dev1 (2 hops: "));
    CHECK_THAT(plan.out, Contains("net.loggp dev2 -> dev6 (4 hops: "));
    CHECK_THAT(plan.out, Contains("(nothing was run)"));
    // Asked for by name, a node off the network is named.
    const auto off = cli({"calibrate", design, "--nodes", "slurm:dev[0-1],slurm:other", "--probe", "net.loggp",
                          "--pairs", "paths", "--dry-run"});
    CHECK(off.rc == 1);
    CHECK_THAT(off.err, Contains("--pairs paths: node on 'other': the design's topology has no host named 'other'"));
    // Not asked for: every pair, and the reason.
    const auto all = cli({"calibrate", design, "--nodes", "slurm:dev[0-1],slurm:other", "--probe", "net.loggp",
                          "--dry-run"});
    CHECK(all.rc == 0);
    CHECK_THAT(all.out, Contains("net.loggp: 3 jobs\n"));
    CHECK_THAT(all.err, Contains("every pair of nodes is measured: node on 'other'"));
    std::filesystem::remove(conf);
    std::filesystem::remove(design);
}

TEST_CASE("cli: topo --import slurm reads the hosts' cores from the slurm.conf beside it, or --cores FILE",
          "[cli][cluster][cores]")
{
    // A folder of its own, as /etc/slurm: topology.conf and slurm.conf side by side.
    const std::filesystem::path dir = tempPath("etc-slurm");
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "topology.conf") << "SwitchName=s0 Nodes=dev[0-3]\n";
    std::ofstream(dir / "slurm.conf") << "NodeName=dev[0-1] Sockets=2 CoresPerSocket=8\nNodeName=dev[2-3] CPUs=4\n";
    const auto r = cli({"topo", "--import", "slurm:" + (dir / "topology.conf").string(), "-o", (dir / "t.json").string()});
    INFO(r.err);
    REQUIRE(r.rc == 0);
    CHECK_THAT(r.out, Contains("4 hosts, 1 switch, 4 links; cores of 4 hosts from " + (dir / "slurm.conf").string()));
    const json t = json::parse(slurp((dir / "t.json").string()))["topology"];
    std::map<std::string, int> cores;
    for (const json& v : t["vertices"])
        if (v.contains("cores"))
            cores[v["id"].get<std::string>()] = v["cores"].get<int>();
    CHECK(cores == std::map<std::string, int>{{"dev0", 16}, {"dev1", 16}, {"dev2", 4}, {"dev3", 4}});

    // --cores: what scontrol show node prints, instead.
    std::ofstream(dir / "nodes.txt") << "NodeName=dev0 Arch=x86_64\n   CPUTot=12\n";
    const auto s = cli({"topo", "--import", "slurm:" + (dir / "topology.conf").string(), "--cores",
                        (dir / "nodes.txt").string(), "-o", (dir / "t.json").string()});
    REQUIRE(s.rc == 0);
    CHECK_THAT(s.out, Contains("cores of 1 host from " + (dir / "nodes.txt").string()));
    // A count that is none: the file and line.
    std::ofstream(dir / "bad.txt") << "NodeName=dev0 CPUs=lots\n";
    const auto bad = cli({"topo", "--import", "slurm:" + (dir / "topology.conf").string(), "--cores",
                          (dir / "bad.txt").string()});
    CHECK(bad.rc == 1);
    CHECK_THAT(bad.err, Contains((dir / "bad.txt").string() + " line 1: cpus = 'lots' is not a whole number in [1, 65536]"));
    std::filesystem::remove_all(dir);
}
