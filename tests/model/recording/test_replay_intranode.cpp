// Messages between two ranks of one node (issue 45): the replay prices them
// with the intra-node LogGP (ReplayNetwork::node, logp.loggp's L_node ..
// G_node) and they load no link; ranks on two nodes keep the network's
// LogGP. Every time is derived by hand below.
#include "ReplayTestSupport.h"
#include "model/recording/CsrecParser.h"
#include "model/prediction/DesignNetwork.h"
#include "model/recording/Replay.h"
#include "model/document/DocumentFormat.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

using namespace cs;
using namespace cs::rec;

namespace {

// The network of plainNet() (L = 5 us, o_s = 2 us, o_r = 3 us, g = 1 us, G = 1 ns/B) and within a node
// L_node = 0.5 us, o_s_node = o_r_node = 0.25 us, g_node = 0.1 us, G_node = 0.1 ns/B (10 GB/s).
ReplayNetwork withNodes(std::vector<std::uint32_t> nodeOf)
{
    ReplayNetwork n = cs::test::plainNet();
    n.node = {0.5e-6, 0.25e-6, 0.25e-6, 0.1e-6, 1e-10};
    n.nodeOf = std::move(nodeOf);
    return n;
}

// Rank 0 sends one 1 MiB message to rank 1, which receives it.
Recording oneMiB()
{
    return parseRecording({"csrec 1 0 2\nsend 1 1048576 0 0\nend\n", "csrec 1 1 2\nrecv 0 1048576 0 0\nend\n"});
}

// k = 1 MiB = 1,048,576 B, so k - 1 = 1,048,575 bytes pay G:
//  one node:  o_s_node + (k-1) G_node + L_node + o_r_node = 0.25 + 104.8575 + 0.5 + 0.25 = 105.8575 us
//  two nodes: o_s + (k-1) G + L + o_r = 2 + 1048.575 + 5 + 3 = 1058.575 us
constexpr double kOneNode = 105.8575e-6, kTwoNodes = 1058.575e-6;

} // namespace

TEST_CASE("intra-node replay: a 1 MiB message between two ranks of one node takes the intra-node LogGP",
          "[recording][replay][intranode]")
{
    for (const bool contention : {true, false}) {
        INFO("contention " << contention);
        ReplayOptions o;
        o.contention = contention;
        const ReplayResult one = replay(oneMiB(), withNodes({0, 0}), o);
        CHECK(one.rankSeconds[1] == Approx(kOneNode).epsilon(1e-12));
        CHECK(one.rankSeconds[0] == Approx(0.25e-6).epsilon(1e-12)); // the sender is done after o_s_node
        // On two nodes, and with no nodes given (a rank a node, as before issue 45): the network's LogGP.
        for (const std::vector<std::uint32_t>& nodes : {std::vector<std::uint32_t>{0, 1}, std::vector<std::uint32_t>{}}) {
            const ReplayResult two = replay(oneMiB(), withNodes(nodes), o);
            CHECK(two.rankSeconds[1] == Approx(kTwoNodes).epsilon(1e-12));
            CHECK(two.rankSeconds[0] == Approx(2e-6).epsilon(1e-12));
        }
    }
}

TEST_CASE("intra-node replay: a train within a node is paced by max(g_node o_s_node (k-1)G_node)",
          "[recording][replay][intranode]")
{
    // Three 1001-byte messages within a node: (k-1) G_node = 1000 x 0.1 ns = 0.1 us; the gap is
    // max(0.1, 0.25, 0.1) = 0.25 us, so they leave at 0, 0.25 and 0.5 us and arrive at + o_s_node + 0.1 + L_node
    // = + 0.85 us: 0.85, 1.1, 1.35 us. The receiver takes each + o_r_node: 1.1, max(1.1, 1.1) + 0.25 = 1.35,
    // max(1.35, 1.35) + 0.25 = 1.6 us.
    const Recording rec = parseRecording({"csrec 1 0 2\nloop 3 1\nsend 1 1001 0 0\nend\n",
                                          "csrec 1 1 2\nloop 3 1\nrecv 0 1001 0 0\nend\n"});
    CHECK(replay(rec, withNodes({0, 0})).rankSeconds[1] == Approx(1.6e-6).epsilon(1e-12));
}

