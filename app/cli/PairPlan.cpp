#include "app/cli/PairPlan.h"
#include "model/core/ModelError.h"
#include "model/core/Unit.h"
#include "model/document/DocumentTopology.h"
#include "model/topology/io/NetworkBuild.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <memory>

namespace cs::cli {

void choosePairs(const DesignDocument& doc, std::vector<runner::RunPlan>& plans,
                 const std::optional<std::string>& pairsOption, std::ostream& err)
{
    if (plans.empty())
        return;
    const std::vector<runner::Node>& nodes = plans.front().nodes;
    const Network topology = currentNetwork(doc);
    std::shared_ptr<const Topology> network;
    std::vector<std::string> hosts;
    std::vector<PairChoice> pairs;
    try {
        if (topology.isNone())
            throw ModelError("the design has no topology to choose pairs from");
        for (const runner::Node& n : nodes)
            hosts.push_back(n.host.empty() ? n.name : n.host);
        network = std::make_shared<const Topology>(buildTopology(topology));
        pairs = pairsByPathClass(*network, hosts);
    } catch (const ModelError& e) {
        if (pairsOption && *pairsOption == "paths")
            throw ModelError(std::string("--pairs paths: ") + e.what());
        if (!pairsOption && nodes.size() > 2)
            err << "clusterscope-cli: every pair of nodes is measured: " << e.what() << "\n";
        return;
    }
    // The network also keeps pairs whose routes share a link apart, whatever the pairing.
    for (runner::RunPlan& plan : plans) {
        plan.topology = network;
        plan.hosts = hosts;
        if (pairsOption && *pairsOption != "paths")
            continue; // all, chain or first, as asked
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
    std::size_t total = 0, totalRounds = 0;
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
        // A round lasts as long as its slowest job, and ends within its
        // longest timeout.
        const auto rounds = runner::planRounds(jobs, plan.parallel);
        for (std::size_t r = 0; r < rounds.size(); ++r) {
            out << "  round " << r + 1 << (rounds[r].size() == 1 ? ": 1 job\n" : ": " + std::to_string(rounds[r].size()) +
                                                                              " jobs at once\n");
            double roundEstimate = 0, roundTimeout = 0;
            for (std::size_t j : rounds[r]) {
                const runner::Job& job = jobs[j];
                out << "    " << job.label << "  ";
                if (job.estimate >= 0)
                    out << "about " << formatQuantity(job.estimate, "s", Unit::Seconds);
                else
                    out << "no estimate";
                out << ", timeout " << formatQuantity(job.timeout, "s", Unit::Seconds) << "\n";
                if (job.estimate >= 0)
                    roundEstimate = std::max(roundEstimate, job.estimate);
                else
                    ++unknown;
                roundTimeout = std::max(roundTimeout, job.timeout);
            }
            expected += roundEstimate;
            bound += roundTimeout;
        }
        total += jobs.size();
        totalRounds += rounds.size();
    }
    out << "estimated probe time " << formatQuantity(expected, "s", Unit::Seconds)
        << (unknown ? " plus " + std::to_string(unknown) + " job(s) without an estimate" : std::string())
        << " on " << linkSource << ", agents' start not included\n";
    out << total << " jobs in " << totalRounds << " rounds; the jobs of a round share no node and no link of the "
        << "design's network and run at once (at most " << (plans.empty() ? 0 : plans.front().parallel)
        << ", --parallel), rounds one after another; each job ends within its timeout, so the run takes at most "
        << formatQuantity(bound, "s", Unit::Seconds) << " (nothing was run)\n";
}

nlohmann::json dryRunJson(const std::vector<runner::RunPlan>& plans, const sdk::PluginLoader& plugins)
{
    nlohmann::json jobs = nlohmann::json::array();
    for (const runner::RunPlan& plan : plans) {
        const std::vector<runner::Job> planned = runner::planJobs(plan, plugins);
        const auto rounds = runner::planRounds(planned, plan.parallel);
        for (std::size_t r = 0; r < rounds.size(); ++r)
            for (std::size_t j : rounds[r]) {
                const runner::Job& job = planned[j];
                nlohmann::json nodes = nlohmann::json::array();
                for (const runner::Node& n : job.nodes)
                    nodes.push_back(n.describe());
                jobs.push_back({{"probe", job.descriptor.id},
                                {"label", job.label},
                                {"round", r + 1},
                                {"params", job.params},
                                {"nodes", nodes}});
            }
    }
    return {{"jobs", jobs}};
}

} // namespace cs::cli
