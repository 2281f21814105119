// clusterscope-cli replay (issue 44): a hand-written RUNS.json with recordings at P = 2 and 4 and app.run
// medians, replayed on a design of two leaves of two hosts with one uplink; the predicted times derived by
// hand; and the mistakes a user can make refused by name.
#include "CliTestSupport.h"
#include "tests/model/recording/HaloRecording.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>

using cs::test::cli;
using Catch::Contains;
using nlohmann::json;

namespace {

std::string writeFile(const std::string& name, const std::string& text)
{
    const std::string path = cs::test::tempPath("replay_", name);
    std::ofstream(path) << text;
    return path;
}

// Two leaf switches (s1: a, b; s2: c, d) joined by one uplink, every link 1 Gbit/s = 1.25e8 B/s;
// LogGP: L = 5 us, o_s = 2 us, o_r = 3 us, g = 1 us, G = 0 (the host adds nothing per byte: the links do).
const char* kDesign = R"({"format": "clusterscope-design", "version": 3, "name": "two leaves",
  "parameters": [{"name": "P", "unit": "count", "value": 4, "min": 1, "max": 4}],
  "blocks": [{"name": "net", "type": "logp.loggp",
              "values": {"L": 5e-6, "o_s": 2e-6, "o_r": 3e-6, "g": 1e-6, "G": 0}}],
  "topology": {"vertices": [{"id": "s1", "kind": "switch"}, {"id": "s2", "kind": "switch"},
    {"id": "a", "kind": "host"}, {"id": "b", "kind": "host"}, {"id": "c", "kind": "host"}, {"id": "d", "kind": "host"}],
    "edges": [{"from": "a", "to": "s1", "bandwidth": "1Gbit/s"}, {"from": "b", "to": "s1", "bandwidth": "1Gbit/s"},
              {"from": "c", "to": "s2", "bandwidth": "1Gbit/s"}, {"from": "d", "to": "s2", "bandwidth": "1Gbit/s"},
              {"from": "s1", "to": "s2", "bandwidth": "1Gbit/s"}]}})";

// The runs: app.run medians 0.1 s at P = 2 and 0.02 s at P = 4 (made by run-app --import), and recordings:
//  P = 2: rank 0 sends rank 1 ten messages of 1,000,001 B, back to back.
//  P = 4: ranks 0 and 1 (leaf s1) send 1,000,001 B to 2 and 3 (leaf s2) at once.
// A runs file `name`.json of the app.run medians in `csv` (run-app --import) and `recordings`.
std::string runsWith(const std::string& name, const std::string& csv, const json& recordings)
{
    const std::string runs = cs::test::tempPath("replay_", name + ".json");
    REQUIRE(cli({"run-app", "--import", writeFile(name + ".csv", csv), "-o", runs}).rc == 0);
    json j = json::parse(std::ifstream(runs));
    j["recordings"] = recordings;
    std::ofstream(runs) << j.dump();
    return runs;
}

std::string runsFile()
{
    return runsWith("runs", "P,seconds\n2,0.1\n4,0.02\n", json::array(
        {{{"P", 2},
          {"program", "/usr/bin/prog"},
          {"hosts", {"a", "b"}},
          {"ranks", {"csrec 1 0 2\nloop 10 1\nsend 1 1000001 0 0\nend\n", "csrec 1 1 2\nloop 10 1\nrecv 0 1000001 0 0\nend\n"}}},
         {{"P", 4},
          {"ranks",
           {"csrec 1 0 4\nsend 2 1000001 0 0\nend\n", "csrec 1 1 4\nsend 3 1000001 0 0\nend\n",
            "csrec 1 2 4\nrecv 0 1000001 0 0\nend\n", "csrec 1 3 4\nrecv 1 1000001 0 0\nend\n"}}}}));
}

// The rows of `replay DESIGN --results RUNS --json`, which must succeed with `count` of them.
json replayRows(const std::string& design, const std::string& runs, std::size_t count)
{
    const auto r = cli({"replay", design, "--results", runs, "--json"});
    INFO(r.out << r.err);
    REQUIRE(r.rc == 0);
    json rows = json::parse(r.out);
    REQUIRE(rows.size() == count);
    return rows;
}

} // namespace

