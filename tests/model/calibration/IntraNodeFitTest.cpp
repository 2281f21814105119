// The intra-node LogGP from mpi.loggp on two ranks of one host
// (model/calibration/IntraNodeFit.h), on synthetic results whose fit is
// worked out by hand.
#include "model/calibration/IntraNodeFit.h"
#include "model/document/DocumentFormat.h"

#include "CalibTestData.h"

#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::calib;
using namespace cs::calibtest;

namespace {

// The node's truth: o_s = 0.3 us, o_r = 0.2 us, L = 0.5 us, G = 0.25 ns/B (4 GB/s), g = 0.4 us. The plain
// ping-pong PRTT(1,0,s) = 2 (o_s + L + o_r + (s-1) G) = 2 us + (s-1) x 0.5 ns:
//   s = 1      -> 2 us
//   s = 1025   -> 2 + 1024 x 0.0005 = 2.512 us
//   s = 4097   -> 2 + 4096 x 0.0005 = 4.048 us
//   s = 16385  -> 2 + 16384 x 0.0005 = 10.192 us
//   s = 65537  -> 2 + 65536 x 0.0005 = 34.768 us
json prttSeries()
{
    json series = json::object();
    const std::pair<const char*, double> points[] = {
        {"prtt1@1", 2e-6}, {"prtt1@1025", 2.512e-6}, {"prtt1@4097", 4.048e-6}, {"prtt1@16385", 10.192e-6},
        {"prtt1@65537", 34.768e-6}};
    for (const auto& [key, y] : points)
        series[key] = stat(y);
    return series;
}

// mpi.loggp as the MPI agent writes it (runner::resultToJson: the placement in its part's
// environment.agent.mpi, as a live run's result holds it), ranks 0 and 1 on hosts h0 and h1.
json mpiResult(const std::string& h0, const std::string& h1, json series, double os = 0.3e-6)
{
    json r = result("mpi.loggp", series,
                    {{"o_s", {{"value", os}, {"ci_lo", os * 0.9}, {"ci_hi", os * 1.1}, {"unit", "s"}}},
                     {"o_r", {{"value", 0.2e-6}, {"ci_lo", 0.18e-6}, {"ci_hi", 0.22e-6}, {"unit", "s"}}},
                     {"g", {{"value", 0.4e-6}, {"ci_lo", nullptr}, {"ci_hi", nullptr}, {"unit", "s"}}},
                     {"G", {{"value", 9e-9}, {"unit", "s/B"}}}, {"L", {{"value", 30e-6}, {"unit", "s"}}}});
    r["parts"] = {{{"node", "mpi0"},
                   {"environment",
                    {{"agent", {{"mpi", {{"placement", {{{"rank", 0}, {"host", h0}}, {{"rank", 1}, {"host", h1}}}}}}}},
                     {"probe", json::object()}}}}};
    return r;
}

const CalibratedParam* find(const std::vector<CalibratedParam>& ps, const std::string& param)
{
    for (const CalibratedParam& p : ps)
        if (p.param == param)
            return &p;
    return nullptr;
}

// calibrate's mpi.loggp fit of one logp.loggp block `net` from `results`, nothing held out.
CalibrationReport calibrateMpi(const json& results)
{
    const DesignDocument doc = design(R"([{"name": "net", "type": "logp.loggp"}])");
    CalibrationOptions o;
    o.holdOutFraction = 0.0;
    o.time = "2026-11-21T21:00:00Z";
    o.probes = {"mpi.loggp"};
    return calibrate(doc, results, o);
}

} // namespace

