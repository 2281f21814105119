// The recorded block (issue 44, "Replay on the drawing"): a recording embedded
// in a design document, replayed with the LogGP wired from a logp.loggp block
// on the per-flow bandwidth the drawing leaves the placed job. Golden values
// by hand.
#include "model/recording/RecordedBlock.h"
#include "model/core/Plan.h"
#include "model/document/DocumentEdits.h"
#include "model/document/DocumentFormat.h"
#include "model/document/DocumentProblem.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace cs;
using nlohmann::json;

namespace {

// A ping-pong of `rounds` round trips of k = 1001 bytes between ranks 0 and 1.
json pingPong(int rounds)
{
    const std::string loop = "loop " + std::to_string(rounds) + " 2\n";
    return {{"P", 2},
            {"program", "pingpong"},
            {"ranks", {"csrec 1 0 2\n" + loop + "send 1 1001 0 0\nrecv 1 1001 0 0\nend\n",
                       "csrec 1 1 2\n" + loop + "recv 0 1001 0 0\nsend 0 1001 0 0\nend\n"}}};
}

// Two hosts on one switch, every link `bw` B/s with no latency of its own;
// net's LogGP L = 5 us, o_s = 2 us, o_r = 3 us, g = 1 us, G = 1 ns/B, wired
// into the recorded block `app`, whose B_net is the drawing's nn_bw.
json design(const json& recording, double bw, double G = 1e-9)
{
    json v = json::array({{{"id", "sw"}, {"kind", "switch"}}}), e = json::array();
    for (int i = 0; i < 2; ++i) {
        v.push_back({{"id", "h" + std::to_string(i)}, {"kind", "host"}});
        e.push_back({{"from", "h" + std::to_string(i)}, {"to", "sw"}, {"bandwidth", bw}});
    }
    json wires = json::array({{{"from", "P"}, {"to", "net.P"}}, {{"from", "topology.nn_bw"}, {"to", "app.B_net"}}});
    for (const char* s : {"L", "o_s", "o_r", "g", "G"})
        wires.push_back({{"from", std::string("net.") + s + "_out"}, {"to", std::string("app.") + s}});
    return {{"format", "clusterscope-design"},
            {"version", 3},
            {"name", "recorded"},
            {"parameters", {{{"name", "P"}, {"unit", "count"}, {"value", 2}, {"min", 1}, {"max", 64}}}},
            {"topology", {{"vertices", v}, {"edges", e}, {"job", {{"placement", "packed"}}}}},
            {"blocks",
             {{{"name", "net"},
               {"type", "logp.loggp"},
               {"values", {{"L", 5e-6}, {"o_s", 2e-6}, {"o_r", 3e-6}, {"g", 1e-6}, {"G", G}}}},
              {{"name", "app"}, {"type", "recorded"}, {"values", json::object()}, {"recording", recording}}}},
            {"wires", wires},
            {"variants", {{{"name", "app"}, {"total", "app.T"}}}}};
}

// The design's outputs at its own values.
struct Outputs {
    Plan plan;
    std::vector<double> slots;
    double operator[](const std::string& at) const { return slots[static_cast<std::size_t>(plan.slotOf(at))]; }
};

Outputs evaluate(const DesignDocument& doc)
{
    Outputs o{doc.design.compile(), {}};
    o.slots = o.plan.initialSlots();
    EvalError err;
    INFO(err.message);
    REQUIRE(o.plan.run(o.slots.data(), &err));
    return o;
}

std::string loadProblem(const json& j)
{
    try {
        documentFromJson(j);
    } catch (const DocumentError& e) {
        return e.what();
    }
    return "loaded";
}

} // namespace

