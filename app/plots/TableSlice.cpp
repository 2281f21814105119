#include "app/plots/TableSlice.h"
#include "model/core/Unit.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_set>

namespace cs::plots {

std::vector<int> phaseColumns(const SweepTable& t)
{
    std::vector<int> cols;
    for (std::size_t c = 4; c < t.columns.size(); ++c)
        if (t.columns[c].find('.') == std::string::npos)
            cols.push_back(static_cast<int>(c));
    return cols;
}

int axisIndex(const SweepTable& t, const std::string& path)
{
    for (std::size_t a = 0; a < t.axes.size(); ++a)
        if (t.axes[a] == path)
            return static_cast<int>(a);
    return -1;
}

std::vector<double> axisLevels(const SweepTable& t, int a)
{
    std::vector<double> levels;
    if (a < 0)
        return levels;
    // A set of the levels seen so far: a search of the list itself made a
    // 10^6-point sweep take minutes on the GUI thread (n^2).
    std::unordered_set<double> seen;
    for (std::size_t p = 0; p < t.points; ++p) {
        const double v = t.axis(p, static_cast<std::size_t>(a));
        if (std::isnan(v) || seen.insert(v).second) // NaN equals nothing, as std::find had it
            levels.push_back(v);
    }
    return levels;
}

std::size_t pointNear(const SweepTable& t, int a, double value)
{
    if (a < 0 || t.points == 0)
        return 0;
    // The first level of every axis is the value at point 0.
    std::size_t best = 0;
    double bestDistance = std::numeric_limits<double>::infinity();
    for (std::size_t p = 0; p < t.points; ++p) {
        bool othersFirst = true;
        for (std::size_t b = 0; b < t.axes.size() && othersFirst; ++b)
            if (static_cast<int>(b) != a && t.axis(p, b) != t.axis(0, b))
                othersFirst = false;
        if (!othersFirst)
            continue;
        const double v = t.axis(p, static_cast<std::size_t>(a));
        const double d = std::abs(v - value);
        if (d < bestDistance || (d == bestDistance && v < t.axis(best, static_cast<std::size_t>(a)))) {
            bestDistance = d;
            best = p;
        }
    }
    return best;
}

std::string describePoint(const SweepTable& t, std::size_t p, int skip)
{
    std::string s;
    for (std::size_t a = 0; a < t.axes.size(); ++a) {
        if (static_cast<int>(a) == skip)
            continue;
        if (!s.empty())
            s += ", ";
        s += t.axes[a] + " = " + formatNumber(t.axis(p, a));
    }
    return s;
}

} // namespace cs::plots
