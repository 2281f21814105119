// Levenberg-Marquardt for nonlinear forms, through Eigen's unsupported
// NonLinearOptimization module (MINPACK's lmder), with CIs from the Jacobian.
//
// Calibration data mix scales wildly (a per-byte CPU cost of 1e-9 s/B next
// to a link rate of 1e8 B/s), so the solver works on scaled unknowns q_j =
// p_j / s_j (s_j = |initial_j|, or 1 for a zero start) and scaled residuals
// (divided by the RMS of y). The covariance is transformed back.
#include "model/calibration/Fit.h"
#include "model/calibration/FitSupport.h"
#include "model/core/ModelError.h"
#include "model/core/Unit.h"

#include <Eigen/Dense>
#include <unsupported/Eigen/NonLinearOptimization>

#include <cmath>

namespace cs::calib {

namespace {

struct Functor {
    const NonlinearModel& model;
    const std::vector<double>& x;
    const std::vector<double>& y;
    std::vector<double> sqrtW; // per point
    std::vector<double> scale; // per coefficient
    double yScale = 1.0;

    int inputs() const { return static_cast<int>(scale.size()); }
    int values() const { return static_cast<int>(y.size()); }

    std::vector<double> unscale(const Eigen::VectorXd& q) const
    {
        std::vector<double> p(scale.size());
        for (std::size_t j = 0; j < p.size(); ++j)
            p[j] = q(static_cast<Eigen::Index>(j)) * scale[j];
        return p;
    }

    int operator()(const Eigen::VectorXd& q, Eigen::VectorXd& fvec) const
    {
        const std::vector<double> p = unscale(q);
        for (std::size_t i = 0; i < y.size(); ++i)
            fvec(static_cast<Eigen::Index>(i)) = sqrtW[i] * (model.f(x[i], p.data()) - y[i]) / yScale;
        return 0;
    }

    // Jacobian of the scaled residuals with respect to the scaled unknowns.
    int df(const Eigen::VectorXd& q, Eigen::MatrixXd& fjac) const
    {
        const std::vector<double> p = unscale(q);
        const std::size_t np = p.size();
        std::vector<double> grad(np);
        for (std::size_t i = 0; i < y.size(); ++i) {
            gradient(x[i], p, grad);
            for (std::size_t j = 0; j < np; ++j)
                fjac(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) =
                    sqrtW[i] * grad[j] * scale[j] / yScale;
        }
        return 0;
    }

    // df/dp at x, analytic when the model gives it, else central differences.
    void gradient(double xi, const std::vector<double>& p, std::vector<double>& grad) const
    {
        if (model.jacobian) {
            model.jacobian(xi, p.data(), grad.data());
            return;
        }
        std::vector<double> pp = p;
        for (std::size_t j = 0; j < p.size(); ++j) {
            const double h = 1e-6 * std::max(std::fabs(p[j]), scale[j]);
            pp[j] = p[j] + h;
            const double up = model.f(xi, pp.data());
            pp[j] = p[j] - h;
            const double down = model.f(xi, pp.data());
            pp[j] = p[j];
            grad[j] = (up - down) / (2.0 * h);
        }
    }
};

} // namespace

FitResult fitLevenbergMarquardt(const NonlinearModel& model, const std::vector<double>& x, const std::vector<double>& y,
                                const std::vector<double>& initial, const std::vector<double>& weights)
{
    const std::size_t n = y.size();
    const std::size_t p = model.names.size();
    if (!model.f)
        throw ModelError("the nonlinear model '" + model.form + "' has no function");
    if (initial.size() != p)
        throw ModelError("initial has " + std::to_string(initial.size()) + " values but the model '" + model.form +
                         "' has " + std::to_string(p) + " coefficients");
    detail::checkData("x", x, n);
    detail::checkData("y", y, n);
    detail::checkData("initial", initial, p);
    detail::checkWeights(weights, n);
    if (n <= p)
        throw ModelError("a fit of " + std::to_string(p) + " coefficient(s) needs at least " + std::to_string(p + 1) +
                         " points, got " + std::to_string(n));

    Functor fn{model, x, y, {}, {}, 1.0};
    fn.sqrtW.resize(n);
    double ss = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        fn.sqrtW[i] = weights.empty() ? 1.0 : std::sqrt(weights[i]);
        ss += y[i] * y[i];
    }
    fn.yScale = ss > 0.0 ? std::sqrt(ss / static_cast<double>(n)) : 1.0;
    fn.scale.resize(p);
    Eigen::VectorXd q(static_cast<Eigen::Index>(p));
    for (std::size_t j = 0; j < p; ++j) {
        fn.scale[j] = initial[j] != 0.0 ? std::fabs(initial[j]) : 1.0;
        q(static_cast<Eigen::Index>(j)) = initial[j] / fn.scale[j];
    }

