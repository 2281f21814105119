// Issue 31's check on the namespace cluster: your own program, measured, fitted and predicted where it was not
// run. The emulated cluster of VerifyE2ETest (8 namespaces on one switch, every link shaped by tbf at a rate
// picked at random between 20 and 200 Mbit/s), an sshd in each, and the examples' MPI programs (examples/jacobi
// and examples/cg) launched by run-app over one mpi node whose mpirun starts the other hosts' ranks with ssh.
//
// As a user does it (README "Your own application"):
//   1. the design: the cluster's drawn star and its LogGP block `net`, with the example's preset formula block
//      `app` (presets/jacobi.json, presets/cg.json) wired to it: app.L from net.T_oneway (one 8-byte message:
//      latency and both overheads), app.G from net.G_out;
//   2. `calibrate` over the namespaces' TCP agents: net's L, o, g and G from the pair probes (the network);
//   3. `run-app --at P=1,2,4,8` the program, timed by the line it prints;
//   4. `fit --hold-out P=8`: app.t_cell, the compute, fitted to P = 1, 2 and 4 only;
//   5. `verify --results`: P = 8, held out, predicted within 15%.
//
// The programs wait by sleeping (their last argument, examples/common/ExampleMpi.h): eight ranks polling on two
// CPUs took each other's CPU, and P = 8 of the stencil ran 6x the link time. The namespaces share this
// machine's two CPUs, so compute does not scale past P = 2 here: the design says so (the presets' input
// `cores`, set to this machine's CPU count). The programs' sizes
// (N = 64: a plane is 32 KiB) make the halo and the allreduces most of a run at every rate in the range, which
// is what the network part of the model is checked on; the compute the fit finds is reported beside it.
#include "ExampleDesign.h"
#include "../LiveMeasure.h"

#include "app/cli/Cli.h"

#include <QTemporaryDir>

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <memory>
#include <sstream>
#include <thread>

using namespace cs;
using nlohmann::json;
using cs::test::Example;
using cs::test::exampleDesign;
using cs::test::readJson;