TEST_CASE("intra-node replay: same-node messages are never flows of the network", "[recording][replay][intranode]")
{
    // Ranks 0 and 1 on node 0, rank 2 on node 1, on a network that gives every flow 1e6 B/s (1 us a byte),
    // a thousand times slower than the node. Rank 0 sends 1 MiB to rank 1 (within the node) and then 1001 B
    // to rank 2 (across the network).
    //  rank 1: 105.8575 us, as above; were its message a flow of the network it would take over a second.
    //  rank 0 -> 2: the node's copy does not hold the NIC, so the send starts at o_s_node = 0.25 us, busy
    //    to 2.25 us; 1000 B at 1 us/B = 1000 us; arrives 2.25 + 1000 + L = 1007.25 us; + o_r: 1010.25 us.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> seen;
    ReplayNetwork net = withNodes({0, 0, 1});
    net.secondsPerByte = [&seen](const Flows& f) {
        seen.insert(seen.end(), f.begin(), f.end());
        return 1e-6;
    };
    net.flowRates = [&seen](const Flows& f, double) {
        seen.insert(seen.end(), f.begin(), f.end());
        return std::vector<double>(f.size(), 1e6);
    };
    const Recording rec = parseRecording({"csrec 1 0 3\nsend 1 1048576 0 0\nsend 2 1001 0 0\nend\n",
                                          "csrec 1 1 3\nrecv 0 1048576 0 0\nend\n",
                                          "csrec 1 2 3\nrecv 0 1001 0 0\nend\n"});
    for (const bool contention : {true, false}) {
        INFO("contention " << contention);
        seen.clear();
        ReplayOptions o;
        o.contention = contention;
        const ReplayResult r = replay(rec, net, o);
        CHECK(r.rankSeconds[1] == Approx(kOneNode).epsilon(1e-12));
        CHECK(r.rankSeconds[2] == Approx(1010.25e-6).epsilon(1e-12));
        CHECK_FALSE(seen.empty()); // the message to rank 2 was priced on the network
        for (const auto& [a, b] : seen) {
            INFO(a << " -> " << b);
            CHECK_FALSE((a == 0 && b == 1));
        }
    }
}

TEST_CASE("intra-node replay: a collective whose members share nodes takes each step's slowest message",
          "[recording][replay][intranode]")
{
    // 1001-byte messages: within a node o_s_node + 1000 G_node + L_node + o_r_node = 0.25 + 0.1 + 0.5 + 0.25
    // = 1.1 us; across the network 2 + 1 + 5 + 3 = 11 us.
    auto all = [](const std::string& call) {
        std::vector<std::string> texts;
        for (int r = 0; r < 4; ++r)
            texts.push_back("csrec 1 " + std::to_string(r) + " 4\n" + call + "\nend\n");
        return parseRecording(texts);
    };
    const Recording allreduce = all("allreduce 1001 0"), bcast = all("bcast 1001 0 0"), alltoall = all("alltoall 1001 0");
    using Nodes = std::vector<std::uint32_t>;
    // Allreduce of 4, recursive doubling: step 1 pairs r with r xor 1, step 2 r with r xor 2.
    //  block {0 0 1 1}: step 1 within nodes (1.1), step 2 across (11): 12.1 us;
    //  cyclic {0 1 0 1}: step 1 across (11), step 2 within (1.1): 12.1 us;
    //  one node: 2 x 1.1 = 2.2 us; a node each: 2 x 11 = 22 us (CollectiveMath, as before).
    CHECK(replay(allreduce, withNodes(Nodes{0, 0, 1, 1})).seconds == Approx(12.1e-6).epsilon(1e-12));
    CHECK(replay(allreduce, withNodes(Nodes{0, 1, 0, 1})).seconds == Approx(12.1e-6).epsilon(1e-12));
    CHECK(replay(allreduce, withNodes(Nodes{0, 0, 0, 0})).seconds == Approx(2.2e-6).epsilon(1e-12));
    CHECK(replay(allreduce, withNodes(Nodes{0, 1, 2, 3})).seconds == Approx(22e-6).epsilon(1e-12));
    CHECK(replay(allreduce, withNodes(Nodes{})).seconds == Approx(22e-6).epsilon(1e-12));
    // Binomial broadcast from 0, block {0 0 1 1}: 0 -> 1 within (1.1), then 0 -> 2 and 1 -> 3 across (11): 12.1 us.
    CHECK(replay(bcast, withNodes(Nodes{0, 0, 1, 1})).seconds == Approx(12.1e-6).epsilon(1e-12));
    // Pairwise all-to-all, block {0 0 1 1}: every step has a message across (r -> r + 2 all; r -> r + 1 and
    // r -> r + 3 half of them), so each of the 3 steps takes 11 us: 33 us, as on a node each.
    CHECK(replay(alltoall, withNodes(Nodes{0, 0, 1, 1})).seconds == Approx(33e-6).epsilon(1e-12));
    CHECK(replay(alltoall, withNodes(Nodes{0, 0, 0, 0})).seconds == Approx(3.3e-6).epsilon(1e-12));
}

