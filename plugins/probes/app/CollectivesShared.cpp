#include "app/CollectivesShared.h"

namespace cs::probeplugin {

const char* const kCollectivesSummaryText =
    "series T_bcast, T_allreduce, T_barrier, T_alltoall per repetition (each the slowest node's time from a common "
    "start, s); derived the same medians";

std::vector<sdk::ParamDef> collectivesParams()
{
    std::vector<sdk::ParamDef> d = {
        {"bytes", "B", 8, 8, 67108864, true,
         "k: the broadcast message, each node's allreduce contribution and the all-to-all block; a multiple of 8"}};
    for (sdk::ParamDef& p : appRepParams(10, 1000, 10, 5))
        d.push_back(std::move(p));
    d.push_back(alltoallParam("logp.loggp"));
    return d;
}

std::vector<std::string> collectivesValidates()
{
    return {"logp.loggp.T_bcast", "logp.loggp.T_allreduce", "logp.loggp.T_barrier", "logp.loggp.T_alltoall"};
}

cs::probe::CollectivesParams collectivesParamsFrom(const AppParamLookup& param)
{
    cs::probe::CollectivesParams p;
    p.bytes = static_cast<std::uint64_t>(param("bytes"));
    p.reps = repBudgetFrom(param);
    p.pairwise = param("alltoall") != 0;
    return p;
}

AppJson collectivesJson(const cs::probe::CollectivesResult& r, const std::string& alltoall,
                        const std::string& transport, const SeriesJsonOf& seriesOf)
{
    return {phasesJson({{"T_bcast", &r.bcast},
                        {"T_allreduce", &r.allreduce},
                        {"T_barrier", &r.barrier},
                        {"T_alltoall", &r.alltoall}},
                       seriesOf),
            {{"rank", r.rank},
             {"P", r.P},
             {"bytes", r.bytes},
             {"kept", r.kept},
             {"warmups", r.warmups},
             {"transport", transport},
             {"alltoall", alltoall}}};
}

} // namespace cs::probeplugin
