// The design's topology as a source block: what it derives from the graph,
// how documents carry it, how P follows its host count, and how a sweep of a
// generator parameter regenerates the network.
#include "model/core/ModelError.h"
#include "model/core/Plan.h"
#include "model/document/DocumentFormat.h"
#include "model/sweep/Sweep.h"
#include "model/topology/generators/GeneratorRegistry.h"
#include "model/topology/io/TopologyJson.h"
#include "model/topology/TopologySourceJson.h"
#include "JobTestNetworks.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <memory>

using namespace cs;
using Catch::Matchers::Contains;
using nlohmann::json;
using cs::test::fftDocument;

namespace {

std::array<double, TopologySource::kOutputs> outputsOf(const json& topo)
{
    const TopologySourceParts parts = topologySourceFromJson(topo);
    std::vector<double> in;
    for (const ParamValue& v : parts.values)
        in.push_back(v.value);
    REQUIRE(parts.block->check(in.data()).empty());
    std::array<double, TopologySource::kOutputs> out{};
    parts.block->evaluate(in.data(), out.data());
    return out;
}

} // namespace

TEST_CASE("topology source: a star's outputs, derived by hand", "[topology][source]")
{
    // 4 hosts on one switch, 1e6 B/s links (8 Mbit/s), no latency.
    // All-to-all: each host uplink carries 3 outgoing flows, so one flow gets
    // 1e6 / 3 B/s and a host (H - 1) x that = 1e6 B/s; G_a2a = 1 / 1e6 = 1 us/B.
    // Hops: every host pair is host - switch - host = 2 links.
    const auto out = outputsOf({{"generator", "star"}, {"params", {{"n", 4}, {"bw", 1e6}}}});
    CHECK(out[TopologySource::hosts] == 4);
    CHECK(out[TopologySource::switches] == 1);
    CHECK(out[TopologySource::links] == 4);
    CHECK(out[TopologySource::diameter] == 2);
    CHECK(out[TopologySource::avg_hops] == Approx(2.0));
    CHECK(out[TopologySource::a2a_load] == Approx(3.0));
    CHECK(out[TopologySource::a2a_bw] == Approx(1e6));
    CHECK(out[TopologySource::G_a2a] == Approx(1e-6));
    CHECK(out[TopologySource::inj_bw] == Approx(1e6));
    CHECK(out[TopologySource::channels] == 1);
    CHECK(out[TopologySource::link_bw] == Approx(1e6));
    CHECK(out[TopologySource::seg_bw] == 0);
    CHECK(out[TopologySource::mesh_rows] == 0); // a star is no segment mesh
    // Ring: host i sends to i + 1; each uplink and downlink carries one flow: 1e6 B/s per flow.
    CHECK(out[TopologySource::ring_bw] == Approx(1e6));

    // Route latency: 2 us links and a 3 us switch. Every pair crosses two links and the
    // switch: L = L_max = 2 + 3 + 2 = 7 us.
    const auto lat = outputsOf(
        {{"generator", "star"}, {"params", {{"n", 4}, {"bw", 1e6}, {"lat", 2e-6}, {"switch_lat", 3e-6}}}});
    CHECK(lat[TopologySource::L] == Approx(7e-6));
    CHECK(lat[TopologySource::L_max] == Approx(7e-6));
}

