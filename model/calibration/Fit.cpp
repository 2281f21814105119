#include "model/calibration/Fit.h"
#include "model/calibration/FitSupport.h"
#include "model/core/FitForm.h"
#include "model/core/ModelError.h"
#include "model/core/Unit.h"

#include <Eigen/Dense>
#include <boost/math/distributions/fisher_f.hpp>
#include <boost/math/distributions/students_t.hpp>

#include <algorithm>
#include <cmath>

namespace cs::calib {

int FitResult::index(const std::string& name) const
{
    for (std::size_t i = 0; i < names.size(); ++i)
        if (names[i] == name)
            return static_cast<int>(i);
    return -1;
}

double tQuantile95(int dof)
{
    if (dof < 1)
        throw ModelError("the t quantile needs at least 1 degree of freedom, not " + std::to_string(dof));
    const boost::math::students_t dist(static_cast<double>(dof));
    return boost::math::quantile(boost::math::complement(dist, 0.025));
}

double fQuantile99(int d1, int d2)
{
    if (d1 < 1 || d2 < 1)
        throw ModelError("the F quantile needs at least 1 degree of freedom each, not (" + std::to_string(d1) + ", " +
                         std::to_string(d2) + ")");
    const boost::math::fisher_f dist(static_cast<double>(d1), static_cast<double>(d2));
    return boost::math::quantile(boost::math::complement(dist, 0.01));
}

double rSquared(const std::vector<double>& y, const std::vector<double>& fitted)
{
    detail::checkData("fitted", fitted, y.size());
    if (y.empty())
        throw ModelError("R^2 needs at least one point");
    double mean = 0.0;
    for (double v : y)
        mean += v;
    mean /= static_cast<double>(y.size());
    double sse = 0.0, sst = 0.0;
    for (std::size_t i = 0; i < y.size(); ++i) {
        sse += (y[i] - fitted[i]) * (y[i] - fitted[i]);
        sst += (y[i] - mean) * (y[i] - mean);
    }
    if (sst == 0.0)
        return sse == 0.0 ? 1.0 : 0.0;
    return 1.0 - sse / sst;
}

double smape(const std::vector<double>& y, const std::vector<double>& fitted)
{
    detail::checkData("fitted", fitted, y.size());
    if (y.empty())
        throw ModelError("SMAPE needs at least one point");
    double sum = 0.0;
    for (std::size_t i = 0; i < y.size(); ++i) {
        const double denom = (std::fabs(y[i]) + std::fabs(fitted[i])) / 2.0;
        sum += denom == 0.0 ? 0.0 : std::fabs(y[i] - fitted[i]) / denom; // 0/0: a perfect point
    }
    return sum / static_cast<double>(y.size());
}

namespace detail {

void checkData(const char* what, const std::vector<double>& v, std::size_t n)
{
    if (v.size() != n)
        throw ModelError(std::string(what) + " has " + std::to_string(v.size()) + " values but y has " +
                         std::to_string(n));
    for (std::size_t i = 0; i < v.size(); ++i)
        if (!std::isfinite(v[i]))
            throw ModelError(std::string(what) + "[" + std::to_string(i) + "] = " + formatNumber(v[i]) +
                             " is not a finite number");
}

void checkWeights(const std::vector<double>& w, std::size_t n)
{
    if (w.empty())
        return;
    checkData("weights", w, n);
    for (std::size_t i = 0; i < w.size(); ++i)
        if (w[i] <= 0.0)
            throw ModelError("weights[" + std::to_string(i) + "] = " + formatNumber(w[i]) + " must be positive");
}

void finishGoodness(FitResult& r, const std::vector<double>& weights)
{
    const std::size_t n = r.y.size();
    double sse = 0.0, wsse = 0.0, wsum = 0.0, wmean = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        const double w = weights.empty() ? 1.0 : weights[i];
        const double e = r.y[i] - r.fitted[i];
        sse += e * e;
        wsse += w * e * e;
        wsum += w;
        wmean += w * r.y[i];
    }
    wmean /= wsum;
    double wsst = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        const double w = weights.empty() ? 1.0 : weights[i];
        wsst += w * (r.y[i] - wmean) * (r.y[i] - wmean);
    }
    r.r2 = wsst == 0.0 ? (wsse == 0.0 ? 1.0 : 0.0) : 1.0 - wsse / wsst;
    r.smape = smape(r.y, r.fitted);
    r.rmse = std::sqrt(sse / static_cast<double>(n));
    r.sigma = r.dof > 0 ? std::sqrt(wsse / r.dof) : 0.0;
}

void fillIntervals(FitResult& r)
{
    const std::size_t p = r.values.size();
    const double t = tQuantile95(r.dof);
    r.ciLow.assign(p, 0.0);
    r.ciHigh.assign(p, 0.0);
    for (std::size_t j = 0; j < p; ++j) {
        const double se = std::sqrt(std::max(0.0, r.covariance[j * p + j]));
        r.ciLow[j] = r.values[j] - t * se;
        r.ciHigh[j] = r.values[j] + t * se;
    }
}

