// Quality limits: every check names the input, the figure and the cause.
#include "model/calibration/Quality.h"
#include "model/core/NumberFormat.h"
#include "model/core/JobSize.h"
#include "model/formula/Expression.h"
#include "model/calibration/FitSupport.h"
#include "model/calibration/ResultsData.h"
#include "model/core/ModelError.h"
#include "model/core/Plan.h"
#include "model/core/FormatOptions.h"
#include "model/core/Unit.h"
#include "model/document/DocumentTopology.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>
#include <sstream>

namespace cs::calib {

namespace {

bool isBreakpoint(const std::string& param)
{
    return param == "k_1" || param == "k_2";
}

// The probe's own unclamped L, when it reports one (derived.L_unclamped).
bool probeClampedL(const std::vector<ResultEntry>& entries, const CalibratedParam& p, double& raw)
{
    if (p.param != "L" || p.method != "direct")
        return false;
    try {
        const DerivedValue v = readDerived(entries, p.probe, "derived:L_unclamped");
        raw = v.value;
        return v.value < 0.0;
    } catch (const ModelError&) {
        raw = std::nan("");
        return p.value == 0.0; // an older result: exactly 0 is the clamp
    }
}


// The held-out error that judges one input. A plain fit is judged on all of
// its held-out points. An input of a segmented fit reads one or two of its
// segments (coefficientsOf: a, b the last; a1, b1 the first; a2, b2 the
// second; k1, k2 the two segments they part), and is judged on the held-out
// points that fall in them: a tbf-shaped ping-pong's 2 KiB round trip
// (host latency, in the burst segment) says nothing about G, the slope of
// the bulk segment. Where its segments hold no held-out point, each of their
// fitted points is predicted by the line through the segment's other points
// (leave one out), so that every input is checked against a point its line
// did not see.
struct HeldOutCheck {
    int n = 0;
    double sum = 0.0, max = 0.0;
    std::string scope; // "" = the whole fit