TEST_CASE("recorded block: a ping-pong replays to 2(L + o_s + o_r + (k-1)G) a round trip", "[recording][document]")
{
    // Links of 10 GB/s leave G = 1 ns/B standing: a round trip is
    // 2 (5 + 2 + 3 + 1000 x 0.001) us = 22 us; 10 of them, 220 us.
    const DesignDocument doc = documentFromJson(design(pingPong(10), 1e10));
    const Outputs o = evaluate(doc);
    CHECK(o["app.T"] == Approx(220e-6));
    CHECK(o["app.T_comp"] == Approx(0.0).margin(1e-15));
    CHECK(o["app.T_comm"] == Approx(220e-6));
    CHECK(o["app.messages"] == 20);

    SECTION("G moves it")
    {
        // G = 2 ns/B: 2 (10 + 2) us = 24 us a round trip.
        CHECK(evaluate(documentFromJson(design(pingPong(10), 1e10, 2e-9)))["app.T"] == Approx(240e-6));
    }
    SECTION("the drawing moves it")
    {
        // Links of 100 MB/s: nn_bw = 1e8 B/s, each message's G is 10 ns/B:
        // 2 (10 + 1000 x 0.01) us = 40 us a round trip.
        const Outputs slow = evaluate(documentFromJson(design(pingPong(10), 1e8)));
        CHECK(slow["app.B_net"] == Approx(1e8));
        CHECK(slow["app.T"] == Approx(400e-6));
    }
    SECTION("saved and read back, the recording stays in the document")
    {
        const json saved = documentToJson(doc);
        CHECK(saved.dump().find("send 1 1001 0 0") != std::string::npos);
        CHECK(evaluate(documentFromJson(saved))["app.T"] == Approx(220e-6));
    }
}

TEST_CASE("recorded block: the job's placement moves the prediction", "[recording][document]")
{
    // Two leaves of two hosts (h0 h1 | h2 h3), host links 10 GB/s, the
    // uplink between the leaves 100 MB/s. Packed, the ping-pong's ranks share
    // a leaf: 220 us as above. Spread, they are a leaf apart and every
    // message crosses the uplink: G = 10 ns/B, 400 us.
    auto placed = [](const char* placement) {
        json d = design(pingPong(10), 1e10);
        json v = json::array({{{"id", "s1"}, {"kind", "switch"}}, {{"id", "s2"}, {"kind", "switch"}}});
        json e = json::array({{{"from", "s1"}, {"to", "s2"}, {"bandwidth", 1e8}}});
        for (int i = 0; i < 4; ++i) {
            v.push_back({{"id", "h" + std::to_string(i)}, {"kind", "host"}});
            e.push_back({{"from", "h" + std::to_string(i)}, {"to", i < 2 ? "s1" : "s2"}, {"bandwidth", 1e10}});
        }
        d["topology"] = {{"vertices", v}, {"edges", e}, {"job", {{"placement", placement}}}};
        return evaluate(documentFromJson(d))["app.T"];
    };
    CHECK(placed("packed") == Approx(220e-6));
    CHECK(placed("spread") == Approx(400e-6));
}

TEST_CASE("recorded block: its inputs say where they come from", "[recording][document]")
{
    const DesignDocument doc = documentFromJson(design(pingPong(1), 1e10));
    const BlockInstance& app = doc.design.block("app");
    REQUIRE(asRecorded(app.block));
    for (const char* s : {"L", "o_s", "o_r", "g", "G"})
        CHECK(app.spec().inputs[static_cast<std::size_t>(app.spec().inputIndex(s))].meaning.find("live network") !=
              std::string::npos);
    // Wired from net, whose own values carry their provenance (calibrated, with the probe run).
    const Wire* w = doc.design.wireInto({"app", "G"});
    REQUIRE(w);
    CHECK(w->from.str() == "net.G_out");
}