CentredLine centredLine(const std::vector<double>& x, const std::vector<double>& y, const std::vector<double>& w,
                        std::size_t lo, std::size_t hi)
{
    CentredLine l;
    double sw = 0, sx = 0, sy = 0;
    for (std::size_t i = lo; i < hi; ++i) {
        sw += w[i];
        sx += w[i] * x[i];
        sy += w[i] * y[i];
    }
    if (!(sw > 0.0))
        return l;
    l.mx = sx / sw;
    l.my = sy / sw;
    double dxx = 0, dxy = 0;
    for (std::size_t i = lo; i < hi; ++i) {
        dxx += w[i] * (x[i] - l.mx) * (x[i] - l.mx);
        dxy += w[i] * (x[i] - l.mx) * (y[i] - l.my);
    }
    l.ok = dxx > 0.0;
    l.b = l.ok ? dxy / dxx : 0.0;
    return l;
}

} // namespace detail

FitResult fitLinearModel(const std::vector<std::vector<double>>& columns, const std::vector<double>& y,
                         const std::vector<std::string>& names, const std::vector<double>& weights)
{
    const std::size_t n = y.size();
    const std::size_t p = columns.size();
    if (p == 0 || names.size() != p)
        throw ModelError("a linear fit needs one name per basis column (" + std::to_string(p) + " columns, " +
                         std::to_string(names.size()) + " names)");
    detail::checkData("y", y, n);
    for (std::size_t j = 0; j < p; ++j)
        detail::checkData(("basis column " + names[j]).c_str(), columns[j], n);
    detail::checkWeights(weights, n);
    if (n <= p)
        throw ModelError("a fit of " + std::to_string(p) + " coefficient(s) needs at least " + std::to_string(p + 1) +
                         " points, got " + std::to_string(n));

    // Solve the weighted normal equations through a QR of sqrt(W) X: more
    // stable than forming X^T W X directly.
    Eigen::MatrixXd X(n, p);
    Eigen::VectorXd Y(n);
    for (std::size_t i = 0; i < n; ++i) {
        const double sw = weights.empty() ? 1.0 : std::sqrt(weights[i]);
        Y(i) = sw * y[i];
        for (std::size_t j = 0; j < p; ++j)
            X(i, j) = sw * columns[j][i];
    }
    const Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(X);
    if (qr.rank() < static_cast<Eigen::Index>(p))
        throw ModelError("the data do not determine every coefficient of " + names.front() +
                         (p > 1 ? "..." + names.back() : std::string()) +
                         " (the x values are all equal or the basis columns are dependent)");
    const Eigen::VectorXd beta = qr.solve(Y);

    FitResult r;
    r.method = weights.empty() ? "ols" : "wls";
    r.names = names;
    r.values.assign(beta.data(), beta.data() + p);
    r.n = static_cast<int>(n);
    r.dof = static_cast<int>(n - p);
    r.y = y;
    r.fitted.assign(n, 0.0);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < p; ++j)
            r.fitted[i] += r.values[j] * columns[j][i];
    detail::finishGoodness(r, weights);
    // cov = s^2 (X^T W X)^-1 with s^2 = weighted SSE / (n - p).
    const Eigen::MatrixXd xtx = X.transpose() * X;
    const Eigen::MatrixXd inv = xtx.inverse();
    const double s2 = r.sigma * r.sigma;
    r.covariance.resize(p * p);
    for (std::size_t a = 0; a < p; ++a)
        for (std::size_t b = 0; b < p; ++b)
            r.covariance[a * p + b] = s2 * inv(static_cast<Eigen::Index>(a), static_cast<Eigen::Index>(b));
    detail::fillIntervals(r);
    return r;
}

FitResult fitLine(const std::vector<double>& x, const std::vector<double>& y, const std::vector<double>& weights)
{
    detail::checkData("x", x, y.size());
    FitResult r = fitLinearModel({std::vector<double>(x.size(), 1.0), x}, y, {"a", "b"}, weights);
    r.form = "line";
    r.x = x;
    return r;
}

FitResult fitProportional(const std::vector<double>& x, const std::vector<double>& y,
                          const std::vector<double>& weights)
{
    detail::checkData("x", x, y.size());
    FitResult r = fitLinearModel({x}, y, {"c"}, weights);
    r.form = "prop";
    r.x = x;
    return r;
}

FitResult fitNLogN(const std::vector<double>& x, const std::vector<double>& y, const std::vector<double>& weights)
{
    detail::checkData("x", x, y.size());
    std::vector<double> basis(x.size());
    for (std::size_t i = 0; i < x.size(); ++i) {
        if (x[i] <= 0.0)
            throw ModelError("x[" + std::to_string(i) + "] = " + formatNumber(x[i]) +
                             " must be positive for y = c x log2 x");
        basis[i] = x[i] * std::log2(x[i]);
    }
    FitResult r = fitLinearModel({basis}, y, {"c"}, weights);
    r.form = "nlogn";
    r.x = x;
    return r;
}

double evaluateFit(const FitResult& fit, double x)
{
    auto coef = [&](const char* name) {
        const int i = fit.index(name);
        if (i < 0)
            throw ModelError("the " + fit.form + " fit has no coefficient " + name);
        return fit.values[static_cast<std::size_t>(i)];
    };
    if (fit.method == "segmented") {
        const std::size_t segs = fit.segments.size();
        std::size_t k = 0;
        while (k + 1 < segs && x >= fit.breakpoints[k])
            ++k;
        return fit.values[2 * k] + fit.values[2 * k + 1] * x;
    }
    const FitForm* form = findFitForm(fit.form);
    if (!form)
        throw ModelError("cannot evaluate a fit of unknown form '" + fit.form + "'");
    std::vector<double> c;
    for (const std::string& name : form->coefficients)
        c.push_back(coef(name.c_str()));
    return form->value(x, c.data());
}

} // namespace cs::calib
