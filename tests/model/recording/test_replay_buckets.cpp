// Token buckets on the links (a link's burst, issue 44) in the fluid replay
// (model/recording/ReplayFluid.h): while a bucket holds tokens its link does
// not limit, its tokens drain at the flows' rate less the link's and refill
// at the link's rate less its load, up to the burst. Every time is derived by
// hand below; "m" is the bytes a message puts on the wire, k - 1 of its k
// (the replay prices the first byte in L).
#include "ReplayTestSupport.h"
#include "StarNetwork.h"
#include "model/document/DocumentFormat.h"
#include "model/prediction/DesignNetwork.h"
#include "model/recording/CsrecParser.h"
#include "model/recording/Replay.h"
#include "model/recording/ReplayFluid.h"
#include "model/topology/graph/CoreGraph.h"
#include "model/topology/io/TopologyJson.h"
#include "model/topology/placement/FairShare.h"
#include "model/topology/placement/PlacedMetrics.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

using namespace cs;
using namespace cs::rec;
using cs::test::Star;

namespace {

// plainNet()'s LogGP: L = 5 us, o_s = 2 us, o_r = 3 us, g = 1 us, G = 1 ns/B (G_floor network: max(G, s)).
const loggp::Params kPlain = cs::test::plainNet().loggp;
constexpr double kBurst = 1e5; // B

Recording oneMessage(long k)
{
    const std::string b = std::to_string(k);
    return parseRecording({"csrec 1 0 2\nsend 1 " + b + " 0 0\nend\n", "csrec 1 1 2\nrecv 0 " + b + " 0 0\nend\n"});
}

// Two hosts on a switch, links 12.5e6 B/s (100 Mbit/s) with tbf's burst 65536 + 2 ms x 12.5e6 = 90,536 B, and
// LogGP as calibrated over such a link (G given), G_floor scaled with B_pair = B_cal = 12.5e6, G_node = 0.1 ns/B:
// the design scripts/netns-cluster.sh writes, in small.
DesignDocument netnsLike(double G)
{
    nlohmann::json d = nlohmann::json::parse(R"({"format": "clusterscope-design", "version": 3, "name": "netns-like",
      "parameters": [{"name": "P", "unit": "count", "value": 2, "min": 1, "max": 2}],
      "blocks": [{"name": "net", "type": "logp.loggp", "values": {"L": 5e-6, "o_s": 2e-6, "o_r": 3e-6, "g": 1e-6,
          "G_floor": "scaled", "B_pair": 12.5e6, "B_cal": 12.5e6, "G_node": 1e-10}}],
      "topology": {"vertices": [{"id": "s", "kind": "switch"}, {"id": "a", "kind": "host"}, {"id": "b", "kind": "host"}],
        "edges": [{"from": "a", "to": "s", "bandwidth": 12.5e6, "burst": 90536},
                  {"from": "b", "to": "s", "bandwidth": 12.5e6, "burst": 90536}]}})");
    d["blocks"][0]["values"]["G"] = G;
    return documentFromJson(d);
}

} // namespace

TEST_CASE("link buckets: the burst is a link field, read, built and counted each way", "[recording][replay][bucket]")
{
    Star s(2, kBurst);
    CHECK(s.t.link(0).burst == kBurst);
    // Two duplex links: four buckets, each of the link's rate.
    REQUIRE(s.share.buckets().size() == 4);
    CHECK(s.share.buckets()[0].rate == 1e8);
    // h0 -> h1 crosses h0's link one way and h1's the other: two buckets, all its bytes on each.
    const auto on = s.share.bucketsOn(0, 1);
    REQUIRE(on.size() == 2);
    CHECK(on[0].second == 1.0);
    // A link without a burst has no bucket.
    CHECK(Star(2, 0).share.buckets().empty());
}

