#include "cs/probe/Statistics.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace cs::probe {

namespace {

// log C(n, i) - n log 2: the log of one Binomial(n, 1/2) probability mass.
double logHalfPmf(std::size_t n, std::size_t i)
{
    const double dn = static_cast<double>(n);
    const double di = static_cast<double>(i);
    return std::lgamma(dn + 1.0) - std::lgamma(di + 1.0) - std::lgamma(dn - di + 1.0) - dn * std::log(2.0);
}

} // namespace

double binomialHalfCdf(std::size_t n, std::size_t k)
{
    if (k >= n)
        return 1.0;
    double sum = 0.0;
    for (std::size_t i = 0; i <= k; ++i)
        sum += std::exp(logHalfPmf(n, i));
    return std::min(sum, 1.0);
}

MedianCiRanks medianConfidenceRanks(std::size_t n, double confidence)
{
    MedianCiRanks r;
    if (n == 0)
        return r;
    // coverage(j) = P(j <= B <= n - j) = 1 - 2 P(B <= j - 1), B ~ Bin(n, 1/2); k = n + 1 - j.
    // tail accumulates P(B <= j - 1) incrementally, so the whole search is O(n).
    std::size_t j = 1;
    double tail = std::exp(logHalfPmf(n, 0)); // P(B <= 0)
    double coverage = 1.0 - 2.0 * tail;
    if (!(coverage >= confidence)) {
        r.lower = 1;
        r.upper = n;
        r.coverage = std::max(coverage, 0.0);
        r.reached = false;
        return r;
    }
    for (;;) {
        const std::size_t next = j + 1;
        if (2 * next > n) // keep j < k = n + 1 - j
            break;
        const double nextTail = tail + std::exp(logHalfPmf(n, j)); // P(B <= next - 1) = P(B <= j)
        const double nextCoverage = 1.0 - 2.0 * nextTail;
        if (!(nextCoverage >= confidence))
            break;
        j = next;
        tail = nextTail;
        coverage = nextCoverage;
    }
    r.lower = j;
    r.upper = n + 1 - j;
    r.coverage = coverage;
    r.reached = true;
    return r;
}

double quantileSorted(std::span<const double> sorted, double p)
{
    if (sorted.empty())
        return std::numeric_limits<double>::quiet_NaN();
    p = std::clamp(p, 0.0, 1.0);
    const double h = static_cast<double>(sorted.size() - 1) * p;
    const auto lo = static_cast<std::size_t>(std::floor(h));
    const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
    return sorted[lo] + (h - static_cast<double>(lo)) * (sorted[hi] - sorted[lo]);
}

Summary summarize(std::span<const double> samples, std::size_t warmups, double confidence, bool keepSamples)
{
    Summary s;
    s.confidence = confidence;
    s.warmupsDiscarded = std::min(warmups, samples.size());
    std::vector<double> v;
    v.reserve(samples.size() - s.warmupsDiscarded);
    for (std::size_t i = s.warmupsDiscarded; i < samples.size(); ++i) {
        if (std::isfinite(samples[i]))
            v.push_back(samples[i]);
        else
            ++s.nonFiniteDropped;
    }
    s.count = v.size();
    if (keepSamples)
        s.samples = v;
    if (v.empty()) {
        const double nan = std::numeric_limits<double>::quiet_NaN();
        s.min = s.p25 = s.median = s.p75 = s.p99 = s.max = s.mean = s.mad = s.ciLow = s.ciHigh = nan;
        return s;
    }
    std::sort(v.begin(), v.end());
    s.min = v.front();
    s.max = v.back();
    s.p25 = quantileSorted(v, 0.25);
    s.median = quantileSorted(v, 0.5);
    s.p75 = quantileSorted(v, 0.75);
    s.p99 = quantileSorted(v, 0.99);
    s.mean = std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
    s.ciRanks = medianConfidenceRanks(v.size(), confidence);
    s.ciLow = v[s.ciRanks.lower - 1];
    s.ciHigh = v[s.ciRanks.upper - 1];
    std::vector<double> dev(v.size());
    for (std::size_t i = 0; i < v.size(); ++i)
        dev[i] = std::fabs(v[i] - s.median);
    std::sort(dev.begin(), dev.end());
    s.mad = quantileSorted(dev, 0.5);
    return s;
}

} // namespace cs::probe
