// Generators: counts and diameter at small sizes, the Beowulf segment mesh of
// 004_07d1c859a4352179.txt §4 (Figs. 5-6), and Berkeley NOW's fat-tree of
// 002_5a9fca780898fb85.txt §2.2. A hop is one link traversed host to host.
#include "model/core/ModelError.h"
#include "model/core/Unit.h"
#include "model/topology/generators/GeneratorRegistry.h"
#include "model/topology/metrics/HostHops.h"
#include "model/topology/routing/HopHistogram.h"
#include "model/topology/routing/Routing.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <set>

using namespace cs;

namespace {

struct Expect {
    std::size_t hosts, switches, segments, links;
    int diameter;
};

void checkShape(const Topology& t, const Expect& e)
{
    const TopologyCounts c = t.counts();
    CHECK(c.hosts == e.hosts);
    CHECK(c.switches == e.switches);
    CHECK(c.segments == e.segments);
    CHECK(c.links == e.links);
    CHECK(hostHopHistogram(t).diameter() == e.diameter);
    // The generator's analytical counts agree with what it built.
    const Generator& g = GeneratorRegistry::builtin().get(t.generator);
    std::vector<double> p;
    for (const auto& kv : t.generatorParams)
        p.push_back(kv.second);
    const GeneratorCounts gc = g.counts(p.data());
    CHECK(gc.hosts == static_cast<double>(c.hosts));
    CHECK(gc.switches == static_cast<double>(c.switches));
    CHECK(gc.segments == static_cast<double>(c.segments));
    CHECK(gc.links == static_cast<double>(c.links));
}

std::size_t v(const Topology& t, const char* id)
{
    const auto x = t.find(id);
    REQUIRE(x);
    return *x;
}

} // namespace

TEST_CASE("every generator's counts and diameter at small sizes", "[topology]")
{
    // star n=5: 5 hosts on one switch, 5 links; host-switch-host = 2 hops.
    checkShape(generate("star", {{"n", 5}}), {5, 1, 0, 5, 2});
    // bus / hub n=4: one segment, 4 links, host-segment-host = 2 hops.
    checkShape(generate("bus", {{"n", 4}}), {4, 0, 1, 4, 2});
    checkShape(generate("hub", {{"n", 4}}), {4, 0, 1, 4, 2});
    // bonded n=16, nets=2 (004 §3): 2 segments, 16 x 2 = 32 links, 2 hops.
    checkShape(generate("bonded", {}), {16, 0, 2, 32, 2});
    // bonded over switches: the same with 2 switches.
    checkShape(generate("bonded", {{"medium", 1}, {"nets", 3}, {"n", 4}}), {4, 3, 0, 12, 2});
    // beowulf-mesh 4x4 software: 4 + 4 segments, 2 links per host = 32;
    // remote = host-seg-host-seg-host = 4 hops.
    checkShape(generate("beowulf-mesh", {}), {16, 0, 8, 32, 4});
    // switch-routed: + 2 switches, + 4 + 4 segment-switch links = 40;
    // remote = host-seg-switch-seg-host = 4 hops.
    checkShape(generate("beowulf-mesh", {{"routing", 1}}), {16, 2, 8, 40, 4});
    // fat-tree k=4: k^3/4 = 16 hosts, 5k^2/4 = 20 switches, 3k^3/4 = 48 links,
    // host-edge-agg-core-agg-edge-host = 6 hops.
    checkShape(generate("fat-tree", {{"k", 4}}), {16, 20, 0, 48, 6});
    // k=2: 2 hosts, 5 switches (2 edge, 2 agg, 1 core), 2 + 2 + 2 = 6 links, 6 hops.
    checkShape(generate("fat-tree", {{"k", 2}}), {2, 5, 0, 6, 6});
    // k=6: 54 hosts, 45 switches, 162 links.
    checkShape(generate("fat-tree", {{"k", 6}}), {54, 45, 0, 162, 6});
    // torus k=4, dims=2: 16 hosts, dims x k^dims = 32 links, diameter 2 x floor(4/2) = 4.
    checkShape(generate("torus", {{"k", 4}, {"dims", 2}}), {16, 0, 0, 32, 4});
    // ring of 5: 5 links, diameter floor(5/2) = 2.
    checkShape(generate("torus", {{"k", 5}, {"dims", 1}}), {5, 0, 0, 5, 2});
    // 3x3x3 torus: 27 hosts, 81 links, diameter 3.
    checkShape(generate("torus", {{"k", 3}, {"dims", 3}}), {27, 0, 0, 81, 3});
    // mesh k=3, dims=2: 2 x (3-1) x 3 = 12 links, diameter 2 x (3-1) = 4.
    checkShape(generate("mesh", {{"k", 3}, {"dims", 2}}), {9, 0, 0, 12, 4});
    // hypercube dims=3: 8 hosts, 3 x 8 / 2 = 12 links, diameter 3; dims=4: 16, 32, 4.
    checkShape(generate("hypercube", {{"dims", 3}}), {8, 0, 0, 12, 3});
    checkShape(generate("hypercube", {{"dims", 4}}), {16, 0, 0, 32, 4});
    // full n=5: 5 x 4 / 2 = 10 links, 1 hop.
    checkShape(generate("full", {{"n", 5}}), {5, 0, 0, 10, 1});
    // gfat defaults = Berkeley NOW: 105 hosts; 21 + 12 + 3 = 36 switches;
    // 105 + 63 + 24 = 192 links (see the NOW test); host-L1-L2-L3-L2-L1-host = 6.
    checkShape(generate("gfat", {}), {105, 36, 0, 192, 6});
    // gfat with one level is a single switch: 5 hosts, 2 hops.
    checkShape(generate("gfat", {{"levels", 1}, {"up1", 0}}), {5, 1, 0, 5, 2});
}

