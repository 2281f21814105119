#include "common/BuiltinProbes.h"
#include "common/ProbeSupport.h"
#include "app/SortShared.h"

#include "cs/probe/ParallelSort.h"

namespace cs::probeplugin {

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
    d.params = sortParams();
    d.params.push_back(setupTimeoutParam());
    d.params.push_back(ioTimeoutParam());
    d.validates = sortValidates();
    d.summary = std::string(kSummaryConvention) + "; " + kSortSummaryText;
    return d;
}

sdk::RunOutcome ParallelSortProbe::run(const sdk::RunRequest& request, sdk::RunContext& context)
{
    return guarded([&] {
        cs::probe::ParallelSortParams p = sortParamsFrom([&](const std::string& k) { return request.param(k); });
        p.rank = static_cast<std::uint32_t>(request.rank);
        p.setupTimeout_s = request.param("setup_timeout");
        return runOnMesh(request, context, p, [&](cs::probe::Listener& own, const cs::probe::RunControl& rc) {
            const cs::probe::ParallelSortResult r = cs::probe::runTcpParallelSort(own, p, rc);
            return appOutcome(sortJson(r, p.pairwise ? "pairwise" : "linear", "tcp", storedSeries(context)), r.env);
        });
    });
}

} // namespace cs::probeplugin