TEST_CASE("link buckets: a lone message after idle passes its first burst at the host's speed",
          "[recording][replay][bucket]")
{
    Star s(2, kBurst);
    const ReplayNetwork net = s.net(kPlain);
    // m = 300,000 B > b = 100,000 B. Both buckets on its route are full: the links do not limit, so G alone does:
    // 1 ns/B, 1e9 B/s. The tokens drain at 1e9 - 1e8 = 9e8 B/s and run out after 1e5 / 9e8 = 111.111 us, when
    // 111,111.1 B have left; the other 188,888.9 B take 1888.889 us at r. On the wire 2000 us = (m - b) / r.
    // The receiver is done at o_s + 2000 + L + o_r = 2 + 2000 + 5 + 3 = 2010 us.
    const Recording big = oneMessage(300001);
    CHECK(replay(big, net).rankSeconds[1] == Approx(2010e-6).epsilon(1e-9));
    // Without buckets: m / r = 3000 us on the wire, 3010 us; exactly the figure of links without a burst.
    ReplayOptions none;
    none.buckets = false;
    Star plain(2, 0);
    const double old = replay(big, plain.net(kPlain)).rankSeconds[1];
    CHECK(old == Approx(3010e-6).epsilon(1e-9));
    CHECK(replay(big, net, none).rankSeconds[1] == old);
    // m = 50,000 B <= b: all of it at 1e9 B/s (the tokens fall to 1e5 - 50 us x 9e8 = 55,000 B), so the time is
    // the costs alone, o_s + m G + L + o_r = 2 + 50 + 5 + 3 = 60 us, as on a network without links.
    const Recording small = oneMessage(50001);
    CHECK(replay(small, net).rankSeconds[1] == Approx(60e-6).epsilon(1e-9));
    CHECK(replay(small, cs::test::plainNet()).rankSeconds[1] == Approx(60e-6).epsilon(1e-9));
    // Without buckets: m / r = 500 us on the wire, 2 + 500 + 5 + 3 = 510 us.
    CHECK(replay(small, net, none).rankSeconds[1] == Approx(510e-6).epsilon(1e-9));
}

TEST_CASE("link buckets: a message after a compute pause finds min(b, r t) tokens", "[recording][replay][bucket]")
{
    Star s(2, kBurst);
    const ReplayNetwork net = s.net(kPlain);
    // Two messages of m = 300,000 B with t_c of compute between them on the sender. The first (above) empties the
    // buckets at 113.111 us and leaves its last byte at 2002 us. The sender is at o_s = 2 us, computes t_c and
    // puts the second on the wire at 2 + t_c + o_s: the links were idle for t = t_c - 1998 us.
    //  t_c = 2498 us: idle 500 us, the buckets refill to r t = 1e8 x 500 us = 50,000 B < b. The second drains
    //   them at 9e8 B/s in 55.556 us (55,555.6 B), the other 244,444.4 B at r, 2444.444 us: 2500 us on the
    //   wire = (m - r t) / r, from 2502 us: it arrives at 5002 + L = 5007 us and is received at 5010 us.
    //  t_c = 5 ms: idle 3002 us, r t = 300,200 B, capped at b: (m - b) / r = 2000 us on the wire from 5004 us,
    //   received at 5004 + 2000 + 5 + 3 = 7012 us.
    auto twoMessages = [](const std::string& pause) {
        return parseRecording({"csrec 1 0 2\nsend 1 300001 0 0\nc " + pause + "\nsend 1 300001 0 0\nend\n",
                               "csrec 1 1 2\nrecv 0 300001 0 0\nrecv 0 300001 0 0\nend\n"});
    };
    CHECK(replay(twoMessages("0.002498"), net).rankSeconds[1] == Approx(5010e-6).epsilon(1e-9));
    CHECK(replay(twoMessages("0.005"), net).rankSeconds[1] == Approx(7012e-6).epsilon(1e-9));
    // Without buckets the first is on the wire until 2 + 3000 = 3002 us, so the second, from 2502 us, shares the
    // sender's link with it: each at r / 2 = 5e7 B/s, the first's last 50,000 B take 1000 us (to 3502 us), the
    // second has 50,000 B on by then and its other 250,000 B take 2500 us at r: its last byte leaves at 6002 us,
    // received at 6002 + L + o_r = 6002 + 5 + 3 = 6010 us.
    ReplayOptions none;
    none.buckets = false;
    CHECK(replay(twoMessages("0.002498"), net, none).rankSeconds[1] == Approx(6010e-6).epsilon(1e-9));
}

