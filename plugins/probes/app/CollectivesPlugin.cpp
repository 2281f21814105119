#include "common/BuiltinProbes.h"
#include "common/ProbeSupport.h"

#include "cs/probe/Collectives.h"

namespace cs::probeplugin {

using nlohmann::json;

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
    d.params = {{"bytes", "B", 8, 8, 67108864, true,
                 "k: the broadcast message, each node's allreduce contribution and the all-to-all block; a multiple "
                 "of 8"}};
    for (sdk::ParamDef& p : appRepParams(10, 1000, 10, 5))
        d.params.push_back(std::move(p));
    d.params.push_back(alltoallParam("logp.loggp"));
    d.params.push_back(setupTimeoutParam());
    d.params.push_back(ioTimeoutParam());
    d.validates = {"logp.loggp.T_bcast", "logp.loggp.T_allreduce", "logp.loggp.T_barrier", "logp.loggp.T_alltoall"};
    d.summary = std::string(kSummaryConvention) +
                "; series T_bcast, T_allreduce, T_barrier, T_alltoall per repetition (each the slowest node's time "
                "from a common start, s); derived the same medians";
    return d;
}

sdk::RunOutcome CollectivesProbe::run(const sdk::RunRequest& request, sdk::RunContext& context)
{
    return guarded([&] {
        cs::probe::CollectivesParams p;
        p.rank = static_cast<std::uint32_t>(request.rank);
        p.bytes = static_cast<std::uint64_t>(request.param("bytes"));
        p.reps = repBudgetFrom(request);
        p.pairwise = request.param("alltoall") != 0;
        p.setupTimeout_s = request.param("setup_timeout");
        return runOnMesh(request, context, p, [&](cs::probe::Listener& own, const cs::probe::RunControl& rc) {
            const cs::probe::CollectivesResult r = cs::probe::runTcpCollectives(own, p, rc);
            sdk::RunOutcome out;
            out.ok = true;
            out.summary = phaseSummary(context,
                                       {{"T_bcast", &r.bcast}, {"T_allreduce", &r.allreduce}, {"T_barrier", &r.barrier},
                                        {"T_alltoall", &r.alltoall}},
                                       "s");
            out.details = {{"rank", r.rank}, {"P", r.P},         {"bytes", r.bytes},     {"kept", r.kept},
                           {"warmups", r.warmups}, {"transport", "tcp"}, {"alltoall", p.pairwise ? "pairwise" : "linear"}};
            out.environment = environmentJson(r.env);
            return out;
        });
    });
}

} // namespace cs::probeplugin
