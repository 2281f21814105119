// A cluster's own network description (Slurm topology.conf, ibnetdiscover)
// read into a design topology, and a design written back as topology.conf.
#include "model/cluster/ClusterTopology.h"
#include "model/cluster/HostList.h"
#include "model/core/ModelError.h"
#include "model/topology/ComputeMetrics.h"
#include "model/topology/io/TopologyJson.h"
#include "model/topology/metrics/TopologyMetrics.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <sstream>

using namespace cs;
using nlohmann::json;

namespace {

// The example of slurm's topology.conf(5): three leaf switches of six nodes
// under one top switch.
const char* const kSlurmExample = R"(# three racks
SwitchName=s0 Nodes=dev[0-5]
SwitchName=s1 Nodes=dev[6-11]
switchname=s2 nodes=dev[12-17]   # keys are case-insensitive
SwitchName=s3 Switches=s[0-2] LinkSpeed=100
)";

int count(const json& t, const char* kind)
{
    int n = 0;
    for (const json& v : t["vertices"])
        n += v["kind"] == kind;
    return n;
}

double bandwidthOf(const json& t, const std::string& a, const std::string& b)
{
    for (const json& e : t["edges"])
        if ((e["from"] == a && e["to"] == b) || (e["from"] == b && e["to"] == a))
            return e["bandwidth"].get<double>();
    return -1;
}

std::vector<std::string> lines(const std::string& text)
{
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);)
        if (!l.empty() && l[0] != '#')
            out.push_back(l);
    return out;
}

} // namespace

TEST_CASE("host lists fold back into brackets", "[cluster][hostlist]")
{
    CHECK(compressHostList({"node01", "node02", "node03", "login"}) == "node[01-03],login");
    CHECK(compressHostList({"n1", "n2", "n4", "n5", "n6"}) == "n[1-2,4-6]");
    CHECK(compressHostList({"rack1n1", "rack1n2"}) == "rack1n[1-2]");
    CHECK(compressHostList({"a"}) == "a");
    // A bracket pads to its first number's width: unpadded numbers may grow
    // ("node[8-11]" is node8 ... node11), padded ones may not.
    const std::vector<std::string> growing{"node8", "node9", "node10", "node11"};
    CHECK(compressHostList(growing) == "node[8-11]");
    CHECK(expandHostList(compressHostList(growing)) == growing);
    const std::vector<std::string> mixed{"node08", "node09", "node10", "node7", "node100"};
    CHECK(compressHostList(mixed) == "node[08-10],node[7,100]");
    CHECK(expandHostList(compressHostList(mixed)) == mixed);
    const std::vector<std::string> padded{"c007", "c008", "c009", "c010", "x-1.y"};
    CHECK(expandHostList(compressHostList(padded)) == padded);
}

TEST_CASE("Slurm topology.conf is read into a design topology", "[cluster][slurm]")
{
    ClusterImportOptions o;
    o.bandwidth = 12.5e9; // 100 Gbit/s
    o.latency = 1e-6;
    const json t = writeNetwork(topologyFromSlurmConf(kSlurmExample, "topology.conf", o));
    CHECK(count(t, "switch") == 4);
    CHECK(count(t, "host") == 18);
    CHECK(t["edges"].size() == 18 + 3);
    CHECK(bandwidthOf(t, "dev7", "s1") == 12.5e9);
    CHECK(bandwidthOf(t, "s3", "s2") == 12.5e9);

    // Its metrics, by hand: 3 switches x 6 x 5 = 90 ordered pairs under one
    // leaf at 2 hops (host-leaf-host); 18 x 12 = 216 pairs across at 4 hops
    // (host-leaf-s3-leaf-host). Average (90 x 2 + 216 x 4) / 306 = 1044 / 306
    // = 3.41176.
    const TopologyMetrics m = computeMetrics(topologyFromJson(t));
    CHECK(m.diameter() == 4);
    CHECK(m.avgHops() == Approx(1044.0 / 306.0));
}

