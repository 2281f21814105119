// calibrate(): every block instance whose type declares calibration specs is
// matched against the probe results; each input takes the first spec whose
// probe has usable results; fits are shared between specs that read the same
// points the same way (pingpong's L and G come from one fit).
#include "model/calibration/Calibration.h"
#include "model/calibration/IntraNodeFit.h"
#include "model/core/NumberFormat.h"
#include "model/calibration/CalibrationInputs.h"
#include "model/calibration/ResultsData.h"
#include "model/formula/Expression.h"
#include "model/calibration/HoldOut.h"
#include "model/calibration/Quality.h"
#include "model/calibration/SpecFit.h"
#include "model/calibration/TimeText.h"
#include "model/core/ModelError.h"
#include "model/core/Plan.h"
#include "model/core/Unit.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

namespace cs::calib {

namespace {

bool contains(const std::vector<std::string>& v, const std::string& s)
{
    return std::find(v.begin(), v.end(), s) != v.end();
}

std::string joinSet(const std::set<std::string>& s)
{
    std::string out;
    for (const auto& v : s)
        out += (out.empty() ? "" : ",") + v;
    return out;
}

struct Calibrator {
    const DesignDocument& doc;
    const CalibrationOptions& opt;
    std::vector<ResultEntry> entries;
    CurrentValues current;
    CalibrationReport report;
    std::map<std::string, int> fitCache; // key -> index in report.fits, -1 = failed
    std::set<std::string> nodes;
    std::set<int> bucketWarned; // fits whose token bucket the report has named

    Calibrator(const DesignDocument& d, const nlohmann::json& results, const CalibrationOptions& o)
        : doc(d), opt(o), entries(resultEntries(results)), current(d.design)
    {
        // A pair on one host measured the node's shared memory, not the network: where the results also measured
        // the network (a network probe, or mpi.loggp across hosts), its mpi.loggp result sets the intra-node
        // LogGP (calibrateIntraNode) and no network input. Where every pair ran on one host (an mpi node of this
        // machine alone), that host is all the network the job has, and its pair sets the network's LogGP too.
        const auto oneHostPair = [](const ResultEntry& e) { return e.probe == "mpi.loggp" && onOneHost(*e.json); };
        const bool networkMeasured = std::any_of(entries.begin(), entries.end(), [&](const ResultEntry& e) {
            return (e.probe == "mpi.loggp" || e.probe.rfind("net.", 0) == 0) && !oneHostPair(e);
        });
        if (networkMeasured)
            std::erase_if(entries, oneHostPair);
    }

    bool probeHasResults(const std::string& probe) const
    {
        return std::any_of(entries.begin(), entries.end(), [&](const ResultEntry& e) { return e.probe == probe; });
    }

