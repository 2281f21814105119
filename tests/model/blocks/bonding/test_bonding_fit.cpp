// Fit the host-cost parameters of "bonding.throughput" on some of 003's one-way figures by
// least squares, then predict the held-out figures with the fitted block.
// Seed: 003_9603d52cdb909e6e.txt §3 (Fig. 1: memory copy 1.3 GBytes/s; 9000-byte frames),
// §4.1 (base: 8x1 about 550 MB/s, 1x10 800 MB/s), §4.2 (polling: up to 38% higher; 8x1 and
// 1x10 both about 800 MB/s), §4.3 (noCopy: 100% of nominal on 1x10, +66.5% over base 8x1).
//
// Where the host limits and every link raises its capped f_irq interrupts per second
// (BondingThroughputBlock.h), the send-path CPU is saturated:
//     X k_c / B_copy + (X / s) o_pkt + n_irq (o_irq f_irq) = 1
// which is linear in theta = (o_pkt, u = o_irq f_irq) once B_copy is known (it is measured on
// its own, Fig. 1, as a memory-copy probe would). n_irq = links with interrupts, 0 when polling.
// The small solver lives here until the project's fitting module exists.
#include "BlockRun.h"

#include <Eigen/Dense>
#include <catch2/catch.hpp>

#include <vector>

using namespace cs;
using cs::test::runBlock;
using cs::test::within;

namespace {

constexpr const char* kBlock = "bonding.throughput";
constexpr double MB = 1e6;
constexpr double s = 9000 - 28; // payload bytes per 9000-byte frame
constexpr double Bcopy = 1.3e9;

struct Observation {
    double X;     // reported one-way throughput, B/s
    double nIrq;  // links raising interrupts (0 with polling)
    double kCopy; // copies per byte
};

// Least squares for theta = (o_pkt, u) on the saturation equation; columns are scaled to unit
// norm before the QR solve because X/s (~1e5) and n_irq (~1) differ by five orders.
Eigen::Vector2d fitHostCosts(const std::vector<Observation>& obs)
{
    Eigen::MatrixXd A(obs.size(), 2);
    Eigen::VectorXd y(obs.size());
    for (std::size_t i = 0; i < obs.size(); ++i) {
        A(i, 0) = obs[i].X / s;
        A(i, 1) = obs[i].nIrq;
        y(i) = 1.0 - obs[i].X * obs[i].kCopy / Bcopy;
    }
    const Eigen::Vector2d scale(A.col(0).norm(), A.col(1).norm());
    const Eigen::MatrixXd As = A * scale.cwiseInverse().asDiagonal();
    const Eigen::Vector2d z = As.colPivHouseholderQr().solve(y);
    return z.cwiseQuotient(scale);
}

} // namespace

