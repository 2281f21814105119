// Issue 44 end to end on this machine (local mpirun, no namespaces): the Jacobi example recorded by
// `run-app --record` at P = 2 and replayed by `replay` on a drawn star of 8 hosts with a logp.loggp block, as a
// user runs the two commands; and the recorder's output of a program of every kind of call read and replayed
// (a trace the reader refused was a mismatch between the two halves: none should remain).
#if defined(CS_EXAMPLE_JACOBI_EXE) && defined(CS_RECORD_LIB)
#include "../TestSupport.h"

#include "model/recording/CsrecParser.h"
#include "model/recording/Recording.h"

#include <QTemporaryDir>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

using nlohmann::json;

namespace {

std::string readAll(const std::string& path)
{
    std::ifstream in(path);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// A rank's compute seconds with its loops expanded (events [begin, end) of its trace).
double computeOf(const cs::rec::RankTrace& t, std::size_t begin, std::size_t end)
{
    double s = 0;
    for (std::size_t i = begin; i < end; ++i) {
        const cs::rec::Event& e = t.events[i];
        if (e.kind == cs::rec::Kind::Compute) {
            s += e.value;
        } else if (e.kind == cs::rec::Kind::Loop) {
            s += e.value * computeOf(t, i + 1, i + 1 + e.count);
            i += e.count;
        }
    }
    return s;
}

// run-app --record with `args` (nodes, P, timing, -- and the program) into `runs`, and the one recording it wrote,
// read as replay reads it (a text the reader refuses fails here, naming the rank and line).
cs::rec::Recording recordOnce(const std::string& args, const std::string& runs)
{
    std::string out;
    const int ran =
        cs::test::sh(std::string(CS_CLI_EXE) + " run-app --quiet --record -o " + runs + " " + args + " 2>&1", &out);
    INFO("run-app: " << out);
    REQUIRE(ran == 0);
    const json file = json::parse(readAll(runs));
    REQUIRE(file["recordings"].size() == 1);
    return cs::rec::parseRecording(file["recordings"][0]["ranks"].get<std::vector<std::string>>(), "recordings[0]");
}

// A star of 8 hosts on one switch, 10 Gbit/s links, drawn (vertices and edges), and LogGP set by hand: L = 6 us,
// o_s = 4 us, o_r = 5 us, g = 6 us, G = 25 ns/B (the block's defaults but a round G). The links' 0.8 ns/B is
// below G, so G stands (G_floor = network: max(G, the flows' share)).
std::string starDesign(const std::string& path)
{
    json vertices = json::array({{{"id", "sw"}, {"kind", "switch"}}});
    json edges = json::array();
    for (int i = 0; i < 8; ++i) {
        vertices.push_back({{"id", "h" + std::to_string(i)}, {"kind", "host"}});
        edges.push_back({{"from", "h" + std::to_string(i)}, {"to", "sw"}, {"bandwidth", "10Gbit/s"}});
    }
    const json design = {
        {"format", "clusterscope-design"},
        {"version", 3},
        {"name", "star of 8"},
        {"parameters", {{{"name", "P"}, {"unit", "count"}, {"value", 8}, {"min", 1}, {"max", 8}}}},
        {"blocks",
         {{{"name", "net"},
           {"type", "logp.loggp"},
           {"values", {{"L", 6e-6}, {"o_s", 4e-6}, {"o_r", 5e-6}, {"g", 6e-6}, {"G", 25e-9}}}}}},
        {"wires", {{{"from", "P"}, {"to", "net.P"}}}},
        {"topology", {{"vertices", vertices}, {"edges", edges}}}};
    std::ofstream(path) << design.dump(1);
    return path;
}

} // namespace

TEST_CASE("record and replay: the Jacobi example recorded at P = 2 by run-app --record, replayed on a drawn star",
          "[record][replay][mpi]")
{
    if (!cs::test::haveMpirun())
        return;
    QTemporaryDir work;
    const std::string dir = work.path().toStdString();
    const std::string runs = dir + "/runs.json";
    // N = 64: a plane of 64 x 64 doubles, 32768 bytes, to each neighbour every iteration; 30 iterations.
    const cs::rec::Recording recording =
        recordOnce("--nodes mpi:2 --at P=2 --repeat 3 --time 'stdout:time_s ([0-9.eE+-]+)' -- " +
                       std::string(CS_EXAMPLE_JACOBI_EXE) + " 64 30 sleep",
                   runs);
    // The replay prices the span between the first and the last barrier of all ranks (the program's timed loop):
    // the compute between them, the larger rank's.
    double compute = 0;
    for (const cs::rec::RankTrace& t : recording.ranks) {
        std::vector<std::size_t> barriers;
        for (std::size_t i = 0; i < t.events.size(); ++i)
            if (t.events[i].kind == cs::rec::Kind::Loop)
                i += t.events[i].count;
            else if (t.events[i].kind == cs::rec::Kind::Barrier)
                barriers.push_back(i);
        REQUIRE(barriers.size() == 2);
        compute = std::max(compute, computeOf(t, barriers.front() + 1, barriers.back()));
    }

    const std::string design = starDesign(dir + "/star.json");
    std::string out;
    const int replayed =
        cs::test::sh(std::string(CS_CLI_EXE) + " replay " + design + " --results " + runs + " --json 2>&1", &out);
    INFO("replay: " << out);
    REQUIRE(replayed == 0);
    const json rows = json::parse(out);
    REQUIRE(rows.size() == 1);
    const json& row = rows[0];
    CHECK(row["P"] == 2);
    CHECK(row["recorded_at"] == 2);
    CHECK(row["synthesized"] == false);
    CHECK(row["measured"].get<double>() > 0);
    CHECK(row["span"] == "barriers");
    const double predicted = row["predicted"].get<double>();
    // Bounds by hand. One message of k bytes takes T(k) = o_s + (k - 1)G + L + o_r one way: T(32768) = 4 + 819.175
    // + 6 + 5 = 834.175 us, T(8) = 15.175 us.
    //  - Below: each rank replays its compute as recorded, so the replay is no shorter than the larger rank's
    //    compute; and each iteration waits for the neighbour's plane, sent after the allreduce that ended the
    //    iteration before, so no shorter than 30 T(32768) = 25.0 ms either.
    //  - Above: the compute, and every message and collective one after another (at P = 2 the allreduce and the
    //    barriers are one round of T(8)): the replay overlaps the two ranks' planes, this bound does not.
    const double T32k = 4e-6 + 32767 * 25e-9 + 6e-6 + 5e-6, T8 = 4e-6 + 7 * 25e-9 + 6e-6 + 5e-6;
    const double messages = row["messages"].get<double>(), collectives = row["collectives"].get<double>();
    CHECK(messages == 60);     // 30 iterations, one plane each way
    CHECK(collectives == 32);  // 30 allreduces and the two barriers around the timed loop, counted once each
    CHECK(predicted >= compute);
    CHECK(predicted >= 30 * T32k);
    CHECK(predicted <= compute + messages * T32k + collectives * T8);
    WARN("Jacobi 64 30 at P = 2: recorded compute " << compute << " s, replayed " << predicted << " s, measured "
                                                    << row["measured"].get<double>() << " s (loopback, LogGP by hand)");
}

TEST_CASE("record and replay: the recorder's trace of every kind of call is read and replayed", "[record][replay][mpi]")
{
    if (!cs::test::haveMpirun())
        return;
    QTemporaryDir work;
    const std::string runs = work.path().toStdString() + "/runs.json";
    // cs_record_sequence (tests/mpi/record_sequence.cpp): blocking and nonblocking messages, ANY_SOURCE and
    // ANY_TAG, MPI_PROC_NULL, a split communicator, Sendrecv, Alltoallv, a Gather with MPI_IN_PLACE and a
    // cancelled irecv (whose status's source -1 the recorder printed as `wait 0 -1`, which the reader refused).
    const cs::rec::Recording recording =
        recordOnce("--nodes mpi:4 --at P=4 --repeat 1 --time wall --overhead-runs 1 -- " +
                       std::string(CS_RECORD_SEQUENCE_EXE) + " 3",
                   runs);
    CHECK(recording.P() == 4);
    const std::string design = starDesign(work.path().toStdString() + "/star.json");
    std::string out;
    CHECK(cs::test::sh(std::string(CS_CLI_EXE) + " replay " + design + " --results " + runs + " 2>&1", &out) == 0);
    INFO(out);
    CHECK_THAT(out, Catch::Contains("  4  "));
}
#endif