    // The fit for (block, spec), made once. Throws ModelError.
    int fitFor(const BlockInstance& bi, const CalibrationSpec& s)
    {
        const std::string key = bi.name + "|" + s.probe + "|" + s.read + "|" + s.xParam + "|" +
                                formatNumber(s.xOffset) + "|" + s.method + "|" + s.form;
        if (const auto it = fitCache.find(key); it != fitCache.end())
            return it->second;
        FitRecord rec;
        rec.block = bi.name;
        rec.probe = s.probe;
        rec.read = s.read;
        rec.xParam = s.xParam;
        rec.xOffset = s.xOffset;
        std::vector<std::string> notes;
        std::vector<const ResultEntry*> used;
        if (s.method == "direct") {
            const DerivedValue v = readDerived(entries, s.probe, s.read);
            FitResult& f = rec.result;
            f.method = "direct";
            f.form = "const";
            f.names = {"v"};
            f.values = {v.value};
            const double hw = v.hasCi ? std::max(v.value - v.ciLow, v.ciHigh - v.value) : 0.0;
            f.ciLow = {v.hasCi ? v.ciLow : v.value};
            f.ciHigh = {v.hasCi ? v.ciHigh : v.value};
            const double sd = hw / 1.959963984540054;
            f.covariance = {sd * sd};
            f.n = 1;
            f.r2 = 1.0;
            f.smape = 0.0;
            used.push_back(v.from);
        } else {
            // Replicates of one x (every node's run of a single-node probe, several pairs) are fitted as
            // their median: eight namespaces' cpu.fft runs, timed one after another while the machine's
            // speed changed, spread 2.5x at n = 1024 and gave a pooled R^2 of 0.36 for times whose median
            // the n log2 n form follows closely. Their spread weighs each x (poolReplicates) and, above
            // 1.5x, is a warning: nodes that are not alike are named, not averaged silently.
            std::vector<std::pair<double, double>> spread;
            const SpecPoints pts = poolReplicates(readSeriesPoints(entries, s.probe, s.read, s.xParam), &spread);
            used = pts.used;
            const auto widest = std::max_element(spread.begin(), spread.end(),
                                                 [](const auto& a, const auto& b) { return a.second < b.second; });
            if (widest != spread.end() && widest->second > 1.5)
            {
                const std::string ratio = formatSignificant(widest->second, 3);
                notes.push_back(std::to_string(used.size()) + " results pooled to their median at each x; at x = " +
                                formatNumber(widest->first) + " they differ by " + ratio +
                                "x (max / min): the nodes or runs are not alike, and the value is their median's");
            }
            std::vector<bool> held;
            std::string note;
            holdOut(pts.x, opt.holdOutFraction, minPointsFor(s, opt.segments),
                    s.method == "segmented" || s.method == "segmented_rel", held,
                    note);
            if (!note.empty())
                notes.push_back(note);
            std::vector<double> fx, fy, fs;
            for (std::size_t i = 0; i < pts.x.size(); ++i) {
                if (held[i]) {
                    rec.heldOutX.push_back(pts.x[i]);
                    rec.heldOutY.push_back(pts.y[i]);
                } else {
                    fx.push_back(pts.x[i] + s.xOffset);
                    fy.push_back(pts.y[i]);
                    fs.push_back(pts.sigma[i]);
                }
            }
            if (fx.size() < minPointsFor(s, opt.segments))
                throw ModelError("needs at least " + std::to_string(minPointsFor(s, opt.segments)) +
                                 " points to fit, the results give " + std::to_string(fx.size()));
            rec.result = fitSpecPoints(s, fx, fy, fs, opt.segments, notes);
        }
        for (const ResultEntry* e : used)
            addNodes(*e);
        for (const std::string& n : notes)
            report.warnings.push_back(bi.name + ": " + s.probe + " " + s.read + ": " + n);
        const int index = static_cast<int>(report.fits.size());
        report.fits.push_back(std::move(rec));
        runOf[index] = used.empty() ? nullptr : used.front();
        addValidation(index);
        fitCache[key] = index;
        return index;
    }