TEST_CASE("link buckets: two flows share a bucketed link and its burst", "[recording][replay][bucket]")
{
    // Rank 0 sends m = 300,000 B to ranks 1 and 2 at once (L = o = g = 0, G = 1 ns/B). Every bucket is full:
    // no link limits, so the host's G shared by its two messages does, 2 ns/B: 5e8 B/s each. h0's bucket
    // carries both, 1e9 B/s, and drains at 9e8 B/s: empty after 111.111 us, each flow 55,555.6 B on. (h1's and
    // h2's, at 5e8 B/s, would last 1e5 / 4e8 = 250 us.) Then h0's link limits: 5e7 B/s each, the other
    // 244,444.4 B in 4888.889 us (h1's and h2's links, at half their rate, refill). Both end at 5000 us =
    // (2m - b) / r: the shared link's burst counts once. Without buckets: 2m / r = 6000 us.
    Star s(3, kBurst);
    const ReplayNetwork net = s.net({0, 0, 0, 0, 1e-9});
    const Recording fan = parseRecording({"csrec 1 0 3\nsend 1 300001 0 0\nsend 2 300001 0 0\nend\n",
                                          "csrec 1 1 3\nrecv 0 300001 0 0\nend\n",
                                          "csrec 1 2 3\nrecv 0 300001 0 0\nend\n"});
    const ReplayResult r = replay(fan, net);
    CHECK(r.rankSeconds[1] == Approx(5000e-6).epsilon(1e-9));
    CHECK(r.rankSeconds[2] == Approx(5000e-6).epsilon(1e-9));
    ReplayOptions none;
    none.buckets = false;
    CHECK(replay(fan, net, none).rankSeconds[1] == Approx(6000e-6).epsilon(1e-9));
}

TEST_CASE("link buckets: on a netns-like design (G_floor scaled, G calibrated at the rate) a lone 32 KiB message "
          "after a compute pause passes at the host's speed", "[recording][replay][bucket]")
{
    // netnsLike(): LogGP as calibrated over such a link, G = 80 ns/B = 1 / 12.5e6 (the bulk sizes, an empty
    // bucket).
    const DesignDocument doc = netnsLike(8e-8);
    const DesignNetwork n = designNetwork(doc, 2);
    CHECK(n.net.buckets.size() == 4);
    const Recording rec = parseRecording({"csrec 1 0 2\nc 0.01\nsend 1 32768 0 0\nend\n",
                                          "csrec 1 1 2\nrecv 0 32768 0 0\nend\n"});
    // Without buckets: G x max(1, B_pair s) x B_cal / B_pair = 80 ns/B with s = 1 / 12.5e6, so 32,767 B take
    // 2621.36 us: received at 10 ms + o_s + 2621.36 + L + o_r = 10000 + 2 + 2621.36 + 5 + 3 = 12631.36 us.
    ReplayOptions none;
    none.buckets = false;
    CHECK(replay(rec, n.net, none).rankSeconds[1] == Approx(12631.36e-6).epsilon(1e-9));
    // With them: the buckets are full (90,536 B > 32,767 B), no link limits (s = 0), so G B_cal s = 0 and the
    // host's own per-byte time, G_node = 0.1 ns/B, is all: 3.2767 us; received at 10013.2767 us.
    CHECK(replay(rec, n.net).rankSeconds[1] == Approx(10013.2767e-6).epsilon(1e-9));
}