TEST_CASE("topology source: edge up-links are the cables from the hosts' switches to the others", "[topology][source]")
{
    // A star: the one switch has every host and no other switch: 0.
    CHECK(outputsOf({{"generator", "star"}, {"params", {{"n", 4}, {"bw", 1e6}}}})[TopologySource::edge_uplinks] == 0);
    // 002 §2.2, Fig. 3 (gfat with its NOW defaults): 105 hosts, five per first-level switch, so
    // 105 / 5 = 21 first-level switches with up1 = 3 up-links each: 63 cables leave the edge. The
    // level-two to level-three links (12 x 2 = 24 of the 192) join switches without hosts and do not
    // count. 1 - 63 / 105 = 40%, 002's "eliminates 40% of the cable mass".
    const auto now = outputsOf({{"generator", "gfat"}, {"params", json::object()}});
    CHECK(now[TopologySource::hosts] == 105);
    CHECK(now[TopologySource::links] == 192);
    CHECK(now[TopologySource::edge_uplinks] == 63);
    // One subcluster (levels = 2): 7 switches x 5 hosts = 35 hosts, 7 x 3 = 21 up-links to ceil(21 / 6)
    // = 4 level-two switches; links 35 + 21 = 56, all 21 up-links leave the edge: 1 - 21 / 35 = 40%.
    const json sub = {{"levels", 2}, {"down1", 5}, {"up1", 3}, {"group2", 7}, {"down2", 6}, {"up2", 0}};
    const auto subcluster = outputsOf({{"generator", "gfat"}, {"params", sub}});
    CHECK(subcluster[TopologySource::hosts] == 35);
    CHECK(subcluster[TopologySource::links] == 56);
    CHECK(subcluster[TopologySource::edge_uplinks] == 21);
    // Four hosts and four up-links per 8-port switch (full bisection at the first level): 8 switches
    // x 4 hosts = 32 hosts and 8 x 4 = 32 up-links to 32 / 8 = 4 level-two switches: one cable per host.
    const json fullBisection = {{"levels", 2}, {"down1", 4}, {"up1", 4}, {"group2", 8}, {"down2", 8}, {"up2", 0}};
    const auto full = outputsOf({{"generator", "gfat"}, {"params", fullBisection}});
    CHECK(full[TopologySource::hosts] == 32);
    CHECK(full[TopologySource::switches] == 12);
    CHECK(full[TopologySource::edge_uplinks] == 32);
}

TEST_CASE("topology source: segment mesh shape and bonded channels come from the graph", "[topology][source]")
{
    // 004 Fig. 5: 4 x 4 hosts, each on one row and one column segment of 10 Mbit/s.
    const auto mesh = outputsOf({{"generator", "beowulf-mesh"}, {"params", {{"rows", 4}, {"cols", 3}, {"bw", 1.25e6}}}});
    CHECK(mesh[TopologySource::mesh_rows] == 4);
    CHECK(mesh[TopologySource::mesh_cols] == 3);
    CHECK(mesh[TopologySource::seg_bw] == Approx(1.25e6));
    CHECK(mesh[TopologySource::channels] == 2); // a host has one link to each of its two segments

    // The same mesh drawn by hand (2 x 2, software-routed: hosts forward) is
    // recognised without a generator.
    const json drawn = {
        {"vertices",
         {{{"id", "a"}, {"kind", "host"}, {"forwards", true}}, {{"id", "b"}, {"kind", "host"}, {"forwards", true}},
          {{"id", "c"}, {"kind", "host"}, {"forwards", true}}, {{"id", "d"}, {"kind", "host"}, {"forwards", true}}, {{"id", "r0"}, {"kind", "segment"}, {"bandwidth", 1e6}},
          {{"id", "r1"}, {"kind", "segment"}, {"bandwidth", 2e6}}, {{"id", "c0"}, {"kind", "segment"}, {"bandwidth", 1e6}},
          {{"id", "c1"}, {"kind", "segment"}, {"bandwidth", 1e6}}}},
        {"edges",
         {{{"from", "a"}, {"to", "r0"}, {"bandwidth", 1e6}}, {{"from", "a"}, {"to", "c0"}, {"bandwidth", 1e6}},
          {{"from", "b"}, {"to", "r0"}, {"bandwidth", 1e6}}, {{"from", "b"}, {"to", "c1"}, {"bandwidth", 1e6}},
          {{"from", "c"}, {"to", "r1"}, {"bandwidth", 1e6}}, {{"from", "c"}, {"to", "c0"}, {"bandwidth", 1e6}},
          {{"from", "d"}, {"to", "r1"}, {"bandwidth", 1e6}}, {{"from", "d"}, {"to", "c1"}, {"bandwidth", 1e6}}}}};
    const auto d = outputsOf(drawn);
    CHECK(d[TopologySource::mesh_rows] == 2);
    CHECK(d[TopologySource::mesh_cols] == 2);
    CHECK(d[TopologySource::seg_bw] == Approx(1e6)); // the slowest segment

    // 004 §3: two parallel networks give every host two channels.
    const auto bonded = outputsOf({{"generator", "bonded"}, {"params", {{"n", 8}, {"nets", 2}, {"bw", 1.25e6}}}});
    CHECK(bonded[TopologySource::channels] == 2);
    CHECK(bonded[TopologySource::link_bw] == Approx(1.25e6));
    CHECK(bonded[TopologySource::inj_bw] == Approx(2.5e6));
}

