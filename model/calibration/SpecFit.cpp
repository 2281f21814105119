#include "model/calibration/SpecFit.h"
#include "model/formula/Expression.h"
#include "model/calibration/FitSupport.h"
#include "model/core/FitForm.h"
#include "model/core/ModelError.h"
#include "model/core/Unit.h"

#include <algorithm>
#include <cmath>

namespace cs::calib {

std::size_t minPointsFor(const CalibrationSpec& spec, const SegmentOptions& segments)
{
    if (spec.method == "direct")
        return 1;
    if (spec.method == "segmented" || spec.method == "segmented_rel")
        return static_cast<std::size_t>(std::max(3, segments.minPoints));
    const FitForm* form = findFitForm(spec.form);
    return form ? form->minPoints : 2;
}

FitResult fitSpecPoints(const CalibrationSpec& spec, const std::vector<double>& x, const std::vector<double>& y,
                        const std::vector<double>& sigma, const SegmentOptions& segments,
                        std::vector<std::string>& notes)
{
    std::vector<double> w;
    const bool allSigma = !sigma.empty() && std::all_of(sigma.begin(), sigma.end(), [](double s) { return s > 0.0; });
    // A segmented fit is unweighted. It serves LogGP's ping-pong sweep, whose
    // medians' intervals span six orders of magnitude from 1 KiB to 4 MiB and
    // rest on as few as 3 round trips where a time budget cut a size short.
    // Weighted by them, the small sizes (another regime on a rate-shaped
    // link: the burst) decided where to split and pulled the line of the
    // largest sizes, whose slope is G: 15-34% low at 100 Mbit/s and 1 Gbit/s
    // (docs/calibration.md). Unweighted, the splits fall where the absolute
    // residuals are, among the large sizes that define G.
    if (spec.method == "wls" || spec.method == "lm") {
        if (allSigma) {
            w.resize(sigma.size());
            for (std::size_t i = 0; i < sigma.size(); ++i)
                w[i] = 1.0 / (sigma[i] * sigma[i]);
        } else if (spec.method == "wls") {
            notes.push_back("some medians have no confidence interval, so the fit is unweighted (ols)");
        }
    } else if (spec.method == "segmented_rel") {
        // Relative errors: weights 1/y^2. For a size sweep over six orders of
        // magnitude whose small sizes matter as much as the large ones (an
        // MPI ping-pong from 1 B to 4 MiB, with its eager segment at a
        // fraction of a microsecond): unweighted, the splits would all fall
        // among the large sizes.
        for (double v : y)
            if (!(v > 0.0))
                throw ModelError("a fit of relative errors needs positive values, got " + formatNumber(v));
        w.resize(y.size());
        for (std::size_t i = 0; i < y.size(); ++i)
            w[i] = 1.0 / (y[i] * y[i]);
    } else if (spec.method != "ols" && spec.method != "segmented") {
        throw ModelError("method = \"" + spec.method + "\" is not one of direct, ols, wls, segmented, segmented_rel, lm");
    }

    if (spec.method == "segmented" || spec.method == "segmented_rel") {
        if (spec.form != "line")
            throw ModelError("a segmented fit is of form line, not \"" + spec.form + "\"");
        SegmentOptions o = segments;
        // In relative errors every size weighs alike, so the scatter of the small sizes' medians (10-20% at a
        // fraction of a microsecond) sits in every segment's SSE, and F = 10 (set against splitting a TCP
        // sweep on its curvature) refused the eager / rendezvous / bulk regimes of an MPI ping-pong whose
        // single line was 40% off at 4 KiB. F = 5 is about the 1% point of F(6, 9), three segments against
        // one on 17 sizes; the BIC still has to fall (docs/calibration.md, "Piecewise LogGP").
        if (spec.method == "segmented_rel") {
            o.fThreshold = std::min(o.fThreshold, 5.0);
            o.optimal = true;
        } else {
            // A TCP sweep's lines stay unweighted (above), and so do its greedy splits; the least-SSE
            // partition in relative errors is tried too, and kept when it has more segments: in absolute
            // errors one noisy bulk size outweighed the burst regime of a tbf-shaped link, so the sweep got
            // one line, -2.1 ms + 73 ns/B, that failed its held-out sizes by 2680%, and G was not applied;
            // relative errors alone missed the split at 1 Gbit/s that absolute errors find
            // (docs/calibration.md, "Where the segments fall").
            o.relativeSplits = true;
        }
        return fitSegmented(x, y, o, w);
    }
    const FitForm* form = findFitForm(spec.form);
    if (!form)
        throw ModelError("form = \"" + spec.form + "\" is not one of " + fitFormNames());
    if (spec.method == "lm") {
        if (!form->nonlinear())
            throw ModelError("form = \"" + spec.form + "\" has no Levenberg-Marquardt model (it is linear: use ols or wls)");
        const NonlinearModel model{form->name, form->coefficients, form->value, form->jacobian};
        return fitLevenbergMarquardt(model, x, y, form->start(x, y), w);
    }
    // The linear forms, by their least-squares fit.
    using Linear = FitResult (*)(const std::vector<double>&, const std::vector<double>&, const std::vector<double>&);
    static const std::pair<const char*, Linear> linear[] = {
        {"line", fitLine}, {"prop", fitProportional}, {"nlogn", fitNLogN}};
    for (const auto& [name, fit] : linear)
        if (spec.form == name)
            return fit(x, y, w);
    throw ModelError("form = \"" + spec.form + "\" is fitted by method lm or direct, not " + spec.method);
}

Coefficients coefficientsOf(const FitResult& fit, double xOffset)
{
    Coefficients c;
    if (fit.method == "direct") {
        c.names = fit.names;
        c.values = fit.values;
        c.covariance = fit.covariance;
        return c;
    }
    c.t = tQuantile95(fit.dof);
    const std::size_t p = fit.values.size();
    if (fit.method == "segmented") {
        // "a", "b": the segment with the largest x, the last one. The
        // segments before it, for a piecewise model (LogGP's k_1, L_1, G_1,
        // k_2, L_2, G_2): "a1", "b1", "k1" the first segment's intercept,
        // slope and the x where it ends (the breakpoint after it), "a2",
        // "b2", "k2" the second's when there are three. A segment the fit did
        // not find repeats the last one's a and b with k = 0 (none). k_i is in
        // the probe's units (x - xOffset), rounded up to a whole number: the
        // first size that belongs to the next segment.
        const std::size_t last = fit.segments.size() - 1;
        const std::size_t q = 8;
        c.names = {"a", "b", "a1", "b1", "k1", "a2", "b2", "k2"};
        c.values.assign(q, 0.0);
        c.covariance.assign(q * q, 0.0);
        auto put = [&](std::size_t slot, std::size_t seg) {
            c.values[slot] = fit.values[2 * seg];
            c.values[slot + 1] = fit.values[2 * seg + 1];
            for (std::size_t u = 0; u < 2; ++u)
                for (std::size_t v = 0; v < 2; ++v)
                    c.covariance[(slot + u) * q + slot + v] = fit.covariance[(2 * seg + u) * p + 2 * seg + v];
        };
        put(0, last);
        for (std::size_t i = 0; i < 2; ++i) {
            const std::size_t slot = 2 + 3 * i;
            if (i < last) {
                put(slot, i);
                c.values[slot + 2] = std::ceil(fit.breakpoints[i] - xOffset);
            } else {
                put(slot, last);
                c.values[slot + 2] = 0.0;
            }
        }
        // Each segment has its own residual dof; use the last segment's size.
        std::size_t nk = 0;
        for (double xv : fit.x)
            if (xv >= fit.segments[last].first && xv <= fit.segments[last].second)
                ++nk;
        c.t = tQuantile95(std::max<int>(1, static_cast<int>(nk) - 2));
        return c;
    }
    c.names = fit.names;
    c.values = fit.values;
    c.covariance = fit.covariance;
    return c;
}

ExpressionValue evaluateSpecValue(const std::string& expression, const Coefficients& c,
                                  const std::function<InputValue(const std::string&)>& input)
{
    const std::vector<std::string> symbols = expressionSymbols(expression);
    std::vector<double> theta = c.values;
    std::vector<std::string> inputNames;
    std::vector<InputValue> inputs;
    for (const std::string& s : symbols)
        if (std::find(c.names.begin(), c.names.end(), s) == c.names.end()) {
            inputNames.push_back(s);
            inputs.push_back(input(s));
        }
    auto eval = [&]() {
        return evaluateExpression(expression, [&](const std::string& name) {
            for (std::size_t j = 0; j < c.names.size(); ++j)
                if (c.names[j] == name)
                    return theta[j];
            for (std::size_t j = 0; j < inputNames.size(); ++j)
                if (inputNames[j] == name)
                    return inputs[j].value;
            throw ModelError("expression '" + expression + "' uses unknown symbol " + name);
        });
    };
    ExpressionValue out;
    out.value = eval();

    // Delta method over the coefficients.
    const std::size_t p = theta.size();
    std::vector<double> grad(p, 0.0);
    for (std::size_t j = 0; j < p; ++j) {
        const double sd = c.covariance.empty() ? 0.0 : std::sqrt(std::max(0.0, c.covariance[j * p + j]));
        const double h = std::max({1e-6 * std::fabs(theta[j]), 1e-3 * sd, 1e-300});
        const double keep = theta[j];
        theta[j] = keep + h;
        const double up = eval();
        theta[j] = keep - h;
        const double down = eval();
        theta[j] = keep;
        grad[j] = (up - down) / (2.0 * h);
    }
    double var = 0.0;
    if (!c.covariance.empty())
        for (std::size_t a = 0; a < p; ++a)
            for (std::size_t b = 0; b < p; ++b)
                var += grad[a] * c.covariance[a * p + b] * grad[b];
    double hw2 = c.t * c.t * std::max(0.0, var);
    // Uncertain inputs (calibrated in the same run), in quadrature.
    for (std::size_t j = 0; j < inputs.size(); ++j) {
        if (inputs[j].halfWidth <= 0.0)
            continue;
        const double keep = inputs[j].value;
        const double h = std::max(1e-6 * std::fabs(keep), 1e-3 * inputs[j].halfWidth);
        inputs[j].value = keep + h;
        const double up = eval();
        inputs[j].value = keep - h;
        const double down = eval();
        inputs[j].value = keep;
        const double d = (up - down) / (2.0 * h) * inputs[j].halfWidth;
        hw2 += d * d;
    }
    out.halfWidth = std::sqrt(hw2);
    return out;
}

} // namespace cs::calib
