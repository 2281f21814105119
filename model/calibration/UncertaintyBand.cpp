// Uncertainty band of a sweep over the calibrated inputs' confidence
// intervals: Monte Carlo with a fixed seed, or every corner of the CI box.
#include "model/calibration/Calibration.h"
#include "model/core/ModelError.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

namespace cs::calib {

namespace {

struct Uncertain {
    std::string path;
    Endpoint input;     // block input (block empty for a design parameter)
    double value, lo, hi; // CI, clipped to the valid range
};

std::vector<Uncertain> uncertainInputs(const DesignDocument& doc)
{
    std::vector<Uncertain> out;
    const Design& d = doc.design;
    for (const BlockInstance& bi : d.blocks())
        for (std::size_t i = 0; i < bi.values.size(); ++i) {
            const ParamValue& v = bi.values[i];
            const ParamSpec& ps = bi.spec().inputs[i];
            const Endpoint e{bi.name, ps.symbol};
            if (v.provenance.kind != ProvenanceKind::Calibrated || !(v.provenance.ciHigh > v.provenance.ciLow) ||
                d.wireInto(e))
                continue;
            out.push_back({e.str(), e, v.value, std::max(ps.min, v.provenance.ciLow),
                           std::min(ps.max, v.provenance.ciHigh)});
        }
    for (const DesignParam& p : d.designParams()) {
        const Provenance& pr = p.value.provenance;
        if (pr.kind != ProvenanceKind::Calibrated || !(pr.ciHigh > pr.ciLow))
            continue;
        out.push_back({p.spec.symbol, Endpoint{{}, p.spec.symbol}, p.value.value, std::max(p.spec.min, pr.ciLow),
                       std::min(p.spec.max, pr.ciHigh)});
    }
    return out;
}

void setAll(Design& design, const std::vector<Uncertain>& u, const std::vector<double>& values)
{
    for (std::size_t i = 0; i < u.size(); ++i) {
        if (u[i].input.block.empty()) {
            design.setDesignParam(u[i].input.port, values[i],
                                      design.findDesignParam(u[i].input.port)->value.provenance);
        } else {
            ParamValue pv = design.value(u[i].input);
            pv.value = values[i];
            design.setValueUnchecked(u[i].input, pv);
        }
    }
}

// Quantile q of sorted finite values (linear interpolation); NaN when empty.
double quantile(std::vector<double>& v, double q)
{
    if (v.empty())
        return std::numeric_limits<double>::quiet_NaN();
    std::sort(v.begin(), v.end());
    const double pos = q * static_cast<double>(v.size() - 1);
    const auto lo = static_cast<std::size_t>(std::floor(pos));
    const std::size_t hi = std::min(lo + 1, v.size() - 1);
    return v[lo] + (pos - static_cast<double>(lo)) * (v[hi] - v[lo]);
}

} // namespace

UncertaintyBand uncertaintyBand(const DesignDocument& doc, const std::vector<SweepAxisValues>& axes,
                                const std::string& column, const BandOptions& options)
{
    const std::vector<Uncertain> u = uncertainInputs(doc);
    if (u.empty())
        throw ModelError("the design has no calibrated input with a confidence interval to draw a band from");
    if (options.method == BandOptions::Method::MonteCarlo && options.draws < 2)
        throw ModelError("draws = " + std::to_string(options.draws) + " must be at least 2");
    if (!(options.coverage > 0.0 && options.coverage < 1.0))
        throw ModelError("coverage = " + std::to_string(options.coverage) + " must be between 0 and 1");
    if (options.method == BandOptions::Method::Corners && u.size() > 12)
        throw ModelError(std::to_string(u.size()) + " calibrated inputs give too many corners (at most 12 inputs)");

    SweepOptions so;
    so.threads = options.threads;
    auto run = [&](const DesignDocument& d, bool first, int& col) {
        SweepTable t = runSweep(d, axes, so);
        if (first) {
            col = t.column(column);
            if (col < 0) {
                if (column.find('.') == std::string::npos)
                    throw ModelError("column \"" + column + "\" is not in the sweep table (and is not an output path)");
                so.extraOutputs = {column};
                t = runSweep(d, axes, so); // throws naming an unknown output path
                col = t.column(column);
            }
        }
        return t;
    };

    UncertaintyBand band;
    band.column = column;
    for (const Uncertain& x : u)
        band.params.push_back(x.path);
    int col = -1;
    const SweepTable nominal = run(doc, true, col);
    const std::size_t rows = nominal.rows();
    band.nominal.resize(rows);
    for (std::size_t r = 0; r < rows; ++r)
        band.nominal[r] = nominal.at(r, static_cast<std::size_t>(col));

    std::vector<std::vector<double>> perRow(rows);
    DesignDocument work = doc;
    std::vector<double> values(u.size());
    auto collect = [&]() {
        setAll(work.design, u, values);
        const SweepTable t = run(work, false, col);
        for (std::size_t r = 0; r < rows; ++r) {
            const double v = t.at(r, static_cast<std::size_t>(col));
            if (std::isfinite(v))
                perRow[r].push_back(v);
        }
    };
    if (options.method == BandOptions::Method::Corners) {
        const std::size_t corners = std::size_t{1} << u.size();
        for (std::size_t m = 0; m < corners; ++m) {
            for (std::size_t i = 0; i < u.size(); ++i)
                values[i] = (m >> i) & 1U ? u[i].hi : u[i].lo;
            collect();
        }
    } else {
        std::mt19937_64 rng(options.seed);
        std::normal_distribution<double> normal(0.0, 1.0);
        for (int k = 0; k < options.draws; ++k) {
            for (std::size_t i = 0; i < u.size(); ++i) {
                // sigma from the CI's larger half-width; truncated to the CI
                // (and the valid range) by redrawing, a few times, then clamping.
                const double sigma = std::max(u[i].value - u[i].lo, u[i].hi - u[i].value) / 1.959963984540054;
                double v = u[i].value;
                for (int tries = 0; tries < 16; ++tries) {
                    v = u[i].value + sigma * normal(rng);
                    if (v >= u[i].lo && v <= u[i].hi)
                        break;
                }
                values[i] = std::clamp(v, u[i].lo, u[i].hi);
            }
            collect();
        }
    }

    band.lo.resize(rows);
    band.hi.resize(rows);
    const double tail = (1.0 - options.coverage) / 2.0;
    for (std::size_t r = 0; r < rows; ++r) {
        std::vector<double>& v = perRow[r];
        if (options.method == BandOptions::Method::Corners) {
            band.lo[r] = v.empty() ? std::nan("") : *std::min_element(v.begin(), v.end());
            band.hi[r] = v.empty() ? std::nan("") : *std::max_element(v.begin(), v.end());
        } else {
            band.lo[r] = quantile(v, tail);
            band.hi[r] = quantile(v, 1.0 - tail);
        }
    }
    return band;
}

} // namespace cs::calib