TEST_CASE("the 4x4 Beowulf segment mesh: 6 local, 9 remote peers, one intermediate, four per segment",
          "[topology]")
{
    // 004_07d1c859a4352179.txt §4: "Any node in the cluster can communicate
    // directly with six other nodes ... the remaining nine nodes ... an
    // intermediate node ... no more than one intermediate router node".
    for (int routing : {0, 1}) {
        const Topology t = generate("beowulf-mesh", {{"routing", routing}});
        for (std::size_t src : t.hosts()) {
            const std::vector<int> d = hopDistances(t, src);
            int local = 0, remote = 0;
            for (std::size_t h : t.hosts()) {
                if (h == src)
                    continue;
                local += d[h] == 2;  // host - segment - host
                remote += d[h] == 4; // through one intermediate (host or switch)
            }
            CHECK(local == 6);  // 3 in its row + 3 in its column
            CHECK(remote == 9); // 3 other rows x 3 other columns
        }
        // At most four hosts per segment: each segment has exactly 4 host links.
        for (std::size_t x = 0; x < t.vertexCount(); ++x) {
            if (t.attributes(x).kind != VertexKind::Segment)
                continue;
            int hostsOn = 0;
            for (std::size_t e = 0; e < t.edgeCount(); ++e) {
                const auto [a, b] = t.endpoints(e);
                if (a == x || b == x)
                    hostsOn += t.attributes(a == x ? b : a).kind == VertexKind::Host;
            }
            CHECK(hostsOn == 4);
        }
        CHECK(*t.fact("local_peers") == 6);
        CHECK(*t.fact("remote_peers") == 9);
        CHECK(*t.fact("max_hosts_per_segment") == 4);
    }
}

TEST_CASE("software-routed mesh routes pass through exactly one host, switch-routed through a switch",
          "[topology]")
{
    // 004 §4: "there are always two possible routes between any two nodes".
    {
        const Topology t = generate("beowulf-mesh", {});
        const auto routes = minHopRoutes(t, v(t, "h0_0"), v(t, "h1_1"));
        REQUIRE(routes.size() == 2);
        std::set<std::vector<std::string>> ids;
        for (const auto& r : routes) {
            std::vector<std::string> s;
            for (std::size_t x : r)
                s.push_back(t.vertex(x).id);
            ids.insert(s);
            // Intermediate hosts: everything but the ends that is a host.
            int inner = 0;
            for (std::size_t i = 1; i + 1 < r.size(); ++i)
                inner += t.attributes(r[i]).kind == VertexKind::Host;
            CHECK(inner == 1);
        }
        CHECK(ids == std::set<std::vector<std::string>>{{"h0_0", "row0", "h0_1", "col1", "h1_1"},
                                                       {"h0_0", "col0", "h1_0", "row1", "h1_1"}});
        // A local peer: one segment, no intermediate.
        const auto local = minHopRoutes(t, v(t, "h0_0"), v(t, "h0_3"));
        REQUIRE(local.size() == 1);
        CHECK(local[0].size() == 3);
    }
    {
        const Topology t = generate("beowulf-mesh", {{"routing", 1}});
        const auto routes = minHopRoutes(t, v(t, "h0_0"), v(t, "h1_1"));
        REQUIRE(routes.size() == 2);
        for (const auto& r : routes) {
            REQUIRE(r.size() == 5);
            CHECK(t.attributes(r[2]).kind == VertexKind::Switch); // no CPU cycles lost to routing
        }
        // Hosts do not forward in the switch-routed mesh.
        for (std::size_t h : t.hosts())
            CHECK_FALSE(t.isTransit(h));
    }
}

