#include "app/runner/ApplicationPlans.h"

#include "model/core/ModelError.h"

#include "cs/sdk/PluginLoader.h"

#include <algorithm>
#include <string>

namespace cs::runner {

int applicationSlots(const std::vector<Node>& nodes)
{
    const bool mpi = std::any_of(nodes.begin(), nodes.end(), [](const Node& n) { return n.transport == "mpi"; });
    return mpi && nodes.size() == 1 ? nodes.front().ranks : static_cast<int>(nodes.size());
}

std::vector<RunPlan> applicationPlans(const std::vector<verify::Target>& targets, const std::vector<Node>& nodes,
                                      const std::vector<int>& Ps, const sdk::PluginLoader& plugins,
                                      const nlohmann::json& overrides, double timeout)
{
    // Over MPI (an mpi:N node) the application runs as its MPI version under mpirun, P ranks of that node at
    // each P; otherwise among agents over TCP, on the first P nodes.
    const bool mpi = std::any_of(nodes.begin(), nodes.end(), [](const Node& n) { return n.transport == "mpi"; });
    if (mpi && nodes.size() != 1)
        throw ModelError("verify over MPI takes one mpi node (--nodes mpi:N), whose ranks it runs at each P; got " +
                         std::to_string(nodes.size()) + " nodes");
    const int available = applicationSlots(nodes);
    std::vector<RunPlan> plans;
    for (const verify::Target& t : targets) {
        const std::string& probe = mpi ? t.app->mpiProbe : t.app->probe;
        if (probe.empty())
            throw ModelError("variant '" + t.variant + "': " + t.app->probe +
                             " has no MPI version; give local, ssh, slurm or tcp nodes");
        const sdk::LoadedProbe* lp = plugins.find(probe);
        if (!lp)
            throw ModelError("probe " + probe + " is not installed (clusterscope-cli probe --list)");
        for (int P : Ps) {
            if (P > available)
                throw ModelError("P=" + std::to_string(P) + ": only " + std::to_string(available) +
                                 (mpi ? " rank(s) in " + nodes.front().name : std::string(" node(s) given")));
            RunPlan plan;
            plan.probe = probe;
            if (mpi) {
                plan.nodes = {nodes.front()};
                plan.nodes.front().ranks = P;
            } else {
                plan.nodes.assign(nodes.begin(), nodes.begin() + P);
            }
            for (const auto& [name, value] : t.params)
                plan.params[name] = value;
            for (auto it = overrides.begin(); it != overrides.end(); ++it)
                plan.params[it.key()] = *it;
            // The application's own budget decides its length; the timeout allows three times that.
            const sdk::ParamDef* budgetDef = lp->descriptor.findParam("budget");
            const double budget = plan.params.contains("budget") ? plan.params["budget"].get<double>()
                                                                 : (budgetDef ? budgetDef->defaultValue : 10.0);
            plan.timeout = timeout > 0 ? timeout : 120.0 + 3.0 * budget;
            // Variants that run the same probe with the same parameters on the same nodes (comm.collective
            // blocks of one size: every collective is in each run) share one run.
            const auto same = [&](const RunPlan& other) {
                return other.probe == plan.probe && other.params == plan.params &&
                       std::equal(other.nodes.begin(), other.nodes.end(), plan.nodes.begin(), plan.nodes.end(),
                                  [](const Node& a, const Node& b) { return a.name == b.name && a.ranks == b.ranks; });
            };
            if (std::none_of(plans.begin(), plans.end(), same))
                plans.push_back(std::move(plan));
        }
    }
    return plans;
}

} // namespace cs::runner
