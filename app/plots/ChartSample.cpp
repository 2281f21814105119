#include "app/plots/ChartSample.h"
#include "app/plots/SpeedupChart.h"
#include "app/plots/SweepDefaults.h"
#include "app/plots/TableSlice.h"
#include "model/sweep/Pareto.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

namespace cs::plots {

namespace {

constexpr std::size_t kNone = static_cast<std::size_t>(-1);

// The lowest and highest y of each of `buckets` equal slices of [lo, hi]
// (in the coordinate `pos` gives), marked in `mark`.
template <class Pos, class X, class Y>
void markSlices(const std::vector<std::size_t>& pts, X xOf, Y yOf, Pos pos, double lo, double hi,
                std::size_t buckets, std::vector<char>& mark)
{
    std::vector<std::size_t> low(buckets, kNone), high(buckets, kNone);
    std::vector<double> ylow(buckets), yhigh(buckets);
    const double span = hi - lo;
    for (std::size_t p : pts) {
        const double y = yOf(p);
        const double u = pos(xOf(p));
        if (!std::isfinite(y) || !std::isfinite(u))
            continue;
        const double f = span > 0 ? (u - lo) / span : 0.0;
        const auto b = std::min(buckets - 1, static_cast<std::size_t>(std::clamp(f, 0.0, 1.0) * static_cast<double>(buckets)));
        if (low[b] == kNone || y < ylow[b]) {
            low[b] = p;
            ylow[b] = y;
        }
        if (high[b] == kNone || y > yhigh[b]) {
            high[b] = p;
            yhigh[b] = y;
        }
    }
    for (std::size_t b = 0; b < buckets; ++b) {
        if (low[b] != kNone)
            mark[low[b]] = 1;
        if (high[b] != kNone)
            mark[high[b]] = 1;
    }
}

// One curve (the points `pts` of one group, one variant): its ends, the
// points at its least and greatest x, and the slices, linear and logarithmic.
template <class X, class Y>
void markCurve(const std::vector<std::size_t>& pts, X xOf, Y yOf, std::size_t buckets, std::vector<char>& mark)
{
    double xlo = INFINITY, xhi = -INFINITY, lxlo = INFINITY, lxhi = -INFINITY;
    std::size_t ilo = kNone, ihi = kNone;
    for (std::size_t p : pts) {
        const double x = xOf(p);
        if (!std::isfinite(x) || !std::isfinite(yOf(p)))
            continue;
        if (x < xlo) {
            xlo = x;
            ilo = p;
        }
        if (x > xhi) {
            xhi = x;
            ihi = p;
        }
        if (x > 0) {
            lxlo = std::min(lxlo, std::log(x));
            lxhi = std::max(lxhi, std::log(x));
        }
    }
    if (ilo == kNone)
        return;
    mark[ilo] = mark[ihi] = 1;
    mark[pts.front()] = mark[pts.back()] = 1;
    markSlices(pts, xOf, yOf, [](double x) { return x; }, xlo, xhi, buckets, mark);
    if (lxlo <= lxhi)
        markSlices(pts, xOf, yOf, [](double x) { return x > 0 ? std::log(x) : NAN; }, lxlo, lxhi, buckets, mark);
}

// One point per occupied cell of a cells x cells grid over (x, y) in the
// coordinate `pos` gives.
template <class X, class Y, class Pos>
void markCells(std::size_t points, X xOf, Y yOf, Pos pos, std::size_t cells, std::vector<char>& mark)
{
    double xlo = INFINITY, xhi = -INFINITY, ylo = INFINITY, yhi = -INFINITY;
    for (std::size_t p = 0; p < points; ++p) {
        const double x = pos(xOf(p)), y = pos(yOf(p));
        if (!std::isfinite(x) || !std::isfinite(y))
            continue;
        xlo = std::min(xlo, x);
        xhi = std::max(xhi, x);
        ylo = std::min(ylo, y);
        yhi = std::max(yhi, y);
    }
    if (xlo > xhi)
        return;
    auto cell = [cells](double v, double lo, double hi) {
        const double f = hi > lo ? (v - lo) / (hi - lo) : 0.0;
        return std::min(cells - 1, static_cast<std::size_t>(std::clamp(f, 0.0, 1.0) * static_cast<double>(cells)));
    };
    std::vector<char> taken(cells * cells, 0);
    for (std::size_t p = 0; p < points; ++p) {
        const double x = pos(xOf(p)), y = pos(yOf(p));
        if (!std::isfinite(x) || !std::isfinite(y))
            continue;
        char& t = taken[cell(x, xlo, xhi) * cells + cell(y, ylo, yhi)];
        if (!t)
            t = mark[p] = 1;
    }
}

} // namespace

std::vector<std::size_t> chartPoints(const DesignDocument& doc, const SweepTable& t, int maxGroups, std::size_t buckets)
{
    std::vector<std::size_t> keep;
    if (t.points <= kMaxChartPoints) {
        keep.resize(t.points);
        std::iota(keep.begin(), keep.end(), std::size_t{0});
        return keep;
    }
    buckets = std::max<std::size_t>(buckets, 8);
    const std::size_t nv = t.variants.size();
    std::vector<char> mark(t.points, 0);
    mark[0] = mark[t.points - 1] = 1;

    // The speedup chart: curves of the x axis, one per value of the other axes.
    const SpeedupChartFrame f = speedupChartFrame(t, speedupOptionsFor(doc, t));
    if (f.xAxis >= 0 && f.yColumn >= 0) {
        const auto xa = static_cast<std::size_t>(f.xAxis);
        std::map<std::vector<double>, std::size_t> index;
        std::vector<std::size_t> groupOf(t.points, 0);
        for (std::size_t p = 0; p < t.points && t.axes.size() > 1; ++p) {
            std::vector<double> key;
            for (std::size_t a = 0; a < t.axes.size(); ++a)
                if (a != xa)
                    key.push_back(t.axis(p, a));
            const auto [it, added] = index.emplace(std::move(key), index.size());
            if (added)
                mark[p] = 1; // a group's first point: the chart counts and names the groups by them
            groupOf[p] = it->second;
        }
        // The points of the groups the chart draws (the same shownCurves choice).
        std::vector<std::size_t> curveOf(std::max<std::size_t>(index.size(), 1), kNone);
        const std::vector<std::size_t> shown = shownCurves(curveOf.size(), maxGroups);
        for (std::size_t c = 0; c < shown.size(); ++c)
            curveOf[shown[c]] = c;
        std::vector<std::vector<std::size_t>> curves(shown.size());
        for (std::size_t p = 0; p < t.points; ++p)
            if (curveOf[groupOf[p]] != kNone)
                curves[curveOf[groupOf[p]]].push_back(p);
        const auto yc = static_cast<std::size_t>(f.yColumn);
        for (std::size_t v = 0; v < nv; ++v)
            for (const std::vector<std::size_t>& pts : curves) {
                auto xOf = [&](std::size_t p) {
                    return f.xColumn >= 0 ? t.at(p * nv + v, static_cast<std::size_t>(f.xColumn)) : t.axis(p, xa);
                };
                auto yOf = [&](std::size_t p) { return t.at(p * nv + v, yc); };
                markCurve(pts, xOf, yOf, buckets, mark);
            }
    }

    // The largest total of each variant: the charts choose their time unit by it.
    for (std::size_t v = 0; v < nv; ++v) {
        std::size_t best = kNone;
        for (std::size_t p = 0; p < t.points; ++p)
            if (const double x = std::abs(t.at(p * nv + v, 0));
                std::isfinite(x) && (best == kNone || x > std::abs(t.at(best * nv + v, 0))))
                best = p;
        if (best != kNone)
            mark[best] = 1;
    }

    // The Pareto chart: cost (column 3) against the total (column 0).
    const std::size_t cells = std::max<std::size_t>(buckets / 8, 2);
    auto same = [](double v) { return v; };
    auto logOf = [](double v) { return v > 0 ? std::log(v) : NAN; };
    for (std::size_t v = 0; v < nv; ++v) {
        auto xOf = [&](std::size_t p) { return t.at(p * nv + v, 0); };
        auto yOf = [&](std::size_t p) { return t.at(p * nv + v, 3); };
        markCells(t.points, xOf, yOf, same, cells, mark);
        markCells(t.points, xOf, yOf, logOf, cells, mark);
    }
    const std::vector<std::size_t> front = paretoFront(t);
    const std::size_t stride = std::max<std::size_t>(1, front.size() / kMaxChartPoints);
    for (std::size_t i = 0; i < front.size(); ++i)
        if (i % stride == 0 || i + 1 == front.size())
            mark[front[i] / nv] = 1;

    for (std::size_t p = 0; p < t.points; ++p)
        if (mark[p])
            keep.push_back(p);
    return keep;
}

SweepTable tableOfPoints(const SweepTable& t, const std::vector<std::size_t>& points)
{
    SweepTable s;
    s.axes = t.axes;
    s.variants = t.variants;
    s.totals = t.totals;
    s.columns = t.columns;
    s.speedupBasis = t.speedupBasis;
    s.speedupAgainst = t.speedupAgainst;
    s.speedupReference = t.speedupReference;
    s.cancelled = t.cancelled;
    s.points = points.size();
    const std::size_t na = t.axes.size(), nv = t.variants.size(), nc = t.columns.size();
    s.axisValues.reserve(points.size() * na);
    s.values.reserve(points.size() * nv * nc);
    auto error = t.errors.begin(); // sorted by row, as the points are
    for (std::size_t i = 0; i < points.size(); ++i) {
        const std::size_t p = points[i];
        s.axisValues.insert(s.axisValues.end(), t.axisValues.begin() + static_cast<std::ptrdiff_t>(p * na),
                            t.axisValues.begin() + static_cast<std::ptrdiff_t>((p + 1) * na));
        s.values.insert(s.values.end(), t.values.begin() + static_cast<std::ptrdiff_t>(p * nv * nc),
                        t.values.begin() + static_cast<std::ptrdiff_t>((p + 1) * nv * nc));
        error = std::lower_bound(error, t.errors.end(), p * nv,
                                 [](const auto& e, std::size_t row) { return e.first < row; });
        for (; error != t.errors.end() && error->first < (p + 1) * nv; ++error)
            s.errors.emplace_back(i * nv + (error->first - p * nv), error->second);
    }
    return s;
}

ChartSample sampleForCharts(const DesignDocument& doc, std::shared_ptr<const SweepTable> table, int maxGroups)
{
    ChartSample out;
    const SweepTable& t = *table;
    const std::vector<std::size_t> points = chartPoints(doc, t, maxGroups);
    out.shown = points.size() == t.points ? table : std::make_shared<const SweepTable>(tableOfPoints(t, points));
    if (const int a = axisIndex(t, breakdownParam(doc, t)); a >= 0) {
        // The values at which some variant was evaluated: a P the network no longer has (every row failed,
        // "P = 16 exceeds topology.hosts = 4") has no breakdown to show (issue 34, defect 3). When every row
        // failed, all of them, so that the breakdown shows the errors.
        const std::size_t nv = t.variants.size();
        const auto anyRowOk = [&](std::size_t p) {
            for (std::size_t v = 0; v < nv; ++v)
                if (!t.error(p * nv + v))
                    return true;
            return nv == 0;
        };
        std::vector<double> all, ok;
        all.reserve(t.points);
        for (std::size_t p = 0; p < t.points; ++p)
            if (const double v = t.axis(p, static_cast<std::size_t>(a)); !std::isnan(v)) {
                all.push_back(v);
                if (t.errors.empty() || anyRowOk(p))
                    ok.push_back(v);
            }
        out.levels = ok.empty() ? std::move(all) : std::move(ok);
        std::sort(out.levels.begin(), out.levels.end());
        out.levels.erase(std::unique(out.levels.begin(), out.levels.end()), out.levels.end());
        out.defaultAt = defaultBreakdownAt(doc, t);
        if (!std::binary_search(out.levels.begin(), out.levels.end(), out.defaultAt) && !out.levels.empty())
            out.defaultAt = out.levels.back(); // the default had failed everywhere: the largest that did not
    }
    return out;
}

} // namespace cs::plots
