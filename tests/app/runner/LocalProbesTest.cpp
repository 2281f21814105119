// Every probe, on local processes pinned to CPUs, through the runner: the
// results carry the raw samples of every series, a summary with the median and its confidence
// interval, the calibration values, and where each process ran.
#include "TestSupport.h"

#include <catch2/catch.hpp>

#include <cmath>

using namespace cs;
using nlohmann::json;

namespace {

void checkOk(const runner::JobResult& r)
{
    INFO(r.probe << ": " << r.reason);
    REQUIRE(r.status == "ok");
    for (const auto& p : r.parts) {
        CHECK(p.status == "ok");
        // Environment: CPU model, pinning, clock and versions are recorded.
        CHECK(p.agentEnvironment.contains("cpu_model"));
        CHECK(p.agentEnvironment.contains("clock_source"));
        CHECK(p.agentEnvironment["versions"].contains("agent"));
    }
    test::checkSeriesWithSamples(r);
}

} // namespace

TEST_CASE("net.pingpong over TCP and UDP, pinned to CPUs", "[probes]")
{
    for (int transport : {0, 1}) {
        const auto r = test::runOne("local:cpu=0,local:cpu=1", "net.pingpong",
                                    {{"transport", transport}, {"size_min", 1}, {"size_max", 1024}, {"size_factor", 32},
                                     {"warmups", 10}, {"reps", 50}});
        checkOk(r);
        REQUIRE(r.parts.size() == 2);
        CHECK(r.parts[0].role == "server");
        CHECK(r.parts[1].role == "client");
        // Pinning is recorded where the process ran.
        CHECK(r.parts[0].agentEnvironment["cpus_requested"] == json::array({0}));
        CHECK(r.parts[1].agentEnvironment["cpus_requested"] == json::array({1}));
        CHECK(r.parts[1].agentEnvironment["pinned"] == true);
        // Sizes 1 and 32 and 1024: raw samples, 50 per size.
        CHECK(r.parts[1].samples.at("rtt@1").size() == 50);
        CHECK(r.parts[1].samples.at("rtt@1024").size() == 50);
        const double latency = r.summary["derived"]["latency"]["value"];
        CHECK(latency > 0);
        CHECK(latency == Approx(r.summary["series"]["rtt@1"]["median"].get<double>() / 2).epsilon(0.05));
    }
}

TEST_CASE("net.loggp gives L, o_s, o_r, g, G per segment and calibrates logp.loggp", "[probes]")
{
    const auto r = test::runOne("local:cpu=0,local:cpu=1", "net.loggp",
                                {{"size_max", 4096}, {"size_step", 1024}, {"reps", 10}, {"warmups", 2}});
    checkOk(r);
    const json& d = r.summary["derived"];
    // On a noisy loopback a fitted intercept can come out below zero; the
    // values must be there and finite, and L is clamped at zero (see LogGP.h).
    for (const char* k : {"L", "o_s", "o_r", "g", "G"}) {
        INFO(k);
        REQUIRE(d[k]["value"].is_number());
        CHECK(std::isfinite(d[k]["value"].get<double>()));
    }
    CHECK(d["L"]["value"].get<double>() >= 0);
    CHECK(r.parts[1].details["segments"].size() >= 1);
    std::vector<std::string> targets;
    for (const json& c : r.calibrates)
        targets.push_back(c["target"]);
    CHECK(std::find(targets.begin(), targets.end(), "logp.loggp.G") != targets.end());
    CHECK(std::find(targets.begin(), targets.end(), "fftw.transpose.o_s") != targets.end());
}

TEST_CASE("net.stream one-way over 1 socket and two-way over 2 sockets", "[probes]")
{
    auto r = test::runOne("local:cpu=0,local:cpu=1", "net.stream",
                          {{"bytes", 4 << 20}, {"reps", 3}, {"warmups", 1}});
    checkOk(r);
    CHECK(r.summary["derived"]["bandwidth"]["value"].get<double>() > 1e6);
    CHECK(r.parts[1].samples.at("total").size() == 3);
    r = test::runOne("local:cpu=0,local:cpu=1", "net.stream",
                     {{"sockets", 2}, {"mode", 1}, {"bytes", 2 << 20}, {"reps", 3}, {"warmups", 1}});
    checkOk(r);
    CHECK(r.summary["series"].contains("server_to_client"));
    CHECK(r.parts[1].details["sockets"] == 2);
}

