#include "model/calibration/FormulaFit.h"
#include "model/calibration/LiveNetwork.h"
#include "model/calibration/Fit.h"
#include "model/calibration/ProgramRuns.h"
#include "model/core/JobSize.h"
#include "model/core/ModelError.h"
#include "model/core/Plan.h"
#include "model/core/FormatOptions.h"
#include "model/core/Unit.h"
#include "model/document/DocumentEdits.h"
#include "model/formula/FormulaBlock.h"

#include <algorithm>
#include <cstdio>
#include <cmath>

namespace cs::calib {

using nlohmann::json;

namespace {

// Runs that miss the model by more than this many times their variance, on
// average (chi^2 per degree of freedom), are refitted with relative weights:
// an average miss of over 3 standard errors is the model's, not chance's.
constexpr double kMaxReducedChi2 = 10.0;

// The design evaluated at P with the fitted inputs set: the plan compiled
// once, its P slots and input slots written for each point. The solver's
// steps may cross an input's range (t_cell < 0 when the runs leave no room
// for compute): the design is evaluated at the range's end, continued in a
// straight line past it, and the fit reports the value it ends at and holds
// it at the bound instead of failing.
class Evaluator {
public:
    Evaluator(const DesignDocument& doc, const std::string& block, const std::string& output,
              const std::vector<std::string>& inputs)
        : plan_(doc.design.compile())
    {
        out_ = plan_.slotOf(block + "." + output);
        if (out_ < 0)
            throw ModelError("block " + block + " has no output '" + output + "' (--output)");
        const BlockSpec& spec = doc.design.block(block).spec();
        for (const std::string& in : inputs) {
            inputs_.push_back(plan_.slotOf(block + "." + in));
            const ParamSpec& ps = spec.inputs[static_cast<std::size_t>(spec.inputIndex(in))];
            bounds_.push_back({ps.min, ps.max});
        }
        // P: the design parameter when there is one; the block's own input P when it is not wired.
        for (const std::string& path : {std::string(kJobSize), block + "." + kJobSize})
            if (const int s = plan_.slotOf(path); s >= 0 && (path == kJobSize || !doc.design.wireInto({block, kJobSize})))
                pSlots_.push_back(s);
        if (pSlots_.empty())
            throw ModelError("the design has no parameter P and block " + block + " no input P: nothing says the rank count");
    }
    double operator()(double P, const std::vector<double>& values) const
    {
        std::vector<double> in(values.size());
        for (std::size_t i = 0; i < values.size(); ++i)
            in[i] = clamp(i, values[i]);
        const double at = run(P, in);
        // Past a bound, the design continues in a straight line from the bound (the slope from the bound to its
        // mirror point inside the range): the solver still sees where the runs pull, and the fit can say how
        // far past the range it ends.
        double v = at;
        for (std::size_t i = 0; i < values.size(); ++i)
            if (in[i] != values[i]) {
                std::vector<double> inside = in;
                inside[i] = clamp(i, in[i] + (in[i] - values[i]));
                if (inside[i] != in[i])
                    v += (run(P, inside) - at) / (inside[i] - in[i]) * (values[i] - in[i]);
            }
        return v;
    }
    // Input i's value as evaluated: within its range.
    double clamp(std::size_t i, double v) const { return std::clamp(v, bounds_[i].first, bounds_[i].second); }

private:
    double run(double P, const std::vector<double>& values) const
    {
        std::vector<double> slots = plan_.initialSlots();
        for (int s : pSlots_)
            slots[static_cast<std::size_t>(s)] = P;
        for (std::size_t i = 0; i < inputs_.size(); ++i)
            slots[static_cast<std::size_t>(inputs_[i])] = values[i];
        EvalError err;
        if (!plan_.run(slots.data(), &err))
            throw ModelError("at P = " + formatNumber(P) + ": " + err.message);
        return slots[static_cast<std::size_t>(out_)];
    }

