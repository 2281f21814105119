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
// What the test finds (measured, docs/calibration.md): Open MPI's TCP BTL carries both directions of a pair on
// one TCP connection, and a 4 MiB block goes by rendezvous: the receiver's ACK waits in its socket behind its
// own bulk data to the same peer. A pairwise exchange of two ranks therefore runs one direction after the
// other, and T_a2a at P = 2 is about twice the link's (P - 1) k / bandwidth (with an eager limit above the
// block size it is the link's: 0.70 s against 1.39 s at 100 Mbit/s). At P = 4 and 8 only the round whose
// partner is the rank's sender (k = P/2) serializes. The model assumes full-duplex links, so it predicts the
// TCP agents' all-to-all, not Open MPI's; the test prints the errors (WARN) and checks what holds: every row
// is there, and the link-calibrated prediction is a floor the MPI run does not beat by more than 10%.

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

    // The cause, shown: the same design and ranks at P = 2 with Open MPI's TCP eager limit above the 4 MiB
    // block, so no rendezvous handshake waits behind bulk data. mpirun inherits this process's environment
    // and hands OMPI_MCA_* to every rank. (An experiment's setting, not a launch default: eager sends of
    // this size need the receiver to buffer whole unexpected messages.)
    for (const char* v : {"OMPI_MCA_btl_tcp_eager_limit", "OMPI_MCA_btl_tcp_rndv_eager_limit",
                          "OMPI_MCA_btl_tcp_max_send_size"})
        qputenv(v, "8388608");
    std::ostringstream eo, ee;
    const int erc = cli::run({"verify", calibrated, "--nodes", mpiNode, "--at", "P=2", "--set", "budget=4", "--quiet",
                              "--json"},
                             eo, ee);
    for (const char* v : {"OMPI_MCA_btl_tcp_eager_limit", "OMPI_MCA_btl_tcp_rndv_eager_limit",
                          "OMPI_MCA_btl_tcp_max_send_size"})
        qunsetenv(v);
    INFO("eager verify stderr: " << ee.str());
    REQUIRE(erc == 0);
    const json eager = json::parse(eo.str());
    const json* e2 = verifyRow(eager, 2, "T_a2a");
    const json* d2 = verifyRow(report, 2, "T_a2a");
    REQUIRE(e2);
    WARN("P = 2 T_a2a with an eager limit of 8 MiB: predicted " << (*e2)["predicted"].get<double>() << " s, measured "
                                                                << (*e2)["measured"].get<double>() << " s, error "
                                                                << (*e2)["error"].get<double>() * 100 << "%; the "
                                                                << "default (rendezvous) run took "
                                                                << (*d2)["measured"].get<double>() /
                                                                       (*e2)["measured"].get<double>()
                                                                << "x as long");
    // Without the handshake the link-calibrated prediction holds (issue 22's 10%). How much longer the
    // rendezvous run takes is reported, not checked: 2.0x with the ranks polling; yielding, as namespace hosts
    // now do, 1.52x in one run and 1.00x in another (-0.7% against the prediction at 103 Mbit/s).
    CHECK(std::abs((*e2)["error"].get<double>()) < 0.10);
}