TEST_CASE("Berkeley NOW from the general fat-tree: 105 hosts, cables, and the 40% claim", "[topology]")
{
    // 002_5a9fca780898fb85.txt §2.2: 8-port switches; "five hosts to each
    // first level switch"; "groups of seven of these switches are treated as
    // a 35-node subcluster with the 21 upward links spread over four level-two
    // switches. Three of these subclusters ..."
    const Topology t = generate("gfat", {});
    // 5 hosts x 7 switches x 3 subclusters = 105.
    CHECK(t.counts().hosts == 105);
    std::map<std::string, int> switchesByLevel;
    for (std::size_t x = 0; x < t.vertexCount(); ++x)
        if (t.attributes(x).kind == VertexKind::Switch)
            ++switchesByLevel[t.vertex(x).id.substr(0, 2)];
    CHECK(switchesByLevel["s1"] == 21); // 7 per subcluster x 3
    CHECK(switchesByLevel["s2"] == 12); // 4 per subcluster x 3 (ceil(21 / 6) = 4)
    CHECK(switchesByLevel["s3"] == 3);  // assumed top: ceil(12 x 2 / 8) = 3

    // Cables by kind: host links 105; level 1 -> 2: 21 switches x 3 up = 63;
    // level 2 -> 3 (assumed): 12 x 2 = 24. Total 192.
    int hostCables = 0, l12 = 0, l23 = 0;
    std::map<std::size_t, int> downOfL2;
    for (std::size_t e = 0; e < t.edgeCount(); ++e) {
        const auto [a, b] = t.endpoints(e);
        const std::string ia = t.vertex(a).id, ib = t.vertex(b).id;
        auto level = [](const std::string& id) { return id[0] == 'h' ? 0 : id[1] - '0'; };
        const int la = level(ia), lb = level(ib);
        if (std::min(la, lb) == 0)
            ++hostCables;
        else if (std::max(la, lb) == 2)
            ++l12, ++downOfL2[la == 2 ? a : b];
        else
            ++l23;
    }
    CHECK(hostCables == 105);
    CHECK(l12 == 63);
    CHECK(l23 == 24);
    // Each subcluster's 21 up-links over its 4 level-two switches: 6, 5, 5, 5.
    std::multiset<int> spread;
    for (const auto& kv : downOfL2)
        spread.insert(kv.second);
    CHECK(spread == std::multiset<int>{5, 5, 5, 5, 5, 5, 5, 5, 5, 6, 6, 6});
    // No switch uses more than its 8 ports (validate() checks; spelled out here).
    CHECK_NOTHROW(t.validate());

    // The claim "attach five hosts to each first level switch, which
    // eliminates 40% of the cable mass": a full-bisection first level of
    // 8-port switches has 4 hosts and 4 up-links, 4/4 = 1 up-link cable per
    // host; NOW has 3/5 = 0.6 (63 / 105). 1 - 0.6/1 = 0.4, i.e. 40% of the
    // up-link cables (the bulky ones running to the switch racks) are gone.
    CHECK(*t.fact("uplink_cables_per_host_L1") == Approx(63.0 / 105.0));
    CHECK(*t.fact("uplink_cables_per_host_L1") == Approx(0.6));
    CHECK(*t.fact("uplink_saving_L1_vs_full_bisection") == Approx(0.4));
    // Above level 2 (our assumed joining level): 24 / 105 per host.
    CHECK(*t.fact("uplink_cables_per_host_L2") == Approx(24.0 / 105.0));
    CHECK(*t.fact("uplink_cables_per_host") == Approx(87.0 / 105.0));

    // Hops: 4 other hosts on its switch at 2; 30 more in its subcluster at 4
    // (any two level-1 switches share a level-2 switch: each reaches 3 of 4);
    // the 70 in other subclusters at 6. Ordered pairs: 105 x 4 = 420,
    // 105 x 30 = 3150, 105 x 70 = 7350.
    const HopHistogram h = hostHopHistogram(t);
    REQUIRE(h.count.size() == 7);
    CHECK(h.count[2] == 420);
    CHECK(h.count[4] == 3150);
    CHECK(h.count[6] == 7350);
    CHECK(h.unreachable == 0);
}

