#include "app/cli/PairPlan.h"
#include "model/core/ModelError.h"
#include "model/core/Unit.h"
#include "model/document/DocumentTopology.h"
#include "model/topology/TopologyJson.h"

#include <nlohmann/json.hpp>

namespace cs::cli {

void choosePairs(const DesignDocument& doc, std::vector<runner::RunPlan>& plans,
                 const std::optional<std::string>& pairsOption, std::ostream& err)
{
    if (pairsOption && *pairsOption != "paths")
        return; // all, chain or first, as asked
    if (plans.empty())
        return;
    const std::vector<runner::Node>& nodes = plans.front().nodes;
    const nlohmann::json topology = currentTopologyJson(doc);
    std::vector<PairChoice> pairs;
    try {
        if (topology.is_null())
            throw ModelError("the design has no topology to choose pairs from");
        std::vector<std::string> hosts;
        for (const runner::Node& n : nodes)
            hosts.push_back(n.host.empty() ? n.name : n.host);
        pairs = pairsByPathClass(topologyFromJson(topology), hosts);
    } catch (const ModelError& e) {
        if (pairsOption)
            throw ModelError(std::string("--pairs paths: ") + e.what());
        if (nodes.size() > 2)
            err << "clusterscope-cli: every pair of nodes is measured: " << e.what() << "\n";
        return;
    }
    for (runner::RunPlan& plan : plans) {
        plan.pairing = "paths";
        plan.pairs = pairs;
    }
}

void printDryRun(const std::vector<runner::RunPlan>& plans, const sdk::PluginLoader& plugins, std::ostream& out,
                 const std::string& linkSource)
{
    double bound = 0;
    double expected = 0;
    std::size_t unknown = 0;
    std::size_t total = 0;
    for (const runner::RunPlan& plan : plans) {
        const std::vector<runner::Job> jobs = runner::planJobs(plan, plugins);
        const std::size_t n = plan.nodes.size();
        out << plan.probe << ": " << jobs.size() << (jobs.size() == 1 ? " job" : " jobs");
        if (plan.pairing == "paths")
            out << " (one pair per path class and " << (jobs.size() - [&] {
                std::size_t classes = 0;
                for (const PairChoice& p : plan.pairs)
                    classes += p.check ? 0 : 1;
                return classes;
            }()) << " random checks; every pair would be " << n * (n - 1) / 2 << ")";
        out << "\n";
        for (const runner::Job& j : jobs) {
            out << "  " << j.label << "  ";
            if (j.estimate >= 0)
                out << "about " << formatQuantity(j.estimate, "s", Unit::Seconds);
            else
                out << "no estimate";
            out << ", timeout " << formatQuantity(j.timeout, "s", Unit::Seconds) << "\n";
            if (j.estimate >= 0)
                expected += j.estimate;
            else
                ++unknown;
            bound += j.timeout;
        }
        total += jobs.size();
    }
    out << "estimated probe time " << formatQuantity(expected, "s", Unit::Seconds)
        << (unknown ? " plus " + std::to_string(unknown) + " job(s) without an estimate" : std::string())
        << " on " << linkSource << ", agents' start not included\n";
    out << total << " jobs, one after another; each ends within its timeout, so the run takes at most "
        << formatQuantity(bound, "s", Unit::Seconds) << " (nothing was run)\n";
}

} // namespace cs::cli