TEST_CASE("topology.conf mistakes are refused with the line", "[cluster][slurm]")
{
    CHECK_THROWS_WITH(topologyFromSlurmConf("SwitchName=a Nodes=n1\nSwitchName=b Switches=a,c\n", "t.conf"),
                      "t.conf line 2: switch 'c' is listed under 'b' but has no SwitchName line");
    CHECK_THROWS_WITH(topologyFromSlurmConf("SwitchName=a Nodez=n1\n", "t.conf"),
                      "t.conf line 1: unknown parameter 'Nodez' (topology.conf takes SwitchName, Switches, Nodes "
                      "and LinkSpeed)");
    CHECK_THROWS_WITH(topologyFromSlurmConf("Nodes=n1\n", "t.conf"), "t.conf line 1: a line without SwitchName");
    CHECK_THROWS_WITH(topologyFromSlurmConf("SwitchName=a Nodes=n[5-1]\n", "t.conf"),
                      Catch::StartsWith("t.conf line 1: Nodes: "));
    CHECK_THROWS_WITH(topologyFromSlurmConf("SwitchName=a Nodes=n1\nSwitchName=a Nodes=n2\n", "t.conf"),
                      "t.conf line 2: switch 'a' is defined again (first on line 1)");
    CHECK_THROWS_WITH(topologyFromSlurmConf("# nothing\n\n", "t.conf"), "t.conf: no SwitchName line");
    CHECK_THROWS_WITH(topologyFromSlurmConf("SwitchName=a Nodes=a\n", "t.conf"),
                      "t.conf line 1: 'a' is both a switch and a node");
}

TEST_CASE("a design is written as topology.conf and read back the same", "[cluster][slurm]")
{
    SECTION("the man page's tree comes back line for line")
    {
        const json t = writeNetwork(topologyFromSlurmConf(kSlurmExample, "topology.conf"));
        const std::vector<std::string> expected{"SwitchName=s0 Nodes=dev[0-5]", "SwitchName=s1 Nodes=dev[6-11]",
                                                "SwitchName=s2 Nodes=dev[12-17]", "SwitchName=s3 Switches=s[0-2]"};
        CHECK(lines(slurmConfFromTopology(readNetwork(t))) == expected);
    }
    SECTION("a k=4 fat-tree: 8 edge switches with 2 hosts, 8 aggregation switches, 4 cores")
    {
        const Topology ft = topologyFromJson(json{{"generator", "fat-tree"}, {"params", {{"k", 4}}}});
        const json explicitForm = topologyToJson(ft, TopologyJsonForm::Explicit);
        const std::string conf = slurmConfFromTopology(readNetwork(explicitForm));
        int withNodes = 0, withSwitches = 0;
        for (const std::string& l : lines(conf)) {
            withNodes += l.find(" Nodes=") != std::string::npos;
            withSwitches += l.find(" Switches=") != std::string::npos;
        }
        CHECK(withNodes == 8);      // k^2/2 edge switches
        CHECK(withSwitches == 12);  // k^2/2 aggregation + (k/2)^2 core switches
        const json back = writeNetwork(topologyFromSlurmConf(conf, "exported"));
        CHECK(count(back, "host") == 16);   // k^3/4
        CHECK(count(back, "switch") == 20); // 5k^2/4
        CHECK(back["edges"].size() == 48);  // 3k^3/4
        // host - edge - aggregation - core - aggregation - edge - host
        CHECK(computeMetrics(topologyFromJson(back)).diameter() == 6);
    }
    SECTION("what topology.conf cannot say is refused, named")
    {
        const json bus = topologyToJson(topologyFromJson(json{{"generator", "bus"}, {"params", {{"n", 3}}}}),
                                        TopologyJsonForm::Explicit);
        CHECK_THROWS_WITH(slurmConfFromTopology(readNetwork(bus)), Catch::Contains("topology.conf describes hosts under switches "
                                                                      "only, no shared segments"));
        const json ring = json::parse(R"({"vertices": [{"id": "a", "kind": "switch"}, {"id": "b", "kind": "switch"},
            {"id": "c", "kind": "switch"}, {"id": "h1", "kind": "host"}, {"id": "h2", "kind": "host"}],
            "edges": [{"from": "h1", "to": "a", "bandwidth": 1}, {"from": "h2", "to": "b", "bandwidth": 1},
                      {"from": "a", "to": "b", "bandwidth": 1}, {"from": "a", "to": "c", "bandwidth": 1},
                      {"from": "b", "to": "c", "bandwidth": 1}]})");
        CHECK_THROWS_WITH(slurmConfFromTopology(readNetwork(ring)),
                          "link a - b joins two switches of the same level: topology.conf describes a hierarchy only");
        const json hostToHost = json::parse(R"({"vertices": [{"id": "a", "kind": "host"}, {"id": "b", "kind": "host"}],
            "edges": [{"from": "a", "to": "b", "bandwidth": 1}]})");
        CHECK_THROWS_WITH(slurmConfFromTopology(readNetwork(hostToHost)),
                          "link a - b joins two hosts: topology.conf has no such link");
    }
}

