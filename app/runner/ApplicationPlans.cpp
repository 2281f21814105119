#include "app/runner/ApplicationPlans.h"

#include "model/core/ModelError.h"

#include "cs/sdk/PluginLoader.h"

#include <algorithm>
#include <string>

namespace cs::runner {

std::vector<RunPlan> applicationPlans(const std::vector<verify::Target>& targets, const std::vector<Node>& nodes,
                                      const std::vector<int>& Ps, const sdk::PluginLoader& plugins,
                                      const nlohmann::json& overrides, double timeout)
{
    if (std::any_of(nodes.begin(), nodes.end(), [](const Node& n) { return n.transport == "mpi"; }))
        throw ModelError("verify over MPI (mpi:N nodes) is not available yet: the application runs over TCP "
                         "between agents (local, ssh, slurm or tcp nodes)");
    std::vector<RunPlan> plans;
    for (const verify::Target& t : targets) {
        const sdk::LoadedProbe* lp = plugins.find(t.app->probe);
        if (!lp)
            throw ModelError("probe " + t.app->probe + " is not installed (clusterscope-cli probe --list)");
        for (int P : Ps) {
            if (P > static_cast<int>(nodes.size()))
                throw ModelError("P=" + std::to_string(P) + ": only " + std::to_string(nodes.size()) + " node(s) given");
            RunPlan plan;
            plan.probe = t.app->probe;
            plan.nodes.assign(nodes.begin(), nodes.begin() + P);
            for (const auto& [name, value] : t.params)
                plan.params[name] = value;
            for (auto it = overrides.begin(); it != overrides.end(); ++it)
                plan.params[it.key()] = *it;
            // The application's own budget decides its length; the timeout allows three times that.
            const sdk::ParamDef* budgetDef = lp->descriptor.findParam("budget");
            const double budget = plan.params.contains("budget") ? plan.params["budget"].get<double>()
                                                                 : (budgetDef ? budgetDef->defaultValue : 10.0);
            plan.timeout = timeout > 0 ? timeout : 120.0 + 3.0 * budget;
            plans.push_back(std::move(plan));
        }
    }
    return plans;
}

} // namespace cs::runner