namespace {

// Two hosts a and b on one switch, links 1 Gbit/s = 1.25e8 B/s (8 ns/B); the network's LogGP L = 5 us,
// o_s = 2 us, o_r = 3 us, g = 1 us, G = 0 (the links give the per-byte time), and the node's as withNodes().
nlohmann::json twoHosts(int ranksPerNode)
{
    nlohmann::json d = nlohmann::json::parse(R"({"format": "clusterscope-design", "version": 3, "name": "two hosts",
      "parameters": [{"name": "P", "unit": "count", "value": 2, "min": 1, "max": 4}],
      "blocks": [{"name": "net", "type": "logp.loggp", "values": {"L": 5e-6, "o_s": 2e-6, "o_r": 3e-6, "g": 1e-6,
          "G": 0, "L_node": 0.5e-6, "o_s_node": 0.25e-6, "o_r_node": 0.25e-6, "g_node": 0.1e-6, "G_node": 1e-10}}],
      "topology": {"vertices": [{"id": "s", "kind": "switch"}, {"id": "a", "kind": "host"}, {"id": "b", "kind": "host"}],
        "edges": [{"from": "a", "to": "s", "bandwidth": "1Gbit/s"}, {"from": "b", "to": "s", "bandwidth": "1Gbit/s"}]}})");
    if (ranksPerNode != 1)
        d["topology"]["job"] = {{"ranks_per_node", ranksPerNode}};
    return d;
}

} // namespace

TEST_CASE("intra-node replay: the design's ranks_per_node puts both ranks on one host and prices them so",
          "[recording][replay][intranode]")
{
    // ranks_per_node = 2: the job of 2 ranks takes one node, host a: the node's LogGP, 105.8575 us (above).
    const DesignDocument one = documentFromJson(twoHosts(2));
    const DesignNetwork n1 = designNetwork(one, 2);
    CHECK(n1.hosts == std::vector<std::string>{"a", "a"});
    REQUIRE(n1.net.nodeOf.size() == 2);
    CHECK(n1.net.sameNode(0, 1));
    CHECK(n1.net.node.G == 1e-10);
    CHECK(replay(oneMiB(), n1.net).rankSeconds[1] == Approx(kOneNode).epsilon(1e-12));
    // ranks_per_node = 1: a and b, across the link: G = max(0, 8 ns/B) (G_floor network), so
    // o_s + (k-1) 8 ns + L + o_r = 2 + 8388.6 + 5 + 3 = 8398.6 us, with contention or without.
    const DesignDocument two = documentFromJson(twoHosts(1));
    const DesignNetwork n2 = designNetwork(two, 2);
    CHECK(n2.hosts == std::vector<std::string>{"a", "b"});
    CHECK_FALSE(n2.net.sameNode(0, 1));
    CHECK(replay(oneMiB(), n2.net).rankSeconds[1] == Approx(8398.6e-6).epsilon(1e-12));
    ReplayOptions alone;
    alone.contention = false;
    CHECK(replay(oneMiB(), n2.net, alone).rankSeconds[1] == Approx(8398.6e-6).epsilon(1e-12));
}