TEST_CASE("bonding: host costs fitted on three 003 figures predict the held-out ones", "[bonding][fit]")
{
    // Fit set (one-way, large messages, MB = 1e6 B):
    //   8x1 base 550 MB/s (§4.1), 1x10 base 800 MB/s (§4.1), 8x1 polling 550 * 1.38 = 759 MB/s (§4.2).
    // Rows [X/s, n_irq] and right sides 1 - X/1.3e9:
    //   [61301.83, 8] 0.5769231;  [89166.30, 1] 0.3846154;  [84596.52, 0] 0.4161538
    // Normal equations: A'A = [[1.8865114e10, 579580.92], [579580.92, 65]], A'y = [104866.34, 5.0]
    //   det = 1.8865114e10 * 65 - 579580.92^2 = 8.7640e11
    //   o_pkt = (104866.34 * 65 - 579580.92 * 5) / det = 4.40113e-6 s
    //   u     = (1.8865114e10 * 5 - 579580.92 * 104866.34) / det = 0.0376798
    const std::vector<Observation> fitSet{{550 * MB, 8, 1}, {800 * MB, 1, 1}, {759 * MB, 0, 1}};
    const Eigen::Vector2d theta = fitHostCosts(fitSet);
    CHECK(theta(0) == Approx(4.40113e-6).epsilon(1e-5));
    CHECK(theta(1) == Approx(0.0376798).epsilon(1e-5));
    // The fit lands near the defaults derived by hand from two figures (o_pkt 4.3 us,
    // u = 7.8e-6 * 5000 = 0.039): within 3.5%.
    CHECK(within(theta(0), 4.3e-6, 0.035));
    CHECK(within(theta(1), 0.039, 0.035));

    // The fitted block (o_irq = u / f_irq with the default f_irq = 5000/s, so 7.53597 us).
    const double oPkt = theta(0), oIrq = theta(1) / 5000;
    auto fitted = [&](int n, double rate, int polling, int copies) {
        return runBlock(kBlock, {{"n", n}, {"r", rate}, {"irq", polling}, {"k_c", copies}, {"o_pkt", oPkt},
                                 {"o_irq", oIrq}})("X");
    };
    // c = 1/1.3e9 + 4.40113e-6/8972 = 0.7692308e-9 + 0.4905406e-9 = 1.2597714e-9 s/B
    // The fit points come back within 4.6%: 8x1 base (1 - 8u)/c = 554.51 MB/s (+0.8%),
    // 1x10 base (1 - u)/c = 763.88 (-4.5%), 8x1 polling 1/c = 793.79 (+4.6%).
    // (Every link of 8x1 base carries 550e6 / 8 / 8972 = 7663 frames/s > 5000: capped, as assumed.)
    CHECK(fitted(8, 125e6, 0, 1) == Approx(554.5144e6).epsilon(1e-5));
    CHECK(within(fitted(8, 125e6, 0, 1), 550 * MB, 0.10));
    CHECK(within(fitted(1, 1.25e9, 0, 1), 800 * MB, 0.10));
    CHECK(within(fitted(8, 125e6, 1, 1), 759 * MB, 0.10));

    // Held out 1: 1x10 polling "almost the same performance" as 8x1, 800 MB/s (§4.2, §1):
    // 1/c = 793.79 MB/s, -0.8%.
    const double poll10 = fitted(1, 1.25e9, 1, 1);
    CHECK(poll10 == Approx(793.7948e6).epsilon(1e-5));
    CHECK(within(poll10, 800 * MB, 0.10));
    // Held out 2: 8x1 noCopy, +66.5% over base 8x1 = 915.75 MB/s (§4.3). The fitted host limit
    // (1 - 8u) / (o_pkt / s) = 0.6985614 / 0.4905406e-9 = 1424.06 MB/s exceeds the link limit
    // 8 * 125e6 * 0.9009009 * 0.9926975 = 894.32 MB/s, so the links limit: -2.3%.
    const auto noc8 = runBlock(kBlock, {{"k_c", 0}, {"o_pkt", oPkt}, {"o_irq", oIrq}});
    CHECK(noc8("X_host") == Approx(1424.064e6).epsilon(1e-5));
    CHECK(noc8("lim") == 0);
    CHECK(within(noc8("X"), 915.75 * MB, 0.10));
    // Held out 3: 1x10 noCopy reaches "100% of nominal" (§4.3): host (1 - u)/(o_pkt/s) = 1961.75 MB/s
    // > link 1.25e9 * 0.9926975 = 1240.87 MB/s, E = 0.9927, -0.7%.
    const auto noc10 = runBlock(kBlock, {{"n", 1}, {"r", 1.25e9}, {"k_c", 0}, {"o_pkt", oPkt}, {"o_irq", oIrq}});
    CHECK(noc10("X_host") == Approx(1961.754e6).epsilon(1e-5));
    CHECK(within(noc10("E"), 1.0, 0.10));
    // Held out 4: the polling gain on 8x1, "up to 38%": 793.79 / 554.51 = 1/(1 - 8u) = 1.4315, +3.7%.
    CHECK(within(fitted(8, 125e6, 1, 1) / fitted(8, 125e6, 0, 1), 1.38, 0.10));
}

TEST_CASE("bonding: the fit recovers known costs from the block's own model exactly", "[bonding][fit]")
{
    // Synthetic data made by hand from chosen costs o_pkt = 5 us, u = 0.05 (o_irq = 10 us at
    // 5000/s), one copy: X = (1 - n u) / (1/1.3e9 + 5e-6/8972), with 1/1.3e9 + 5.572893e-10
    // = 1.3265201e-9 s/B:
    //   n = 8: 0.6 / 1.3265201e-9 = 452.3112e6;  n = 1: 0.95 / 1.3265201e-9 = 716.1594e6
    //   polling: 1 / 1.3265201e-9 = 753.8520e6
    const std::vector<Observation> obs{{452.3112e6, 8, 1}, {716.1594e6, 1, 1}, {753.8520e6, 0, 1}};
    const Eigen::Vector2d theta = fitHostCosts(obs);
    CHECK(theta(0) == Approx(5e-6).epsilon(1e-5));
    CHECK(theta(1) == Approx(0.05).epsilon(1e-5));
    // And the block with those costs reproduces the data: 8x1 base = 452.3112e6.
    const double x = runBlock(kBlock, {{"o_pkt", 5e-6}, {"o_irq", 10e-6}})("X");
    CHECK(x == Approx(452.3112e6).epsilon(1e-6));
}