TEST_CASE("replay: each recorded P predicted on the design's network, beside its measured median", "[cli][replay]")
{
    const std::string design = writeFile("design.json", kDesign);
    const std::string runs = runsFile();
    const json rows = replayRows(design, runs, 2);
    // P = 2, packed on a and b (one leaf): 1e6 B at 1/1.25e8 s/B = 8 ms a message, one after another on the
    // pair's one connection; the tenth
    // arrives at 10 x 8 ms + o_s + L = 80.007 ms, received at + o_r: 80.010 ms. Measured 0.1 s: error -19.99%.
    CHECK(rows[0]["P"] == 2);
    CHECK(rows[0]["recorded_at"] == 2);
    CHECK(rows[0]["predicted"].get<double>() == Approx(0.08001).epsilon(1e-9));
    CHECK(rows[0]["measured"].get<double>() == Approx(0.1));
    CHECK(rows[0]["error"].get<double>() == Approx(-0.1999).epsilon(1e-6));
    CHECK(rows[0]["hosts"] == json({"a", "b"}));
    // P = 4, a b c d: both flows cross the uplink s1 -> s2, 2 / 1.25e8 = 1.6e-8 s/B each: 16 ms, then
    // o_s + L + o_r = 10 us: 16.010 ms. Measured 0.02 s: error -19.95%. Alone each would take 8.010 ms.
    CHECK(rows[1]["P"] == 4);
    CHECK(rows[1]["predicted"].get<double>() == Approx(0.01601).epsilon(1e-9));
    CHECK(rows[1]["predicted_alone"].get<double>() == Approx(0.00801).epsilon(1e-9));
    CHECK(rows[1]["error"].get<double>() == Approx(-0.1995).epsilon(1e-6));
    CHECK(rows[1]["synthesized"] == false);
    CHECK(rows[1]["loggp"] == "net");

    // The table, and --at one P.
    const auto t = cli({"replay", design, "--results", runs, "--at", "P=4"});
    INFO(t.out << t.err);
    REQUIRE(t.rc == 0);
    CHECK_THAT(t.out, Contains("  4  16.01 ms"));
    CHECK_THAT(t.out, Contains("-20.0%"));
    CHECK_THAT(t.out, Contains("network: LogGP from net, the design's topology with the job placed packed"));

    // The recording as SimGrid's traces, one file a rank and the list smpirun -replay reads.
    const std::string dir = cs::test::tempPath("replay_", "simgrid");
    const auto x = cli({"replay", design, "--results", runs, "--at", "P=4", "--export-simgrid", dir});
    REQUIRE(x.rc == 0);
    CHECK_THAT(x.err, Contains("SimGrid's traces: " + dir + "/P4/traces.txt (smpirun -replay"));
    std::ifstream rank2(dir + "/P4/rank-2.txt");
    const std::string text((std::istreambuf_iterator<char>(rank2)), std::istreambuf_iterator<char>());
    CHECK(text == "2 init\n2 recv 0 0 1000001\n2 finalize\n");
    std::filesystem::remove_all(dir);
}

