#include "common/SummaryJson.h"

#include <cmath>

namespace cs::probeplugin {

using nlohmann::json;

namespace {

json number(double v)
{
    return std::isfinite(v) ? json(v) : json(nullptr);
}

} // namespace

json statsJson(const cs::probe::Summary& s, const std::string& unit)
{
    return {{"n", s.count},       {"median", number(s.median)}, {"ci_lo", number(s.ciLow)},
            {"ci_hi", number(s.ciHigh)}, {"ci_coverage", number(s.ciRanks.coverage)},
            {"min", number(s.min)}, {"p25", number(s.p25)},       {"p75", number(s.p75)},
            {"p99", number(s.p99)}, {"max", number(s.max)},       {"mean", number(s.mean)},
            {"warmups", s.warmupsDiscarded}, {"dropped", s.nonFiniteDropped}, {"unit", unit}};
}

json derived(double value, const std::string& unit)
{
    return {{"value", number(value)}, {"ci_lo", nullptr}, {"ci_hi", nullptr}, {"unit", unit}};
}

json derived(double value, double ciLow, double ciHigh, const std::string& unit)
{
    return {{"value", number(value)}, {"ci_lo", number(ciLow)}, {"ci_hi", number(ciHigh)}, {"unit", unit}};
}

json derived(const cs::probe::Summary& s, const std::string& unit)
{
    return {{"value", number(s.median)}, {"ci_lo", number(s.ciLow)}, {"ci_hi", number(s.ciHigh)}, {"unit", unit}};
}

} // namespace cs::probeplugin
