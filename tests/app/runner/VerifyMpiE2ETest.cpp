// Issue 22's check over Open MPI ranks: the emulated cluster of VerifyE2ETest (8 namespaces from
// scripts/netns-cluster.sh on one switch, every link shaped by tbf at a rate picked at random between 20 and
// 200 Mbit/s), an sshd in each namespace, and `verify` over one mpi node whose mpirun runs in the first host's
// namespace and starts the other hosts' ranks with ssh: mpi.app.fft2d, the 2D FFT under MPI.
//
// How it is calibrated (docs/calibration.md "Over MPI on the emulated cluster"): with the defaults over the
// namespaces' TCP agents (net.pingpong gives G, which is the link; cpu.fft gives t_fft1d), then verified over
// MPI. MPI's own pair probe cannot calibrate these links: its ping-pong runs inside tbf's burst and fits a
// regime no application stays in, which calibrate reports as not trusted.
//
// What the test finds (measured, docs/calibration.md): Open MPI's TCP BTL sends a block above its eager limit
// (64 KiB) by rendezvous, and the receiver's ACK waits behind bulk data (at P = 2 in its own socket: the BTL
// carries both directions of a pair on one TCP connection). With the defaults the MPI run takes 1.2-2x the
// link's time, whether the exchange is pairwise or linear; the test prints those errors (WARN) and checks what
// holds: every row is there, and the link-calibrated prediction is a floor the MPI run does not beat by more
// than 10%. With the eager limit above the largest block (8 MiB), so that no handshake waits, the same ranks
// meet issue 22's targets at P = 2, which the test checks; at P = 4 and 8 it reports them (met at 95 and
// 60 Mbit/s, missed at 24 Mbit/s).

#include "NetnsCluster.h"

#include "app/cli/Cli.h"

#include <QTemporaryDir>
#include <QtGlobal>

#include <catch2/catch.hpp>

#include <cmath>
#include <memory>
#include <sstream>

using namespace cs;
using nlohmann::json;
using test::verifyRow;

