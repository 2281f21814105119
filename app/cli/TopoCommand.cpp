// `clusterscope-cli topo --gen NAME:key=value,... [--json]`
// `clusterscope-cli topo FILE.json [--json]`
// `clusterscope-cli topo FILE.json|--gen SPEC --export GRAPH.graphml|GRAPH.json`
// `clusterscope-cli list generators [--json]`
#include "app/cli/Args.h"
#include "model/core/NumberFormat.h"
#include "app/cli/Cli.h"
#include "app/cli/DocumentInput.h"
#include "model/core/ModelError.h"
#include "model/core/SpecJson.h"
#include "model/core/Unit.h"
#include "model/core/AtomicFile.h"
#include "model/document/DocumentTopology.h"
#include "model/core/StrictJson.h"
#include "model/topology/ComputeMetrics.h"
#include "model/topology/generators/GeneratorRegistry.h"
#include "model/topology/io/GraphExport.h"
#include "model/topology/io/NetworkBuild.h"
#include "model/topology/budget/TopologyBudget.h"
#include "model/topology/io/TopologyJson.h"
#include "model/topology/metrics/TopologyMetrics.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <iomanip>
#include <ostream>
#include <sstream>

namespace cs::cli {

namespace {

std::string trimmed(const std::string& s)
{
    const auto b = s.find_first_not_of(" \t");
    if (b == std::string::npos)
        return {};
    const auto e = s.find_last_not_of(" \t");
    return s.substr(b, e - b + 1);
}

struct GenSpec {
    const Generator* generator;
    std::vector<double> params; // in spec order
};

// "fat-tree:k=4,bw=1Gbit/s" -> the generator and its parameters.
GenSpec parseGenSpec(const std::string& text)
{
    const auto colon = text.find(':');
    const std::string name = trimmed(text.substr(0, colon));
    if (name.empty())
        throw UsageError("--gen needs NAME or NAME:key=value,... (see clusterscope-cli list generators)");
    const Generator& g = GeneratorRegistry::builtin().get(name);
    NamedValues values;
    if (colon != std::string::npos) {
        std::stringstream items(text.substr(colon + 1));
        std::string item;
        while (std::getline(items, item, ',')) {
            item = trimmed(item);
            if (item.empty())
                continue;
            auto [key, value] = splitAssignment(item, "--gen " + name);
            key = trimmed(key);
            value = trimmed(value);
            const int idx = g.spec().paramIndex(key);
            if (idx < 0)
                (void)generatorParams(g, {{key, 0.0}}); // throws, naming the known parameters
            double v = 0;
            try {
                v = g.spec().params[static_cast<std::size_t>(idx)].parse(value);
            } catch (const ModelError& e) {
                throw ModelError("generator " + name + ": " + key + ": " + e.what());
            }
            values.emplace_back(key, v);
        }
    }
    return {&g, generatorParams(g, values)};
}

// The generated topology. `metrics`: its metrics follow (an export needs
// none, so no budget applies).
Topology fromGenSpec(const GenSpec& spec, bool metrics)
{
    const Generator& g = *spec.generator;
    const double* p = spec.params.data();
    // Refuse metrics that would run for more than about a minute before
    // spending the time (and memory) to build the network.
    if (metrics && checkGeneratorParams(g, p).empty())
        if (std::string problem = topologyMetricsProblem(g.counts(p)); !problem.empty())
            throw ModelError("generator " + g.spec().name + ": " + problem);
    return generate(g, p);
}

Topology fromFile(const std::string& file, bool metrics)
{
    std::error_code ec;
    const bool looksLikePath = file.find('/') != std::string::npos || file.ends_with(".json");
    if (!looksLikePath && !std::filesystem::is_regular_file(file, ec)) {
        // A preset name: its topology as the design has it.
        const DesignDocument doc = openDocument(file);
        const Network t = currentNetwork(doc);
        if (t.isNone())
            throw ModelError("design '" + file + "' has no topology");
        return buildTopology(t, file + ": topology");
    }
    std::string text;
    try {
        text = readFile(file);
    } catch (const ModelError&) {
        throw ModelError("cannot open '" + file + "'");
    }
    nlohmann::json doc;
    try {
        doc = parseStrictJson(text); // a received file: bounded depth, no duplicate keys
    } catch (const ModelError& e) {
        throw ModelError(file + ": " + e.what());
    }
    // A generator form: refuse metrics over the limit before building the network.
    const auto topo = doc.is_object() ? doc.find("topology") : doc.end();
    const nlohmann::json& t = doc.is_object() && topo != doc.end() ? *topo : doc;
    if (metrics && t.is_object() && t.contains("generator") && t["generator"].is_string() && t.contains("params") &&
        t["params"].is_object())
        if (const Generator* g = GeneratorRegistry::builtin().find(t["generator"].get<std::string>())) {
            NamedValues values;
            for (auto it = t["params"].begin(); it != t["params"].end(); ++it)
                if (it->is_number() && g->spec().paramIndex(it.key()) >= 0)
                    values.emplace_back(it.key(), it->get<double>());
            const std::vector<double> p = generatorParams(*g, values);
            if (checkGeneratorParams(*g, p.data()).empty())
                if (std::string problem = topologyMetricsProblem(g->counts(p.data())); !problem.empty())
                    throw ModelError(file + ": " + problem);
        }
    try {
        return topologyFromDocument(doc);
    } catch (const ModelError& e) {
        throw ModelError(file + ": " + e.what());
    }
}

std::string bw(double v)
{
    return formatQuantity(v, "MB/s", Unit::BytesPerSecond);
}

nlohmann::json loadsJson(const LinkLoads& l)
{
    return {{"flows", l.flows},
            {"max_link_load", l.maxLoad},
            {"bottleneck", l.bottleneck},
            {"per_flow_bandwidth", l.perFlowBandwidth()},
            {"unroutable_flows", l.unroutable}};
}

void printLoads(std::ostream& out, const std::string& label, const LinkLoads& l)
{
    // "nearest-neighbour (est.):" is 25 characters: the column is 26 wide.
    out << "  " << std::left << std::setw(26) << label;
    if (l.flows == 0) {
        out << "no flows\n";
        return;
    }
    out << formatFlows(l.maxLoad) << " on " << l.bottleneck << " (" << formatFlows(static_cast<double>(l.flows))
        << "; " << bw(l.perFlowBandwidth()) << " per flow)";
    if (l.unroutable)
        out << ", " << l.unroutable << " unroutable";
    out << "\n";
}

// "torus (k=4, dims=2, ...)": the generator and its parameters.
std::string describe(const std::string& generator, const std::vector<std::pair<std::string, double>>& params)
{
    std::string what = generator + " (";
    for (std::size_t i = 0; i < params.size(); ++i)
        what += (i ? ", " : "") + params[i].first + "=" + formatNumber(params[i].second);
    return what + ")";
}

int printMetrics(bool json, const std::string& what,
                 const std::vector<std::pair<std::string, double>>& generatorFacts, const TopologyMetrics& m,
                 std::ostream& out)
{
    if (json) {
        nlohmann::json hist = nlohmann::json::array();
        for (std::size_t h = 0; h < m.hops.count.size(); ++h)
            if (m.hops.count[h])
                hist.push_back({{"hops", h}, {"pairs", m.hops.count[h]}});
        nlohmann::json facts = nlohmann::json::object();
        for (const auto& [k, v] : generatorFacts)
            facts[k] = v;
        nlohmann::json j{
            {"topology", what},
            {"counts",
             {{"hosts", m.counts.hosts},
              {"switches", m.counts.switches},
              {"segments", m.counts.segments},
              {"links", m.counts.links}}},
            {"diameter", m.diameter()},
            {"avg_hops", m.avgHops()},
            {"hop_histogram", hist},
            {"unreachable_pairs", m.hops.unreachable},
            {"bisection",
             {{"bandwidth", m.bisection.bandwidth}, {"exact", m.bisection.exact}, {"method", m.bisection.method}}},
            {"all_to_all", loadsJson(m.allToAll)},
            {"a2a_bw_per_host", m.a2aBandwidth},
            {"facts", facts},
        };
        if (m.transpose)
            j["transpose"] = loadsJson(*m.transpose);
        if (m.nearestNeighbour)
            j["nearest_neighbour"] = loadsJson(*m.nearestNeighbour);
        if (m.ring)
            j["ring"] = loadsJson(*m.ring);
        nlohmann::json valiant = nlohmann::json::object();
        for (const LinkLoads& l : m.valiant) {
            nlohmann::json v = loadsJson(l);
            v["exact"] = l.exact;
            valiant[std::string(patternName(l.pattern))] = v;
        }
        j["valiant"] = valiant;
        j["bisection"]["cut"] = m.bisection.cut;
        j["method"] = m.method;
        if (!m.skipped.empty())
            j["skipped"] = m.skipped;
        out << j.dump(2) << "\n";
        return 0;
    }

    out << "topology: " << what << "\n";
    out << "  hosts " << m.counts.hosts << ", switches " << m.counts.switches << ", segments " << m.counts.segments
        << ", links " << m.counts.links << "\n";
    out << "  diameter " << m.diameter() << " hops, average " << formatSignificant(m.avgHops())
        << " hops (a hop = one link traversed host to host)\n";
    out << "hop histogram over " << m.hops.pairs() << " ordered host pairs:\n";
    for (std::size_t h = 0; h < m.hops.count.size(); ++h)
        if (m.hops.count[h])
            out << "  " << std::right << std::setw(4) << h << (h == 1 ? " hop:  " : " hops: ") << m.hops.count[h] << "\n";
    if (m.hops.unreachable)
        out << "  unreachable: " << m.hops.unreachable << "\n";
    out << "bisection bandwidth: " << bw(m.bisection.bandwidth) << (m.bisection.exact ? " (exact: " : " (upper bound: ")
        << m.bisection.method << ")\n";
    if (!m.bisection.exact)
        out << "  cut found: " << m.bisection.cut << "\n";
    out << "link load (minimum-hop ECMP):\n";
    printLoads(out, "all-to-all:", m.allToAll);
    out << "  " << std::left << std::setw(19) << "" << "per-host all-to-all bandwidth " << bw(m.a2aBandwidth) << "\n";
    if (m.transpose)
        printLoads(out, "transpose:", *m.transpose);
    if (m.nearestNeighbour)
        printLoads(out, "nearest-neighbour:", *m.nearestNeighbour);
    if (m.ring)
        printLoads(out, "ring:", *m.ring);
    if (!m.skipped.empty())
        out << "  " << m.skipped << "\n";
    out << "link load (Valiant: via a random intermediate" << ")\n";
    for (const LinkLoads& l : m.valiant)
        printLoads(out, std::string(patternName(l.pattern)) + (l.exact ? ":" : " (est.):"), l);
    if (!generatorFacts.empty()) {
        out << "generator facts:\n";
        for (const auto& [k, v] : generatorFacts)
            out << "  " << k << " = " << formatNumber(v) << "\n";
    }
    return 0;
}

} // namespace

int topoCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream&)
{
    const Args args(words, {"--gen", "--import", "--bw", "--lat", "--switch-lat", "--cores", "--into", "-o", "--export"},
                    {"--json", "--export-slurm"});
    if (args.value("--import")) {
        if (args.value("--gen") || !args.positional().empty())
            throw UsageError("topo --import takes no --gen and no FILE (use --into DESIGN to put it in a design)");
        return importTopology(args, out);
    }
    const auto gen = args.value("--gen");
    if (gen && !args.positional().empty())
        throw UsageError("topo takes either --gen NAME:key=value,... or a FILE.json, not both");
    if (!gen && args.positional().size() != 1)
        throw UsageError("topo needs --gen NAME:key=value,... or one FILE.json");
    const bool exporting = args.flag("--export-slurm") || args.value("--export");
    if (args.flag("--export-slurm") && args.value("--export"))
        throw UsageError("topo takes --export-slurm or --export FILE, not both");
    if (args.value("--export"))
        (void)graphFormatOf(*args.value("--export")); // a wrong extension before any work
    MetricsOptions options;
    options.perLinkLoads = false; // only the bottlenecks are printed
    if (gen && !exporting) {
        // A generator that knows its metrics without building the network
        // (CubeMetrics.h) answers at once.
        const GenSpec spec = parseGenSpec(*gen);
        const Generator& g = *spec.generator;
        if (checkGeneratorParams(g, spec.params.data()).empty())
            if (const auto m = g.metrics(spec.params.data(), options)) {
                std::vector<std::pair<std::string, double>> params;
                for (std::size_t i = 0; i < spec.params.size(); ++i)
                    params.emplace_back(g.spec().params[i].symbol, spec.params[i]);
                return printMetrics(args.flag("--json"), describe(g.spec().name, params), {}, *m, out);
            }
    }
    const Topology t =
        gen ? fromGenSpec(parseGenSpec(*gen), !exporting) : fromFile(args.positional().front(), !exporting);
    if (args.flag("--export-slurm"))
        return exportSlurmTopology(args, t, out);
    if (args.value("--export"))
        return exportGraphTopology(args, t, out);
    if (std::string problem = topologyMetricsProblem(countsOf(t)); !problem.empty())
        throw ModelError(problem);
    const TopologyMetrics m = computeMetrics(t, options);
    const std::string what = t.generator.empty() ? (gen ? *gen : args.positional().front())
                                                 : describe(t.generator, t.generatorParams);
    return printMetrics(args.flag("--json"), what, t.facts, m, out);
}

