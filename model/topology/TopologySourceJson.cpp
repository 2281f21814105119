#include "model/topology/TopologySourceJson.h"
#include "model/core/ModelError.h"
#include "model/topology/generators/GeneratorRegistry.h"
#include "model/topology/placement/JobPlacement.h"
#include "model/topology/budget/TopologyBudget.h"
#include "model/topology/io/NetworkBuild.h"
#include "model/topology/io/TopologyJson.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace cs {

namespace {

std::string inputsText(const BlockSpec& spec)
{
    std::string s;
    for (const ParamSpec& p : spec.inputs)
        s += (s.empty() ? "" : ", ") + p.symbol;
    return s;
}

// The job's values from a topology's "job" object: {"P": 4, "placement":
// "spread", "schedule": "shift", "ranks_per_node": 2, "rank_order":
// "cyclic", "nodes": 2}, each optional; what it leaves out is the
// default (P then follows the design's P through its wire).
std::vector<ParamValue> jobValues(const nlohmann::json& j, const std::string& path)
{
    const std::vector<ParamSpec> specs = TopologySource::jobInputSpecs();
    std::vector<ParamValue> v;
    for (const ParamSpec& p : specs)
        v.push_back({p.defaultValue, Provenance{}});
    if (!j.is_object() || !j.contains("job"))
        return v;
    const nlohmann::json& job = j["job"];
    const std::string jp = path + ".job";
    if (!job.is_object())
        throw ModelError(jp + ": expected an object such as {\"placement\": \"spread\"}");
    for (const auto& [key, value] : job.items()) {
        std::size_t i = 0;
        while (i < specs.size() && specs[i].symbol != key)
            ++i;
        if (i == specs.size()) {
            std::string keys;
            for (std::size_t k = 0; k < specs.size(); ++k)
                keys += (k == 0 ? "" : k + 1 == specs.size() ? " and " : ", ") + specs[k].symbol;
            throw ModelError(jp + "." + key + ": unknown key (the job takes " + keys + ")");
        }
        const ParamSpec& spec = specs[i];
        double x = 0;
        if (!spec.choices.empty()) {
            if (!value.is_string())
                throw ModelError(jp + "." + key + ": expected a name, " + spec.rangeText());
            const auto it = std::find(spec.choices.begin(), spec.choices.end(), value.get<std::string>());
            if (it == spec.choices.end())
                throw ModelError(jp + "." + key + ": '" + value.get<std::string>() + "' is not " + spec.rangeText());
            x = static_cast<double>(it - spec.choices.begin());
        } else {
            if (!value.is_number())
                throw ModelError(jp + "." + key + ": expected a number");
            x = value.get<double>();
            if (std::string problem = spec.rangeProblem(x); !problem.empty())
                throw ModelError(jp + "." + key + " " + problem);
        }
        v[i] = {x, Provenance::user()};
    }
    return v;
}

} // namespace

nlohmann::json topologyJobJson(const TopologySource& block, const std::vector<ParamValue>& values)
{
    nlohmann::json job = nlohmann::json::object();
    const auto& specs = block.spec().inputs;
    for (int k = 0; k < TopologySource::kJobInputs; ++k) {
        const std::size_t i = block.jobInput(static_cast<TopologySource::JobInput>(k));
        if (i >= values.size() || values[i].provenance.kind == ProvenanceKind::Wired)
            continue;
        if (values[i].value == specs[i].defaultValue && values[i].provenance.kind == ProvenanceKind::Default)
            continue;
        if (specs[i].choices.empty())
            job[specs[i].symbol] = values[i].value;
        else
            job[specs[i].symbol] = specs[i].choices.at(static_cast<std::size_t>(values[i].value));
    }
    return job;
}

std::vector<std::string> nodeHostNames(const nlohmann::json& nodes)
{
    std::vector<std::string> names;
    if (!nodes.is_array())
        return names;
    for (const nlohmann::json& n : nodes)
        if (n.is_object() && n.contains("name") && n["name"].is_string())
            names.push_back(n["name"].get<std::string>());
    return names;
}