    // The point the probe measured at the design's own x (spec readAt: cpu.fft's length at the 2D FFT's
    // rows), as a direct value: its median over the results and the 95% interval of that median. -1 when
    // the probe did not measure that x (the fit then decides). Throws ModelError as readSeriesPoints does.
    int readingAt(const BlockInstance& bi, const CalibrationSpec& s, double x)
    {
        const std::string key = bi.name + "|" + s.probe + "|" + s.read + "|at " + formatNumber(x);
        if (const auto it = fitCache.find(key); it != fitCache.end())
            return it->second;
        const SpecPoints raw = readSeriesPoints(entries, s.probe, s.read, s.xParam);
        const SpecPoints pts = poolReplicates(raw, nullptr);
        const auto at = std::find(pts.x.begin(), pts.x.end(), x);
        if (at == pts.x.end())
            return fitCache[key] = -1;
        const std::size_t i = static_cast<std::size_t>(at - pts.x.begin());
        FitRecord rec;
        rec.block = bi.name;
        rec.probe = s.probe;
        rec.read = s.read + (s.xParam.empty() ? formatNumber(x) : " at " + s.xParam + " = " + formatNumber(x));
        rec.xParam = s.xParam;
        FitResult& f = rec.result;
        f.method = "direct";
        f.form = "const";
        f.names = {"v"};
        f.values = {pts.y[i]};
        const double hw = 1.959963984540054 * pts.sigma[i];
        f.ciLow = {pts.y[i] - hw};
        f.ciHigh = {pts.y[i] + hw};
        f.covariance = {pts.sigma[i] * pts.sigma[i]};
        f.n = 1;
        f.r2 = 1.0;
        f.smape = 0.0;
        for (const ResultEntry* e : pts.used)
            addNodes(*e);
        const int index = static_cast<int>(report.fits.size());
        report.fits.push_back(std::move(rec));
        runOf[index] = pts.used.empty() ? nullptr : pts.used.front();
        return fitCache[key] = index;
    }

    void addNodes(const ResultEntry& e)
    {
        for (std::size_t p = 0, q; p < e.nodes.size(); p = q + 1) {
            q = e.nodes.find(',', p);
            if (q == std::string::npos)
                q = e.nodes.size();
            nodes.insert(e.nodes.substr(p, q - p));
        }
    }

    void addValidation(int index)
    {
        const FitRecord& rec = report.fits[static_cast<std::size_t>(index)];
        if (rec.result.method == "direct")
            return;
        const std::string series = rec.probe + " " + rec.read.substr(rec.read.find(':') + 1) +
                                   (rec.xParam.empty() ? "" : " vs " + rec.xParam);
        auto add = [&](double xRaw, double measured, bool held) {
            ValidationPoint v;
            v.fit = index;
            v.series = series;
            v.x = xRaw;
            v.measured = measured;
            v.predicted = evaluateFit(rec.result, xRaw + rec.xOffset);
            v.relError = measured != 0.0 ? (v.predicted - measured) / measured : 0.0;
            v.heldOut = held;
            report.validation.push_back(v);
        };
        for (std::size_t i = 0; i < rec.result.x.size(); ++i)
            add(rec.result.x[i] - rec.xOffset, rec.result.y[i], false);
        for (std::size_t i = 0; i < rec.heldOutX.size(); ++i)
            add(rec.heldOutX[i], rec.heldOutY[i], true);
    }

    std::map<int, const ResultEntry*> runOf;

    // A piecewise input (k_1, L_1, G_1, k_2, ...) of a segment the fit did
    // not find: passed over, except that a breakpoint the design has set is
    // set back to 0 (one segment).
    bool absentSegment(const BlockInstance& bi, const CalibrationSpec& s, const Coefficients& coef) const
    {
        auto coefficient = [&](const std::string& name) {
            for (std::size_t i = 0; i < coef.names.size(); ++i)
                if (coef.names[i] == name)
                    return coef.values[i];
            return std::nan("");
        };
        for (const char* seg : {"1", "2"}) {
            const std::string id = seg;
            if (!(coefficient("k" + id) == 0.0))
                continue;
            const std::vector<std::string> symbols = expressionSymbols(s.value);
            for (const std::string& sym : symbols) {
                if (sym == "a" + id || sym == "b" + id)
                    return true;
                if (sym == "k" + id)
                    return current.at(bi.name, s.input) == 0.0;
            }
        }
        return false;
    }