    void add(double relError)
    {
        ++n;
        sum += std::fabs(relError);
        max = std::max(max, std::fabs(relError));
    }
};

std::set<std::size_t> segmentsRead(const FitResult& fit, const std::string& expression)
{
    std::set<std::size_t> out;
    const std::size_t last = fit.segments.size() - 1;
    std::vector<std::string> symbols;
    try {
        symbols = expressionSymbols(expression);
    } catch (const ModelError&) {
    }
    for (const std::string& s : symbols) {
        if (s == "a" || s == "b")
            out.insert(last);
        else if (s == "a1" || s == "b1")
            out.insert(0);
        else if (s == "a2" || s == "b2")
            out.insert(std::min<std::size_t>(1, last));
        else if (s == "k1")
            out.insert({0, std::min<std::size_t>(1, last)});
        else if (s == "k2")
            out.insert({std::min<std::size_t>(1, last), std::min<std::size_t>(2, last)});
    }
    return out;
}

HeldOutCheck heldOutFor(const FitRecord& rec, int fitIndex, const std::vector<ValidationPoint>& validation,
                        const std::string& expression)
{
    HeldOutCheck c;
    const FitResult& fit = rec.result;
    const bool segmented = (fit.method == "segmented" || fit.method == "segmented_rel") && fit.segments.size() > 1;
    std::set<std::size_t> segs;
    if (segmented)
        segs = segmentsRead(fit, expression);
    // The segment a fitted-unit x falls in: breakpoints part them.
    auto segmentOf = [&](double x) {
        std::size_t i = 0;
        while (i < fit.breakpoints.size() && x >= fit.breakpoints[i])
            ++i;
        return i;
    };
    const bool whole = !segmented || segs.empty();
    for (const ValidationPoint& v : validation)
        if (v.heldOut && v.fit == fitIndex && (whole || segs.count(segmentOf(v.x + rec.xOffset))))
            c.add(v.relError);
    if (whole)
        return c;
    std::string range;
    for (std::size_t s : segs)
        range += (range.empty() ? "" : " and ") + formatSignificant(fit.segments[s].first - rec.xOffset, 7) + ".." +
                 formatSignificant(fit.segments[s].second - rec.xOffset, 7);
    if (c.n > 0) {
        c.scope = "its segment " + range;
        return c;
    }
    const bool relative = fit.method == "segmented_rel";
    for (std::size_t s : segs) {
        std::vector<std::size_t> in;
        for (std::size_t i = 0; i < fit.x.size(); ++i)
            if (segmentOf(fit.x[i]) == s)
                in.push_back(i);
        for (std::size_t out : in) {
            std::vector<double> x, y, w;
            for (std::size_t i : in)
                if (i != out) {
                    x.push_back(fit.x[i]);
                    y.push_back(fit.y[i]);
                    w.push_back(relative ? 1.0 / (fit.y[i] * fit.y[i]) : 1.0);
                }
            const detail::CentredLine l = detail::centredLine(x, y, w, 0, x.size());
            if (fit.y[out] != 0.0 && l.ok)
                c.add((l.a() + l.b * fit.x[out] - fit.y[out]) / fit.y[out]);
        }
    }
    c.scope = "its segment " + range + ", each point left out of its line in turn (no held-out point falls there)";
    return c;
}

} // namespace

double placedInput(const DesignDocument& doc, const std::string& block, const std::string& input,
                   const std::string& nodes)
{
    std::vector<std::string> names;
    std::stringstream ss(nodes);
    for (std::string n; std::getline(ss, n, ',');)
        if (!n.empty())
            names.push_back(n);
    DesignDocument copy = doc;
    if (names.empty() || !placeJobOn(copy, names).empty())
        return std::nan("");
    try {
        const double P = static_cast<double>(names.size());
        if (copy.design.findDesignParam(kJobSize))
            copy.design.setDesignParam(kJobSize, P);
        else if (!copy.design.wireInto({kTopologyBlock, kJobSize}))
            copy.design.setValue({kTopologyBlock, kJobSize}, P);
        const Plan plan = copy.design.compile();
        std::vector<double> slots = plan.initialSlots();
        const int slot = plan.slotOf(block + "." + input);
        if (slot < 0 || !plan.run(slots.data(), nullptr))
            return std::nan("");
        return slots[static_cast<std::size_t>(slot)];
    } catch (const std::exception&) {
        return std::nan("");
    }
}

void assessQuality(CalibrationReport& report, const DesignDocument& doc, const nlohmann::json& results,
                   const QualityLimits& limits, const std::function<double(const std::string&, const std::string&)>& current,
                   const FormatOptions& format)
{
    std::vector<ResultEntry> entries;
    try {
        entries = resultEntries(results);
    } catch (const ModelError&) {
    }
    std::vector<FitIssue>& issues = report.issues;
    auto add = [&](const CalibratedParam& p, const std::string& check, const std::string& figure, const std::string& cause) {
        issues.push_back({p.block, p.param, check, figure, cause});
    };

    for (const CalibratedParam& p : report.params) {
        const FitRecord* rec =
            p.fit >= 0 && static_cast<std::size_t>(p.fit) < report.fits.size() ? &report.fits[static_cast<std::size_t>(p.fit)] : nullptr;
        const bool fitted = rec && rec->result.method != "direct";
        const std::string what = rec ? rec->probe + " " + rec->read : p.probe;
        // A line's R^2 says how much of the spread its slope explains: a flat line (G = 0 between two local
        // CPUs) has a low one while its intercept, and so L, is known to within its interval. An input whose
        // own 95% interval is within 10% of its value is judged by that interval, not by the line's R^2.
        const bool tight = p.value > 0 && p.ciHigh - p.ciLow <= 0.2 * p.value && p.ciLow > 0;
        if (fitted && p.r2 < limits.minR2 && !tight)
            add(p, "r2", "R^2 = " + formatSignificant(p.r2, 3) + " of the fit of " + what + " (limit " + formatSignificant(limits.minR2, 3) + "), SMAPE " + formatPercentSignificant(p.smape, 3),
                "the line does not follow the measured points");
        if (fitted) {
            const HeldOutCheck h = heldOutFor(*rec, p.fit, report.validation, p.expression);
            const double mean = h.n > 0 ? h.sum / h.n : 0.0;
            if (h.n > 0 && mean > limits.maxHeldOutError)
                add(p, "held_out",
                    "held-out error mean " + formatPercentSignificant(mean, 3) + ", max " + formatPercentSignificant(h.max, 3) + " over " + std::to_string(h.n) +
                        " point(s) of " + what + (h.scope.empty() ? "" : " in " + h.scope) + " (limit " +
                        formatPercentSignificant(limits.maxHeldOutError, 3) + ")",
                    "the fit does not predict the sizes it did not see");
        }
        // A breakpoint has no interval; a direct value of 0 may be exact. A
        // fit with residual degrees of freedom whose points lie exactly on
        // it has a zero-width interval honestly (synthetic data); one
        // without (as many coefficients as points) has nothing to judge by.
        const bool noSpread = !rec || rec->result.method == "direct" || rec->result.dof <= 0;
        if (noSpread && !isBreakpoint(p.param) && p.value != 0.0 &&
            std::fabs(p.ciHigh - p.ciLow) <= 1e-9 * std::fabs(p.value))
            add(p, "zero_ci",
                "95% CI [" + formatMeasured(p.ciLow, p.unit, format) + ", " + formatMeasured(p.ciHigh, p.unit, format) +
                    "] has zero width",
                p.method == "direct" ? "the probe gave one number (" + p.probe + " " + p.expression +
                                           ") and no spread, so nothing says how far it can be trusted"
                                     : "the fit has no residual to judge it by");
        double raw = 0.0;
        if (probeClampedL(entries, p, raw))
            add(p, "clamped",
                "L = 0 was clamped by " + p.probe +
                    (std::isfinite(raw) ? " from " + formatMeasured(raw, "s") : std::string(" (the result has no unclamped value)")),
                "the probe's overheads o_s + o_r exceed its one-way time PRTT(1,0,s)/2, so L = PRTT/2 - o_s - o_r < 0");
    }

    // An input computed from an input with an issue (L = a - o_s - o_r) is no
    // better than it. report.params is in the order the values were computed.
    for (const CalibratedParam& p : report.params) {
        std::vector<std::string> symbols;
        try {
            symbols = expressionSymbols(p.expression);
        } catch (const ModelError&) {
        }
        for (const std::string& sym : symbols) {
            const bool poor = std::any_of(issues.begin(), issues.end(), [&](const FitIssue& i) {
                return i.block == p.block && i.param == sym && i.check != "depends";
            });
            const bool already = std::any_of(issues.begin(), issues.end(), [&](const FitIssue& i) {
                return i.block == p.block && i.param == p.param && i.check == "depends" && i.figure.find(sym) != std::string::npos;
            });
            if (poor && !already)
                add(p, "depends", p.param + " = " + p.expression + " uses " + sym,
                    sym + " is not trusted (see its issue), so neither is " + p.param);
        }
    }

    for (CalibratedParam& p : report.params)
        p.trusted = issuesOf(report, p.block, p.param).empty();

    // Calibrated against drawn: the LogGP block raises G to 1/B_net, the
    // per-host bandwidth of the drawn network under all-to-all, unless
    // G_floor = none.
    for (const CalibratedParam& p : report.params) {
        if (p.param != "G")
            continue;
        const BlockInstance* bi = doc.design.findBlock(p.block);
        if (!bi || bi->spec().inputIndex("B_net") < 0 || bi->spec().inputIndex("G_floor") < 0)
            continue;
        // The network the probe ran on: its hosts, placed as they were (a
        // pair on one leaf never loads an uplink), else the design's job.
        double bnet = placedInput(doc, p.block, "B_net", p.nodes);
        if (!std::isfinite(bnet))
            bnet = current(p.block, "B_net");
        if (!(bnet > 0.0) || !std::isfinite(bnet))
            continue;
        if (current(p.block, "G_floor") >= 2.0)
            continue; // in series or scaled: the drawing adds to or stretches the calibrated G, never replaces it
        const double floorG = 1.0 / bnet;
        if (!(floorG > p.value * 1.15))
            continue; // within 15%: no disagreement worth a choice
        const bool drawnWins = current(p.block, "G_floor") == 0.0;
        Disagreement d;
        d.block = p.block;
        d.param = "G";
        d.calibrated = p.value;
        d.drawn = floorG;
        d.drawnFrom = "1/B_net (B_net = " + formatMeasured(bnet, "B/s", format) + ", the drawn network's per-host bandwidth for the job on the hosts the probe ran on)";
        d.drawnWins = drawnWins;
        d.choice = p.block + ".G_floor";
        d.calibratedStands = 1.0;
        const std::string ratio = formatSignificant(floorG / p.value, 3);
        d.text = p.block + ".G: calibrated " + formatMeasured(p.value, "s/B") + " (" +
                 formatMeasured(1.0 / p.value, "B/s", format) +
                 ") against the drawn network's floor " + formatMeasured(floorG, "s/B") + " = " + d.drawnFrom + ": " +
                 (drawnWins ? "the drawing wins (G_floor = network), so the model uses a G " + ratio +
                                  "x the calibrated one"
                            : "the calibrated value stands (G_floor = none); the drawing would make G " + ratio + "x larger") +
                 ". The nodes you measured are not the network you drew: redraw the links, or set " + d.choice +
                 (drawnWins ? " = none to let the calibrated G stand." : " = network to let the drawing decide.");
        report.disagreements.push_back(std::move(d));
    }

    // The warnings say it too, so that every view of them tells the truth.
    for (const FitIssue& i : issues)
        report.warnings.push_back("not trusted: " + i.text());
    for (const Disagreement& d : report.disagreements)
        report.warnings.push_back("calibrated against drawn: " + d.text);
}

std::vector<const FitIssue*> issuesOf(const CalibrationReport& report, const std::string& block, const std::string& param)
{
    std::vector<const FitIssue*> out;
    for (const FitIssue& i : report.issues)
        if (i.block == block && i.param == param)
            out.push_back(&i);
    return out;
}

} // namespace cs::calib