TEST_CASE("calibrate over TCP agents then verify over Open MPI ranks: the 2D FFT on 8 shaped namespaces",
          "[netns][mpi][verify][e2e]")
{
    if (!test::haveMpirun())
        return;
    // CS_VERIFY_SEED=N repeats a run's rate (the seed is printed).
    const auto [seed, mbit] = test::verifyRate();
    const int rows = 1024;
    WARN("tbf " << mbit << " Mbit/s (seed " << seed << "), rows = " << rows);
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    test::NetnsCluster cluster(dir.path().toStdString(), 8, std::to_string(mbit) + "mbit");
    if (!cluster.error.empty()) {
        WARN("skipped: " << cluster.error);
        return;
    }
    const std::vector<std::string> addrs = cluster.addresses();
    REQUIRE(addrs.size() == 8);
    QTemporaryDir keys;
    std::vector<std::unique_ptr<test::SshServer>> sshd;
    for (int i = 0; i < 8; ++i) {
        sshd.push_back(std::make_unique<test::SshServer>(cluster.host(i), addrs[i], keys));
        if (!sshd.back()->error.empty()) {
            WARN("skipped: " << sshd.back()->error);
            return;
        }
    }
    std::string hosts;
    for (const std::string& a : addrs)
        hosts += (hosts.empty() ? "" : "+") + a;
    const std::string mpiNode = "mpi:8:hosts=" + hosts + ":netns=" + cluster.host(0) +
                                ":port=2222:key=" + sshd[0]->identity() +
                                ":opt=StrictHostKeyChecking=no:opt=UserKnownHostsFile=/dev/null:btl=tcp+self";

    std::string calibrateLog;
    const std::string calibrated = test::calibrateFft(cluster, rows, calibrateLog);

    std::ostringstream vo, ve;
    const int vrc = cli::run({"verify", calibrated, "--nodes", mpiNode, "--at", "P=2,4,8", "--set", "budget=4",
                              "--quiet", "--json", "-o", cluster.dir + "/app.json"},
                             vo, ve);
    INFO("verify stderr: " << ve.str());
    INFO("verify stdout: " << vo.str());
    REQUIRE(vrc == 0);
    const json report = json::parse(vo.str());
    std::ostringstream to, te;
    cli::run({"verify", calibrated, "--results", cluster.dir + "/app.json"}, to, te);
    WARN("over Open MPI, tbf " << mbit << " Mbit/s (seed " << seed << "), rows = " << rows << "\n"
                               << calibrateLog << to.str());

    std::ostringstream errors;
    bool withinTargets = true;
    for (double P : {2.0, 4.0, 8.0}) {
        INFO("P = " << P);
        for (const char* q : {"T", "T_trans", "T_a2a"}) {
            const json* r = verifyRow(report, P, q);
            REQUIRE(r);
            CHECK((*r)["variant"] == "default");
            const double predicted = (*r)["predicted"].get<double>(), measured = (*r)["measured"].get<double>();
            REQUIRE(measured > 0);
            const double error = (*r)["error"].get<double>();
            errors << "P = " << P << " " << q << ": predicted " << predicted << " s, measured " << measured
                   << " s, error " << std::lround(error * 1000) / 10.0 << "%\n";
            withinTargets = withinTargets && std::abs(error) < (std::string(q) == "T_a2a" ? 0.10 : 0.15);
            // The link's rate is a floor: the ranks' exchange cannot beat it (10% for tbf's bursts and the
            // spread of the measurement).
            if (std::string(q) == "T_a2a")
                CHECK(measured > 0.9 * predicted);
        }
        CHECK(verifyRow(report, P, "T")->at("held_out").get<bool>() == (P != 2.0));
    }
    WARN("issue 22's targets over MPI (T, T_trans within 15%, T_a2a within 10%) "
         << (withinTargets ? "met" : "NOT met (Open MPI's rendezvous over one TCP connection a pair)") << ":\n"
         << errors.str());

    // The cause, shown: the same design and ranks with Open MPI's TCP eager limit above the largest block
    // (4 MiB at P = 2), so no rendezvous handshake waits behind bulk data. mpirun inherits this process's
    // environment and hands OMPI_MCA_* to every rank. (An experiment's setting, not a launch default: eager sends
    // of this size need the receiver to buffer whole unexpected messages.) Measured at 95 Mbit/s (seed 1): T -0.8%,
    // -1.0%, -8.7% and T_a2a +0.9%, +0.8%, -5.0% at P = 2, 4, 8; at 24 Mbit/s T_a2a +0.7%, -14.2%, -34.1%.
    const char* const eagerVars[] = {"OMPI_MCA_btl_tcp_eager_limit", "OMPI_MCA_btl_tcp_rndv_eager_limit",
                                     "OMPI_MCA_btl_tcp_max_send_size"};
    for (const char* v : eagerVars)
        qputenv(v, "8388608");
    std::ostringstream eo, ee;
    const int erc = cli::run({"verify", calibrated, "--nodes", mpiNode, "--at", "P=2,4,8", "--set", "budget=4",
                              "--quiet", "--json"},
                             eo, ee);
    for (const char* v : eagerVars)
        qunsetenv(v);
    INFO("eager verify stderr: " << ee.str());
    REQUIRE(erc == 0);
    const json eager = json::parse(eo.str());
    std::ostringstream eagerErrors;
    for (double P : {2.0, 4.0, 8.0}) {
        INFO("eager limit 8 MiB, P = " << P);
        for (const char* q : {"T", "T_trans", "T_a2a"}) {
            const json* e = verifyRow(eager, P, q);
            const json* d = verifyRow(report, P, q);
            REQUIRE(e);
            REQUIRE(d);
            const double error = (*e)["error"].get<double>();
            eagerErrors << "P = " << P << " " << q << ": predicted " << (*e)["predicted"].get<double>()
                        << " s, measured " << (*e)["measured"].get<double>() << " s, error "
                        << std::lround(error * 1000) / 10.0 << "%; the rendezvous run took "
                        << (*d)["measured"].get<double>() / (*e)["measured"].get<double>() << "x as long\n";
            // Without the handshake the link-calibrated prediction holds to issue 22's targets at P = 2. At P = 4
            // and 8 it is reported only: eager sends of 1 MiB and 256 KiB blocks to several ranks at once met the
            // targets in two runs (95 and 60 Mbit/s) and missed them in a third (24 Mbit/s: T_a2a -14.2% at
            // P = 4, -34.1% at P = 8, slower than the rendezvous run there).
            if (P == 2.0)
                CHECK(std::abs(error) < (std::string(q) == "T_a2a" ? 0.10 : 0.15));
        }
    }
    WARN("with an eager limit of 8 MiB (no rendezvous):\n" << eagerErrors.str());
}