    // A token bucket in a size sweep of one-way times (net.pingpong over a tbf-shaped link, a switch port
    // with a bucket): above a few bursts T(k) = (k - burst) / rate + constant, so the bulk segment's
    // line has a negative intercept, -burst/rate, which no message can have (docs/calibration.md, "Token
    // buckets"). Then the segments below it are the bucket's burst regime (the bucket refills while the
    // reply travels, so about half the time per byte), not a protocol change: a bulk transfer that finds
    // the bucket empty (an all-to-all) pays the bulk G at every size. Returns the burst in bytes, -a/b,
    // when the intercept's 95% interval lies below 0 (NaN otherwise); only for "segmented" fits of TCP
    // probes (MPI's segmented_rel fits have no bucket).
    static double bucketBurst(const FitRecord& rec, const Coefficients& coef)
    {
        if (rec.result.method != "segmented" || coef.values.size() < 2 || coef.covariance.size() < 4)
            return std::nan("");
        const std::size_t q = coef.values.size();
        const double a = coef.values[0], b = coef.values[1];
        const double half = coef.t * std::sqrt(std::max(0.0, coef.covariance[0 * q + 0]));
        if (!(b > 0.0) || !(a + half < 0.0))
            return std::nan("");
        return -a / b;
    }

    // One segment instead of the burst regime's: k_1 = k_2 = 0, and the segments' a and b are the bulk one's
    // (as coefficientsOf() gives them for a segment the fit did not find).
    static void dropBurstSegments(Coefficients& coef)
    {
        for (std::size_t slot : {std::size_t{2}, std::size_t{5}}) {
            coef.values[slot] = coef.values[0];
            coef.values[slot + 1] = coef.values[1];
            coef.values[slot + 2] = 0.0;
        }
    }

    CalibratedParam* paramOf(const std::string& block, const std::string& input)
    {
        for (CalibratedParam& p : report.params)
            if (p.block == block && p.param == input)
                return &p;
        return nullptr;
    }

    // LogGP's one-way time of the smallest message is o_s + L + o_r with
    // L >= 0, so the overheads cannot add up to more than it. When the
    // overheads a PRTT probe measured do (a token bucket deciding the
    // bursts' times, MPI's shared-memory sends measured in a train), they are
    // not identifiable as LogGP overheads: they are scaled into that one-way
    // time in their measured proportion (L then comes out near 0) and both
    // get an issue with the numbers, so they are applied only when accepted.
    void checkOverheads(const BlockInstance& bi, const CalibrationSpec& s, std::map<std::string, InputValue>& done)
    {
        CalibratedParam* os = paramOf(bi.name, "o_s");
        CalibratedParam* orr = paramOf(bi.name, "o_r");
        if (!os || !orr || os->probe != s.probe || orr->probe != s.probe)
            return;
        SpecPoints pts;
        try {
            pts = readSeriesPoints(entries, s.probe, "series:prtt1@", "");
        } catch (const ModelError&) {
            return; // no PRTT(1, 0, s) to compare with
        }
        if (pts.x.empty())
            return;
        std::size_t smallest = 0;
        for (std::size_t i = 1; i < pts.x.size(); ++i)
            if (pts.x[i] < pts.x[smallest])
                smallest = i;
        const double t1 = pts.y[smallest] / 2.0;
        const double sum = os->value + orr->value;
        if (!(t1 > 0.0) || sum <= t1)
            return;
        const double f = t1 / sum;
        const std::string size = formatNumber(pts.x[smallest]) + " B";
        const std::string figure = "o_s = " + formatMeasured(os->value, "s") + " + o_r = " + formatMeasured(orr->value, "s") +
                                   " = " + formatMeasured(sum, "s") + " > the one-way time of a " + size +
                                   " message, PRTT(1,0," + formatNumber(pts.x[smallest]) + ")/2 = " +
                                   formatMeasured(t1, "s") + " (" + s.probe + ")";
        for (CalibratedParam* p : {os, orr}) {
            const double measured = p->value;
            p->value *= f;
            p->ciLow *= f;
            p->ciHigh *= f;
            done[p->param] = InputValue{p->value, (p->ciHigh - p->ciLow) / 2.0};
            report.issues.push_back(
                {bi.name, p->param, "overheads", figure,
                 "an overhead cannot take longer than the whole trip (o_s + L + o_r, L >= 0): not identifiable as "
                 "LogGP overheads here (on a token-bucket link the bucket, not the host, decides these times); "
                 "scaled into the one-way time in the measured proportion, " +
                     formatMeasured(measured, "s") + " -> " + formatMeasured(p->value, "s")});
        }
    }

