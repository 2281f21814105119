// Verification: predicted against measured application points (model/verification).
#include "model/core/ModelError.h"
#include "model/document/DocumentFormat.h"
#include "model/verification/Verification.h"
#include "model/verification/VerifyTargets.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <map>

using namespace cs;
using Catch::Matchers::Contains;
using nlohmann::json;

namespace {

// fftw.transpose with numbers that make the arithmetic short: rows = 1024,
// t_fft1d = 10 us, the LogGP overheads and latency 0, G = 80 ns/B,
// bw_mem = 1 GB/s, t_pen = 0. G carries a calibrated CI, so there is a band.
const char* kDesign = R"({"format": "clusterscope-design", "version": 3,
  "blocks": [{"name": "fft", "type": "fftw.transpose", "values": {
     "rows": 1024, "t_fft1d": 1e-5, "L": 0, "o_s": 0, "o_r": 0, "g": 0,
     "G": {"value": 8e-8, "provenance": {"kind": "calibrated", "ci": [7.6e-8, 8.4e-8]}},
     "bw_mem": 1e9, "t_pen": 0}}],
  "measured": [{"probe": "net.pingpong", "status": "ok", "nodes": ["h0", "h1"], "parts": []},
               {"probe": "app.fft2d", "status": "ok", "nodes": ["h0", "h1", "h2", "h3"], "parts": []}]})";

// One app.fft2d result as the runner writes it, with P nodes and the given medians.
json appResult(int P, double T, double a2a)
{
    json nodes = json::array();
    for (int i = 0; i < P; ++i)
        nodes.push_back("h" + std::to_string(i));
    auto s = [](double m) { return json{{"median", m}, {"ci_lo", 0.9 * m}, {"ci_hi", 1.1 * m}, {"n", 5}, {"min", m}, {"max", m}}; };
    return {{"probe", "app.fft2d"},
            {"status", "ok"},
            {"nodes", nodes},
            {"parts", json::array({{{"details", {{"P", P}}}}})},
            {"summary", {{"series", {{"T", s(T)}, {"T_a2a", s(a2a)}}}}}};
}

} // namespace

TEST_CASE("verify compares the application's phases with fftw.transpose evaluated at the same P", "[verify]")
{
    const DesignDocument doc = parseDocument(kDesign);
    const verify::Application* app = verify::applicationFor("fftw.transpose");
    REQUIRE(app);
    CHECK(app->probe == "app.fft2d");

    const json results = json::array({appResult(4, 0.5, 0.5), appResult(2, 1.0, 1.0),
                                      {{"probe", "app.fft2d"}, {"status", "failed"}, {"nodes", {"a", "b"}}}});
    const auto points = verify::measuredFromResults(results, "app.fft2d", app->quantities);
    REQUIRE(points.size() == 4); // the failed run gives nothing
    // Calibration ran pair probes only: P = 2 is used, P = 4 is held out.
    // The application's own result in doc.measured does not count.
    const std::set<double> used = verify::calibratedNodeCounts(doc);
    CHECK(used == std::set<double>{2.0});
    CHECK(verify::pathOfP(doc, "fft") == "fft.P");

    const verify::Report r = verify::compare(doc, "default", "fft.P", points, used);
    REQUIRE(r.rows.size() == 4);
    const verify::Row* T4 = nullptr;
    const verify::Row* A2 = nullptr;
    for (const verify::Row& x : r.rows) {
        if (x.P == 4 && x.quantity == "T")
            T4 = &x;
        if (x.P == 2 && x.quantity == "T_a2a")
            A2 = &x;
    }
    REQUIRE(T4);
    REQUIRE(A2);
    // P = 4: M = 256 rows, S = 256 x 1024 x 16 = 4,194,304 B, blocks 256^2 x 16 = 1,048,576 B.
    //   T_compute = 2 x 10 us x 256                  = 5.12 ms            (eq. 4)
    //   T_local = T_perm = 2 x 4,194,304 / 1e9        = 8.388608 ms each
    //   T_a2a = 2 x (P-1) x (k-1) G = 6 x 1,048,575 x 80e-9 = 0.503316 s  (pairwise, LogGP)
    //   T = 5.12e-3 + 2 x 8.388608e-3 + 0.503316     = 0.525213216 s      (eq. 3)
    CHECK(T4->predicted == Approx(0.525213216).epsilon(1e-9));
    CHECK(T4->error == Approx((0.525213216 - 0.5) / 0.5).epsilon(1e-9));
    CHECK(T4->heldOut);
    // P = 2: blocks 512^2 x 16 = 4,194,304 B; T_a2a = 2 x 1 x 4,194,303 x 80e-9 = 0.67108848 s.
    CHECK(A2->predicted == Approx(0.67108848).epsilon(1e-9));
    CHECK(A2->error == Approx(0.67108848 - 1.0).epsilon(1e-9));
    CHECK_FALSE(A2->heldOut);
    // The band comes from G's CI [76, 84] ns/B: T_a2a is linear in G, so it spans about +/-5%.
    CHECK(A2->bandLo < A2->predicted);
    CHECK(A2->bandHi > A2->predicted);
    CHECK(A2->bandLo >= 0.67108848 * 0.95 * (1 - 1e-9));
    CHECK(A2->bandHi <= 0.67108848 * 1.05 * (1 + 1e-9));
    CHECK(r.bandParams == std::vector<std::string>{"fft.G"});

    // Held-out and calibrated points are summarised apart.
    CHECK(r.heldOut.count == 2);
    CHECK(r.used.count == 2);
    CHECK(r.heldOut.maxAbs >= std::abs(T4->error));

    const json j = verify::toJson(r);
    REQUIRE(j["rows"].size() == 4);
    for (const char* key : {"variant", "P", "quantity", "predicted", "measured", "error"})
        CHECK(j["rows"][0].contains(key));
    CHECK(j["summary"]["held_out"]["count"] == 2);
}