    Eigen::LevenbergMarquardt<Functor, double> lm(fn);
    lm.parameters.maxfev = 2000 * static_cast<Eigen::Index>(p + 1);
    lm.parameters.ftol = 1e-14;
    lm.parameters.xtol = 1e-14;
    const Eigen::LevenbergMarquardtSpace::Status status = lm.minimize(q);
    using S = Eigen::LevenbergMarquardtSpace::Status;
    if (status == S::ImproperInputParameters || status == S::TooManyFunctionEvaluation)
        throw ModelError("Levenberg-Marquardt did not converge for the " + model.form + " form (status " +
                         std::to_string(static_cast<int>(status)) + ") from the initial values given");

    FitResult r;
    r.method = "lm";
    r.form = model.form;
    r.names = model.names;
    r.values = fn.unscale(q);
    for (double v : r.values)
        if (!std::isfinite(v))
            throw ModelError("Levenberg-Marquardt diverged for the " + model.form + " form");
    r.n = static_cast<int>(n);
    r.dof = static_cast<int>(n - p);
    r.x = x;
    r.y = y;
    r.fitted.resize(n);
    for (std::size_t i = 0; i < n; ++i)
        r.fitted[i] = model.f(x[i], r.values.data());
    detail::finishGoodness(r, weights);

    // cov(p) = s^2 (J^T W J)^-1 with J = df/dp at the solution. Work in the
    // scaled unknowns (J_q = J_p S), then cov_p = S cov_q S.
    Eigen::MatrixXd J(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(p));
    fn.df(q, J);
    J *= fn.yScale; // undo the residual scaling: J is now sqrt(W) df/dq
    const Eigen::MatrixXd jtj = J.transpose() * J;
    Eigen::FullPivLU<Eigen::MatrixXd> lu(jtj);
    lu.setThreshold(1e-12);
    if (!lu.isInvertible()) {
        // Name a coefficient the data do not pin down: the one whose column is
        // smallest relative to the rest (often all-zero).
        std::size_t worst = 0;
        double worstNorm = INFINITY;
        for (std::size_t j = 0; j < p; ++j) {
            const double nrm = J.col(static_cast<Eigen::Index>(j)).norm();
            if (nrm < worstNorm) {
                worstNorm = nrm;
                worst = j;
            }
        }
        throw ModelError("the data do not determine coefficient " + model.names[worst] + " of the " + model.form +
                         " form (its Jacobian column is " + (worstNorm == 0.0 ? "zero" : "dependent on the others") +
                         ")");
    }
    const Eigen::MatrixXd covQ = lu.inverse() * (r.sigma * r.sigma);
    r.covariance.resize(p * p);
    for (std::size_t a = 0; a < p; ++a)
        for (std::size_t b = 0; b < p; ++b)
            r.covariance[a * p + b] =
                covQ(static_cast<Eigen::Index>(a), static_cast<Eigen::Index>(b)) * fn.scale[a] * fn.scale[b];
    detail::fillIntervals(r);
    return r;
}

} // namespace cs::calib
