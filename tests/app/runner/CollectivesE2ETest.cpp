// Issue 31, section 2: the collectives a user wires into a formula block (comm.collective), checked against
// the app.collectives probe on the namespace cluster. The emulated cluster of VerifyE2ETest (8 namespaces on
// one switch, every link shaped by tbf at a rate picked at random between 20 and 200 Mbit/s).
//
// As a user does it:
//   1. the design: the cluster's LogGP block `net` on the drawn star, and one comm.collective block for each
//      collective app.collectives runs (the broadcast by a binomial tree, the allreduce and the barrier by
//      recursive doubling, the all-to-all pairwise), wired to net's L, o_s, g and G and to the topology's
//      all-to-all bandwidth, one variant each;
//   2. `calibrate` over the namespaces' TCP agents: net's LogGP from the pair probes;
//   3. `verify --at P=2,4,8`: one run of app.collectives per P measures all four (the variants share it), and
//      each block's T is compared with the collective its op names.
//
// The message is 256 KiB (k; the all-to-all's block for each other rank): 10-100 ms on these links, where the
// bandwidth G the pair probes measure decides the time. L and the overheads do not: on links shaped by a token
// bucket the ping-pong's small messages do not determine them (calibrate leaves them at their defaults), so
// the barrier of empty messages is printed beside the others but not held to a limit.
//
// Limits, 15%: the all-to-all at P = 2, 4 and 8; the broadcast at P = 2 and 4; the allreduce at P = 2 and 4.
// The others are printed, not held. The barrier of empty messages is not a bandwidth figure (above); the
// broadcast at P = 8 ran up to 12.6% faster than predicted at 195 Mbit/s (its second and third levels start on
// links left idle, whose buckets hold credit; the block has no burst), the allreduce at P = 8 up to 25% slower
// at 32 Mbit/s (4 to 8 messages crossing at once on a host's link, both ways).
// Two causes made the test flaky (a CI run failed it at -21% at 32 Mbit/s), both fixed:
// - delayed ACKs: Linux holds an ACK up to 40 ms (its floor, whatever the link), and a sender whose window the
//   shallow queue's drops shrank waits for it. The emulated hosts now acknowledge at once (quickack,
//   scripts/netns-cluster.sh);
// - the broadcast's sends returned once TCP had buffered them, so a parent's second send shared its link with
//   the first. The broadcast's sends are now synchronous (plugins/kernels/src/Collectives.cpp), as the model's
//   steps are.
// Runs at 32 Mbit/s (seed 184), the errors of the medians:
// - neither fix (18 runs, 6 beside the unit tests): the all-to-all at P = 4 -10.7% to -17.3% in 7 of 18 (at P = 8
//   once -19.9%), the broadcast at P = 4 -19% twice (median 131 to 169 ms between runs, 137 ms predicted), the
//   allreduce at P = 4 -11% to -28% in 18 of 18;
// - quickack alone (4 runs): the all-to-all within 3.7%, the broadcast at P = 4 -5.6% to -16.4%, the allreduce
//   at P = 4 -14% to -20%;
// - the synchronous broadcast alone (4 runs): the broadcast at P = 4 +7.6% to +15.4%, the allreduce at P = 4
//   -1.8% to -20%;
// - both (11 runs, 6 beside the unit tests): every held row within 8.1% (the all-to-all at P = 8; the others
//   within 5.1%), the allreduce at P = 4 within 2.2%.
// With both at 21 Mbit/s (seed 9) and 195 Mbit/s (seed 4), 4 runs each: the held rows within 3.0% and 2.8%.

#include "LiveCluster.h"
#include "LiveMeasure.h"

#include "app/cli/Cli.h"

#include <QTemporaryDir>

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

using namespace cs;
using nlohmann::json;