TEST_CASE("mem.copy reports memcpy and the copy loop, STREAM convention", "[probes]")
{
    const auto r = test::runOne("local:cpu=0", "mem.copy", {{"array_bytes", 8 << 20}, {"reps", 3}, {"warmups", 1}});
    checkOk(r);
    CHECK(r.parts[0].details["bytes_per_copy"] == 2 * (8 << 20));
    CHECK(r.parts[0].details["verified"] == true);
    CHECK(r.summary["derived"]["memcpy"]["value"].get<double>() > 1e8);
    CHECK(r.summary["derived"]["loop"]["value"].get<double>() > 1e8);
    CHECK(r.calibrates[0]["target"] == "fftw.transpose.bw_mem");
}

TEST_CASE("cpu.fft gives t_fft1d with the plan time apart", "[probes]")
{
    const auto r = test::runOne("local:cpu=1", "cpu.fft",
                                {{"length_min", 256}, {"length_max", 1024}, {"planner", 0}, {"reps", 5},
                                 {"min_sample_time", 1e-4}});
    checkOk(r);
    CHECK(r.summary["series"].size() == 3); // 256, 512, 1024
    const double t = r.summary["derived"]["t_fft1d"]["value"];
    CHECK(t > 0);
    CHECK(t == r.summary["series"]["t@256"]["median"].get<double>());
    CHECK(r.parts[0].details["lengths"][0]["plan_time_s"].get<double>() >= 0);
    CHECK(r.calibrates[0]["target"] == "inic.fft2d.t_fft1d");
}

TEST_CASE("cpu.sort gives T_countsort and the bucket cost per key", "[probes]")
{
    const auto r = test::runOne("local:cpu=0", "cpu.sort", {{"keys", 1 << 16}, {"buckets", 16}, {"reps", 3}});
    checkOk(r);
    const json& d = r.summary["derived"];
    // t_bucket = T_bucket / keys
    CHECK(d["t_bucket"]["value"].get<double>() ==
          Approx(d["T_bucket"]["value"].get<double>() / 65536.0).epsilon(1e-12));
    CHECK(r.parts[0].details["verified"] == true);
}

TEST_CASE("net.token exchanges tokens over UDP with k in flight", "[probes]")
{
    const auto r = test::runOne("local:cpu=0,local:cpu=1", "net.token",
                                {{"token_bytes", 4096}, {"in_flight", 2}, {"exchanges", 200}, {"reps", 3}});
    checkOk(r);
    CHECK(r.parts[1].details["packets_per_token"] == 3); // 4096 / 1456 rounded up
    CHECK(r.summary["derived"]["throughput"]["value"].get<double>() > 0);
}

TEST_CASE("net.alltoall among three local nodes over TCP", "[probes]")
{
    const auto r = test::runOne("local:cpu=0,local:cpu=1,local:cpu=0", "net.alltoall",
                                {{"block_bytes", 16384}, {"reps", 3}, {"warmups", 1}});
    checkOk(r);
    REQUIRE(r.parts.size() == 3);
    for (int i = 0; i < 3; ++i) {
        CHECK(r.parts[static_cast<std::size_t>(i)].details["rank"] == i);
        CHECK(r.parts[static_cast<std::size_t>(i)].details["P"] == 3);
    }
    CHECK(r.summary["derived"]["T_alltoall"]["value"].get<double>() > 0);
}

