#pragma once
// Robust summary statistics of raw probe samples.
//
// Conventions (all kernels use them):
//  - The first `warmups` samples are discarded before anything is computed (caches, TCP slow start,
//    page faults, frequency ramp-up); Summary::warmupsDiscarded records how many.
//  - Location is the median, never the mean (the mean is reported for information only). Its confidence
//    interval is the distribution-free binomial order-statistic interval (see medianConfidenceRanks), so it
//    is valid for any continuous distribution and is unaffected by outliers beyond the order statistics used.
//  - Quantiles use linear interpolation between order statistics: for sorted x_1..x_n and probability p,
//    h = (n - 1) p, q = x_(floor h + 1) + (h - floor h) (x_(floor h + 2) - x_(floor h + 1))  (1-based;
//    this is Hyndman & Fan type 7, the default of R and NumPy). The median is the usual midpoint for even n.
//  - Units are those of the samples (the kernels use seconds, bytes/second or seconds/key).

#include <cstddef>
#include <span>
#include <vector>

namespace cs::probe {

/// Distribution-free confidence interval for the median, as 1-based ranks into the sorted sample.
struct MedianCiRanks {
    std::size_t lower = 0;  ///< rank j (1-based) of the lower bound x_(j)
    std::size_t upper = 0;  ///< rank k (1-based) of the upper bound x_(k), k = n + 1 - j
    double coverage = 0.0;  ///< achieved coverage P(j <= B <= k - 1), B ~ Binomial(n, 1/2)
    bool reached = false;   ///< coverage >= the requested confidence (false for very small n: then j = 1, k = n)
};

/// Ranks of the median's confidence interval for a sample of n at `confidence` (0 < confidence < 1).
///
/// The number B of observations below the true median m is Binomial(n, 1/2), and m lies in [x_(j), x_(k))
/// exactly when j <= B <= k - 1. With the symmetric choice k = n + 1 - j,
///     coverage(j) = sum_{i=j}^{n-j} C(n, i) / 2^n = 1 - 2 sum_{i=0}^{j-1} C(n, i) / 2^n,
/// and we take the largest j >= 1 whose coverage is still >= confidence (the narrowest interval that keeps the
/// promised coverage). Example n = 10, 95%: j = 2 gives 1 - 2 (1 + 10) / 1024 = 0.9785; j = 3 gives
/// 1 - 2 (1 + 10 + 45) / 1024 = 0.8906 < 0.95; so the interval is [x_(2), x_(9)].
/// n = 0 gives {0, 0, 0, false}. Computed in log space, exact enough for n up to 10^7.
MedianCiRanks medianConfidenceRanks(std::size_t n, double confidence = 0.95);

/// P(B <= k) for B ~ Binomial(n, 1/2). Exposed for tests.
double binomialHalfCdf(std::size_t n, std::size_t k);

/// Type-7 quantile of an ascending-sorted sample (see above); p in [0, 1]. Empty input gives NaN.
double quantileSorted(std::span<const double> sorted, double p);

struct Summary {
    std::size_t count = 0;            ///< samples used (after discarding warm-ups and non-finite values)
    std::size_t warmupsDiscarded = 0; ///< leading samples dropped as warm-ups
    std::size_t nonFiniteDropped = 0; ///< NaN/inf samples dropped (failed repetitions), never silently kept
    double min = 0.0;
    double p25 = 0.0;
    double median = 0.0;
    double p75 = 0.0;
    double p99 = 0.0;
    double max = 0.0;
    double mean = 0.0;                ///< for information; not robust
    double mad = 0.0;                 ///< median absolute deviation (unscaled), a robust spread
    double confidence = 0.95;         ///< requested confidence of [ciLow, ciHigh]
    double ciLow = 0.0;               ///< x_(j), lower bound of the median's confidence interval
    double ciHigh = 0.0;              ///< x_(k), upper bound
    MedianCiRanks ciRanks;            ///< the ranks j, k and the achieved coverage
    /// The samples the statistics were computed from, in measurement order (warm-ups and non-finite values
    /// removed). Plugins store them in the results as the raw samples of the series; empty when summarize()
    /// was told not to keep them.
    std::vector<double> samples;
};

/// Summarises `samples` after dropping the first `warmups` of them (in the given order) and any non-finite
/// values. An empty remainder gives count = 0 and NaN statistics. With keepSamples the kept samples are copied
/// into Summary::samples (in their original order).
Summary summarize(std::span<const double> samples, std::size_t warmups = 0, double confidence = 0.95,
                  bool keepSamples = true);

} // namespace cs::probe