namespace {

constexpr double kBytes = 262144;

// The cluster's calibrated design with its FFT replaced by four comm.collective blocks on net.
std::string collectivesDesign(const test::NetnsCluster& cluster, const std::string& calibrated)
{
    json d;
    std::ifstream(calibrated) >> d;
    json blocks = json::array();
    for (const json& b : d["blocks"])
        if (b.value("name", "") == "net")
            blocks.push_back(b);
    json wires = json::array();
    for (const json& w : d["wires"])
        if (w.value("to", "").rfind("net.", 0) == 0)
            wires.push_back(w);
    json variants = json::array();
    // CollectiveBlock's choices: op allreduce 0, broadcast 3, alltoall 4, barrier 5; algorithm binomial 0,
    // recursive_doubling 1, pairwise 5.
    const struct {
        const char* name;
        int op, algorithm;
    } collectives[] = {{"bcast", 3, 0}, {"allreduce", 0, 1}, {"barrier", 5, 1}, {"alltoall", 4, 5}};
    for (const auto& c : collectives) {
        blocks.push_back({{"name", c.name},
                          {"type", "comm.collective"},
                          {"values", {{"k", kBytes}, {"op", c.op}, {"algorithm", c.algorithm}}}});
        const std::string b = c.name;
        for (const auto& [from, to] : {std::pair{"P", "P"}, {"net.L_out", "L"}, {"net.o_s_out", "o"},
                                       {"net.g_out", "g"}, {"net.G_out", "G"}, {"topology.a2a_bw", "B_net"}})
            wires.push_back({{"from", from}, {"to", b + "." + to}});
        variants.push_back({{"name", c.name}, {"total", b + ".T"}});
    }
    json params = json::array();
    for (const json& p : d.value("parameters", json::array()))
        if (p.value("name", "") == "P")
            params.push_back(p);
    d["blocks"] = blocks;
    d["wires"] = wires;
    d["parameters"] = params;
    d["variants"] = variants;
    const std::string path = cluster.dir + "/collectives.design.json";
    std::ofstream(path) << d.dump(1);
    return path;
}

} // namespace

TEST_CASE("comm.collective against app.collectives on 8 shaped namespaces: all-to-all of 256 KiB within 15% at "
          "P = 2, 4 and 8, the broadcast and the allreduce at P = 2 and 4",
          "[netns][verify][collectives][e2e][live-star8]")
{
    const std::unique_ptr<test::LiveCluster> live = test::LiveCluster::get("star8");
    if (live->skipped())
        return;
    const auto [seed, mbit] = live->rate;
    const test::NetnsCluster& cluster = live->cluster();
    std::string calibrateLog;
    const std::string calibrated = live->calibrate(cluster.design(), calibrateLog);
    const std::string design = collectivesDesign(cluster, calibrated);

    const std::string runs = cluster.dir + "/collectives.json";
    // Two warm-ups and a 4 s budget a P: every collective of a repetition is in each run (about 1.3 s a
    // repetition at P = 8 and 20 Mbit/s).
    std::string table;
    const json report = test::verifyMeasured(test::whereOf(cluster),
                                             {design, "--nodes", cluster.nodes(), "--at", "P=2,4,8", "--set",
                                              "budget=4", "--set", "warmups=2"},
                                             runs, table);
    INFO("calibrate: " << calibrateLog);
    INFO(table);
    // One run of the probe a P, shared by the four variants.
    json saved;
    std::ifstream(runs) >> saved;
    CHECK(saved["results"].size() == 3);

    std::ostringstream log;
    log << "tbf " << mbit << " Mbit/s (seed " << seed << ")\n";
    int rows = 0;
    for (const json& row : report["rows"]) {
        const std::string variant = row["variant"];
        const double P = row["P"], error = row["error"];
        INFO(variant << " at P = " << P);
        CHECK(row["quantity"] == "T");
        CHECK(row["measured"].get<double>() > 0);
        log << variant << " P = " << P << ": predicted " << row["predicted"].get<double>() << " s, measured "
            << row["measured"].get<double>() << " s, error " << std::lround(error * 1000) / 10.0 << "%\n";
        ++rows;
        if (variant == "alltoall" || (variant != "barrier" && P <= 4))
            CHECK(std::abs(error) < 0.15);
    }
    CHECK(rows == 12);
    WARN(log.str());
}