namespace {

// ibnetdiscover's output for a spine, two leaves and four hosts, in the
// layout it prints (tabs, GUIDs, descriptions, "4xEDR").
const char* const kIbnet = R"(#
# Topology file: generated on Sun Nov 22 12:00:00 2026
#
# Initiated from node 0002c903000a0f2c port 0002c903000a0f2d

vendid=0x2c9
devid=0xcb20
sysimgguid=0x248a070300f8a1b0
switchguid=0x248a070300f8a1b0(248a070300f8a1b0)
Switch	36 "S-248a070300f8a1b0"		# "MF0;spine-1:MSB7800/U1" enhanced port 0 lid 1 lmc 0
[1]	"S-248a070300f8a2c0"[35]		# "MF0;leaf-1:MSB7800/U1" lid 2 4xEDR
[2]	"S-248a070300f8a3d0"[35]		# "MF0;leaf-2:MSB7800/U1" lid 3 4xEDR

vendid=0x2c9
devid=0xcb20
sysimgguid=0x248a070300f8a2c0
switchguid=0x248a070300f8a2c0(248a070300f8a2c0)
Switch	36 "S-248a070300f8a2c0"		# "MF0;leaf-1:MSB7800/U1" enhanced port 0 lid 2 lmc 0
[1]	"H-0002c903000a0f2c"[1](2c903000a0f2d) 		# "node01 HCA-1" lid 10 4xEDR
[2]	"H-0002c903000a0f3c"[1](2c903000a0f3d) 		# "node02 HCA-1" lid 11 4xEDR
[35]	"S-248a070300f8a1b0"[1]		# "MF0;spine-1:MSB7800/U1" lid 1 4xEDR

vendid=0x2c9
devid=0xcb20
sysimgguid=0x248a070300f8a3d0
switchguid=0x248a070300f8a3d0(248a070300f8a3d0)
Switch	36 "S-248a070300f8a3d0"		# "MF0;leaf-2:MSB7800/U1" enhanced port 0 lid 3 lmc 0
[1]	"H-0002c903000a0f4c"[1](2c903000a0f4d) 		# "node03 HCA-1" lid 12 4xHDR
[2]	"H-0002c903000a0f5c"[1](2c903000a0f5d) 		# "node04 HCA-1" lid 13 2xEDR
[35]	"S-248a070300f8a1b0"[2]		# "MF0;spine-1:MSB7800/U1" lid 1 4xEDR

vendid=0x2c9
devid=0x1017
sysimgguid=0x2c903000a0f2f
caguid=0x2c903000a0f2c
Ca	1 "H-0002c903000a0f2c"		# "node01 HCA-1"
[1](2c903000a0f2d) 	"S-248a070300f8a2c0"[1]		# lid 10 lmc 0 "MF0;leaf-1:MSB7800/U1" lid 2 4xEDR

vendid=0x2c9
devid=0x1017
caguid=0x2c903000a0f3c
Ca	1 "H-0002c903000a0f3c"		# "node02 HCA-1"
[1](2c903000a0f3d) 	"S-248a070300f8a2c0"[2]		# lid 11 lmc 0 "MF0;leaf-1:MSB7800/U1" lid 2 4xEDR

vendid=0x2c9
devid=0x1017
caguid=0x2c903000a0f4c
Ca	1 "H-0002c903000a0f4c"		# "node03 HCA-1"
[1](2c903000a0f4d) 	"S-248a070300f8a3d0"[1]		# lid 12 lmc 0 "MF0;leaf-2:MSB7800/U1" lid 3 4xHDR

vendid=0x2c9
devid=0x1017
caguid=0x2c903000a0f5c
Ca	1 "H-0002c903000a0f5c"		# "node04 HCA-1"
[1](2c903000a0f5d) 	"S-248a070300f8a3d0"[2]		# lid 13 lmc 0 "MF0;leaf-2:MSB7800/U1" lid 3 2xEDR
)";

} // namespace

