#include "model/scaling/ScalingSearch.h"
#include "model/core/JobSize.h"
#include "model/core/NumberFormat.h"
#include "model/core/ModelError.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <set>

namespace cs::calib {

namespace {

double termAt(const ScalingTerm& t, double P)
{
    const double l = std::log2(P);
    return std::pow(P, t.a) * (t.b == 0 ? 1.0 : t.b == 1 ? l : l * l);
}

// One hypothesis's columns at every point: 1, then each term.
struct Columns {
    std::vector<std::array<double, 2>> x; // per point, one per term
    int p = 1;
};

// Weighted least squares of one or two columns over every point but `skip`
// (-1: none), by the 2 x 2 normal equations in closed form (a search solves
// millions); false when the columns are dependent there.
bool solve(const Columns& c, const std::vector<double>& r, const std::vector<double>& w, int skip,
           std::array<double, 2>& beta)
{
    double a = 0, b = 0, d = 0, u = 0, v = 0;
    for (std::size_t i = 0; i < r.size(); ++i) {
        if (static_cast<int>(i) == skip)
            continue;
        const double x0 = c.x[i][0], x1 = c.p > 1 ? c.x[i][1] : 0.0;
        a += w[i] * x0 * x0;
        b += w[i] * x0 * x1;
        d += w[i] * x1 * x1;
        u += w[i] * x0 * r[i];
        v += w[i] * x1 * r[i];
    }
    if (!(a > 0))
        return false;
    if (c.p == 1) {
        beta[0] = u / a;
        return true;
    }
    // Scaled to a unit diagonal, the determinant is 1 - s^2 with s the
    // columns' weighted cosine: near 0, the two terms are one.
    if (!(d > 0))
        return false;
    const double s = b / std::sqrt(a * d);
    if (!(1 - s * s > 1e-10))
        return false;
    const double det = a * d - b * b;
    beta[0] = (d * u - b * v) / det;
    beta[1] = (a * v - b * u) / det;
    return true;
}

double smapeOf(double y, double f)
{
    const double den = (std::abs(y) + std::abs(f)) / 2;
    return den > 0 ? std::abs(y - f) / den : 0.0;
}

} // namespace

std::string ScalingHypothesis::formula() const
{
    return formula(kJobSize);
}

std::string ScalingHypothesis::formula(const std::string& var) const
{
    std::string s;
    for (std::size_t k = 0; k < terms.size(); ++k) {
        const ScalingTerm& t = terms[k];
        s += (k ? " + " : "") + formatSignificant(coefficients[k], 4);
        if (t.a != 0)
            s += " * " + var + (t.a == 1 ? std::string() : "^" + formatSignificant(t.a, 4));
        if (t.b == 1)
            s += " * log2(" + var + ")";
        else if (t.b > 1)
            s += " * log2(" + var + ")^" + std::to_string(t.b);
    }
    return s;
}

double ScalingHypothesis::operator()(double P) const
{
    double v = 0;
    for (std::size_t k = 0; k < terms.size(); ++k)
        v += coefficients[k] * termAt(terms[k], P);
    return v;
}

std::vector<ScalingTerm> scalingTerms(const ScalingSearchOptions& o)
{
    std::vector<ScalingTerm> out;
    const int steps = static_cast<int>(std::lround((o.aMax - o.aMin) / o.aStep));
    for (int i = 0; i <= steps; ++i)
        for (int b = 0; b <= o.bMax; ++b) {
            const double a = o.aMin + i * o.aStep;
            out.push_back({std::abs(a) < 1e-12 ? 0.0 : a, b});
        }
    return out;
}

std::vector<ScalingHypothesis> searchScaling(const std::vector<double>& P, const std::vector<double>& y,
                                             const std::vector<double>& base, const std::vector<double>& weights,
                                             const ScalingSearchOptions& options)
{
    const std::size_t n = P.size();
    if (y.size() != n || (!base.empty() && base.size() != n) || (!weights.empty() && weights.size() != n))
        throw ModelError("search: P has " + std::to_string(n) + " values, the times " + std::to_string(y.size()) +
                         (base.empty() ? std::string() : ", the network part " + std::to_string(base.size())) +
                         (weights.empty() ? std::string() : ", the weights " + std::to_string(weights.size())) +
                         ": they must be as many");
    std::set<double> distinct;
    for (std::size_t i = 0; i < n; ++i) {
        if (!std::isfinite(P[i]) || P[i] < 1)
            throw ModelError("search: P = " + formatSignificant(P[i], 4) + " (point " + std::to_string(i + 1) +
                             ") must be a finite number of at least 1");
        if (!std::isfinite(y[i]) || y[i] <= 0)
            throw ModelError("search: the time at P = " + formatSignificant(P[i], 4) + " is " + formatSignificant(y[i], 4) +
                             ": it must be finite and positive");
        if (!weights.empty() && !(weights[i] > 0 && std::isfinite(weights[i])))
            throw ModelError("search: the weight at P = " + formatSignificant(P[i], 4) + " is " + formatSignificant(weights[i], 4) +
                             ": it must be finite and positive");
        distinct.insert(P[i]);
    }
    if (distinct.size() < 5)
        throw ModelError("search: " + std::to_string(distinct.size()) +
                         " distinct values of P; a scaling term needs at least 5 (as Extra-P asks)");
    if (options.maxTerms < 1 || options.maxTerms > 2)
        throw ModelError("search: terms = " + std::to_string(options.maxTerms) + " (1 or 2)");

    std::vector<double> r(n), w(n), b(n, 0.0);
    for (std::size_t i = 0; i < n; ++i) {
        b[i] = base.empty() ? 0.0 : base[i];
        r[i] = y[i] - b[i];
        w[i] = weights.empty() ? 1.0 / (y[i] * y[i]) : weights[i];
    }
    const std::vector<ScalingTerm> grid = scalingTerms(options);
    std::vector<std::vector<double>> values(grid.size(), std::vector<double>(n));
    for (std::size_t t = 0; t < grid.size(); ++t)
        for (std::size_t i = 0; i < n; ++i)
            values[t][i] = termAt(grid[t], P[i]);

    std::vector<ScalingHypothesis> found;
    Columns c;
    c.x.assign(n, {0.0, 0.0});
    auto consider = [&](std::vector<std::size_t> ids) {
        c.p = static_cast<int>(ids.size());
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t k = 0; k < ids.size(); ++k)
                c.x[i][k] = values[ids[k]][i];
        std::array<double, 2> beta{};
        if (!solve(c, r, w, -1, beta))
            return;
        // Each term is a cost: a negative one is noise being fitted (a
        // constant of -16 under a steeper term mimics a gentler one).
        for (int k = 0; k < c.p; ++k)
            if (!(beta[static_cast<std::size_t>(k)] > 0))
                return;
        ScalingHypothesis h;
        for (std::size_t id : ids)
            h.terms.push_back(grid[id]);
        h.coefficients.assign(beta.begin(), beta.begin() + c.p);
        double sse = 0, sst = 0, mean = 0, wsum = 0;
        for (std::size_t i = 0; i < n; ++i) {
            mean += w[i] * y[i];
            wsum += w[i];
        }
        mean /= wsum;
        for (std::size_t i = 0; i < n; ++i) {
            double f = b[i];
            for (int k = 0; k < c.p; ++k)
                f += beta[static_cast<std::size_t>(k)] * c.x[i][static_cast<std::size_t>(k)];
            h.smape += smapeOf(y[i], f) / static_cast<double>(n);
            sse += w[i] * (y[i] - f) * (y[i] - f);
            sst += w[i] * (y[i] - mean) * (y[i] - mean);
        }
        h.r2 = sst > 0 ? 1 - sse / sst : 1.0;
        // Leave one out: each point predicted by the fit of the others.
        for (std::size_t i = 0; i < n; ++i) {
            std::array<double, 2> loo{};
            if (!solve(c, r, w, static_cast<int>(i), loo))
                return;
            double f = b[i];
            for (int k = 0; k < c.p; ++k)
                f += loo[static_cast<std::size_t>(k)] * c.x[i][static_cast<std::size_t>(k)];
            h.cvSmape += smapeOf(y[i], f) / static_cast<double>(n);
        }
        found.push_back(std::move(h));
    };
    for (std::size_t t = 0; t < grid.size(); ++t)
        consider({t});
    if (options.maxTerms == 2)
        for (std::size_t t = 0; t < grid.size(); ++t)
            for (std::size_t u = t + 1; u < grid.size(); ++u)
                if (grid[t].a != grid[u].a || grid[t].b != grid[u].b)
                    consider({t, u});
    if (found.empty())
        throw ModelError("search: no hypothesis fits with positive terms: the times do not grow or fall as any "
                         "c P^a log2(P)^b does");
    // Best first by leave-one-out error; a two-term hypothesis must beat the
    // best one-term one by the gain asked to rank above it.
    double bestOne = 1e300;
    for (const ScalingHypothesis& h : found)
        if (h.terms.size() == 1)
            bestOne = std::min(bestOne, h.cvSmape);
    auto score = [&](const ScalingHypothesis& h) {
        return h.terms.size() == 2 && h.cvSmape > options.twoTermGain * bestOne ? bestOne + h.cvSmape : h.cvSmape;
    };
    std::stable_sort(found.begin(), found.end(),
                     [&](const ScalingHypothesis& x, const ScalingHypothesis& z) { return score(x) < score(z); });
    if (found.size() > options.keep)
        found.resize(options.keep);
    return found;
}

} // namespace cs::calib