TEST_CASE("intra-node fit: L_node and G_node from PRTT(1 0 s) on one host by hand", "[calib][intranode]")
{
    // The line through the points: a = 2 us, b = 0.5 ns/B. G_node = b / 2 = 0.25 ns/B;
    // L_node = a / 2 - o_s - o_r = 1 - 0.3 - 0.2 = 0.5 us; o_s, o_r and g as the probe derived them.
    const IntraNodeFit f = fitIntraNode(json::array({mpiResult("n1", "n1", prttSeries())}), "net");
    INFO((f.warnings.empty() ? std::string() : f.warnings.front()));
    REQUIRE(f.params.size() == 5);
    CHECK(f.params[0].param == "L_node");
    CHECK(f.params[4].param == "G_node");
    CHECK(find(f.params, "G_node")->value == Approx(0.25e-9).epsilon(1e-9));
    CHECK(find(f.params, "L_node")->value == Approx(0.5e-6).epsilon(1e-9));
    CHECK(find(f.params, "o_s_node")->value == Approx(0.3e-6));
    CHECK(find(f.params, "o_s_node")->ciLow == Approx(0.27e-6));
    CHECK(find(f.params, "o_r_node")->value == Approx(0.2e-6));
    CHECK(find(f.params, "g_node")->value == Approx(0.4e-6));
    CHECK(find(f.params, "L_node")->expression == "a / 2 - o_s_node - o_r_node");
    CHECK(find(f.params, "L_node")->probe == "mpi.loggp");
    CHECK(f.rtt.r2 == Approx(1.0));
    CHECK(f.issues.empty());
}

TEST_CASE("intra-node fit: a pair on two hosts or without a placement is not an intra-node measurement",
          "[calib][intranode]")
{
    json noPlacement = mpiResult("n1", "n1", prttSeries());
    noPlacement["parts"][0].erase("environment");
    for (const json& r : {mpiResult("n1", "n2", prttSeries()), noPlacement}) {
        CHECK_FALSE(onOneHost(r));
        const IntraNodeFit f = fitIntraNode(json::array({r}), "net");
        CHECK(f.params.empty());
        REQUIRE(f.warnings.size() == 1);
        CHECK_THAT(f.warnings[0], Catch::Contains("no ok mpi.loggp result placed ranks 0 and 1 on one host"));
    }
    CHECK(onOneHost(mpiResult("n1", "n1", prttSeries())));
    // Network namespaces share the machine's host name: Open MPI's count of the ranks it placed on rank 0's node
    // (OMPI_COMM_WORLD_LOCAL_SIZE, "local_size") tells their ranks apart from two ranks of one node.
    json namespaces = mpiResult("vm", "vm", prttSeries());
    for (json& r : namespaces["parts"][0]["environment"]["agent"]["mpi"]["placement"])
        r["local_size"] = 1;
    CHECK_FALSE(onOneHost(namespaces));
    for (json& r : namespaces["parts"][0]["environment"]["agent"]["mpi"]["placement"])
        r["local_size"] = 2;
    CHECK(onOneHost(namespaces));
    // Beside a two-host result, the one-host one alone is fitted: its numbers, not the network's.
    const IntraNodeFit both =
        fitIntraNode(json::array({mpiResult("n1", "n2", prttSeries(), 5e-6), mpiResult("n1", "n1", prttSeries())}), "net");
    REQUIRE(both.params.size() == 5);
    CHECK(find(both.params, "o_s_node")->value == Approx(0.3e-6));
}

TEST_CASE("intra-node fit: overheads above the one-way time clamp L_node to 0 with an issue", "[calib][intranode]")
{
    // o_s = 1.5 us + o_r = 0.2 us = 1.7 us > a / 2 = 1 us: L_node = 1 - 1.7 = -0.7 us, clamped to 0.
    const IntraNodeFit f = fitIntraNode(json::array({mpiResult("n1", "n1", prttSeries(), 1.5e-6)}), "net");
    REQUIRE(f.params.size() == 5);
    CHECK(find(f.params, "L_node")->value == 0.0);
    REQUIRE(f.issues.size() == 1);
    CHECK(f.issues[0].param == "L_node");
    CHECK(f.issues[0].check == "clamped");
}

TEST_CASE("intra-node fit: calibrate sets a logp.loggp block's L_node .. G_node from a one-host mpi.loggp",
          "[calib][intranode]")
{
    const CalibrationReport r = calibrateMpi(json::array({mpiResult("n1", "n1", prttSeries())}));
    const CalibratedParam* G = find(r.params, "G_node");
    REQUIRE(G);
    CHECK(G->block == "net");
    CHECK(G->value == Approx(0.25e-9).epsilon(1e-9));
    CHECK(G->previous == Approx(0.2e-9)); // the block's assumed default, 1/(5 GB/s)
    REQUIRE(find(r.params, "L_node"));
    CHECK(find(r.params, "L_node")->value == Approx(0.5e-6).epsilon(1e-9));
    // Without a one-host result nothing intra-node is calibrated.
    const CalibrationReport two = calibrateMpi(json::array({mpiResult("n1", "n2", prttSeries())}));
    CHECK_FALSE(find(two.params, "L_node"));
    CHECK_FALSE(find(two.params, "G_node"));
}