TopologySourceParts topologySourceFrom(const Network& n, const std::string& path)
{
    TopologySourceParts parts;
    const nlohmann::json section = n.job().is_null() ? nlohmann::json::object() : nlohmann::json{{"job", n.job()}};
    const std::vector<ParamValue> job = jobValues(section, path);
    if (n.isGenerated()) {
        const Generator* gen = GeneratorRegistry::builtin().find(n.generator());
        if (!gen)
            throw ModelError(path + ".generator: unknown generator '" + n.generator() + "' (known: " +
                             GeneratorRegistry::builtin().names() + ")");
        auto block = std::make_shared<const TopologySource>(*gen);
        const auto& params = gen->spec().params;
        const NamedValues given(n.params().begin(), n.params().end());
        const std::vector<double> values = generatorParams(*gen, given);
        if (const std::string problem = gen->check(values.data()); !problem.empty())
            throw ModelError(path + ".params: " + problem + " (" + n.generator() + ")");
        for (std::size_t i = 0; i < params.size(); ++i) {
            const bool user = std::any_of(given.begin(), given.end(),
                                          [&](const auto& g) { return g.first == params[i].symbol; });
            parts.values.push_back({values[i], user ? Provenance::user() : Provenance{}});
        }
        parts.values.insert(parts.values.end(), job.begin(), job.end());
        std::vector<double> in;
        for (const ParamValue& v : parts.values)
            in.push_back(v.value);
        // The listed placement's hosts come with the design's nodes (DocumentTopology).
        if (static_cast<Placement>(in[block->jobInput(TopologySource::job_placement)]) == Placement::Listed)
            in[block->jobInput(TopologySource::job_placement)] = 0;
        // A job size left to the design (0) is the design's P, bounded when the
        // design is evaluated: at several ranks a node, every host full may be
        // more than a job of the P the design sets.
        // A job given by its nodes is checked at their size (P follows them).
        if (in[block->jobInput(TopologySource::job_P)] == 0 && in[block->jobInput(TopologySource::job_nodes)] == 0)
            in[block->jobInput(TopologySource::job_P)] = 1;
        if (std::string p = block->check(in.data()); !p.empty())
            throw ModelError(path + ".params: " + p + " (inputs: " + inputsText(block->spec()) + ")");
        parts.block = std::move(block);
        return parts;
    }
    parts.block = drawnSource(n, path);
    parts.values = job;
    return parts;
}

TopologySourceParts topologySourceFromJson(const nlohmann::json& j, const std::string& path)
{
    return topologySourceFrom(readNetwork(j, path), path);
}

nlohmann::json topologySourceToJson(const TopologySource& block, const std::vector<ParamValue>& values)
{
    Network n = block.drawn() ? networkOf(*block.drawn())
                              : Network::generated(block.generator()->spec().name, generatedParams(block, values));
    if (nlohmann::json job = topologyJobJson(block, values); !job.empty())
        n.setJob(std::move(job));
    return writeNetwork(n);
}

std::shared_ptr<const TopologySource> drawnSource(const Network& n, const std::string& path)
{
    // A drawing is read even when unfinished, so that the work in it is never
    // refused; the design then reports why it cannot be evaluated.
    Topology t = buildTopology(n, path, TopologyCheck::Structure);
    const auto problems = t.problems();
    std::string problem =
        problems.empty() ? std::string()
                         : "the drawn topology is not a usable network yet: " + problemText(problems.front(), path);
    // Drawn networks have no generator to estimate from, so every host counts
    // as a BFS root (an upper bound); the same limit as generated ones.
    if (problem.empty())
        if (std::string p = topologyMetricsProblem(countsOf(t)); !p.empty())
            problem = "the drawn topology is too large to evaluate here: " + p;
    return std::make_shared<const TopologySource>(std::make_shared<const Topology>(std::move(t)), std::move(problem),
                                                  problems.empty());
}

Network::Params generatedParams(const TopologySource& block, const std::vector<ParamValue>& values)
{
    Network::Params params;
    const auto& specs = block.spec().inputs;
    const std::size_t nGen = specs.size() - TopologySource::kJobInputs;
    for (std::size_t i = 0; i < nGen && i < values.size(); ++i)
        if (values[i].value != specs[i].defaultValue || values[i].provenance.kind != ProvenanceKind::Default)
            params.emplace_back(specs[i].symbol, values[i].value);
    return params;
}

} // namespace cs