TEST_CASE("recorded block: refusals", "[recording][document]")
{
    // The registry's instance, in a document without a recording: check() says how to give one.
    json none = design(pingPong(1), 1e10);
    none["blocks"][1].erase("recording");
    const DesignDocument empty = documentFromJson(none);
    const Plan plan = empty.design.compile();
    std::vector<double> slots = plan.initialSlots();
    EvalError err;
    CHECK_FALSE(plan.run(slots.data(), &err));
    CHECK(err.message.find("no recording") != std::string::npos);

    // A peer outside the communicator: refused with its block, rank and line.
    json bad = pingPong(1);
    bad["ranks"][1] = "csrec 1 1 2\nrecv 7 1001 0 0\nend\n";
    const std::string why = loadProblem(design(bad, 1e10));
    CHECK(why.find("blocks[1].recording") != std::string::npos);
    CHECK(why.find("line 2") != std::string::npos);

    // A receive that no send matches: refused when the document is read.
    json stuck = pingPong(1);
    stuck["ranks"][0] = "csrec 1 0 2\nrecv 1 1001 0 0\nend\n";
    CHECK(loadProblem(design(stuck, 1e10)).find("blocks[1].recording") != std::string::npos);

    // A recording of P = 2 asked to stand for P = 4.
    json four = design(pingPong(1), 1e10);
    four["blocks"][1]["values"]["P"] = 4;
    const DesignDocument doc = documentFromJson(four);
    const Plan p4 = doc.design.compile();
    std::vector<double> s4 = p4.initialSlots();
    CHECK_FALSE(p4.run(s4.data(), &err));
    CHECK(err.message.find("not the recording's P = 2") != std::string::npos);

    // Loops that expand past the block's 10^7 events: refused on load, not replayed.
    CHECK(loadProblem(design(pingPong(6000000), 1e10)).find("more than the 10^7") != std::string::npos);

    // A recording that is not an object.
    json odd = design(pingPong(1), 1e10);
    odd["blocks"][1]["recording"] = "runs.json";
    CHECK(loadProblem(odd).find("blocks[1].recording") != std::string::npos);
}

TEST_CASE("recorded block: two ranks the job puts on one node ping-pong at the intra-node LogGP", "[recording][document]")
{
    // The design above with the topology's job at 2 ranks a node: both ranks on h0, the block's ranks_per_node
    // and rank_order wired from the topology (as adding the block does), the node's LogGP at its defaults
    // (L_node 0.2 us, o_s_node 0.1 us, o_r_node 0.1 us, G_node 0.2 ns/B). A round trip:
    // 2 (0.2 + 0.1 + 0.1 + 1000 x 0.0002) us = 2 x 0.6 us = 1.2 us; ten of them 12 us (220 us across hosts).
    json d = design(pingPong(10), 1e10);
    d["topology"]["job"]["ranks_per_node"] = 2;
    d["wires"].push_back({{"from", "topology.job_ranks_per_node"}, {"to", "app.ranks_per_node"}});
    d["wires"].push_back({{"from", "topology.job_rank_order"}, {"to", "app.rank_order"}});
    const Outputs o = evaluate(documentFromJson(d));
    CHECK(o["app.ranks_per_node"] == 2);
    CHECK(o["app.T"] == Approx(12e-6));
    // Four ranks, two ping-pongs (0 with 1, 2 with 3), at 2 a node: in blocks each pair shares a node, 12 us;
    // cyclic (rank i on node i mod 2) puts 0 and 1 on different nodes, and each round trip takes the
    // network's 22 us: 220 us.
    const std::string loop = "loop 10 2\n";
    const json four = {{"P", 4},
                       {"program", "pingpongs"},
                       {"ranks",
                        {"csrec 1 0 4\n" + loop + "send 1 1001 0 0\nrecv 1 1001 0 0\nend\n",
                         "csrec 1 1 4\n" + loop + "recv 0 1001 0 0\nsend 0 1001 0 0\nend\n",
                         "csrec 1 2 4\n" + loop + "send 3 1001 0 0\nrecv 3 1001 0 0\nend\n",
                         "csrec 1 3 4\n" + loop + "recv 2 1001 0 0\nsend 2 1001 0 0\nend\n"}}};
    json d4 = d;
    d4["blocks"][1]["recording"] = four;
    CHECK(evaluate(documentFromJson(d4))["app.T"] == Approx(12e-6));
    d4["topology"]["job"]["rank_order"] = "cyclic";
    CHECK(evaluate(documentFromJson(d4))["app.T"] == Approx(220e-6));
    // One rank a node: the network's 220 us.
    d["topology"]["job"]["ranks_per_node"] = 1;
    CHECK(evaluate(documentFromJson(d))["app.T"] == Approx(220e-6));
    // Added from the palette, the block takes the job's shape from the topology by itself.
    DesignDocument doc = documentFromJson(design(pingPong(1), 1e10));
    REQUIRE(edit::addBlock(doc, "other", "recorded").ok());
    const Wire* w = doc.design.wireInto({"other", "ranks_per_node"});
    REQUIRE(w);
    CHECK(w->from.str() == "topology.job_ranks_per_node");
}
