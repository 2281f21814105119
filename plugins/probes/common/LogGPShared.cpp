#include "common/LogGPShared.h"
#include "common/SummaryJson.h"
#include "cs/probe/SizeSweep.h"

#include <algorithm>

namespace cs::probeplugin {

using nlohmann::json;

const char* const kLogGPSummaryText =
    "series prtt1@s, prttN@s, prttD@s and o_r@s per size s; derived L, o_s, o_r, g, G of the first segment (CI over "
    "the segment's sizes for L, o_s, o_r) and L_unclamped (L before the clamp at 0); details list every segment";

std::vector<sdk::ParamDef> logGPMeasureParams()
{
    return {
        {"size_min", "B", 1, 1, 4194304, true, "first message size"},
        {"size_max", "B", 16384, 2, 4194304, true, "last message size"},
        {"size_step", "B", 1024, 1, 4194304, true, "step between sizes after the first (Netgauge: 1 KiB)"},
        {"size_factor", "ratio", 0, 0, 16, false,
         "0: sizes in steps of size_step; above 1: size_min, size_min x factor, ... up to size_max (64 at most)"},
        {"n", "count", 10, 2, 1000, true, "messages per burst, n of PRTT(n, d, s)"},
        {"warmups", "count", 5, 0, 100000, true, "measurements discarded before the kept ones"},
        {"reps", "count", 50, 1, 1000000, true, "measurements kept per point"},
        {"split_f", "ratio", 20, 1.01, 1e6, false, "F statistic above which a segment is split"},
        {"min_points", "count", 3, 2, 256, true, "fewest sizes in a segment"},
        {"max_segments", "count", 4, 1, 64, true, "most segments"},
        {"budget", "s", 0, 0, 3600, false,
         "time budget per size for all four PRTT kinds (0 = none): larger sizes run fewer rounds, predicted from "
         "the sizes before, at least min_reps kept"},
        {"min_reps", "count", 3, 1, 1000000, true, "fewest kept rounds of a size the budget cuts short"},
    };
}

std::vector<sdk::Calibration> logGPCalibrates()
{
    return {
        {"logp.loggp.L", "L", "first segment: median of PRTT(1,0,s)/2 - o_s - o_r - (s-1)G"},
        {"logp.loggp.o_s", "o_s", "first segment: median of (PRTT(n,d,s) - PRTT(1,0,s))/(n-1) - d"},
        {"logp.loggp.o_r", "o_r", "first segment: median of the server's o_r"},
        {"logp.loggp.g", "g", "first segment: intercept of g + (s-1)G"},
        {"logp.loggp.G", "G", "first segment: slope of g + (s-1)G"},
        {"fftw.transpose.L", "L", "as logp.loggp.L"},
        {"fftw.transpose.o_s", "o_s", "as logp.loggp.o_s"},
        {"fftw.transpose.o_r", "o_r", "as logp.loggp.o_r"},
        {"fftw.transpose.g", "g", "as logp.loggp.g"},
        {"fftw.transpose.G", "G", "as logp.loggp.G"},
    };
}

cs::probe::LogGPParams logGPParamsFrom(const std::function<double(const std::string&)>& param)
{
    cs::probe::LogGPParams p;
    const double factor = param("size_factor");
    p.sizes = factor > 1.0 ? cs::probe::geometricSizes(param("size_min"), param("size_max"), factor)
                           : cs::probe::steppedSizes(static_cast<std::uint32_t>(param("size_min")),
                                                     static_cast<std::uint32_t>(param("size_max")),
                                                     static_cast<std::uint32_t>(param("size_step")));
    p.n = static_cast<std::uint32_t>(param("n"));
    p.warmups = static_cast<std::uint32_t>(param("warmups"));
    p.repetitions = static_cast<std::uint32_t>(param("reps"));
    p.splitF = param("split_f");
    p.minPoints = static_cast<std::uint32_t>(param("min_points"));
    p.maxSegments = static_cast<std::uint32_t>(param("max_segments"));
    p.budget_s = param("budget");
    p.minRepetitions = static_cast<std::uint32_t>(param("min_reps"));
    return p;
}

LogGPJson logGPJson(const cs::probe::LogGPResult& r,
                    const std::function<json(const std::string& name, const cs::probe::Summary& s)>& seriesOf)
{
    json series = json::object();
    json points = json::array();
    for (const auto& pt : r.points) {
        const std::string at = "@" + std::to_string(pt.s);
        series["prtt1" + at] = seriesOf("prtt1" + at, pt.prtt1);
        series["prttN" + at] = seriesOf("prttN" + at, pt.prttN);
        series["prttD" + at] = seriesOf("prttD" + at, pt.prttD);
        series["o_r" + at] = seriesOf("o_r" + at, pt.oR);
        points.push_back({{"s", pt.s},       {"d", pt.d},           {"g_all", pt.gAll}, {"o_s", pt.oS},
                          {"o_r", pt.oRmed}, {"rounds", pt.rounds}, {"warmups", pt.warmups}});
    }
    json segments = json::array();
    for (const auto& sg : r.segments)
        segments.push_back({{"s_min", sg.sMin}, {"s_max", sg.sMax}, {"L", sg.L},      {"o_s", sg.o_s},
                            {"o_r", sg.o_r},    {"g", sg.g},         {"G", sg.G},      {"fit_rms", sg.fitRms}});
    json derivedValues = {{"L_netgauge", derived(r.L_netgauge, "s")}};
    if (!r.segments.empty()) {
        const auto& sg = r.segments.front();
        // Per-size values over the first segment give the CIs of L, o_s, o_r.
        std::vector<double> ls, os, ors, raw;
        for (std::size_t i = sg.first; i <= sg.last && i < r.points.size(); ++i) {
            const auto& pt = r.points[i];
            os.push_back(pt.oS);
            ors.push_back(pt.oRmed);
            raw.push_back(pt.prtt1.median / 2 - pt.oS - pt.oRmed - (pt.s - 1.0) * sg.G);
            ls.push_back(std::max(0.0, raw.back()));
        }
        auto withCi = [&](double value, const std::vector<double>& v, const char* unit) {
            json j = derived(value, unit);
            const cs::probe::Summary s = cs::probe::summarize(v);
            if (s.count >= 2) {
                j["ci_lo"] = s.ciLow;
                j["ci_hi"] = s.ciHigh;
            }
            return j;
        };
        derivedValues["L"] = withCi(sg.L, ls, "s");
        // L before the clamp at 0: calibration says when it was clamped.
        derivedValues["L_unclamped"] = derived(cs::probe::summarize(raw).median, "s");
        derivedValues["o_s"] = withCi(sg.o_s, os, "s");
        derivedValues["o_r"] = withCi(sg.o_r, ors, "s");
        derivedValues["g"] = derived(sg.g, "s");
        derivedValues["G"] = derived(sg.G, "s/B");
    }
    return {{{"series", series}, {"derived", derivedValues}}, {{"n", r.n}, {"segments", segments}, {"points", points}, {"skipped", r.skipped}}};
}

} // namespace cs::probeplugin