    void calibrateBlock(const BlockInstance& bi)
    {
        const BlockSpec& spec = bi.spec();
        std::map<std::string, InputValue> done; // calibrated in this run
        for (const CalibrationSpec& s : spec.calibration) {
            if (done.count(s.input))
                continue;
            if (!opt.inputs.empty() && !contains(opt.inputs, bi.name + "." + s.input))
                continue;
            if (!opt.probes.empty() && !contains(opt.probes, s.probe))
                continue;
            if (!probeHasResults(s.probe) || opt.passOver.count(bi.name + "|" + s.probe))
                continue;
            const int inputIdx = spec.inputIndex(s.input);
            const std::string label = bi.name + "." + s.input + " from " + s.probe + " " + s.read;
            if (inputIdx < 0) {
                report.warnings.push_back(label + ": block type " + spec.id + " has no input " + s.input);
                continue;
            }
            try {
                // At the design's own x the measurement is the value; the fit (still made, as the report's
                // check of the form) stands for the x values the probe did not run.
                int fi = -1;
                std::string valueOf = s.value;
                if (!s.readAt.empty()) {
                    const double x = current.at(bi.name, s.readAt);
                    fi = readingAt(bi, s, x);
                    if (fi >= 0) {
                        valueOf = "v";
                        try {
                            fitFor(bi, s);
                        } catch (const ModelError& e) {
                            report.warnings.push_back(label + ": the fit beside the reading at " + s.readAt + " = " +
                                                      formatNumber(x) + ": " + e.what());
                        }
                    }
                }
                if (fi < 0)
                    fi = fitFor(bi, s);
                const FitRecord& rec = report.fits[static_cast<std::size_t>(fi)];
                Coefficients coef = coefficientsOf(rec.result, rec.xOffset);
                const double burst = bucketBurst(rec, coef);
                if (std::isfinite(burst) && coef.values.size() == 8 && coef.values[4] > 0.0) {
                    if (bucketWarned.insert(fi).second)
                        report.warnings.push_back(
                            bi.name + ": " + s.probe + " " + s.read + ": the bulk segment's line " +
                            formatMeasured(coef.values[0], "s") + " + k x " + formatMeasured(coef.values[1], "s") +
                            "/B crosses 0 at " + formatQuantity(burst, "KiB", Unit::Bytes) +
                            ": a token bucket of about that burst, not a protocol change. The segment below " +
                            formatQuantity(coef.values[4], "KiB", Unit::Bytes) +
                            " is the bucket's burst regime and is not kept as a LogGP segment (k_1 = 0: one "
                            "segment, the bulk G for every size)");
                    dropBurstSegments(coef);
                }
                if (absentSegment(bi, s, coef))
                    continue;
                const ExpressionValue ev = evaluateSpecValue(valueOf, coef, [&](const std::string& name) {
                    if (const auto it = done.find(name); it != done.end())
                        return it->second;
                    if (spec.inputIndex(name) < 0)
                        throw ModelError("expression '" + valueOf + "' uses " + name +
                                         ", which is neither a coefficient nor an input of " + spec.id);
                    return InputValue{current.at(bi.name, name), 0.0};
                });
                const ParamSpec& ps = spec.inputs[static_cast<std::size_t>(inputIdx)];
                if (!std::isfinite(ev.value))
                    throw ModelError(s.input + " = " + valueOf + " is not a finite number");
                // A value outside the range (a latency below 0 because the
                // overheads take the whole intercept) is clamped to the bound,
                // never silently: an issue names the raw value, so it is
                // applied only when the user accepts poor fits.
                double value = ev.value;
                if (ps.integer)
                    value = std::round(value);
                std::string clampedFrom;
                if (value < ps.min || value > ps.max) {
                    const double bound = value < ps.min ? ps.min : ps.max;
                    // Within the value's own 95% interval (or rounding) of
                    // the bound, the data do not say it is beyond it.
                    const double within = std::max(ev.halfWidth, 1e-12 * (ps.max - ps.min));
                    if (std::fabs(ev.value - bound) > within)
                        clampedFrom = formatQuantity(ev.value, ps.displayUnit, ps.unit);
                    value = bound;
                }
                if (const std::string problem = ps.rangeProblem(value); !problem.empty())
                    throw ModelError(s.input + " = " + valueOf + " = " +
                                     formatQuantity(value, ps.displayUnit, ps.unit) + ": " + problem + "; not set");
                CalibratedParam p;
                p.block = bi.name;
                p.param = s.input;
                p.value = value;
                const bool plainDirect = rec.result.method == "direct" && valueOf == "v";
                p.ciLow = plainDirect ? rec.result.ciLow[0] : ev.value - ev.halfWidth;
                p.ciHigh = plainDirect ? rec.result.ciHigh[0] : ev.value + ev.halfWidth;
                p.unit = std::string(unitSymbol(ps.unit));
                p.displayUnit = ps.displayUnit;
                p.previous = current.at(bi.name, s.input);
                p.method = rec.result.method;
                p.form = rec.result.form;
                p.expression = valueOf;
                p.probe = s.probe;
                if (const ResultEntry* e = runOf[fi]) {
                    p.run = e->probe + "@" + e->started;
                    p.time = e->started;
                    p.nodes = e->nodes;
                }
                p.r2 = rec.result.r2;
                p.smape = rec.result.smape;
                p.fit = fi;
                if (!clampedFrom.empty())
                    report.issues.push_back(
                        {bi.name, s.input, "clamped",
                         s.input + " = " + valueOf + " = " + clampedFrom + ", clamped to " +
                             formatQuantity(p.value, ps.displayUnit, ps.unit),
                         std::isfinite(burst) && contains(expressionSymbols(valueOf), std::string("a"))
                             ? "not identifiable from " + s.probe + ": its bulk line's intercept " +
                                   formatMeasured(coef.values[0], "s") + " is -burst/rate of a token bucket of about " +
                                   formatQuantity(burst, "KiB", Unit::Bytes) +
                                   ", which decides the time of the first bytes, not the network's latency"
                             : "outside the input's range " + ps.rangeText() +
                                   "; the fit and the other inputs it uses do not agree"});
                report.params.push_back(p);
                done[s.input] = InputValue{p.value, (p.ciHigh - p.ciLow) / 2.0};
                if (s.input == "o_r" || s.input == "o_s")
                    checkOverheads(bi, s, done);
            } catch (const ModelError& e) {
                report.warnings.push_back(label + ": " + e.what());
            }
        }
    }