TEST_CASE("intra-node fit: a pair on one host sets no network input, and the pair across hosts does",
          "[calib][intranode]")
{
    // Across hosts o_s = 0.3 us; on one host the node's shared memory, o_s = 5 us (a value no network pair gives).
    const CalibrationReport r = calibrateMpi(
        json::array({mpiResult("n1", "n1", prttSeries(), 5e-6), mpiResult("n1", "n2", prttSeries())}));
    const CalibratedParam* os = find(r.params, "o_s");
    REQUIRE(os);
    CHECK(os->value == Approx(0.3e-6)); // the network's, from n1 -> n2 alone
    REQUIRE(find(r.params, "o_s_node"));
    CHECK(find(r.params, "o_s_node")->value == Approx(5e-6)); // the node's, from n1 -> n1
}

TEST_CASE("intra-node fit: where every pair ran on one host, that pair sets the network's LogGP too",
          "[calib][intranode]")
{
    // An mpi node of this machine alone (mpi:2): both ranks on one host, and nothing measured across hosts. The
    // job then runs on that host too, so the pair is the network it has: its overheads set net.o_s as well as
    // net.o_s_node (before, the pair was taken out of the network's fit and no LogGP input was calibrated). The
    // network's fit holds overheads to the one-way time: o_s + o_r = 5 + 0.2 = 5.2 us > PRTT(1,0,1) / 2 = 1 us,
    // so o_s is scaled into it in the measured proportion, 1 us x 5 / 5.2 = 0.961538 us; the intra-node fit keeps
    // the probe's 5 us and clamps L_node instead.
    const CalibrationReport r = calibrateMpi(json::array({mpiResult("n1", "n1", prttSeries(), 5e-6)}));
    REQUIRE(find(r.params, "o_s"));
    CHECK(find(r.params, "o_s")->value == Approx(1e-6 * 5.0 / 5.2));
    REQUIRE(find(r.params, "o_s_node"));
    CHECK(find(r.params, "o_s_node")->value == Approx(5e-6));
}

TEST_CASE("calibrate's plan asks for mpi.loggp on one host when the job runs more than one rank a node",
          "[calib][intranode][plan]")
{
    auto plan = [](const json& job, const json& sweep) {
        json d = {{"format", "clusterscope-design"},
                  {"version", 3},
                  {"parameters", {{{"name", "P"}, {"unit", "count"}, {"value", 4}, {"min", 1}, {"max", 64}}}},
                  {"topology", {{"generator", "star"}, {"params", {{"n", 4}}}, {"job", job}}},
                  {"blocks", {{{"name", "net"}, {"type", "logp.loggp"}}}}};
        if (!sweep.is_null())
            d["sweep"] = sweep;
        return calibrationPlan(documentFromJson(d));
    };
    auto oneHost = [](const std::vector<ProbeRun>& runs) -> const ProbeRun* {
        for (const ProbeRun& r : runs)
            if (r.probe == "mpi.loggp" && r.ranksPerHost == 2)
                return &r;
        return nullptr;
    };
    // One rank a node: the network's pair alone.
    CHECK_FALSE(oneHost(plan(json::object(), nullptr)));
    // Two a node: the pair on one host too, for the node's LogGP, beside the network's (same settings).
    const std::vector<ProbeRun> two = plan({{"ranks_per_node", 2}}, nullptr);
    const ProbeRun* local = oneHost(two);
    REQUIRE(local);
    CHECK(local->targets == std::vector<std::string>{"net.L_node", "net.o_s_node", "net.o_r_node", "net.g_node",
                                                     "net.G_node"});
    bool network = false;
    for (const ProbeRun& r : two)
        network = network || (r.probe == "mpi.loggp" && r.ranksPerHost == 0 && r.params == local->params);
    CHECK(network);
    // A sweep of ranks a node that reaches 2 asks for it as well.
    CHECK(oneHost(plan(json::object(), {{"axes", {{{"path", "topology.ranks_per_node"}, {"values", "1,2"}}}}})));
}
