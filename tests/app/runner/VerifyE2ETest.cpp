// The check the mission rests on: a design calibrated from live nodes predicts how the application it models
// runs on them. Eight namespaces from scripts/netns-cluster.sh, every link shaped by tbf at a rate picked at
// random between 20 and 200 Mbit/s (so no rate the code was tuned on), one switch (8 hosts per leaf bridge):
// the switched cluster of 000_e9da438bafb3289f.txt §5, whose all-to-all is limited by the host links.
// `calibrate` runs with its defaults, then
// `verify --at P=2,4,8` runs the parallel 2D FFT (app.fft2d) on the first 2, 4 and 8 hosts and compares it
// with fftw.transpose evaluated at the same P.
//
// The problem size makes communication dominate, so the shared CPUs do not decide the result: rows = 1024
// moves 16 MiB x (P-1)/P per transpose through links of 2.4 to 24 MB/s (0.7 to 7 s at P = 2), against
// 2 x 1024/P row FFTs of some 10-50 us each and memory copies of 16 MiB / P. (2048 rows would not help:
// both grow as rows^2, and eight ranks' 24 MiB working sets on two cores make the copies slower per byte.)
// Limits (issue 22): total T and T_trans within 15% at every P, T_a2a within 10%.
//
// What made P = 4 and 8 fail before (measured, docs/calibration.md "verify"): tbf's 64 KiB bucket left no
// slack for a 64 KiB GSO packet, so late dequeue timers on the shared cores cost eight busy links half
// their rate; BBR misread the bucket's bursts; eager pairwise rounds drifted apart; and the ping-pong's
// fit kept the bucket's burst regime as a LogGP segment (k_1 = 160 KiB at half the bulk G), so the
// all-to-all of 256 KiB blocks was predicted 41% too short. netns-cluster.sh now gives the bucket slack
// and the hosts reno, app.fft2d sends large blocks by rendezvous as MPI does, and calibrate keeps no
// burst segment.
//
// The machine: the CPU phases (row FFTs, local transposes) of 8 ranks share 2 cores with whatever else
// runs; at load averages above about 10 they, and the all-to-all's softirq work, are slowed beyond what
// the single-process probes calibrated, most at high rates where communication is short. The test then
// fails on the machine, not the model: its message prints the rate, seed and the whole comparison.

#include "LiveCluster.h"

#include <QTemporaryDir>

#include <catch2/catch.hpp>

using namespace cs;
using nlohmann::json;

TEST_CASE("calibrate then verify: the 2D FFT on 8 shaped namespaces is predicted within 15% (all-to-all 10%)",
          "[netns][verify][e2e][live-star8]")
{
    const int rows = 1024;
    const std::unique_ptr<test::LiveCluster> live = test::LiveCluster::get("star8");
    if (live->skipped())
        return;
    const auto [seed, mbit] = live->rate;
    const test::NetnsCluster& star = live->cluster();
    // With its defaults: only the fits that pass the quality limits are applied. t_fft1d is one of them now
    // that cpu.fft times a slab's rows one node at a time and the eight nodes' runs are fitted as their
    // median (before, its pooled R^2 was 0.36 and the 100 us default stood: T at P = 2 was 10-25% high).
    // The overheads and L a token bucket decides are not applied, and do not matter for blocks of 64 KiB
    // and more.
    std::string calibrateLog;
    const std::string calibrated = live->calibrate(test::fftDesign(star, rows), calibrateLog);

    std::string table;
    const json report = test::verifyLive(star, calibrated, star.nodes(), table);
    WARN("tbf " << mbit << " Mbit/s (seed " << seed << "), rows = " << rows << "\n" << calibrateLog << table);
    WARN(test::checkVerifyErrors(report, test::issue22Limit));
}
