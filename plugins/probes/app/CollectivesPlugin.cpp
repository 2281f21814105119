#include "common/BuiltinProbes.h"
#include "common/ProbeSupport.h"
#include "app/CollectivesShared.h"

#include "cs/probe/Collectives.h"

namespace cs::probeplugin {

sdk::ProbeDescriptor CollectivesProbe::descriptor()
{
    sdk::ProbeDescriptor d;
    d.id = "app.collectives";
    d.name = "Broadcast, allreduce, barrier and all-to-all over TCP (the collectives)";
    d.description =
        "The collectives of 001_6f8c605996d22b4f.txt §4.3 run on P nodes over a full mesh of TCP connections with "
        "the peer-to-peer algorithms logp.loggp models: a binomial-tree broadcast of `bytes` from node 0, a "
        "recursive-doubling allreduce (sum of bytes / 8 doubles) and barrier (MPICH's), and an all-to-all of "
        "`bytes` blocks, pairwise or linear. Each is timed from a common start to the slowest node's completion, "
        "so the measurement compares with logp.loggp's T_bcast, T_allreduce, T_barrier and T_alltoall. The results "
        "are checked. Repetitions follow a time budget.";
    d.span = sdk::Span::Group;
    d.roles = {"peer"};
    d.params = collectivesParams();
    d.params.push_back(setupTimeoutParam());
    d.params.push_back(ioTimeoutParam());
    d.validates = collectivesValidates();
    d.summary = std::string(kSummaryConvention) + "; " + kCollectivesSummaryText;
    return d;
}

sdk::RunOutcome CollectivesProbe::run(const sdk::RunRequest& request, sdk::RunContext& context)
{
    return guarded([&] {
        cs::probe::CollectivesParams p = collectivesParamsFrom([&](const std::string& k) { return request.param(k); });
        p.rank = static_cast<std::uint32_t>(request.rank);
        p.setupTimeout_s = request.param("setup_timeout");
        return runOnMesh(request, context, p, [&](cs::probe::Listener& own, const cs::probe::RunControl& rc) {
            const cs::probe::CollectivesResult r = cs::probe::runTcpCollectives(own, p, rc);
            return appOutcome(collectivesJson(r, p.pairwise ? "pairwise" : "linear", "tcp", storedSeries(context)),
                              r.env);
        });
    });
}

} // namespace cs::probeplugin