TEST_CASE("replay --simulate: the same recording on SimGrid beside the prediction", "[cli][replay][sim]")
{
    const std::string design = writeFile("design.json", kDesign);
    const std::string runs = runsFile();
    const auto r = cli({"replay", design, "--results", runs, "--simulate", "--json"});
    INFO(r.out << r.err);
    REQUIRE(r.rc == 0);
    const json rows = json::parse(r.out);
    REQUIRE(rows.size() == 2);
    // P = 2: rank 0's ten messages (G = 0: 2 us apart, its gap max(g, o_s)) share the link a - s1 - b at once on
    // SimGrid, where the analytic replay sends them one after another; either way the link carries 10 x 1e6 B
    // at 1.25e8 B/s, 80 ms, and the last arrives o_s + L after that, received + o_r: about 80.010 ms (the
    // receives' o_r may add some microseconds).
    CHECK(rows[0]["simulated"].get<double>() == Approx(0.08001).epsilon(0.001));
    CHECK(rows[0]["simulated_messages"] == 10);
    // P = 4: both flows cross the uplink at once, 16 ms, + o_s + L + o_r: 16.010 ms, as the analytic replay;
    // measured 0.02 s: -19.95%.
    CHECK(rows[1]["simulated"].get<double>() == Approx(0.01601).epsilon(1e-6));
    CHECK(rows[1]["simulated_error"].get<double>() == Approx(-0.1995).epsilon(1e-4));
    // The table: simulated beside predicted, and their ratio.
    const auto t = cli({"replay", design, "--results", runs, "--at", "P=4", "--simulate"});
    INFO(t.out << t.err);
    REQUIRE(t.rc == 0);
    CHECK_THAT(t.out, Contains("  4  16.01 ms    16.01 ms      1.0000  "));
    CHECK_THAT(t.out, Contains("simulated: the recording on SimGrid"));
    // Too big for the simulator: refused with its estimate before it starts (P = 2: ten sends and ten
    // receives: 20 events).
    const auto big = cli({"replay", design, "--results", runs, "--simulate", "--max-events", "10"});
    CHECK(big.rc == 1);
    CHECK_THAT(big.err, Contains("--simulate at P = 2: the recording's simulation would go through 20 events"));
    CHECK(cli({"replay", design, "--results", runs, "--max-events", "10"}).rc == 2); // without --simulate
}

TEST_CASE("replay: mistakes are refused by name", "[cli][replay]")
{
    const std::string design = writeFile("design.json", kDesign);
    const std::string runs = runsFile();
    // A P that was not recorded, without synthesis.
    auto r = cli({"replay", design, "--results", runs, "--at", "P=3"});
    CHECK(r.rc == 1);
    CHECK_THAT(r.err, Contains("P = 3 was not recorded (" + runs + " holds recordings at P = 2, 4)"));
    // --net naming no logp.loggp block; two blocks and no --net.
    r = cli({"replay", design, "--results", runs, "--net", "fft"});
    CHECK(r.rc == 1);
    CHECK_THAT(r.err, Contains("--net fft is not a logp.loggp block of the design (it has net)"));
    json two = json::parse(kDesign);
    two["blocks"].push_back({{"name", "net2"}, {"type", "logp.loggp"}});
    const std::string twoFile = writeFile("two.json", two.dump());
    r = cli({"replay", twoFile, "--results", runs});
    CHECK(r.rc == 1);
    CHECK_THAT(r.err, Contains("the design has several logp.loggp blocks (net, net2): --net names the one"));
    CHECK(cli({"replay", twoFile, "--results", runs, "--net", "net2"}).rc == 0);
    // No --results; a hostile recording (a peer that does not exist).
    CHECK(cli({"replay", design}).rc == 2);
    json bad = json::parse(std::ifstream(runs));
    bad["recordings"][1]["ranks"][3] = "csrec 1 3 4\nrecv 9 8 0 0\nend\n";
    const std::string badFile = writeFile("bad.json", bad.dump());
    r = cli({"replay", design, "--results", badFile});
    CHECK(r.rc == 1);
    CHECK_THAT(r.err, Contains("recordings[1].ranks[3], line 2: PEER 9 does not exist"));
    // More ranks than the network has hosts.
    bad = json::parse(std::ifstream(runs));
    std::vector<std::string> eight;
    for (int i = 0; i < 8; ++i)
        eight.push_back("csrec 1 " + std::to_string(i) + " 8\nend\n");
    bad["recordings"][1] = {{"P", 8}, {"ranks", eight}};
    std::ofstream(badFile) << bad.dump();
    r = cli({"replay", design, "--results", badFile, "--at", "P=8"});
    CHECK(r.rc == 1);
    CHECK_THAT(r.err, Contains("the design does not evaluate at P = 8: design parameter P = 8 is out of range [1, 4]"));
    json wide = json::parse(kDesign);
    wide["parameters"][0]["max"] = 1024;
    const std::string wideFile = writeFile("wide.json", wide.dump());
    r = cli({"replay", wideFile, "--results", badFile, "--at", "P=8"});
    CHECK(r.rc == 1);
    // The design's P is bounded by its 4 hosts (issue 48: never clipped silently), before the replay places it.
    CHECK_THAT(r.err, Contains("the design does not evaluate at P = 8: design parameter P = 8 exceeds topology.hosts = 4"));
}

