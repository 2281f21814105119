#include "common/BuiltinProbes.h"
#include "common/ProbeSupport.h"

#include "cs/probe/Sort.h"

namespace cs::probeplugin {

using nlohmann::json;

sdk::ProbeDescriptor SortProbe::descriptor()
{
    sdk::ProbeDescriptor d;
    d.id = "cpu.sort";
    d.name = "Count sort and bucket sort rates";
    d.description = "000 §3.2's local sort: a bucket sort of uniform 32-bit keys into `buckets` buckets, then a "
                    "Count Sort of each bucket. Gives T_countsort for `keys` keys and the bucket cost per key.";
    d.span = sdk::Span::Single;
    d.roles = {"self"};
    d.params = {
        {"keys", "count", 1048576, 1, 2147483648.0, true, "keys per processor (E_init / P)"},
        {"buckets", "count", 128, 1, 16777216, true, "buckets of the bucket sort"},
        {"key_range", "count", 0, 0, 4294967296.0, true, "keys are uniform in [0, key_range); 0 = keys"},
        warmupsParam(1, 1000),
        repsParam(10, 100000),
    };
    d.calibrates = {{"inic.sort.T_countsort", "T_countsort", "median Count Sort time for `keys` keys"},
                    {"inic.proto.sort.T_countsort", "T_countsort", "as inic.sort.T_countsort"},
                    {"sort.parallel.T_countsort", "T_countsort", "as inic.sort.T_countsort"},
                    {"sort.parallel.t_bucket1", "t_bucket", "bucket sort time per key (set buckets = P)"},
                    {"sort.parallel.t_bucket2", "t_bucket", "bucket sort time per key (cache-sized buckets)"},
                    {"inic.proto.sort.t_bucket2", "t_bucket", "bucket sort time per key (cache-sized buckets)"}};
    d.summary = std::string(kSummaryConvention) +
                "; series bucket and countsort (s for all keys); derived T_countsort, t_bucket, t_countsort and "
                "the key rates";
    return d;
}

sdk::RunOutcome SortProbe::run(const sdk::RunRequest& request, sdk::RunContext& context)
{
    return guarded([&] {
        cs::probe::SortParams p;
        p.keys = static_cast<std::uint64_t>(request.param("keys"));
        p.buckets = static_cast<std::uint32_t>(request.param("buckets"));
        p.keyRange = static_cast<std::uint64_t>(request.param("key_range"));
        p.warmups = static_cast<std::uint32_t>(request.param("warmups"));
        p.repetitions = static_cast<std::uint32_t>(request.param("reps"));
        if (std::string problem = p.validate(); !problem.empty())
            return sdk::RunOutcome::failure("invalid-parameter", problem);
        const cs::probe::SortResult r = cs::probe::runSort(p, makeControl(request, context));
        const double keys = static_cast<double>(r.keys);
        json tBucket = derived(r.bucketTime, "s");
        for (const char* k : {"value", "ci_lo", "ci_hi"})
            if (tBucket[k].is_number())
                tBucket[k] = tBucket[k].get<double>() / keys;
        sdk::RunOutcome out;
        out.ok = true;
        out.summary = {{"series",
                        {{"bucket", seriesJson(context, "bucket", r.bucketTime, "s")},
                         {"countsort", seriesJson(context, "countsort", r.countSortTime, "s")}}},
                       {"derived",
                        {{"T_countsort", derived(r.countSortTime, "s")},
                         {"T_bucket", derived(r.bucketTime, "s")},
                         {"t_bucket", tBucket},
                         {"t_countsort", derived(r.t_countsort, "s")},
                         {"bucket_rate", derived(r.bucketRate, "1/s")},
                         {"countsort_rate", derived(r.countSortRate, "1/s")}}}};
        out.details = {{"keys", r.keys}, {"buckets", r.buckets}, {"key_range", r.keyRange}, {"verified", r.verified}};
        out.environment = environmentJson(r.env);
        return out;
    });
}

} // namespace cs::probeplugin
