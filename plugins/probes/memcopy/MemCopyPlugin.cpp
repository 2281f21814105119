#include "common/BuiltinProbes.h"
#include "common/ProbeSupport.h"

#include "cs/probe/MemCopy.h"

namespace cs::probeplugin {

using nlohmann::json;

sdk::ProbeDescriptor MemCopyProbe::descriptor()
{
    sdk::ProbeDescriptor d;
    d.id = "mem.copy";
    d.name = "Memory-copy bandwidth (STREAM copy)";
    d.description = "STREAM's Copy convention: c[j] = a[j] over arrays of at least 4x the last-level cache, "
                    "2 x array bytes counted per copy. memcpy and a plain copy loop are timed interleaved.";
    d.span = sdk::Span::Single;
    d.roles = {"self"};
    d.params = {
        {"array_bytes", "B", 0, 0, 68719476736.0, true, "bytes per array; 0 = max(4 x last-level cache, 64 MiB)"},
        warmupsParam(2, 1000),
        repsParam(10, 100000),
        {"threads", "count", 1, 1, 256, true, "copy threads"},
    };
    d.calibrates = {{"fftw.transpose.bw_mem", "memcpy", "median memcpy bandwidth (STREAM copy convention)"},
                    {"bonding.throughput.B_copy", "memcpy", "median memcpy bandwidth of one CPU"}};
    d.summary = std::string(kSummaryConvention) +
                "; series memcpy and loop (B/s) and their times per copy; derived memcpy and loop bandwidths";
    return d;
}

sdk::RunOutcome MemCopyProbe::run(const sdk::RunRequest& request, sdk::RunContext& context)
{
    return guarded([&] {
        cs::probe::MemCopyParams p;
        p.arrayBytes = static_cast<std::uint64_t>(request.param("array_bytes"));
        p.warmups = static_cast<std::uint32_t>(request.param("warmups"));
        p.repetitions = static_cast<std::uint32_t>(request.param("reps"));
        p.threads = static_cast<std::uint32_t>(request.param("threads"));
        if (std::string problem = p.validate(); !problem.empty())
            return sdk::RunOutcome::failure("invalid-parameter", problem);
        const cs::probe::MemCopyResult r = cs::probe::runMemCopy(p, makeControl(request, context));
        sdk::RunOutcome out;
        out.ok = true;
        out.summary = {{"series",
                        {{"memcpy", seriesJson(context, "memcpy", r.memcpyBandwidth, "B/s")},
                         {"loop", seriesJson(context, "loop", r.loopBandwidth, "B/s")},
                         {"memcpy_time", seriesJson(context, "memcpy_time", r.memcpyTime, "s")},
                         {"loop_time", seriesJson(context, "loop_time", r.loopTime, "s")}}},
                       {"derived",
                        {{"memcpy", derived(r.memcpyBandwidth, "B/s")}, {"loop", derived(r.loopBandwidth, "B/s")}}}};
        out.details = {{"array_bytes", r.arrayBytes},
                       {"bytes_per_copy", r.bytesPerCopy},
                       {"llc_bytes", r.lastLevelCache_B},
                       {"meets_4x_llc", r.meetsFourTimesCache},
                       {"threads", r.threads},
                       {"verified", r.verified}};
        out.environment = environmentJson(r.env);
        return out;
    });
}

} // namespace cs::probeplugin