TEST_CASE("verify names what it cannot compare", "[verify]")
{
    const DesignDocument doc = parseDocument(kDesign);
    CHECK_THROWS_WITH(verify::compare(doc, "other", "fft.P", {}, {}), Contains("variant 'other' is not in the design"));
    verify::MeasuredPoint m;
    m.P = 4;
    m.quantity = "T_nothing";
    m.median = 1;
    CHECK_THROWS_WITH(verify::compare(doc, "default", "fft.P", {m}, {}), Contains("fft.T_nothing"));
    // A switch that runs the collectives itself is not what TCP between agents has: no application.
    CHECK(verify::applicationFor("offload.collective") == nullptr);
    CHECK_THROWS_WITH(verify::measuredFromResults(json::object(), "app.fft2d", {"T"}), Contains("expected an array"));
}

TEST_CASE("the integer sort and the collectives have their applications, with the block inputs they take",
          "[verify]")
{
    const verify::Application* sort = verify::applicationFor("sort.parallel");
    REQUIRE(sort);
    CHECK(sort->probe == "app.sort");
    CHECK(sort->mpiProbe == "mpi.app.sort"); // the same sort under mpirun, the keys by MPI_Alltoallv
    // The problem size: E_init keys over all nodes.
    CHECK(sort->inputs == std::vector<std::pair<std::string, std::string>>{{"E_init", "keys"}});
    CHECK(sort->quantities == std::vector<std::string>{"T", "T_bucket1", "T_xchg", "T_bucket2", "T_count"});
    const verify::Application* coll = verify::applicationFor("logp.loggp");
    REQUIRE(coll);
    CHECK(coll->probe == "app.collectives");
    CHECK(coll->mpiProbe == "mpi.app.collectives");
    CHECK(coll->inputs == std::vector<std::pair<std::string, std::string>>{{"k", "bytes"}, {"alltoall", "alltoall"}});
    CHECK(coll->quantities == std::vector<std::string>{"T_bcast", "T_allreduce", "T_barrier", "T_alltoall"});
    CHECK(verify::knownApplications() ==
          "fftw.transpose (app.fft2d), sort.parallel (app.sort), logp.loggp (app.collectives), comm.collective "
          "(app.collectives), formula (app.run)");
}