TEST_CASE("replay: ranks of one host exchange without loading its links", "[cli][replay][ranks_per_node]")
{
    // Issue 45: the design's job at 2 ranks a node puts the P = 4 recording on a and b (packed: the first
    // ceil(4 / 2) = 2 hosts, both on leaf s1).
    //  block: 0 1 on a, 2 3 on b: both flows 0 -> 2 and 1 -> 3 leave a on its one link, 2 / 1.25e8 s/B
    //    each: 16 ms, then o_s + L + o_r = 10 us: 16.010 ms (the uplink's figure above, now a's link's).
    //  cyclic: 0 2 on a, 1 3 on b: both flows stay in a host and load no link, priced with the intra-node
    //    LogGP set here (L_node = 1 us, o_s_node = o_r_node = 0.5 us, G_node = 0.1 ns/B): 0.5 + 1e6 x 0.1 ns
    //    + 1 + 0.5 = 102 us (the network's LogGP would give 10 us).
    json design = json::parse(kDesign);
    design["blocks"][0]["values"].update(
        {{"L_node", 1e-6}, {"o_s_node", 0.5e-6}, {"o_r_node", 0.5e-6}, {"G_node", 1e-10}});
    for (const char* order : {"block", "cyclic"}) {
        INFO(order);
        design["topology"]["job"] = {{"ranks_per_node", 2}, {"rank_order", order}};
        const auto r = cli({"replay", writeFile("rpn.json", design.dump()), "--results", runsFile(), "--at", "P=4",
                            "--json"});
        INFO(r.out << r.err);
        REQUIRE(r.rc == 0);
        const json row = json::parse(r.out)[0];
        CHECK(row["predicted"].get<double>() == Approx(order[0] == 'b' ? 0.01601 : 1.02e-4).epsilon(1e-9));
        CHECK(row["hosts"] == (order[0] == 'b' ? json({"a", "a", "b", "b"}) : json({"a", "b", "a", "b"})));
    }
}

TEST_CASE("replay: a P not recorded is synthesised from three recordings and marked so", "[cli][replay]")
{
    // A star of 8 hosts at 1 Gbit/s; the halo exchange recorded at P = 3, 4 and 5 and asked for at P = 6,
    // which it predicts as the recording made at P = 6 itself replays (its compute 0.08 / P is c P^-1, its
    // planes constant: the synthesised recording is the P = 6 one, line for line). An interior rank needs P >= 3.
    json star = json::parse(kDesign);
    star["parameters"][0]["max"] = 8;
    star["topology"] = {{"generator", "star"}, {"params", {{"n", 8}, {"bw", 1.25e8}}}};
    const std::string design = writeFile("star.json", star.dump());
    const std::string runs = runsFile();
    json j = json::parse(std::ifstream(runs));
    j["recordings"] = json::array();
    for (int P : {3, 4, 5})
        j["recordings"].push_back({{"P", P}, {"ranks", cs::test::haloTexts(P)}});
    std::ofstream(runs) << j.dump();
    j["recordings"] = json::array({{{"P", 6}, {"ranks", cs::test::haloTexts(6)}}});
    const std::string direct = writeFile("direct.json", j.dump());

    const auto r = cli({"replay", design, "--results", runs, "--at", "P=6", "--json"});
    INFO(r.out << r.err);
    REQUIRE(r.rc == 0);
    const json row = json::parse(r.out)[0];
    CHECK(row["synthesized"] == true);
    CHECK(row["recorded_at"] == 5);
    CHECK(row["poor_sites"].empty());
    const auto d = cli({"replay", design, "--results", direct, "--json"});
    REQUIRE(d.rc == 0);
    CHECK(row["predicted"].get<double>() == Approx(json::parse(d.out)[0]["predicted"].get<double>()).epsilon(1e-12));
    const auto t = cli({"replay", design, "--results", runs, "--at", "P=6"});
    CHECK_THAT(t.out, Contains("* P = 6 was not recorded: synthesised from the recordings, the one at P = 5 its "
                               "template; every fit is good"));
}

