// Segmented (piecewise-linear) least squares with breakpoint detection.
//
// The probes' size sweeps change protocol a few times at most (eager to
// rendezvous, a buffer limit), so a handful of segments suffices. Two
// searches: greedy binary splitting (O(n^2) per split with running sums),
// the TCP sweeps'; and, with options.optimal (the MPI sweep's, and the TCP
// sweeps' second search in relative errors), the least-SSE
// partition for each segment count by dynamic programming (O(k n^2) over a
// table of segment fits; n is a few dozen sizes), which finds three regimes
// whose best single split does not pay for itself alone (an MPI ping-pong from
// 1 B to 4 MiB in relative errors). The BIC guards against over-splitting
// noise on many points; the F test against splitting a few points on a small
// curvature. Segments are fitted independently (no continuity), which suits
// protocol switches: the time jumps where the protocol changes.
#include "model/calibration/Fit.h"
#include "model/calibration/FitSupport.h"
#include "model/core/ModelError.h"
#include "model/core/Unit.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace cs::calib {

namespace {

// Weighted SSE of a line fitted to points [lo, hi) of sorted data, two-pass
// (centred sums) so that a perfect line gives an SSE at rounding level.
double segmentSse(const std::vector<double>& x, const std::vector<double>& y, const std::vector<double>& w,
                  std::size_t lo, std::size_t hi)
{
    const detail::CentredLine l = detail::centredLine(x, y, w, lo, hi);
    double sse = 0;
    for (std::size_t i = lo; i < hi; ++i) {
        const double e = y[i] - l.my - l.b * (x[i] - l.mx);
        sse += w[i] * e * e;
    }
    return sse;
}

struct Split {
    std::vector<std::size_t> starts; // first index of each segment; segment k = [starts[k], starts[k+1])
};

double totalSse(const Split& s, const std::vector<double>& x, const std::vector<double>& y,
                const std::vector<double>& w)
{
    double sse = 0.0;
    for (std::size_t k = 0; k < s.starts.size(); ++k) {
        const std::size_t hi = k + 1 < s.starts.size() ? s.starts[k + 1] : x.size();
        sse += segmentSse(x, y, w, s.starts[k], hi);
    }
    return sse;
}

double bic(double sse, std::size_t n, std::size_t segments)
{
    const double k = 2.0 * static_cast<double>(segments) + static_cast<double>(segments - 1);
    const double dn = static_cast<double>(n);
    // A perfect fit has SSE = 0; keep the log finite (relative to the data
    // scale it is only compared with other candidates on the same data).
    return dn * std::log(std::max(sse / dn, std::numeric_limits<double>::min())) + k * std::log(dn);
}

// The F a split must reach: fThreshold, and on few points the 1% point of F(added, dof) too. Six sizes split
// 3 + 3 leave one residual degree of freedom, where two lines fit noise: F = 23 in relative errors (1% point
// 5403); a CI run of the GUI's calibration flow at 80 Mbit/s fitted two such lines and missed a held-out size
// by 22% (tests/model/calibration/FitTest.cpp).
double fCritical(const SegmentOptions& options, std::size_t added, double dof)
{
    if (dof < 1.0)
        return std::numeric_limits<double>::infinity(); // nothing left to judge the split by
    return std::max(options.fThreshold, fQuantile99(static_cast<int>(added), static_cast<int>(dof)));
}

// The partition of the sorted points (x, y) by the SSE under weights w: the least-SSE one for each segment
// count (optimal) or greedy splits, each kept while it pays for itself (the BIC and the F test).
Split searchSplit(const std::vector<double>& x, const std::vector<double>& y, const std::vector<double>& w,
                  const SegmentOptions& options, bool optimal)
{
    const std::size_t n = x.size();
    const auto minPts = static_cast<std::size_t>(options.minPoints);
    // SSEs below this share of the total variation are rounding: a perfect fit.
    double sst = 0.0;
    {
        double sw = 0, sy = 0;
        for (std::size_t i = 0; i < n; ++i) {
            sw += w[i];
            sy += w[i] * y[i];
        }
        for (std::size_t i = 0; i < n; ++i)
            sst += w[i] * (y[i] - sy / sw) * (y[i] - sy / sw);
    }
    const double zero = 1e-12 * sst;

    Split best{{0}};
    double bestSse = 0.0;
    if (optimal) {
        // For each segment count k, the partition with the least SSE (dynamic programming over the sorted
        // points: cost[i][j] the SSE of one line through [i, j)); then the most segments whose fit beats the
        // best fewer-segment one by the BIC and the F test over the parameters it adds. Greedy splitting (the
        // best single split first) missed a three-regime curve whose best single split does not pay for itself
        // alone: an MPI ping-pong from 1 B to 4 MiB (eager, rendezvous, then bulk single-copy, in relative
        // errors) gave F = 7 for two segments and 12 for three against one (docs/calibration.md).
        const std::size_t maxK = std::min<std::size_t>(static_cast<std::size_t>(options.maxSegments), n / minPts);
        const double inf = std::numeric_limits<double>::infinity();
        std::vector<std::vector<double>> cost(n + 1, std::vector<double>(n + 1, inf));
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = i + minPts; j <= n; ++j)
                if (i == 0 || x[i] != x[i - 1]) // a breakpoint must fall between distinct x
                    cost[i][j] = segmentSse(x, y, w, i, j);
        // dp[k][j]: least SSE of the first j points in k segments; from[k][j]: where its last segment starts.
        std::vector<std::vector<double>> dp(maxK + 1, std::vector<double>(n + 1, inf));
        std::vector<std::vector<std::size_t>> from(maxK + 1, std::vector<std::size_t>(n + 1, 0));
        dp[0][0] = 0.0;
        for (std::size_t k = 1; k <= maxK; ++k)
            for (std::size_t j = k * minPts; j <= n; ++j)
                for (std::size_t i = (k - 1) * minPts; i + minPts <= j; ++i)
                    if (dp[k - 1][i] < inf && cost[i][j] < inf && dp[k - 1][i] + cost[i][j] < dp[k][j]) {
                        dp[k][j] = dp[k - 1][i] + cost[i][j];
                        from[k][j] = i;
                    }
        auto splitOf = [&](std::size_t k) {
            Split sp;
            sp.starts.assign(k, 0);
            std::size_t j = n;
            for (std::size_t m = k; m >= 1; --m) {
                sp.starts[m - 1] = from[m][j];
                j = from[m][j];
            }
            return sp;
        };
        std::size_t bestK = 1;
        bestSse = dp[1][n];
        for (std::size_t k = 2; k <= maxK && bestSse > zero; ++k) {
            const double candSse = dp[k][n];
            if (!(candSse < inf))
                continue;
            // k segments hold 3k - 1 parameters (a slope and an intercept each, and k - 1 breakpoints).
            const double dofNew = static_cast<double>(n) - static_cast<double>(3 * k - 1);
            const bool perfect = candSse <= zero;
            const double added = 3.0 * static_cast<double>(k - bestK);
            const double f = perfect || dofNew <= 0 ? inf : ((bestSse - candSse) / added) / (candSse / dofNew);
            if (!perfect && (bic(candSse, n, k) >= bic(bestSse, n, bestK) ||
                             f < fCritical(options, 3 * (k - bestK), dofNew)))
                continue;
            best = splitOf(k);
            bestK = k;
            bestSse = candSse;
        }
    } else {
        // Greedy: the best single split of any segment first, while it pays for itself.
        bestSse = totalSse(best, x, y, w);
        while (static_cast<int>(best.starts.size()) < options.maxSegments && bestSse > zero) {
            Split cand;
            double candSse = std::numeric_limits<double>::infinity();
            for (std::size_t k = 0; k < best.starts.size(); ++k) {
                const std::size_t lo = best.starts[k];
                const std::size_t hi = k + 1 < best.starts.size() ? best.starts[k + 1] : n;
                for (std::size_t s = lo + minPts; s + minPts <= hi; ++s) {
                    if (x[s] == x[s - 1])
                        continue; // a breakpoint must fall between distinct x
                    Split trial = best;
                    trial.starts.insert(trial.starts.begin() + static_cast<std::ptrdiff_t>(k + 1), s);
                    const double sse = totalSse(trial, x, y, w);
                    if (sse < candSse) {
                        candSse = sse;
                        cand = std::move(trial);
                    }
                }
            }
            if (cand.starts.empty())
                break; // no segment long enough to split
            // A split adds a slope, an intercept and a breakpoint: 3 parameters.
            const std::size_t kNew = 3 * cand.starts.size() - 1;
            const double dofNew = static_cast<double>(n) - static_cast<double>(kNew);
            const bool perfect = candSse <= zero;
            const double f = perfect || dofNew <= 0 ? std::numeric_limits<double>::infinity()
                                                    : ((bestSse - candSse) / 3.0) / (candSse / dofNew);
            if (!perfect && (bic(candSse, n, cand.starts.size()) >= bic(bestSse, n, best.starts.size()) ||
                             f < fCritical(options, 3, dofNew)))
                break;
            best = std::move(cand);
            bestSse = candSse;
        }
    }