TEST_CASE("verify says when the nodes of a run shared the CPUs of one host", "[verify]")
{
    // Four agents on one host of 2 online CPUs (local namespaces share the machine): 4 / 2 = 2 processes
    // per CPU. Two agents on two hosts of 1 CPU each: 1 per CPU, nothing to say. An MPI run of 8 ranks
    // placed on one host of 2 CPUs: 4 per CPU. Environments are untrusted: a part whose online_cpus is a
    // string counts as not known.
    const DesignDocument doc = parseDocument(kDesign);
    auto agent = [](const std::string& host, const json& cpus, int P) {
        return json{{"details", {{"P", P}}}, {"environment", {{"agent", {{"hostname", host}, {"online_cpus", cpus}}}}}};
    };
    json shared = appResult(4, 0.5, 0.5);
    shared["parts"] = json::array({agent("vm", 2, 4), agent("vm", 2, 4), agent("vm", 2, 4), agent("vm", 2, 4)});
    json apart = appResult(2, 1.0, 1.0);
    apart["parts"] = json::array({agent("n0", 1, 2), agent("n1", 1, 2)});
    json mpi = appResult(8, 0.3, 0.3);
    json placement = json::array();
    for (int r = 0; r < 8; ++r)
        placement.push_back({{"rank", r}, {"host", "vm"}});
    mpi["parts"] = json::array({{{"details", {{"ranks", 8}}},
                                 {"environment", {{"agent", {{"hostname", "vm"}, {"online_cpus", 2},
                                                             {"mpi", {{"placement", placement}}}}}}}}});
    json odd = appResult(4, 0.5, 0.5);
    odd["parts"] = json::array({agent("vm", "two", 4), agent("vm", "two", 4), agent("vm", "two", 4), agent("vm", "two", 4)});

    const verify::Application* app = verify::applicationFor("fftw.transpose");
    const auto points = verify::measuredFromResults(json::array({shared, apart, mpi}), "app.fft2d", app->quantities);
    const verify::Report r = verify::compare(doc, "default", "fft.P", points, {2.0});
    for (const verify::Row& x : r.rows) {
        INFO("P = " << x.P << " " << x.quantity);
        CHECK(x.cpuShare == (x.P == 4 ? 2.0 : x.P == 8 ? 4.0 : 0.0));
    }
    std::string notes;
    for (const std::string& n : r.notes)
        notes += n + "\n";
    CHECK_THAT(notes, Contains("at P = 4 and 8 the processes ran on one host (vm with 2 online CPUs), 2 and 4 per "
                               "CPU: the phases that compute could contend for its CPUs"));
    CHECK_THAT(notes, !Contains("P = 2"));
    CHECK(verify::toJson(r)["rows"][0].contains("cpu_share"));

    const auto unknown = verify::measuredFromResults(json::array({odd}), "app.fft2d", app->quantities);
    REQUIRE_FALSE(unknown.empty());
    CHECK(unknown[0].cpus == 0);
    CHECK(verify::compare(doc, "default", "fft.P", unknown, {2.0}).rows[0].cpuShare == 0.0);
}