TEST_CASE("topology source: P follows the host count unless set, and is never clipped", "[topology][source]")
{
    DesignDocument doc = documentFromJson(fftDocument({{"generator", "star"}, {"params", {{"n", 4}, {"bw", 1e6}}}}));
    REQUIRE(doc.design.topology() != nullptr);
    const Plan plan = doc.design.compile();
    const int P = plan.slotOf("P");
    CHECK(plan.isFollowing(P));
    std::vector<double> slots = plan.initialSlots();
    plan.runOrThrow(slots.data());
    CHECK(slots[P] == 4); // the star's 4 hosts
    CHECK(slots[plan.slotOf("fft.P")] == 4);
    CHECK(slots[plan.slotOf("fft.B_net")] == Approx(1e6));

    // Set by the user (or a sweep) it is bounded, with both numbers named.
    doc.design.setDesignParam("P", 8);
    const Plan pinned = doc.design.compile();
    std::vector<double> s2 = pinned.initialSlots();
    EvalError err;
    CHECK_FALSE(pinned.run(s2.data(), &err));
    CHECK(err.message == "design parameter P = 8 exceeds topology.hosts = 4");

    // A sweep row names the same reason.
    const SweepTable t = runSweep(doc, {{"P", {2, 4, 8}}});
    REQUIRE(t.errors.size() == 1);
    CHECK(t.errors[0].first == 2);
    CHECK_THAT(t.errors[0].second, Contains("P = 8 exceeds topology.hosts = 4"));
}

TEST_CASE("topology source: slower, fewer hosts lower the INIC prediction", "[topology][source]")
{
    // 000 eqs. (3)-(10), rows = 1024, elem = 16, t_fft1d = 100 us, bw_hc = 80 MiB/s,
    // bw_cn = 90 MiB/s, P = 4: S = 1024^2 x 16 / 4 = 4194304 B.
    //   T_compute = 2 x 100e-6 x 256 = 0.0512 s; T_dtc = (S/P)/bw_hc = 1048576 / 83886080 = 0.0125 s;
    //   T_dth = S / bw_hc = 0.05 s.
    // On a 1 Gbit/s star the card is the bottleneck (min(90 MiB/s, 125e6) = 94371840 B/s):
    //   T_dtg = 1048576 / 94371840 = 0.0111111 s, T_dfg = 3 x that = 0.0333333 s,
    //   T = 0.0512 + 2 (0.0125 + 0.0111111 + 0.0333333 + 0.05) = 0.2650889 s.
    // On a 4-host star of 8 Mbit/s links the network is (a2a_bw = 1e6 B/s):
    //   T_dtg = 1048576 / 1e6 = 1.048576 s, T_dfg = 3.145728 s,
    //   T = 0.0512 + 2 (0.0125 + 1.048576 + 3.145728 + 0.05) = 8.564808 s.
    DesignDocument fast = documentFromJson(fftDocument({{"generator", "star"}, {"params", {{"n", 16}}}}));
    DesignDocument slow = documentFromJson(fftDocument({{"generator", "star"}, {"params", {{"n", 4}, {"bw", 1e6}}}}));
    const SweepTable tf = runSweep(fast, {{"P", {4}}});
    const SweepTable ts = runSweep(slow, {{"P", {4}}});
    REQUIRE(tf.errors.empty());
    REQUIRE(ts.errors.empty());
    CHECK(tf.at(0, 0) == Approx(0.2650889).epsilon(1e-6));
    CHECK(ts.at(0, 0) == Approx(8.564808).epsilon(1e-6));
    // Speedup against P = 1 on each network. P = 1 on the slow star:
    //   S = 16777216, T = 0.2048 + 2 (0.2 + 16.777216 + 0 + 0.2) = 34.559232 s -> 34.559232 / 8.564808 = 4.03503.
    // On the fast star: T(1) = 0.2048 + 2 (0.2 + 0.1777778 + 0.2) = 1.3603556 s -> 1.3603556 / 0.2650889 = 5.13168.
    CHECK(ts.at(0, 1) == Approx(4.03503).epsilon(1e-5));
    CHECK(tf.at(0, 1) == Approx(5.13168).epsilon(1e-5));
    CHECK(ts.at(0, 1) < tf.at(0, 1));
}