TEST_CASE("generators refuse bad parameters, naming them", "[topology]")
{
    CHECK_THROWS_WITH(generate("fat-tree", {{"k", 5}}), "generator fat-tree: k = 5 must be even");
    CHECK_THROWS_WITH(generate("fat-tree", {{"k", 300}}), "generator fat-tree: k = 300 is out of range [2, 160]");
    CHECK_THROWS_WITH(generate("fat-tree", {{"k", 4.5}}), "generator fat-tree: k = 4.5 must be a whole number");
    CHECK_THROWS_WITH(generate("fat-tre", {}), Catch::StartsWith("unknown generator 'fat-tre' (known: star, bus, "
                                                                 "hub, bonded, beowulf-mesh, fat-tree, gfat, "));
    CHECK_THROWS_WITH(generate("fat-tree", {{"kk", 4}}),
                      "generator fat-tree has no parameter 'kk' (parameters: k, switch_lat, bw, lat, channels, cores)");
    CHECK_THROWS_WITH(generate("star", {{"n", 10}, {"ports", 8}}),
                      "generator star: n = 10 hosts x channels = 1 need 10 ports but ports = 8");
    CHECK_THROWS_WITH(generate("star", {{"n", 1}}), "generator star: n = 1 is out of range [2, 2097152]");
    CHECK_THROWS_WITH(generate("star", {{"bw", 0}}), Catch::Contains("bw = 0 is out of range [1, 1e+13]"));
    CHECK_THROWS_WITH(generate("torus", {{"k", 2}}), Catch::StartsWith("generator torus: k = 2 is too small for a torus"));
    CHECK_THROWS_WITH(generate("torus", {{"k", 2048}, {"dims", 2}}),
                      "generator torus: k = 2048, dims = 2 gives k^dims = 4194304 hosts, more than 2097152");
    CHECK_THROWS_WITH(generate("beowulf-mesh", {{"rows", 1}, {"cols", 1}}),
                      "generator beowulf-mesh: rows = 1 x cols = 1 gives one host; at least 2 are needed");
    CHECK_THROWS_WITH(generate("beowulf-mesh", {{"routing", 1}, {"rows", 6}, {"ports", 4}}),
                      "generator beowulf-mesh: routing = switch needs 6 ports (max(rows, cols) = 6 x channels = "
                      "1) but ports = 4");
    CHECK_THROWS_WITH(generate("beowulf-mesh", {{"routing", 2}}),
                      Catch::StartsWith("generator beowulf-mesh: routing = 2 is out of range"));
    CHECK_THROWS_WITH(generate("bonded", {{"medium", 1}, {"n", 9}, {"ports", 8}}),
                      "generator bonded: n = 9 hosts x channels = 1 need 9 ports on each switch but ports = 8");
    // General fat-tree: 5 + 3 = 8 ports fit an 8-port switch; 6 + 3 do not.
    CHECK_THROWS_WITH(generate("gfat", {{"down1", 6}}), "generator gfat: down1 + up1 = 9 exceed radix = 8");
    CHECK_THROWS_WITH(generate("gfat", {{"channels", 2}}),
                      "generator gfat: down1 + up1 = 8 links x channels = 2 exceed radix = 8");
    CHECK_THROWS_WITH(generate("gfat", {{"up3", 1}}),
                      "generator gfat: up3 = 1 but level 3 is the top (levels = 3); it must be 0");
    CHECK_THROWS_WITH(generate("gfat", {{"up2", 0}}),
                      "generator gfat: up2 = 0 leaves level 2 with no links to level 3 (levels = 3)");
    // 2 hosts and 6 up-links per switch, one switch per level-2 pod:
    // ceil(1 x 6 / 6) = 1 level-2 switch cannot take 6 distinct up-links.
    CHECK_THROWS_WITH(generate("gfat", {{"levels", 2}, {"down1", 2}, {"up1", 6}, {"group2", 1}, {"up2", 0}}),
                      "generator gfat: up1 = 6 exceeds the 1 level-2 switches of a level-2 pod (ceil(group2 x "
                      "up-links / down2))");
}