TEST_CASE("verify says when an MPI run's messages went by Open MPI's rendezvous protocol", "[verify]")
{
    // The 2D FFT of rows = 1024 complex doubles: 1024 x 1024 x 16 B = 16 MiB, a slab of 16/P MiB, a block of
    // 16/P^2 MiB: 4 MiB at P = 2, 1 MiB at P = 4, 256 KiB at P = 8. Open MPI's TCP BTL eager limit 64 KiB
    // (its default) at P = 2 and 4; at P = 8 the run had it raised to 8 MiB, above its block, and a run with no
    // recorded limit (another MPI, an agent before the field) says nothing either.
    const DesignDocument doc = parseDocument(kDesign);
    auto mpiResult = [](int P, double block, const json& limit) {
        json r = appResult(P, 0.5, 0.5);
        r["parts"] = json::array({{{"details", {{"ranks", P}, {"block_bytes", block}}},
                                   {"environment", {{"agent", {{"mpi", {{"btl_tcp_eager_limit", limit}}}}}}}}});
        return r;
    };
    const double MiB = 1048576;
    const json results = json::array({mpiResult(2, 4 * MiB, 65536), mpiResult(4, 1 * MiB, 65536),
                                      mpiResult(8, MiB / 4, 8 * MiB), mpiResult(16, MiB / 16, nullptr)});
    const verify::Application* app = verify::applicationFor("fftw.transpose");
    const auto points = verify::measuredFromResults(results, "app.fft2d", app->quantities);
    const verify::Report r = verify::compare(doc, "default", "fft.P", points, {2.0});
    std::string notes;
    for (const std::string& n : r.notes)
        notes += n + "\n";
    CHECK_THAT(notes, Contains("at P = 2 and 4 the messages (4 MiB and 1 MiB) were above Open MPI's TCP eager limit "
                               "(64 KiB) and went by its rendezvous protocol"));
    CHECK_THAT(notes, !Contains("P = 8"));
    CHECK_THAT(notes, !Contains("16"));
}

TEST_CASE("comm.collective is verified against app.collectives: each block against the collective its op names",
          "[verify]")
{
    // Four comm.collective blocks, one a variant each, with numbers that make the arithmetic short:
    // L = 10 us, o = g = 0, G = 10 ns/B, no network limit, k = 1001 B, P = 4; so one message of k bytes
    // takes ow = o + (k - 1) G + L + o = 1000 * 1e-8 + 1e-5 = 2e-5 s (LogGPMath.h).
    // op: allreduce 0, broadcast 3, alltoall 4; algorithm: binomial 0, recursive_doubling 1, ring 3, linear 6.
    const auto block = [](const char* name, int op, int algorithm) {
        return json{{"name", name},
                    {"type", "comm.collective"},
                    {"values",
                     {{"L", 1e-5}, {"o", 0}, {"g", 0}, {"G", 1e-8}, {"B_net", 1e13}, {"P", 4}, {"k", 1001},
                      {"op", op}, {"algorithm", algorithm}}}};
    };
    json design = {{"format", "clusterscope-design"},
                   {"version", 3},
                   {"blocks", {block("bc", 3, 0), block("ar", 0, 1), block("a2a", 4, 6), block("ring", 0, 3)}},
                   {"variants",
                    {{{"name", "bcast"}, {"total", "bc.T"}},
                     {{"name", "allreduce"}, {"total", "ar.T"}},
                     {{"name", "alltoall"}, {"total", "a2a.T"}},
                     {{"name", "ring"}, {"total", "ring.T"}}}}};
    const DesignDocument doc = parseDocument(design.dump());

    std::vector<std::string> skipped;
    const std::vector<verify::Target> targets = verify::targetsOf(doc, "", &skipped);
    REQUIRE(targets.size() == 3);
    // The ring allreduce is not what app.collectives runs: left out, saying so.
    REQUIRE(skipped.size() == 1);
    CHECK_THAT(skipped[0], Contains("variant 'ring'") && Contains("allreduce and the barrier by recursive doubling") &&
                               Contains("block ring's op and algorithm are none of these"));
    // The probe's bytes are k; its all-to-all schedule follows the block (linear 0, pairwise 1 for the others).
    using Params = std::vector<std::pair<std::string, double>>;
    using Series = std::vector<std::pair<std::string, std::string>>;
    CHECK(targets[0].params == Params{{"bytes", 1001}, {"alltoall", 1}});
    CHECK(targets[0].series == Series{{"T_bcast", "T"}});
    CHECK(targets[1].series == Series{{"T_allreduce", "T"}});
    CHECK(targets[2].params == Params{{"bytes", 1001}, {"alltoall", 0}});
    CHECK(targets[2].series == Series{{"T_alltoall", "T"}});
    CHECK_THROWS_WITH(verify::targetsOf(doc, "ring"), Contains("none of these"));

    // One run of app.collectives on four nodes measures all four collectives.
    auto s = [](double m) {
        return json{{"median", m}, {"ci_lo", 0.9 * m}, {"ci_hi", 1.1 * m}, {"n", 5}, {"min", m}, {"max", m}};
    };
    const json results = json::array(
        {{{"probe", "app.collectives"},
          {"status", "ok"},
          {"nodes", {"h0", "h1", "h2", "h3"}},
          {"parts", json::array()},
          {"summary",
           {{"series", {{"T_bcast", s(5e-5)}, {"T_allreduce", s(4e-5)}, {"T_barrier", s(3e-5)}, {"T_alltoall", s(8e-5)}}}}}}});
    const verify::Report r = verify::verifyResults(doc, targets, results);
    REQUIRE(r.rows.size() == 3);
    std::map<std::string, const verify::Row*> byVariant;
    for (const verify::Row& row : r.rows) {
        CHECK(row.P == 4);
        CHECK(row.quantity == "T");
        byVariant[row.variant] = &row;
    }
    REQUIRE(byVariant.size() == 3);
    // Broadcast, binomial tree: ceil(log2 4) = 2 steps of ow: 4e-5 s against 5e-5 measured: -20%.
    CHECK(byVariant["bcast"]->predicted == Approx(4e-5));
    CHECK(byVariant["bcast"]->measured == Approx(5e-5));
    CHECK(byVariant["bcast"]->error == Approx(-0.2));
    // Allreduce, recursive doubling: log2 4 = 2 exchange steps of ow, no reduction cost: 4e-5 s, as measured.
    CHECK(byVariant["allreduce"]->predicted == Approx(4e-5));
    CHECK(byVariant["allreduce"]->error == Approx(0.0).margin(1e-12));
    // All-to-all, linear: (P - 2) slots of max(g, 2o, (k - 1) G) = 1e-5 s, then one ow: 2e-5 + 2e-5 = 4e-5 s
    // against 8e-5 measured: -50%.
    CHECK(byVariant["alltoall"]->predicted == Approx(4e-5));
    CHECK(byVariant["alltoall"]->error == Approx(-0.5));
}