TEST_CASE("topology source: sweeping a generator parameter regenerates the network", "[topology][source]")
{
    DesignDocument doc = documentFromJson(fftDocument({{"generator", "fat-tree"}, {"params", {{"k", 4}}}}));
    // A k-ary fat-tree has k^3 / 4 hosts: 16, 54, 128 for k = 4, 6, 8. P follows them.
    SweepOptions one;
    one.threads = 1;
    one.extraOutputs = {"topology.hosts", "fft.P"};
    const SweepTable t = runSweep(doc, {{"topology.k", {4, 6, 8}}}, one);
    REQUIRE(t.errors.empty());
    const int hosts = t.column("topology.hosts");
    const int procs = t.column("fft.P");
    CHECK(t.at(0, hosts) == 16);
    CHECK(t.at(1, hosts) == 54);
    CHECK(t.at(2, hosts) == 128);
    CHECK(t.at(2, procs) == 128);
    // The metrics are computed once per network and cached.
    const auto* block = dynamic_cast<const TopologySource*>(doc.design.topology()->block);
    REQUIRE(block);
    const std::size_t misses = block->cacheMisses();
    runSweep(doc, {{"topology.k", {4, 6, 8}}});
    CHECK(block->cacheMisses() == misses);
}

TEST_CASE("topology source: two drawn networks never share cached metrics", "[topology][source]")
{
    // A drawn source has no inputs, so every drawn source looks its metrics
    // up under the same (empty) key; each thread's recent entries are tagged
    // with the cache they came from. A star of 3 hosts and one of 5, each
    // evaluated again after the other (and after the first is destroyed and
    // a third takes its place), keep their own host counts.
    auto star = [](int hosts) {
        Topology t;
        const std::size_t sw = t.addSwitch("sw", 8);
        for (int i = 0; i < hosts; ++i)
            t.addLink(t.addHost("h" + std::to_string(i)), sw, LinkProps{125e6, 1e-6, 1, true});
        return t;
    };
    std::vector<double> in(1), out3(TopologySource::kOutputs), out5(TopologySource::kOutputs);
    auto three = std::make_unique<TopologySource>(star(3));
    const TopologySource five(star(5));
    three->evaluate(in.data(), out3.data());
    five.evaluate(in.data(), out5.data());
    three->evaluate(in.data(), out3.data());
    CHECK(out3[TopologySource::hosts] == 3);
    CHECK(out5[TopologySource::hosts] == 5);
    three.reset();
    const auto seven = std::make_unique<TopologySource>(star(7));
    seven->evaluate(in.data(), out3.data());
    CHECK(out3[TopologySource::hosts] == 7);
    CHECK(seven->cacheMisses() == 1);
}

TEST_CASE("topology source: one per design, not removable, fed by design parameters only", "[topology][source]")
{
    DesignDocument doc = documentFromJson(fftDocument({{"generator", "star"}, {"params", {{"n", 8}}}}));
    CHECK_THROWS_WITH(doc.design.removeBlock("topology"), Contains("cannot be removed"));
    CHECK_THROWS_WITH(doc.design.renameBlock("topology", "net"), Contains("keeps its name"));
    CHECK_THROWS_WITH(doc.design.addBlock("topology", "inic.fft2d"), Contains("reserved"));
    CHECK_THAT(doc.design.checkConnection(Source::output({"fft", "T"}), {"topology", "n"}),
               Contains("design parameters only"));

    // A block added later takes what the topology can supply.
    doc.design.addBlock("net", "logp.loggp");
    const std::vector<Wire> made = doc.design.wireFromTopology("net");
    REQUIRE(made.size() == 2);
    CHECK(made[0].from.str() == "topology.L");
    CHECK(made[1].from.str() == "topology.xchg_bw"); // the exchange's rounds on the placed hosts
}