    return best;
}

} // namespace

FitResult fitSegmented(const std::vector<double>& xIn, const std::vector<double>& yIn, const SegmentOptions& options,
                       const std::vector<double>& weightsIn)
{
    const std::size_t n = yIn.size();
    detail::checkData("x", xIn, n);
    detail::checkData("y", yIn, n);
    detail::checkWeights(weightsIn, n);
    if (options.minPoints < 3)
        throw ModelError("segments need at least 3 points each (minPoints = " + std::to_string(options.minPoints) +
                         ")");
    if (options.maxSegments < 1)
        throw ModelError("maxSegments = " + std::to_string(options.maxSegments) + " must be at least 1");
    const auto minPts = static_cast<std::size_t>(options.minPoints);
    if (n < minPts)
        throw ModelError("a segmented fit needs at least " + std::to_string(minPts) + " points, got " +
                         std::to_string(n));

    // Sort by x (stable, so equal x keep their order).
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return xIn[a] < xIn[b]; });
    std::vector<double> x(n), y(n), lineW(n, 1.0);
    for (std::size_t i = 0; i < n; ++i) {
        x[i] = xIn[order[i]];
        y[i] = yIn[order[i]];
        if (!weightsIn.empty())
            lineW[i] = weightsIn[order[i]];
    }
    // Where the segments fall: by the lines' own weights, and with options.relativeSplits also by relative
    // errors (weights 1/y^2), keeping the partition with more segments (the weights' own on a tie). A size
    // sweep's noise grows with its times, so in absolute errors one noisy bulk size can outweigh a whole
    // regime below it (a tbf link's burst at 117 Mbit/s: one line through both); in relative errors the
    // flat small sizes of a fast link (1-4 KiB at 1 Gbit/s) can hide the split that absolute errors find.
    // A regime left inside another's line biases that line's slope, while one split too many leaves each
    // line on its own regime, so the partition with more segments is kept (docs/calibration.md).
    Split best = searchSplit(x, y, lineW, options, options.optimal);
    if (options.relativeSplits) {
        std::vector<double> rel(n);
        for (std::size_t i = 0; i < n; ++i) {
            if (!(y[i] > 0.0))
                throw ModelError("segments chosen in relative errors need positive values, got y = " +
                                 formatNumber(y[i]) + " at x = " + formatNumber(x[i]));
            rel[i] = 1.0 / (y[i] * y[i]);
        }
        Split r = searchSplit(x, y, rel, options, true);
        if (r.starts.size() > best.starts.size())
            best = std::move(r);
    }

    // Fit each segment as a line (with CIs) and assemble.
    FitResult r;
    r.method = "segmented";
    r.form = "line";
    r.x = x;
    r.y = y;
    r.fitted.assign(n, 0.0);
    const std::size_t segs = best.starts.size();
    const std::size_t p = 2 * segs;
    r.covariance.assign(p * p, 0.0);
    r.n = static_cast<int>(n);
    r.dof = static_cast<int>(n) - static_cast<int>(3 * segs - 1);
    for (std::size_t k = 0; k < segs; ++k) {
        const std::size_t lo = best.starts[k];
        const std::size_t hi = k + 1 < segs ? best.starts[k + 1] : n;
        std::vector<double> sx(x.begin() + lo, x.begin() + hi), sy(y.begin() + lo, y.begin() + hi);
        std::vector<double> sw;
        if (!weightsIn.empty())
            sw.assign(lineW.begin() + lo, lineW.begin() + hi);
        const FitResult seg = fitLine(sx, sy, sw);
        const std::string id = std::to_string(k + 1);
        r.names.push_back("a" + id);
        r.names.push_back("b" + id);
        r.values.insert(r.values.end(), seg.values.begin(), seg.values.end());
        r.ciLow.insert(r.ciLow.end(), seg.ciLow.begin(), seg.ciLow.end());
        r.ciHigh.insert(r.ciHigh.end(), seg.ciHigh.begin(), seg.ciHigh.end());
        for (std::size_t a = 0; a < 2; ++a)
            for (std::size_t b = 0; b < 2; ++b)
                r.covariance[(2 * k + a) * p + 2 * k + b] = seg.covariance[a * 2 + b];
        for (std::size_t i = lo; i < hi; ++i)
            r.fitted[i] = seg.fitted[i - lo];
        r.segments.emplace_back(x[lo], x[hi - 1]);
        if (k > 0)
            r.breakpoints.push_back((x[lo - 1] + x[lo]) / 2.0);
    }
    detail::finishGoodness(r, weightsIn.empty() ? std::vector<double>{} : lineW);
    return r;
}

} // namespace cs::calib