TEST_CASE("every generator parameter is range-checked by name", "[topology]")
{
    for (const Generator* g : GeneratorRegistry::builtin().all()) {
        const GeneratorSpec& s = g->spec();
        for (const ParamSpec& p : s.params) {
            INFO(s.name << "." << p.symbol);
            const double below = p.min - 1;
            CHECK_THROWS_WITH(generate(s.name, {{p.symbol, below}}),
                              "generator " + s.name + ": " + p.symbol + " = " + formatNumber(below) +
                                  " is out of range " + p.rangeText());
            const double above = p.max + 1;
            CHECK_THROWS_WITH(generate(s.name, {{p.symbol, above}}),
                              "generator " + s.name + ": " + p.symbol + " = " + formatNumber(above) +
                                  " is out of range " + p.rangeText());
            if (p.integer)
                CHECK_THROWS_WITH(generate(s.name, {{p.symbol, p.min + 0.5}}),
                                  Catch::EndsWith(p.symbol + " = " + formatNumber(p.min + 0.5) +
                                                  " must be a whole number"));
        }
    }
}

TEST_CASE("the registry lists every generator with sourced parameter specs", "[topology]")
{
    const auto all = GeneratorRegistry::builtin().all();
    REQUIRE(all.size() == 14);
    for (const Generator* g : all) {
        const GeneratorSpec& s = g->spec();
        CHECK_FALSE(s.source.empty());
        CHECK_FALSE(s.description.empty());
        for (const ParamSpec& p : s.params) {
            INFO(s.name << "." << p.symbol);
            CHECK_FALSE(p.meaning.empty());
            CHECK_FALSE(p.source.empty());
            CHECK(p.rangeProblem(p.defaultValue).empty());
        }
        // Defaults always build a valid network.
        CHECK_NOTHROW(generate(s.name, {}));
    }
}

TEST_CASE("a moved topology keeps its links, a copy is its own, the moved-from one is empty", "[topology]")
{
    // A k=4 fat-tree: 16 hosts, 20 switches, k^3/4 x 3 = 48 links.
    Topology a = generate("fat-tree", {{"k", 4}});
    REQUIRE(a.edgeCount() == 48);
    std::vector<std::pair<std::size_t, std::size_t>> ends;
    for (std::size_t e = 0; e < a.edgeCount(); ++e)
        ends.push_back(a.endpoints(e));
    const Topology copy = a;
    Topology moved = std::move(a);
    // The move hands over the graph: every link still reads its own ends.
    REQUIRE(moved.edgeCount() == 48);
    for (std::size_t e = 0; e < moved.edgeCount(); ++e) {
        CHECK(moved.endpoints(e) == ends[e]);
        CHECK(copy.endpoints(e) == ends[e]);
    }
    CHECK(moved.counts().hosts == 16);
    CHECK(moved.find("core0"));
    // The source is an empty topology that can be built again.
    CHECK(a.vertexCount() == 0);
    CHECK(a.edgeCount() == 0);
    CHECK(a.hosts().empty());
    CHECK_FALSE(a.find("core0"));
    a.addHost("x");
    a.addHost("y");
    a.addLink("x", "y", {1e9, 0, 1, true});
    CHECK(a.endpoints(0) == std::pair<std::size_t, std::size_t>{0, 1});
    // Move assignment: the target's old graph goes, the links stay readable.
    moved = std::move(a);
    CHECK(moved.edgeCount() == 1);
    CHECK(moved.vertex(moved.endpoints(0).second).id == "y");
    CHECK(copy.edgeCount() == 48); // the copy did not share the graph
}
