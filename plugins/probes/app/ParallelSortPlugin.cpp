#include "common/BuiltinProbes.h"
#include "common/ProbeSupport.h"

#include "cs/probe/ParallelSort.h"

namespace cs::probeplugin {

using nlohmann::json;

sdk::ProbeDescriptor ParallelSortProbe::descriptor()
{
    sdk::ProbeDescriptor d;
    d.id = "app.sort";
    d.name = "Parallel integer sort over TCP (the application)";
    d.description =
        "The parallel integer sort of 000_e9da438bafb3289f.txt §3.2.1 run on P nodes: each node bucket sorts its "
        "keys / P keys into P buckets, sends bucket i to node i over a full mesh of TCP connections, bucket sorts "
        "what it receives into cache-sized buckets and Count Sorts each. Each phase is timed apart (the maximum over "
        "the nodes per repetition), so the measurement compares with sort.parallel's T, T_bucket1, T_xchg, "
        "T_bucket2 and T_count. The result is checked to be sorted. Repetitions follow a time budget.";
    d.span = sdk::Span::Group;
    d.roles = {"peer"};
    d.params = {
        {"keys", "count", 4194304, 2, 2147483648.0, true,
         "keys over all nodes (E_init), uniform in [0, keys); at most 2^27 per node"},
        {"buckets", "count", 128, 1, 16777216, true,
         "cache-sized buckets of the second bucket sort (000 §3.2.1: at least 128), at most keys / P"},
    };
    for (sdk::ParamDef& p : appRepParams(1, 20, 3, 10))
        d.params.push_back(std::move(p));
    d.params.push_back({"alltoall", "choice", 1, 0, 1, true,
                        "the key exchange: 0 = linear (every bucket at once), 1 = pairwise (P-1 rounds, as "
                        "sort.parallel's T_xchg counts them)"});
    d.params.push_back(setupTimeoutParam());
    d.params.push_back(ioTimeoutParam());
    d.validates = {"sort.parallel.T", "sort.parallel.T_bucket1", "sort.parallel.T_xchg", "sort.parallel.T_bucket2",
                   "sort.parallel.T_count"};
    d.summary = std::string(kSummaryConvention) +
                "; series T, T_bucket1, T_xchg, T_bucket2, T_count per repetition (max over the nodes, s); "
                "derived the same medians";
    return d;
}

sdk::RunOutcome ParallelSortProbe::run(const sdk::RunRequest& request, sdk::RunContext& context)
{
    return guarded([&] {
        cs::probe::ParallelSortParams p;
        p.rank = static_cast<std::uint32_t>(request.rank);
        p.keys = static_cast<std::uint64_t>(request.param("keys"));
        p.buckets = static_cast<std::uint32_t>(request.param("buckets"));
        p.reps = repBudgetFrom(request);
        p.pairwise = request.param("alltoall") != 0;
        p.setupTimeout_s = request.param("setup_timeout");
        return runOnMesh(request, context, p, [&](cs::probe::Listener& own, const cs::probe::RunControl& rc) {
            const cs::probe::ParallelSortResult r = cs::probe::runTcpParallelSort(own, p, rc);
            sdk::RunOutcome out;
            out.ok = true;
            out.summary = phaseSummary(context,
                                       {{"T", &r.T}, {"T_bucket1", &r.bucket1}, {"T_xchg", &r.xchg},
                                        {"T_bucket2", &r.bucket2}, {"T_count", &r.count}},
                                       "s");
            out.details = {{"rank", r.rank},       {"P", r.P},       {"keys", r.keys},       {"keys_here", r.keysHere},
                           {"buckets", r.buckets}, {"kept", r.kept}, {"warmups", r.warmups}, {"verified", r.verified},
                           {"transport", "tcp"},   {"alltoall", p.pairwise ? "pairwise" : "linear"}};
            out.environment = environmentJson(r.env);
            return out;
        });
    });
}

} // namespace cs::probeplugin