TEST_CASE("replay: the span between the first and the last barrier of all ranks is what is compared with a run's "
          "own time, and --whole prices the whole run",
          "[cli][replay]")
{
    // P = 2 on a and b, as above, with 0.5 s and 0.3 s of setup, a barrier, the ten messages, a barrier and 0.2 s
    // more on rank 0 (a program that times its loop between two barriers). Barrier 1 (one step of 0 B each way,
    // o_s + L + o_r = 10 us) ends at 0.50001 s; the tenth message is received 80.010 ms later (above), at
    // 0.58002 s, when rank 1 enters barrier 2, which ends at 0.58003 s. The span: 0.58003 - 0.50001 = 80.02 ms;
    // the whole run: 0.58003 + 0.2 = 0.78003 s. Measured 0.1 s: -19.98% on the span.
    const std::string design = writeFile("design.json", kDesign);
    const std::string runs = runsWith(
        "timed", "P,seconds\n2,0.1\n",
        json::array({{{"P", 2},
                      {"ranks",
                       {"csrec 1 0 2\nc 0.5\nbarrier 0\nloop 10 1\nsend 1 1000001 0 0\nbarrier 0\nc 0.2\nend\n",
                        "csrec 1 1 2\nc 0.3\nbarrier 0\nloop 10 1\nrecv 0 1000001 0 0\nbarrier 0\nend\n"}}}}));

    const auto r = cli({"replay", design, "--results", runs, "--json"});
    INFO(r.out << r.err);
    REQUIRE(r.rc == 0);
    const json row = json::parse(r.out).at(0);
    CHECK(row["span"] == "barriers");
    CHECK(row["predicted"].get<double>() == Approx(0.08002).epsilon(1e-9));
    CHECK(row["predicted_whole"].get<double>() == Approx(0.78003).epsilon(1e-9));
    CHECK(row["error"].get<double>() == Approx(-0.1998).epsilon(1e-6));

    const auto w = cli({"replay", design, "--results", runs, "--json", "--whole"});
    REQUIRE(w.rc == 0);
    const json whole = json::parse(w.out).at(0);
    CHECK(whole["span"] == "whole");
    CHECK(whole["predicted"].get<double>() == Approx(0.78003).epsilon(1e-9));

    // The table says which span it priced.
    const auto t = cli({"replay", design, "--results", runs});
    REQUIRE(t.rc == 0);
    CHECK_THAT(t.out, Contains("predicted: from the end of the first barrier of all ranks to the end of the last, the "
                               "span a program times itself in, its setup left out (--whole prices the whole run)"));
    // A recording with no barriers (the runs above): the whole run, said so.
    const auto n = cli({"replay", design, "--results", runsFile(), "--at", "P=2"});
    REQUIRE(n.rc == 0);
    CHECK_THAT(n.out, Contains("P = 2: predicted the whole run (fewer than two barriers of all ranks were recorded)"));
}

