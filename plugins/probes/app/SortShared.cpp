#include "app/SortShared.h"

namespace cs::probeplugin {

using nlohmann::json;

const char* const kSortSummaryText =
    "series T, T_bucket1, T_xchg, T_bucket2, T_count per repetition (max over the nodes, s); derived the same medians";

std::vector<sdk::ParamDef> sortParams()
{
    std::vector<sdk::ParamDef> d = {
        {"keys", "count", 4194304, 2, 2147483648.0, true,
         "keys over all nodes (E_init), uniform in [0, keys); at most 2^27 per node"},
        {"buckets", "count", 128, 1, 16777216, true,
         "cache-sized buckets of the second bucket sort (000 §3.2.1: at least 128), at most keys / P"},
    };
    for (sdk::ParamDef& p : appRepParams(1, 20, 3, 10))
        d.push_back(std::move(p));
    d.push_back({"alltoall", "choice", 1, 0, 1, true,
                 "the key exchange: 0 = linear (every bucket at once), 1 = pairwise (P-1 rounds, as sort.parallel's "
                 "T_xchg counts them)"});
    return d;
}

std::vector<std::string> sortValidates()
{
    return {"sort.parallel.T", "sort.parallel.T_bucket1", "sort.parallel.T_xchg", "sort.parallel.T_bucket2",
            "sort.parallel.T_count"};
}

cs::probe::ParallelSortParams sortParamsFrom(const AppParamLookup& param)
{
    cs::probe::ParallelSortParams p;
    p.keys = static_cast<std::uint64_t>(param("keys"));
    p.buckets = static_cast<std::uint32_t>(param("buckets"));
    p.reps = repBudgetFrom(param);
    p.pairwise = param("alltoall") != 0;
    return p;
}

AppJson sortJson(const cs::probe::ParallelSortResult& r, const std::string& alltoall, const std::string& transport,
                 const SeriesJsonOf& seriesOf)
{
    return {phasesJson({{"T", &r.T},
                        {"T_bucket1", &r.bucket1},
                        {"T_xchg", &r.xchg},
                        {"T_bucket2", &r.bucket2},
                        {"T_count", &r.count}},
                       seriesOf),
            {{"rank", r.rank},
             {"P", r.P},
             {"keys", r.keys},
             {"keys_here", r.keysHere},
             {"buckets", r.buckets},
             {"kept", r.kept},
             {"warmups", r.warmups},
             {"verified", r.verified},
             {"transport", transport},
             {"alltoall", alltoall}}};
}

} // namespace cs::probeplugin