    Plan plan_;
    int out_ = -1;
    std::vector<int> inputs_, pSlots_;
    std::vector<std::pair<double, double>> bounds_;
};

const FormulaBlock* fitBlock(const DesignDocument& doc, const std::string& wanted, std::string& name)
{
    for (const BlockInstance& b : doc.design.blocks()) {
        const FormulaBlock* f = asFormula(b.block);
        if (!wanted.empty() && b.name != wanted)
            continue;
        if (!wanted.empty() && !f)
            throw ModelError("block " + wanted + " is a " + b.spec().id + ", not a formula block: fit fits formula inputs");
        if (!f)
            continue;
        for (const FormulaInput& in : f->definition().inputs)
            if (in.fit) {
                name = b.name;
                return f;
            }
        if (!wanted.empty())
            throw ModelError("block " + wanted + " has no input marked \"fit\": true");
    }
    throw ModelError(wanted.empty() ? std::string("the design has no formula block with an input marked \"fit\": true")
                                    : "no block named '" + wanted + "'");
}

} // namespace

FormulaFitReport fitFormula(const DesignDocument& doc, const std::vector<TimedPoint>& given,
                            const FormulaFitOptions& options)
{
    FormulaFitReport report;
    const FormulaBlock* f = fitBlock(doc, options.block, report.block);
    report.output = options.output;
    // The network part comes from the calibrated blocks: say when they were measured on another network.
    report.notes = changedNetworkNotes(doc);
    std::vector<std::string> names;
    std::vector<double> start;
    const BlockInstance& inst = doc.design.block(report.block);
    for (const FormulaInput& in : f->definition().inputs)
        if (in.fit) {
            if (doc.design.wireInto({report.block, in.name}))
                throw ModelError("input " + report.block + "." + in.name + " is wired: a fitted value would not be used");
            names.push_back(in.name);
            start.push_back(doc.design.value({report.block, in.name}).value);
        }
    const Evaluator eval(doc, report.block, options.output, names);

    std::vector<TimedPoint> points = given;
    for (TimedPoint& p : points)
        p.heldOut = p.heldOut || std::find(options.holdOut.begin(), options.holdOut.end(), p.P) != options.holdOut.end();
    std::vector<double> x, y, w;
    bool allSpread = true;
    for (const TimedPoint& p : points)
        if (!p.heldOut) {
            x.push_back(p.P);
            y.push_back(p.seconds);
            allSpread = allSpread && p.spread > 0;
        }
    for (double held : options.holdOut)
        if (std::none_of(points.begin(), points.end(), [&](const TimedPoint& p) { return p.P == held; }))
            report.notes.push_back("--hold-out P = " + formatNumber(held) + ": no run at that P");
    if (x.size() < names.size() + 1)
        throw ModelError("fitting " + std::to_string(names.size()) + " input(s) needs at least " +
                         std::to_string(names.size() + 1) + " fitted points (P values); there are " +
                         std::to_string(x.size()));
    // Weighted by each point's spread where every fitted point has one (1 /
    // stderr^2, from the 95% CI of its median); else unweighted.
    if (allSpread)
        for (const TimedPoint& p : points)
            if (!p.heldOut)
                w.push_back(1.0 / (p.spread * p.spread));
    report.weighting = allSpread ? "1/stderr^2 from the CIs of the medians" : "unweighted (a point has no spread)";

    // In units of the starting values, so that coefficients of 1e-9 s and 50
    // iterations are alike to the solver.
    std::vector<double> scale(start.size());
    for (std::size_t i = 0; i < start.size(); ++i)
        scale[i] = start[i] != 0 ? std::abs(start[i]) : 1.0;
    auto unscaled = [&](const double* q) {
        std::vector<double> v(q, q + scale.size());
        for (std::size_t i = 0; i < v.size(); ++i)
            v[i] *= scale[i];
        return v;
    };
    NonlinearModel model;
    model.form = report.block + "." + options.output;
    for (const std::string& n : names)
        model.names.push_back(n);
    model.f = [&](double P, const double* q) { return eval(P, unscaled(q)); };
    std::vector<double> initial(start.size());
    for (std::size_t i = 0; i < start.size(); ++i)
        initial[i] = start[i] / scale[i];
    auto fitOn = [&](const std::vector<double>& xs, const std::vector<double>& ys, const std::vector<double>& ws) {
        return fitLevenbergMarquardt(model, xs, ys, initial, ws);
    };
    FitResult fit = fitOn(x, y, w);
    // Weights from the spreads say how far each run may fall from the model by
    // chance. When the runs fall much further (chi^2 per degree of freedom
    // above kMaxReducedChi2), the misses are the model's (a network part that
    // is off at one P), not the runs' noise, and 1/stderr^2 would let the
    // tightest point decide and the interval blow up with the misfit: the fit
    // is redone with relative weights (1/T^2, each run's error as a share of
    // its time, as SMAPE counts it), and the report says so.
    if (allSpread && x.size() > names.size()) {
        double chi2 = 0;
        std::size_t worst = 0;
        double worstRel = 0;
        for (std::size_t i = 0; i < x.size(); ++i) {
            const double r = y[i] - model.f(x[i], fit.values.data());
            chi2 += w[i] * r * r;
            if (std::abs(r / y[i]) > worstRel) {
                worstRel = std::abs(r / y[i]);
                worst = i;
            }
        }
        const double reduced = chi2 / static_cast<double>(x.size() - names.size());
        if (reduced > kMaxReducedChi2) {
            for (std::size_t i = 0; i < x.size(); ++i)
                w[i] = 1.0 / (y[i] * y[i]);
            fit = fitOn(x, y, w);
            report.weighting = "relative, 1/T^2 (the runs miss the model by more than their spread)";
            char figures[96];
            std::snprintf(figures, sizeof figures, "%.3g with weights 1/stderr^2; the largest miss, %.3g%%,", reduced,
                          100 * worstRel);
            report.notes.push_back(std::string("the runs fall further from the model than their spread allows (chi^2 "
                                               "per degree of freedom ") +
                                   figures + " at P = " + formatNumber(x[worst]) +
                                   "): the misses are the model's, so the fit weighs each run by its time instead");
        }
    }
    report.fitted = fit.n;
    report.r2 = fit.r2;
    report.smape = fit.smape;

    std::vector<double> values(names.size());
    for (std::size_t i = 0; i < names.size(); ++i)
        values[i] = eval.clamp(i, fit.values[i] * scale[i]);
    // Leave-one-out: each fitted point predicted by the fit without it.
    std::vector<double> looY, looF;
    for (std::size_t k = 0; k < x.size() && x.size() > names.size() + 1; ++k) {
        std::vector<double> xs, ys, ws;
        for (std::size_t i = 0; i < x.size(); ++i)
            if (i != k) {
                xs.push_back(x[i]);
                ys.push_back(y[i]);
                if (!w.empty())
                    ws.push_back(w[i]);
            }
        try {
            const FitResult loo = fitOn(xs, ys, ws);
            // Predicted as the design evaluates it: each value within its input's range.
            std::vector<double> held(names.size());
            for (std::size_t i = 0; i < names.size(); ++i)
                held[i] = eval.clamp(i, loo.values[i] * scale[i]);
            looY.push_back(y[k]);
            looF.push_back(eval(x[k], held));
        } catch (const ModelError&) {
            // a fit without this point that does not converge: left out of the LOO error
        }
    }
    report.looSmape = looY.empty() ? std::nan("") : calib::smape(looY, looF);

    double heldSum = 0;
    int held = 0;
    for (const TimedPoint& p : points) {
        FittedPoint fp;
        fp.P = p.P;
        fp.measured = p.seconds;
        fp.predicted = eval(p.P, values);
        fp.relError = (fp.predicted - fp.measured) / fp.measured;
        fp.heldOut = p.heldOut;
        if (p.heldOut) {
            heldSum += std::abs(fp.relError);
            ++held;
        }
        for (std::size_t k = 0; k < looY.size() && !p.heldOut; ++k)
            if (x[k] == p.P)
                fp.looPredicted = looF[k];
        report.points.push_back(fp);
    }
    report.heldOutError = held ? heldSum / held : 0.0;

    // The fitted point the design at the fitted values misses most, for a value held at its bound.
    const FittedPoint* worst = nullptr;
    for (const FittedPoint& fp : report.points)
        if (!fp.heldOut && (!worst || std::abs(fp.relError) > std::abs(worst->relError)))
            worst = &fp;
    const BlockSpec& spec = inst.spec();
    for (std::size_t i = 0; i < names.size(); ++i) {
        FittedInput in;
        in.name = report.block + "." + names[i];
        in.unit = unitSymbol(spec.inputs[static_cast<std::size_t>(spec.inputIndex(names[i]))].unit);
        const auto show = [&](double v) { return formatMeasured(v, in.unit, options.format); };
        in.before = start[i];
        in.value = values[i];
        in.ciLow = fit.ciLow[i] * scale[i];
        in.ciHigh = fit.ciHigh[i] * scale[i];
        const double wanted = fit.values[i] * scale[i];
        // Never applied: a value the runs do not determine (its interval
        // crosses zero), or one the solver pushed past its input's range.
        bool never = false;
        if (wanted != in.value) {
            in.problem = "the fit ends at " + show(wanted) + ", outside the input's range, and is held at " +
                         show(in.value) + ": ";
            // Only when the design there meets the runs does the rest of it explain them; else say how far off.
            if (!worst || std::abs(worst->relError) <= options.limits.maxHeldOutError)
                in.problem += "the rest of the design already explains the runs, which leave no room for it";
            else
                in.problem += "the design then predicts " + formatMeasured(worst->predicted, "s") + " at P = " +
                              formatNumber(worst->P) + " against " + formatMeasured(worst->measured, "s") +
                              " measured, so this formula cannot follow these runs (were they made with other "
                              "arguments than the block's inputs?)";
            never = true;
        } else if (in.value > 0 && in.ciLow <= 0) {
            in.problem = "its 95% interval [" + show(in.ciLow) + ", " + show(in.ciHigh) +
                         "] crosses zero: the runs do not determine it";
            never = true;
        } else if (fit.r2 < options.limits.minR2)
            in.problem = "R^2 = " + formatMeasured(fit.r2, "1") + " is below " + formatNumber(options.limits.minR2);
        else if (held && report.heldOutError > options.limits.maxHeldOutError)
            in.problem = "the held-out points are off by " + formatNumber(100 * report.heldOutError) +
                         "% on average, above " + formatNumber(100 * options.limits.maxHeldOutError) + "%";
        // A poor fit is applied only when asked.
        in.applied = in.problem.empty() || (options.acceptPoorFits && !never);
        report.inputs.push_back(in);
    }
    return report;
}

std::vector<edit::ValueAssignment> fittedValues(const FormulaFitReport& report)
{
    std::vector<edit::ValueAssignment> values;
    for (const FittedInput& in : report.inputs) {
        if (!in.applied)
            continue;
        Provenance p;
        p.kind = ProvenanceKind::Calibrated;
        p.detail = "fit of " + report.block + "." + report.output + " to " + std::to_string(report.fitted) +
                   " runs, R^2 " + formatMeasured(report.r2, "1");
        p.ciLow = in.ciLow;
        p.ciHigh = in.ciHigh;
        // What verify --results marks as not held out (VerifyTargets.h, fittedNodeCounts).
        std::string at;
        for (const FittedPoint& fp : report.points)
            if (!fp.heldOut)
                at += (at.empty() ? "" : ",") + formatNumber(fp.P);
        p.note = "fitted at P = " + at;
        values.push_back({in.name, in.value, p});
    }
    return values;
}

DesignDocument applyFormulaFit(const DesignDocument& doc, const FormulaFitReport& report)
{
    DesignDocument out = doc;
    const edit::Outcome o = edit::setValues(out, fittedValues(report));
    if (!o.ok())
        throw ModelError(o.message());
    return out;
}

json formulaFitToJson(const FormulaFitReport& r)
{
    json inputs = json::array(), points = json::array();
    for (const FittedInput& in : r.inputs)
        inputs.push_back({{"input", in.name},
                          {"before", in.before},
                          {"value", in.value},
                          {"ci", {in.ciLow, in.ciHigh}},
                          {"applied", in.applied},
                          {"problem", in.problem}});
    for (const FittedPoint& p : r.points) {
        json j{{kJobSize, p.P}, {"measured", p.measured}, {"predicted", p.predicted}, {"error", p.relError},
               {"held_out", p.heldOut}};
        if (!p.heldOut && p.looPredicted > 0)
            j["loo_predicted"] = p.looPredicted;
        points.push_back(j);
    }
    json j{{"block", r.block}, {"output", r.output}, {"weighting", r.weighting}, {"fitted", r.fitted},
           {"r2", r.r2},       {"smape", r.smape},   {"inputs", inputs},         {"points", points},
           {"notes", r.notes}};
    j["loo_smape"] = std::isfinite(r.looSmape) ? json(r.looSmape) : json(nullptr);
    j["held_out_error"] = r.heldOutError;
    return j;
}

std::vector<double> networkPart(const DesignDocument& doc, const FormulaFitOptions& options,
                                const std::vector<double>& Ps, std::string* blockOut)
{
    std::string block;
    const FormulaBlock* f = fitBlock(doc, options.block, block);
    std::vector<std::string> names;
    for (const FormulaInput& in : f->definition().inputs)
        if (in.fit)
            names.push_back(in.name);
    const Evaluator eval(doc, block, options.output, names);
    std::vector<double> out;
    for (double P : Ps)
        out.push_back(eval(P, std::vector<double>(names.size(), 0.0)));
    if (blockOut)
        *blockOut = block;
    return out;
}

FormulaDefinition foundTermDefinition(const DesignDocument& doc, const FormulaFitOptions& options,
                                      const ScalingHypothesis& found, std::string& block)
{
    const FormulaBlock* f = fitBlock(doc, options.block, block);
    FormulaDefinition def = f->definition();
    bool has = false;
    for (FormulaOutput& o : def.outputs)
        if (o.name == options.output) {
            o.expr = "(" + o.expr + ") + T_found";
            has = true;
        }
    if (!has)
        throw ModelError("block " + block + " has no output '" + options.output + "' (--output)");
    // The inputs fitted before: their part is now T_found.
    for (FormulaInput& in : def.inputs)
        if (in.fit) {
            in.value.value = 0.0;
            in.fit = false;
            if (in.min && *in.min > 0)
                in.min = 0.0;
        }
    std::string formula;
    for (std::size_t k = 0; k < found.terms.size(); ++k) {
        const ScalingTerm& term = found.terms[k];
        FormulaInput c;
        c.name = "c_found" + std::to_string(k + 1);
        c.unit = Unit::Seconds;
        c.value.value = found.coefficients[k];
        c.fit = true;
        c.min = 0.0;
        c.meaning = "coefficient of the compute term fit --search found";
        def.inputs.push_back(c);
        std::string t = c.name;
        if (term.a != 0)
            t += " * P^(" + formatNumber(term.a) + ")";
        if (term.b == 1)
            t += " * log2(P)";
        else if (term.b > 1)
            t += " * log2(P)^" + std::to_string(term.b);
        formula += (k ? " + " : "") + t;
    }
    FormulaOutput t;
    t.name = "T_found";
    t.unit = Unit::Seconds;
    t.expr = formula;
    t.meaning = "the compute term clusterscope-cli fit --search found in the runs (Extra-P's terms c P^a log2(P)^b)";
    t.phaseOf = options.output;
    def.outputs.push_back(t);
    return def;
}

DesignDocument applyFoundTerm(const DesignDocument& doc, const FormulaFitOptions& options,
                              const ScalingHypothesis& found)
{
    std::string block;
    FormulaDefinition def = foundTermDefinition(doc, options, found, block);
    DesignDocument out = doc;
    const edit::Outcome o = edit::setFormula(out, block, std::move(def));
    if (!o.ok())
        throw ModelError("the found term does not fit block " + block + ": " + o.message());
    return out; // the inputs that were fitted take the new default, 0 (setFormula keeps a value only when the default stays)
}

} // namespace cs::calib