TEST_CASE("app.sort among three local nodes: sorted, every phase per repetition, the same on every node",
          "[probes][app]")
{
    // 30001 keys over 3 nodes (10001, 10000, 10000); 16 cache buckets; a budget of 0 runs all 4 repetitions.
    const auto r = test::runOne("local:cpu=0,local:cpu=1,local:cpu=0", "app.sort",
                                {{"keys", 30001}, {"buckets", 16}, {"reps", 4}, {"warmups", 1}, {"budget", 0}});
    checkOk(r);
    REQUIRE(r.parts.size() == 3);
    double keysHere = 0;
    for (std::size_t i = 0; i < 3; ++i) {
        const json& d = r.parts[i].details;
        CHECK(d["rank"] == i);
        CHECK(d["P"] == 3);
        CHECK(d["verified"] == true);
        CHECK(d["kept"] == 4);
        keysHere += d["keys_here"].get<double>();
        // Every node holds the same maxima: the slowest node per repetition.
        CHECK(r.parts[i].samples.at("T_xchg") == r.parts[0].samples.at("T_xchg"));
    }
    CHECK(keysHere == 30001);
    for (const char* q : {"T", "T_bucket1", "T_xchg", "T_bucket2", "T_count"}) {
        INFO(q);
        CHECK(r.summary["series"][q]["n"] == 4); // every repetition kept
        CHECK(r.parts[0].samples.at(q).size() == 4);
        CHECK(r.summary["derived"][q]["value"].get<double>() > 0);
    }
}

TEST_CASE("app.collectives among three local nodes: every collective per repetition", "[probes][app]")
{
    const auto r = test::runOne("local:cpu=0,local:cpu=1,local:cpu=0", "app.collectives",
                                {{"bytes", 1024}, {"reps", 5}, {"warmups", 1}, {"budget", 0}, {"alltoall", 0}});
    checkOk(r);
    REQUIRE(r.parts.size() == 3);
    for (std::size_t i = 0; i < 3; ++i) {
        CHECK(r.parts[i].details["rank"] == i);
        CHECK(r.parts[i].details["bytes"] == 1024);
        CHECK(r.parts[i].details["alltoall"] == "linear");
    }
    for (const char* q : {"T_bcast", "T_allreduce", "T_barrier", "T_alltoall"}) {
        INFO(q);
        CHECK(r.summary["series"][q]["n"] == 5);
        CHECK(r.parts[0].samples.at(q).size() == 5);
        CHECK(r.parts[2].samples.at(q) == r.parts[0].samples.at(q));
    }
}

TEST_CASE("pair probes are scheduled over every pair of nodes", "[probes]")
{
    runner::RunPlan plan;
    plan.nodes = runner::parseNodeSpec("local:cpu=0,local:cpu=1,local:cpu=0");
    plan.probe = "net.pingpong";
    plan.params = {{"size_max", 1}, {"reps", 5}, {"warmups", 1}};
    auto results = test::runToEnd(plan);
    REQUIRE(results.size() == 3); // (0,1) (0,2) (1,2)
    CHECK(results[0].nodes == std::vector<std::string>{"local0", "local1"});
    CHECK(results[1].nodes == std::vector<std::string>{"local0", "local2"});
    CHECK(results[2].nodes == std::vector<std::string>{"local1", "local2"});
    for (const auto& r : results)
        CHECK(r.ok());
    plan.pairing = "chain";
    CHECK(runner::planJobs(plan, test::plugins()).size() == 2);
}

TEST_CASE("plans are checked before anything starts", "[probes]")
{
    runner::RunPlan plan;
    plan.nodes = runner::parseNodeSpec("local:cpu=0");
    plan.probe = "net.pingpong";
    CHECK_THROWS_WITH(runner::planJobs(plan, test::plugins()),
                      "probe net.pingpong needs two nodes (a server and a client), got 1");
    plan.probe = "no.such";
    CHECK_THROWS_WITH(runner::planJobs(plan, test::plugins()), Catch::Contains("unknown probe 'no.such'"));
    plan.probe = "cpu.sort";
    plan.params = {{"keys", -5}};
    CHECK_THROWS_WITH(runner::planJobs(plan, test::plugins()), "keys = -5 is out of range [1, 2147483648] count");
    plan.params = json::object();
    plan.probe = "mpi.alltoall";
    CHECK_THROWS_WITH(runner::planJobs(plan, test::plugins()), Catch::Contains("runs under MPI"));
    plan.nodes = runner::parseNodeSpec("mpi:2");
    plan.probe = "cpu.sort";
    CHECK_THROWS_WITH(runner::planJobs(plan, test::plugins()), Catch::Contains("runs only the MPI probes"));
}