TEST_CASE("ibnetdiscover output is read into a design topology", "[cluster][ib]")
{
    const json t = writeNetwork(topologyFromIbnetdiscover(kIbnet, "fabric.txt"));
    CHECK(count(t, "switch") == 3);
    CHECK(count(t, "host") == 4);
    // Each cable is listed from both ends; it is one link.
    CHECK(t["edges"].size() == 6);
    // Rates: width x lane data rate / 8 bits:
    //   4xEDR = 4 x 25 Gbit/s = 100 Gbit/s = 12.5e9 B/s;
    //   4xHDR = 4 x 50 = 200 Gbit/s = 25e9 B/s; 2xEDR = 50 Gbit/s = 6.25e9 B/s.
    CHECK(bandwidthOf(t, "node01", "leaf-1") == Approx(12.5e9));
    CHECK(bandwidthOf(t, "spine-1", "leaf-2") == Approx(12.5e9));
    CHECK(bandwidthOf(t, "node03", "leaf-2") == Approx(25e9));
    CHECK(bandwidthOf(t, "node04", "leaf-2") == Approx(6.25e9));
    // node01 - leaf-1 - spine-1 - leaf-2 - node03: 4 hops.
    CHECK(computeMetrics(topologyFromJson(t)).diameter() == 4);
    // And the fabric as Slurm would be told about it.
    const std::vector<std::string> expected{"SwitchName=leaf-1 Nodes=node[01-02]",
                                            "SwitchName=leaf-2 Nodes=node[03-04]",
                                            "SwitchName=spine-1 Switches=leaf-[1-2]"};
    auto got = lines(slurmConfFromTopology(readNetwork(t)));
    std::sort(got.begin(), got.end());
    CHECK(got == expected);
}

TEST_CASE("ibnetdiscover mistakes are refused with the line", "[cluster][ib]")
{
    CHECK_THROWS_WITH(topologyFromIbnetdiscover("hello\n", "f.txt"),
                      "f.txt: no Switch or Ca block (is this ibnetdiscover output?)");
    CHECK_THROWS_WITH(topologyFromIbnetdiscover("[1]\t\"S-1\"[2]\t\t# \"x\" lid 1 4xEDR\n", "f.txt"),
                      "f.txt line 1: a port line before any Switch or Ca line");
    CHECK_THROWS_WITH(
        topologyFromIbnetdiscover("Switch\t8 \"S-1\"\t# \"MF0;a:b\"\n[1]\t\"S-2\"[1]\t\t# \"y\" lid 2 4xWAT\n", "f.txt"),
        "f.txt line 2: unknown link speed 'WAT'");
    CHECK_THROWS_WITH(
        topologyFromIbnetdiscover("Switch\t8 \"S-1\"\t# \"MF0;a:b\"\n[1]\t\"S-2\"[1]\t\t# \"y\" lid 2 4xEDR\n", "f.txt"),
        "f.txt line 2: port linked to 'S-2', which has no block of its own");
}