    void finish()
    {
        double sum = 0.0, hsum = 0.0, hmax = 0.0;
        std::size_t n = 0, hn = 0;
        for (const ValidationPoint& v : report.validation) {
            const double a = std::fabs(v.relError);
            if (v.heldOut) {
                hsum += a;
                hmax = std::max(hmax, a);
                ++hn;
            } else {
                sum += a;
                ++n;
            }
        }
        report.meanAbsRelError = n ? sum / static_cast<double>(n) : 0.0;
        report.heldOutMeanAbsRelError = hn ? hsum / static_cast<double>(hn) : std::nan("");
        report.heldOutMaxAbsRelError = hn ? hmax : std::nan("");
        report.time = opt.time.empty() ? isoTimeNow() : opt.time;
        report.nodes = joinSet(nodes);
    }
};

} // namespace

namespace {

CalibrationReport calibrateOnce(const DesignDocument& doc, const nlohmann::json& results,
                                const CalibrationOptions& options)
{
    if (!(options.holdOutFraction >= 0.0 && options.holdOutFraction < 1.0))
        throw ModelError("holdOutFraction = " + formatNumber(options.holdOutFraction) + " must be in [0, 1)");
    checkFilters(doc, options);
    Calibrator c(doc, results, options);
    if (c.entries.empty() && resultEntries(results).empty()) // a pair on one host alone still sets the node's LogGP
        throw ModelError("the probe results are empty: there is nothing to calibrate from");
    for (const BlockInstance& bi : doc.design.blocks()) {
        if (!options.blocks.empty() && !contains(options.blocks, bi.name))
            continue;
        c.calibrateBlock(bi);
    }
    calibrateIntraNode(doc, results, options, c.current, c.report); // mpi.loggp with both ranks on one host
    c.finish();
    assessQuality(c.report, doc, results, options.limits,
                  [&](const std::string& block, const std::string& input) { return c.current.at(block, input); },
                  options.format);
    if (c.report.params.empty()) {
        std::set<std::string> probes;
        for (const ResultEntry& e : c.entries)
            probes.insert(e.probe);
        std::string why;
        for (const std::string& w : c.report.warnings)
            why += (why.empty() ? "" : "; ") + w;
        throw ModelError("no block input could be calibrated from the results (probes " + joinSet(probes) + ")" +
                         (why.empty() ? std::string(": none of them calibrates a block of this design") : ": " + why));
    }
    return c.report;
}

std::size_t trustedCount(const CalibrationReport& r)
{
    return static_cast<std::size_t>(
        std::count_if(r.params.begin(), r.params.end(), [](const CalibratedParam& p) { return p.trusted; }));
}

} // namespace

CalibrationReport calibrate(const DesignDocument& doc, const nlohmann::json& results, const CalibrationOptions& options)
{
    CalibrationReport first = calibrateOnce(doc, results, options);
    // Per block and probe, the inputs that are not trusted, with the first cause of each.
    std::map<std::string, std::vector<std::string>> untrusted; // "block|probe" -> "o_s (cause)", ...
    for (const CalibratedParam& p : first.params) {
        if (p.trusted)
            continue;
        std::string why;
        for (const FitIssue& i : first.issues)
            if (i.block == p.block && i.param == p.param) {
                why = i.figure;
                break;
            }
        untrusted[p.block + "|" + p.probe].push_back(p.param + (why.empty() ? "" : " (" + why + ")"));
    }
    if (untrusted.empty())
        return first;
    CalibrationOptions again = options;
    for (const auto& [key, inputs] : untrusted)
        again.passOver.insert(key);
    CalibrationReport second;
    try {
        second = calibrateOnce(doc, results, again);
    } catch (const ModelError&) {
        return first; // nothing else calibrates these blocks
    }
    if (trustedCount(second) <= trustedCount(first))
        return first;
    for (const auto& [key, inputs] : untrusted) {
        const std::string block = key.substr(0, key.find('|')), probe = key.substr(key.find('|') + 1);
        std::set<std::string> instead;
        for (const CalibratedParam& p : second.params)
            if (p.block == block)
                instead.insert(p.probe + "'s " + p.param);
        std::string list;
        for (const std::string& i : inputs)
            list += (list.empty() ? "" : "; ") + i;
        std::string used;
        for (const std::string& i : instead)
            used += (used.empty() ? "" : ", ") + i;
        second.warnings.insert(second.warnings.begin(),
                               block + ": " + probe + " was passed over: its fits of " + list +
                                   " are not trusted, and without it " + std::to_string(trustedCount(second)) +
                                   " input(s) are trusted (" + (used.empty() ? "none from this block" : used) +
                                   "); limit the probes to " + probe + " to keep its values");
    }
    return second;
}

} // namespace cs::calib