TEST_CASE("topology source: documents keep it through save and load, bad sections are refused", "[topology][source]")
{
    DesignDocument doc = documentFromJson(fftDocument({{"generator", "torus"}, {"params", {{"k", 3}, {"dims", 2}}}}));
    doc.design.setValue({"topology", "k"}, 5);
    const json saved = documentToJson(doc);
    CHECK(saved["topology"]["generator"] == "torus");
    CHECK(saved["topology"]["params"]["k"] == 5);
    CHECK_FALSE(saved["parameters"][0].contains("value")); // P still follows
    CHECK(saved["parameters"][0]["follows"] == "topology.hosts");
    const DesignDocument back = documentFromJson(saved);
    CHECK(back.design.value({"topology", "k"}).value == 5);
    CHECK(documentToJson(back) == saved);

    // Invalid topology sections fail on load, with their JSON path.
    json bad = fftDocument({{"generator", "nosuch"}});
    CHECK_THROWS_WITH(documentFromJson(bad), Contains("topology.generator: unknown generator 'nosuch'"));
    bad = fftDocument({{"generator", "fat-tree"}, {"params", {{"k", 5}}}});
    CHECK_THROWS_WITH(documentFromJson(bad), Contains("topology.params"));
    bad = fftDocument({{"generator", "star"}, {"params", {{"n", "many"}}}});
    CHECK_THROWS_WITH(documentFromJson(bad), Contains("topology.params.n"));
}

TEST_CASE("topology source: version 2 documents migrate with P bounded by the hosts", "[topology][source][document]")
{
    json v2 = fftDocument({{"generator", "star"}, {"params", {{"n", 4}}}});
    v2["version"] = 2;
    v2["parameters"][0].erase("follows");
    v2["parameters"][0]["value"] = 2;
    v2["wires"] = json::array({{{"from", "P"}, {"to", "fft.P"}}});
    std::vector<std::string> notes;
    json migrated = v2;
    migrateDocument(migrated, &notes);
    CHECK(migrated["version"] == 3);
    CHECK(migrated["parameters"][0]["follows"] == "topology.hosts");
    const DesignDocument doc = documentFromJson(v2);
    // The file's P = 2 is kept (set by its author), now bounded by 4 hosts.
    CHECK(doc.design.findDesignParam("P")->value.value == 2);
    CHECK(doc.design.findDesignParam("P")->follows == "topology.hosts");
}

TEST_CASE("topology source: a whole drawing is shared (a listed placement too), an unfinished one is not whole",
          "[topology][source]")
{
    // The design reads a drawing once; what views show (wholeDrawing) and a listed placement's block
    // (withListed) hold that network, not copies of it.
    const nlohmann::json star = topologyToJson(generate("star", {{"n", 4}}), TopologyJsonForm::Explicit);
    const TopologySourceParts parts = topologySourceFromJson(star);
    const std::shared_ptr<const Topology> whole = parts.block->wholeDrawing();
    REQUIRE(whole);
    CHECK(whole.get() == parts.block->drawn());
    const std::string host = whole->vertex(whole->hosts().front()).id;
    const std::shared_ptr<const TopologySource> listed = parts.block->withListed({host});
    CHECK(listed->drawn() == whole.get());
    CHECK(listed->wholeDrawing() == whole);
    CHECK(listed->listed().size() == 1);

    // A host not yet linked: read (its work is kept), but not a whole network.
    nlohmann::json loose = star;
    loose["vertices"].push_back({{"id", "lonely"}, {"kind", "host"}});
    const TopologySourceParts unfinished = topologySourceFromJson(loose);
    REQUIRE(unfinished.block->drawn());
    CHECK(unfinished.block->drawn()->counts().hosts == 5);
    CHECK(unfinished.block->wholeDrawing() == nullptr);
}