TEST_CASE("replay --between I:J prices the span between two barriers of all ranks, analytic and simulated, and "
          "refuses a pair the recording lacks, a malformed one, I >= J and --whole beside it",
          "[cli][replay][span]")
{
    // P = 2 on a and b (one leaf), as above, with three barriers (a program that times the span between its
    // second and third, as LAMMPS's Loop time is between its third and fourth): rank 0 sets up 0.5 s, barrier 1,
    // 0.1 s, barrier 2, the ten messages, barrier 3, 0.2 s; rank 1 sets up 0.3 s, barrier 1, 0.2 s, barrier 2,
    // the ten receives, barrier 3. A barrier of two ranks: o_s + L + o_r = 2 + 5 + 3 = 10 us after the last enters.
    //  - barrier 1 ends at 0.5 + 10 us = 0.50001 s;
    //  - rank 0 at 0.60001 s, rank 1 at 0.70001 s: barrier 2 ends at 0.70002 s;
    //  - the tenth message is received 80.010 ms later (above: 10 x 8 ms + o_s + L + o_r), at 0.78003 s, when
    //    rank 1 enters barrier 3: it ends at 0.78004 s; the whole run 0.78004 + 0.2 = 0.98004 s.
    // Span 2:3: 0.78004 - 0.70002 = 80.02 ms, measured 0.1 s: -19.98%. The first to the last:
    // 0.78004 - 0.50001 = 0.28003 s.
    const std::string design = writeFile("design.json", kDesign);
    const std::string runs = runsWith(
        "three", "P,seconds\n2,0.1\n",
        json::array({{{"P", 2},
                      {"ranks",
                       {"csrec 1 0 2\nc 0.5\nbarrier 0\nc 0.1\nbarrier 0\nloop 10 1\nsend 1 1000001 0 0\nbarrier 0\n"
                        "c 0.2\nend\n",
                        "csrec 1 1 2\nc 0.3\nbarrier 0\nc 0.2\nbarrier 0\nloop 10 1\nrecv 0 1000001 0 0\nbarrier 0\n"
                        "end\n"}}}}));

    const auto all = cli({"replay", design, "--results", runs, "--json"});
    INFO(all.out << all.err);
    REQUIRE(all.rc == 0);
    const json first = json::parse(all.out).at(0);
    CHECK(first["span"] == "barriers");
    CHECK(first["span_barriers"] == json({1, 3}));
    CHECK(first["barriers"] == 3);
    CHECK(first["predicted"].get<double>() == Approx(0.28003).epsilon(1e-9));

    for (const char* pair : {"2:3", "-2:-1", "2:-1"}) {
        INFO(pair);
        const auto r = cli({"replay", design, "--results", runs, "--json", "--between", pair});
        INFO(r.out << r.err);
        REQUIRE(r.rc == 0);
        const json row = json::parse(r.out).at(0);
        CHECK(row["span"] == std::string("barriers ") + pair);
        CHECK(row["span_barriers"] == json({2, 3}));
        CHECK(row["barriers"] == 3);
        CHECK(row["predicted"].get<double>() == Approx(0.08002).epsilon(1e-9));
        CHECK(row["predicted_whole"].get<double>() == Approx(0.98004).epsilon(1e-9));
        CHECK(row["error"].get<double>() == Approx(-0.1998).epsilon(1e-6));
    }
    // --whole: no barriers in the span.
    const auto w = cli({"replay", design, "--results", runs, "--json", "--whole"});
    REQUIRE(w.rc == 0);
    CHECK(json::parse(w.out).at(0)["span_barriers"].is_null());

    // The table's note names the pair, as given and as counted.
    const auto t = cli({"replay", design, "--results", runs, "--between", "2:-1"});
    INFO(t.out << t.err);
    REQUIRE(t.rc == 0);
    CHECK_THAT(t.out, Contains("  2  80.02 ms"));
    CHECK_THAT(t.out, Contains("predicted: from the end of barrier 2 of all ranks to the end of barrier 3 (of 3; "
                               "--between 2:-1), the span the program times itself in (--whole prices the whole run)"));

    // SimGrid's replay prices the same span: its ten messages share the link at once where the analytic replay
    // sends them one after another, the same 80 ms either way (above), and its error is the span's.
    const auto s = cli({"replay", design, "--results", runs, "--json", "--between", "2:3", "--simulate"});
    INFO(s.out << s.err);
    REQUIRE(s.rc == 0);
    const json sim = json::parse(s.out).at(0);
    CHECK(sim["simulated"].get<double>() == Approx(0.08002).epsilon(0.001));
    CHECK(sim["simulated_error"].get<double>() == Approx(-0.1998).epsilon(0.01));

    // A pair this P's recording does not have: the P, its count and the pair (status 1, a fact of the data).
    auto r = cli({"replay", design, "--results", runs, "--between", "2:4"});
    CHECK(r.rc == 1);
    CHECK_THAT(r.err, Contains("--between 2:4: P = 2: the recording has 3 barriers of all ranks; the span 2:4 asks for "
                               "barrier 4, which it does not have (give indices from 1 to 3, or from -3 to -1 counting "
                               "from the end)"));
    r = cli({"replay", design, "--results", runs, "--between", "3:-2"});
    CHECK(r.rc == 1);
    CHECK_THAT(r.err, Contains("--between 3:-2: P = 2: the recording has 3 barriers of all ranks; the span 3:-2 is "
                               "from barrier 3 to barrier 2 of them: the first must come before the second"));
    r = cli({"replay", design, "--results", runsFile(), "--at", "P=2", "--between", "1:2"});
    CHECK(r.rc == 1);
    CHECK_THAT(r.err, Contains("--between 1:2: P = 2: the recording has no barrier of all ranks"));
    // Malformed, I >= J, and --whole beside it: usage errors naming the flag and the value (status 2).
    r = cli({"replay", design, "--results", runs, "--between", "2-3"});
    CHECK(r.rc == 2);
    CHECK_THAT(r.err, Contains("--between 2-3: expected I:J, the 1-based indices of two barriers of all ranks"));
    r = cli({"replay", design, "--results", runs, "--between", "0:2"});
    CHECK(r.rc == 2);
    CHECK_THAT(r.err, Contains("--between 0:2: there is no barrier 0"));
    r = cli({"replay", design, "--results", runs, "--between", "3:2"});
    CHECK(r.rc == 2);
    CHECK_THAT(r.err, Contains("--between 3:2: barrier 3 does not come before barrier 2"));
    r = cli({"replay", design, "--results", runs, "--between", "2:3", "--whole"});
    CHECK(r.rc == 2);
    CHECK_THAT(r.err, Contains("--between 2:3 and --whole ask for two different spans: give one"));
    CHECK(cli({"replay", design, "--results", runs, "--between"}).rc == 2); // no value
}

