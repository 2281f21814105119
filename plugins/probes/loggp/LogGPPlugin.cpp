#include "common/BuiltinProbes.h"
#include "common/ProbeSupport.h"

#include "cs/probe/LogGP.h"
#include "cs/probe/SizeSweep.h"

#include <algorithm>

namespace cs::probeplugin {

using nlohmann::json;

sdk::ProbeDescriptor LogGPProbe::descriptor()
{
    sdk::ProbeDescriptor d;
    d.id = "net.loggp";
    d.name = "LogGP parameters by PRTT(n,d,s)";
    d.description =
        "Netgauge's parametrised round trip PRTT(n, d, s): n messages of s bytes with a delay d between sends, "
        "one reply. PRTT(1,0,s), PRTT(n,0,s) and PRTT(n,d,s) give g + (s-1)G and o_s per size; the server "
        "measures o_r; lines fitted per message-size segment (split where the protocol changes) give g and G; "
        "L follows from PRTT(1,0,s).";
    d.span = sdk::Span::Pair;
    d.roles = {"server", "client"};
    d.params = {
        {"size_min", "B", 1, 1, 4194304, true, "first message size"},
        {"size_max", "B", 16384, 2, 4194304, true, "last message size"},
        {"size_step", "B", 1024, 1, 4194304, true, "step between sizes after the first (Netgauge: 1 KiB)"},
        {"n", "count", 10, 2, 1000, true, "messages per burst, n of PRTT(n, d, s)"},
        warmupsParam(5, 100000),
        repsParam(50, 1000000),
        {"budget", "s", 0, 0, 3600, false,
         "time budget per size for all four PRTT kinds (0 = none): larger sizes run fewer rounds, predicted "
         "from the sizes before, at least min_reps kept"},
        {"min_reps", "count", 3, 1, 1000000, true, "fewest kept rounds of a size the budget cuts short"},
        {"split_f", "ratio", 20, 1.01, 1e6, false, "F statistic above which a segment is split"},
        {"min_points", "count", 3, 2, 256, true, "fewest sizes in a segment"},
        {"max_segments", "count", 4, 1, 64, true, "most segments"},
        ioTimeoutParam(),
        acceptTimeoutParam(),
    };
    d.calibrates = {
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
    d.summary = std::string(kSummaryConvention) +
                "; series prtt1@s, prttN@s, prttD@s and o_r@s per size s; derived L, o_s, o_r, g, G of the first "
                "segment (CI over the segment's sizes for L, o_s, o_r); details list every segment";
    return d;
}

sdk::RunOutcome LogGPProbe::run(const sdk::RunRequest& request, sdk::RunContext& context)
{
    if (request.role == "server")
        return serveOnce(request, context, cs::probe::KernelId::LogGP, false);
    return guarded([&] {
        cs::probe::LogGPParams p;
        p.sizes = cs::probe::steppedSizes(static_cast<std::uint32_t>(request.param("size_min")),
                                          static_cast<std::uint32_t>(request.param("size_max")),
                                          static_cast<std::uint32_t>(request.param("size_step")));
        p.n = static_cast<std::uint32_t>(request.param("n"));
        p.warmups = static_cast<std::uint32_t>(request.param("warmups"));
        p.repetitions = static_cast<std::uint32_t>(request.param("reps"));
        p.splitF = request.param("split_f");
        p.minPoints = static_cast<std::uint32_t>(request.param("min_points"));
        p.maxSegments = static_cast<std::uint32_t>(request.param("max_segments"));
        p.budget_s = request.param("budget");
        p.minRepetitions = static_cast<std::uint32_t>(request.param("min_reps"));
        const double sizeCount = static_cast<double>(p.sizes.size());
        // Progress counts sizes begun, so that a timeout can name the size it was on.
        p.onSize = [&context, sizeCount](std::size_t index, std::uint32_t) {
            context.progress(static_cast<double>(index), sizeCount);
        };
        if (std::string problem = p.validate(); !problem.empty())
            return sdk::RunOutcome::failure("invalid-parameter", problem);
        const cs::probe::LogGPResult r =
            cs::probe::runLogGPClient(serverEndpoint(request), p, makeControl(request, context));

        json series = json::object();
        json points = json::array();
        for (const auto& pt : r.points) {
            const std::string at = "@" + std::to_string(pt.s);
            series["prtt1" + at] = seriesJson(context, "prtt1" + at, pt.prtt1, "s");
            series["prttN" + at] = seriesJson(context, "prttN" + at, pt.prttN, "s");
            series["prttD" + at] = seriesJson(context, "prttD" + at, pt.prttD, "s");
            series["o_r" + at] = seriesJson(context, "o_r" + at, pt.oR, "s");
            points.push_back({{"s", pt.s},         {"d", pt.d},           {"g_all", pt.gAll}, {"o_s", pt.oS},
                              {"o_r", pt.oRmed},   {"rounds", pt.rounds}, {"warmups", pt.warmups}});
        }
        json segments = json::array();
        for (const auto& sg : r.segments)
            segments.push_back({{"s_min", sg.sMin}, {"s_max", sg.sMax}, {"L", sg.L},      {"o_s", sg.o_s},
                                {"o_r", sg.o_r},    {"g", sg.g},         {"G", sg.G},      {"fit_rms", sg.fitRms}});
        json derivedValues = {{"L_netgauge", derived(r.L_netgauge, "s")}};
        if (!r.segments.empty()) {
            const auto& sg = r.segments.front();
            // Per-size values over the first segment give the CIs of L, o_s, o_r.
            std::vector<double> ls, os, ors;
            for (std::size_t i = sg.first; i <= sg.last && i < r.points.size(); ++i) {
                const auto& pt = r.points[i];
                os.push_back(pt.oS);
                ors.push_back(pt.oRmed);
                ls.push_back(std::max(0.0, pt.prtt1.median / 2 - pt.oS - pt.oRmed - (pt.s - 1.0) * sg.G));
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
            derivedValues["o_s"] = withCi(sg.o_s, os, "s");
            derivedValues["o_r"] = withCi(sg.o_r, ors, "s");
            derivedValues["g"] = derived(sg.g, "s");
            derivedValues["G"] = derived(sg.G, "s/B");
        }
        sdk::RunOutcome out;
        out.ok = true;
        out.summary = {{"series", series}, {"derived", derivedValues}};
        out.details = {{"n", r.n}, {"segments", segments}, {"points", points}, {"server", r.server.toString()}};
        out.environment = environmentJson(r.env);
        return out;
    });
}

} // namespace cs::probeplugin