TEST_CASE("link buckets: with G_floor scaled a bucket counts the link's bytes, framing included, so a link its "
          "flow keeps busy stays empty", "[recording][replay][bucket]")
{
    // The netns-like design, with G calibrated at 84 ns/B through links of 12.5e6 B/s: each byte of a message
    // takes G B_cal = 84e-9 x 12.5e6 = 1.05 of the link's bytes (TCP's framing; 1514 / 1448 = 1.046 on Ethernet).
    const DesignDocument doc = netnsLike(8.4e-8); // the network below points into its drawing
    const DesignNetwork n = designNetwork(doc, 2);
    // One message of 1,000,001 B (1,000,000 B priced) after 10 ms of compute.
    const Recording rec = parseRecording({"csrec 1 0 2\nc 0.01\nsend 1 1000001 0 0\nend\n",
                                          "csrec 1 1 2\nrecv 0 1000001 0 0\nend\n"});
    // The buckets are full: no link limits, the flow runs at the host's G_node = 0.1 ns/B, 1e10 B/s, which is
    // 1.05e10 B/s of the links' bytes: the buckets (90,536 B) drain at 1.05e10 - 1.25e7 = 1.04875e10 B/s, empty
    // after 8.632753 us, with 86,327.53 B of the message on. Then the links limit: G max(1, B_pair s) B_cal /
    // B_pair = 84 ns/B, which is 1.05 / 84e-9 = 12.5e6 B/s of the links' bytes, their rate, so the buckets stay
    // empty: the other 913,672.47 B take 76,748.487 us. On the wire 76,757.120 us from 10,002 us; received at
    // 10,002 + 76,757.120 + L 5 + o_r 3 = 86,767.120 us. (Counted in payload bytes, 1 / 84e-9 = 11.9e6 B/s, the
    // busy links refilled their buckets at 0.6e6 B/s, opened them again and again, and carried the message at
    // about their rate, 80 ns/B, instead of G.)
    CHECK(replay(rec, n.net).rankSeconds[1] == Approx(86767.120e-6).epsilon(1e-8));
    // Without buckets: 1,000,000 B x 84 ns/B = 84,000 us; received at 10,002 + 84,000 + 8 = 94,010 us.
    ReplayOptions none;
    none.buckets = false;
    CHECK(replay(rec, n.net, none).rankSeconds[1] == Approx(94010e-6).epsilon(1e-9));
}

TEST_CASE("link buckets: a drawing without bursts round-trips without the field, and one with it keeps it",
          "[recording][replay][bucket]")
{
    const nlohmann::json without = nlohmann::json::parse(
        R"({"vertices": [{"id": "a", "kind": "host"}, {"id": "b", "kind": "host"}],
            "edges": [{"from": "a", "to": "b", "bandwidth": "1 Gbit/s"}]})");
    CHECK(writeNetwork(readNetwork(without)) == without);
    CHECK(topologyFromJson(without).link(0).burst == 0);
    nlohmann::json with = without;
    with["edges"][0]["burst"] = "64 KiB";
    CHECK(writeNetwork(readNetwork(with)) == with);
    CHECK(topologyFromJson(with).link(0).burst == 65536);
    with["edges"][0]["burst"] = -1;
    CHECK_THROWS(topologyFromJson(with));
}

namespace {

// A tree of 2 leaves of 4 hosts under a spine, every link 12.5e6 B/s with a bucket of 90,536 B (the namespace
// trees' tbf), and LogGP calibrated over it (G_floor scaled, G = `G`); rank i on host hi.
DesignDocument netnsTree(double G, double Bcal = 12.5e6, double Bpair = 12.5e6, double rate = 12.5e6)
{
    nlohmann::json d = nlohmann::json::parse(R"({"format": "clusterscope-design", "version": 3, "name": "netns-tree",
      "parameters": [{"name": "P", "unit": "count", "value": 8, "min": 1, "max": 8}],
      "blocks": [{"name": "net", "type": "logp.loggp", "values": {"L": 5e-6, "o_s": 2e-6, "o_r": 3e-6, "g": 1e-6,
          "G_floor": "scaled", "B_pair": 12.5e6, "B_cal": 12.5e6, "G_node": 1e-10}}],
      "topology": {"vertices": [{"id": "spine", "kind": "switch"}, {"id": "l0", "kind": "switch"},
                                {"id": "l1", "kind": "switch"}],
        "edges": [{"from": "l0", "to": "spine", "bandwidth": 12.5e6, "burst": 90536},
                  {"from": "l1", "to": "spine", "bandwidth": 12.5e6, "burst": 90536}]}})");
    d["blocks"][0]["values"]["G"] = G;
    d["blocks"][0]["values"]["B_cal"] = Bcal;
    d["blocks"][0]["values"]["B_pair"] = Bpair;
    for (auto& e : d["topology"]["edges"])
        e["bandwidth"] = rate;
    for (int i = 0; i < 8; ++i) {
        const std::string h = "h" + std::to_string(i);
        d["topology"]["vertices"].push_back({{"id", h}, {"kind", "host"}});
        d["topology"]["edges"].push_back(
            {{"from", h}, {"to", i < 4 ? "l0" : "l1"}, {"bandwidth", rate}, {"burst", 90536}});
    }
    return documentFromJson(d);
}