TEST_CASE("verify places a run of two ranks a host on its hosts, each named once", "[verify][placement]")
{
    // Four hosts on a star; the design's job at 2 ranks a node. An MPI run of 4 ranks on h0, h0, h1, h1 (its
    // rank_hosts, by address) is the job's 2 nodes h0 and h1, listed; before, 4 names for 2 hosts were refused
    // and the model kept the design's placement.
    json j = json::parse(R"({"format": "clusterscope-design", "version": 3,
      "parameters": [{"name": "P", "unit": "count", "value": 4, "min": 1, "max": 8}],
      "topology": {"generator": "star", "params": {"n": 4}, "job": {"ranks_per_node": 2}},
      "blocks": [{"name": "fft", "type": "fftw.transpose", "values": {"rows": 1024}}],
      "nodes": [{"name": "h0", "transport": "local", "address": "10.0.0.1"},
                {"name": "h1", "transport": "local", "address": "10.0.0.2"}]})");
    const DesignDocument doc = documentFromJson(j);
    const json results = json::array({{{"probe", "mpi.app.fft2d"},
                                       {"status", "ok"},
                                       {"rank_hosts", {"10.0.0.1", "10.0.0.1", "10.0.0.2", "10.0.0.2"}}}});
    CHECK(verify::rankHostNames(results[0], doc.nodes) == std::vector<std::string>{"h0", "h0", "h1", "h1"});
    std::vector<std::string> notes;
    const DesignDocument placed = verify::placedAsRun(doc, results, "app.fft2d", "mpi.app.fft2d", notes);
    REQUIRE(notes.size() == 1);
    CHECK(notes[0] == "the model placed each run's ranks on the hosts it ran on (placement listed: 2 hosts, 4 ranks)");
    CHECK(placed.design.topology()->values[static_cast<std::size_t>(
                                               placed.design.topology()->spec().inputIndex("placement"))]
              .value == 3); // listed
}