TEST_CASE("replay: links with a burst are modelled, and the rows give the replay without them", "[cli][replay]")
{
    // kDesign with a token bucket of b = 100,000 B on every link (each way). G = 0: while a bucket holds tokens
    // nothing limits a flow but the replay's device floor (1e-12 s/B), so a message that finds it full passes b
    // bytes at once and m bytes take (m - b) / r on the wire (r = 1.25e8 B/s).
    json bucketed = json::parse(kDesign);
    for (json& e : bucketed["topology"]["edges"])
        e["burst"] = 100000;
    const std::string design = writeFile("bucketed.json", bucketed.dump());
    const std::string runs = runsFile();
    const json rows = replayRows(design, runs, 2);
    // P = 2: ten messages of m = 1e6 B back to back on a - s1 - b: the first finds the buckets full, 7.2 ms; the
    // others follow at once and find them empty, 8 ms each: 79.2 ms, + o_s + L + o_r = 79.21 ms. Without the
    // buckets 80.01 ms (the figure above).
    CHECK(rows[0]["predicted"].get<double>() == Approx(0.07921).epsilon(1e-6));
    CHECK(rows[0]["predicted_no_bucket"].get<double>() == Approx(0.08001).epsilon(1e-9));
    // P = 4: both flows cross the uplink's bucket, which they drain first (twice the load of a host's): it gives
    // b once, the rest of 2m at r: (2e6 - 1e5) / 1.25e8 = 15.2 ms, + 10 us = 15.21 ms. Without: 16.01 ms.
    CHECK(rows[1]["predicted"].get<double>() == Approx(0.01521).epsilon(1e-6));
    CHECK(rows[1]["predicted_no_bucket"].get<double>() == Approx(0.01601).epsilon(1e-9));
    // A design without bursts has no such field.
    CHECK_FALSE(replayRows(writeFile("design.json", kDesign), runs, 2)[0].contains("predicted_no_bucket"));
    // The table says so.
    const auto t = cli({"replay", design, "--results", runs, "--at", "P=4"});
    INFO(t.out << t.err);
    REQUIRE(t.rc == 0);
    CHECK_THAT(t.out, Contains("token buckets: the links' bursts were modelled"));
    CHECK_THAT(t.out, Contains("without them: P = 4 16.01 ms"));
}