// Each rank: `iterations` x (compute `c` s, an irecv from and an isend of `bytes` to every other rank, a waitall).
std::vector<std::string> allToAllTexts(int P, int iterations, double c, long bytes)
{
    std::vector<std::string> texts;
    for (int r = 0; r < P; ++r) {
        std::string t = "csrec 1 " + std::to_string(r) + " " + std::to_string(P) + "\nloop " +
                        std::to_string(iterations) + " " + std::to_string(2 * (P - 1) + 2) + "\nc " +
                        std::to_string(c) + "\n";
        int req = 0;
        for (int k = 1; k < P; ++k)
            t += "irecv " + std::to_string((r - k + P) % P) + " " + std::to_string(bytes) + " 0 0 " +
                 std::to_string(req++) + "\n";
        for (int k = 1; k < P; ++k)
            t += "isend " + std::to_string((r + k) % P) + " " + std::to_string(bytes) + " 0 0 " +
                 std::to_string(req++) + "\n";
        t += "waitall " + std::to_string(req);
        for (int i = 0; i < req; ++i)
            t += " " + std::to_string(i);
        texts.push_back(t + "\nend\n");
    }
    return texts;
}

} // namespace

TEST_CASE("link buckets: buckets that refill while others drain open again only with a frame, so a busy tree's "
          "replay ends in steps bounded by its time", "[recording][replay][bucket]")
{
    // Seven ranks of the tree, each sending 1,136,913 B to every other at once, five times after 10.268 ms of
    // compute each; links of 12.732e6 B/s and LogGP calibrated at G = 64.1182 ns/B through B_cal = 14.1987e6
    // (G B_cal = 0.910: no framing to count). Buckets opened again at any refill (1e-9 of the burst): the
    // host links that refilled while the uplinks' buckets drained opened, and ran out within 1e-10 s, in turn
    // with the others, without end (a replay found by random parameters; the record-and-replay check's P = 8
    // on tree42 spun in the same way for 20 minutes).
    const DesignDocument doc = netnsTree(6.41182e-8, 1.41987e7, 1.35556e7, 1.2732e7);
    const DesignNetwork n = designNetwork(doc, 8);
    const Recording rec = parseRecording(allToAllTexts(7, 5, 0.010268, 1136913));
    const ReplayResult r = replay(rec, n.net);
    REQUIRE(r.messages == 7 * 6 * 5);
    // Each message starts and ends once (2 x 210 steps). Each bucket runs out at most once each time it opens,
    // and it opens again only after refilling a frame, 1514 B at most its rate: at most 1 + 12.732e6 T / 1514
    // times in the replay's T. 20 buckets (10 links each way).
    CHECK(n.net.buckets.size() == 20);
    const double bound = 2.0 * 210 + 20 * (1 + 1.2732e7 * r.seconds / FluidNetwork::kFrame);
    INFO(r.fluidSteps << " steps in " << r.seconds << " s; bound " << bound);
    CHECK(static_cast<double>(r.fluidSteps) <= bound);
    // The buckets only give credit: no slower than without them.
    ReplayOptions none;
    none.buckets = false;
    CHECK(r.seconds <= replay(rec, n.net, none).seconds);
}