int listGenerators(bool json, std::ostream& out)
{
    const auto gens = GeneratorRegistry::builtin().all();
    if (json) {
        nlohmann::json arr = nlohmann::json::array();
        for (const Generator* g : gens) {
            const GeneratorSpec& s = g->spec();
            nlohmann::json params = nlohmann::json::array();
            for (const ParamSpec& p : s.params)
                params.push_back(toJson(p));
            arr.push_back({{"name", s.name},
                           {"title", s.title},
                           {"description", s.description},
                           {"source", s.source},
                           {"params", params}});
        }
        out << arr.dump(2) << "\n";
        return 0;
    }
    for (const Generator* g : gens) {
        const GeneratorSpec& s = g->spec();
        out << std::left << std::setw(14) << s.name << " " << s.title << "\n    source: " << s.source << "\n";
        for (const ParamSpec& p : s.params) {
            const std::string def = p.choices.empty() ? formatQuantity(p.defaultValue, p.displayUnit, p.unit)
                                                      : p.choices[static_cast<std::size_t>(p.defaultValue)];
            out << "    " << std::setw(12) << p.symbol << " = " << std::setw(14) << def << " " << p.rangeText()
                << "  " << p.meaning << "  [" << p.source << "]\n";
        }
    }
    return 0;
}

} // namespace cs::cli