#if defined(CS_EXAMPLE_JACOBI_EXE) && defined(CS_EXAMPLE_CG_EXE)
TEST_CASE("your own program on 8 shaped namespaces: run-app at P = 1, 2, 4, 8, calibrate, fit, and P = 8 held out "
          "and predicted within 15% (Jacobi and CG)",
          "[netns][mpi][runapp][e2e][live-star8]")
{
    if (!test::haveMpirun())
        return;
    const std::unique_ptr<test::LiveCluster> live = test::LiveCluster::get("star8");
    if (live->skipped())
        return;
    const auto [seed, mbit] = live->rate;
    const test::NetnsCluster& cluster = live->cluster();
    const Example examples[] = {{"jacobi", CS_EXAMPLE_JACOBI_EXE, "30"}, {"cg", CS_EXAMPLE_CG_EXE, "20"}};
    // The network is calibrated once, on the first example's design; the second takes the calibrated net.
    std::string calibrateLog;
    const std::string calibrated =
        live->calibrate(exampleDesign(cluster, readJson(cluster.design()), examples[0]), calibrateLog);
    const json calibratedJson = readJson(calibrated);
    std::ostringstream log;
    log << "tbf " << mbit << " Mbit/s (seed " << seed << ")\n" << calibrateLog;
    for (const Example& ex : examples) {
        INFO("example " << ex.name);
        INFO("calibrate: " << calibrateLog);
        const std::string design = exampleDesign(cluster, calibratedJson, ex);
        const std::string runs = cluster.dir + "/" + ex.name + ".runs.json";
        std::string ranSaid;
        const int ranRc = test::runAppMeasured(test::whereOf(cluster), {"run-app", "--nodes", live->mpiNode, "--at", "P=1,2,4,8", "--repeat", "5",
                                               "--time", "stdout:time_s ([0-9.eE+-]+)", "--quiet", "-o", runs, "--",
                                               ex.exe, "64", ex.iters, "sleep"},
                                               ranSaid);
        INFO("run-app: " << ranSaid);
        REQUIRE(ranRc == 0);
        const std::string fitted = cluster.dir + "/" + ex.name + ".fitted.json";
        const test::CliRun fit = test::cliRun({"fit", design, "--results", runs, "--hold-out", "P=8", "-o", fitted, "--json"});
        INFO("fit: " << fit.out << fit.err);
        // 0: applied; 1: fitted but not applied, with the reason (below).
        REQUIRE((fit.rc == 0 || fit.rc == 1));
        const json f = json::parse(fit.out);
        REQUIRE(f["inputs"].size() == 1);
        CHECK(f["inputs"][0]["input"] == "app.t_cell");
        // The held-out P = 8, predicted by the fitted design (network from calibrate, compute from the fit to
        // P = 1, 2 and 4) against the run: within 15%.
        const json& p8 = f["points"].back();
        REQUIRE(p8["P"] == 8);
        // Each point's figures, so that a failure says by how much (CI prints only what is in scope).
        INFO("points: " << f["points"].dump());
        CHECK(p8["held_out"] == true);
        // Held to 15% whatever the emulated links' own credit (LiveCluster.h), which the preset's formula takes off
        // each halo (app.credit, from the links' burst). Before it did, P = 8 was held only where the credit was
        // under half of that, and was +17% to +35% where it was 13-20%; with it, at 195 Mbit/s (seed 4), Jacobi
        // +4.7% (credit 6.7%) and CG +2.9% (credit 23.6%). The credit is printed.
        const double credit =
            test::bucketCreditShare(mbit, 64, std::stoi(ex.iters), f["points"][0]["measured"].get<double>());
        CHECK(std::abs(p8["error"].get<double>()) < 0.15);
        log << ex.name << ": t_cell = " << f["inputs"][0]["value"].get<double>() << " s, R^2 "
            << f["r2"].get<double>() << ", " << f["weighting"].get<std::string>() << "; P = 8 held out: "
            << 100 * p8["error"].get<double>() << "% (the links' bucket credit " << 100 * credit
            << "% of a halo, in the model)\n";
        if (fit.rc == 1) {
            // The emulated links' token bucket (netns-cluster.sh: one GSO packet plus 2 ms at the rate) lets a
            // link idle during a compute phase send that much at once afterwards, which no switched link does:
            // a compute phase shorter than burst / rate costs no time at P >= 2 here, while P = 1 shows it.
            // Where compute is a large share of an iteration (the CG at the fast end of the range), the runs
            // then contradict compute + halo, and fit says the runs do not determine t_cell instead of
            // applying it. Said in the log, with the prediction above still checked.
            log << ex.name << ": not applied: " << f["inputs"][0]["problem"].get<std::string>() << "\n";
        } else {
            CHECK(f["inputs"][0]["applied"] == true);
            // verify reads the same runs against the fitted design, P = 8 marked held out.
            const test::CliRun ver = test::cliRun({"verify", fitted, "--results", runs, "--json"});
            INFO("verify: " << ver.out << ver.err);
            REQUIRE(ver.rc == 0);
            log << test::cliRun({"verify", fitted, "--results", runs}).out;
            bool sawEight = false;
            const json report = json::parse(ver.out);
            for (const json& row : report["rows"]) {
                if (row["P"] != 8)
                    continue;
                sawEight = true;
                CHECK(row["held_out"] == true);
                CHECK(row["measured"].get<double>() > 0);
                CHECK(std::abs(row["error"].get<double>()) < 0.15);
            }
            CHECK(sawEight);
        }
        // CS_YOURAPP_OUT=DIR keeps the fitted design with its runs in measured (DIR/NAME-fitted.json), as
        // run-app --into would hold them: what scripts/screenshots.sh opens for the Fit program page.
        if (const QByteArray keep = qgetenv("CS_YOURAPP_OUT"); !keep.isEmpty()) {
            json kept = readJson(fitted);
            kept["measured"] = readJson(runs)["results"];
            std::ofstream(keep.toStdString() + "/" + ex.name + "-fitted.json") << kept.dump(1);
        }
    }
    WARN(log.str());
}
#endif
