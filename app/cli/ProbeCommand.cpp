// `clusterscope-cli probe`: run probes on nodes through the runner
// (app/runner), with progress on stderr. See docs/agent-protocol.md for the
// node specification and the results format.
#include "app/cli/Args.h"
#include "app/cli/Cli.h"
#include "app/cli/ProbeRunSupport.h"
#include "app/runner/JobResult.h"

#include "model/core/ModelError.h"
#include "model/core/NumberFormat.h"
#include "model/core/Unit.h"
#include "model/document/DocumentFormat.h"

#include "cs/sdk/PluginLoader.h"

#include <cmath>
#include <ostream>

namespace cs::cli {

namespace {

void printText(const std::vector<runner::JobResult>& results, std::ostream& out)
{
    for (const runner::JobResult& r : results) {
        out << r.probe << " ";
        for (std::size_t i = 0; i < r.nodes.size(); ++i)
            out << (i ? (r.nodes.size() == 2 ? " -> " : ", ") : "") << r.nodes[i];
        out << ": " << r.status;
        if (r.duration > 0)
            out << " (" << formatFixed(r.duration, 2) << " s)";
        out << "\n";
        if (!r.reason.empty())
            out << "  reason: " << r.reason << "\n";
        if (!r.ok())
            continue;
        const nlohmann::json derived = r.summary.value("derived", nlohmann::json::object());
        for (auto it = derived.begin(); it != derived.end(); ++it) {
            const std::string unit = it->value("unit", std::string());
            out << "  " << it.key() << " = " << formatValue((*it)["value"], unit);
            if ((*it)["ci_lo"].is_number())
                out << "  [" << formatValue((*it)["ci_lo"], unit) << ", " << formatValue((*it)["ci_hi"], unit)
                    << "]";
            out << "\n";
        }
        const nlohmann::json series = r.summary.value("series", nlohmann::json::object());
        if (!series.empty())
            out << "  series (median [95% CI] p25 p75 p99, n):\n";
        for (auto it = series.begin(); it != series.end(); ++it) {
            const std::string unit = it->value("unit", std::string());
            out << "    " << it.key() << ": " << formatValue((*it)["median"], unit) << " ["
                << formatValue((*it)["ci_lo"], unit) << ", " << formatValue((*it)["ci_hi"], unit) << "] "
                << formatValue((*it)["p25"], unit) << " " << formatValue((*it)["p75"], unit) << " "
                << formatValue((*it)["p99"], unit) << ", n=" << it->value("n", 0) << "\n";
        }
        for (const nlohmann::json& c : r.calibrates)
            out << "  calibrates " << c.value("target", std::string()) << " = "
                << formatValue(c["value"], c.value("unit", std::string())) << "\n";
    }
}

int listProbes(const sdk::PluginLoader& plugins, bool json, std::ostream& out, std::ostream& err)
{
    for (const QString& p : plugins.problems())
        err << "clusterscope-cli probe: skipped plugin " << p.toStdString() << "\n";
    if (json) {
        nlohmann::json a = nlohmann::json::array();
        for (const auto& p : plugins.probes())
            a.push_back(sdk::toJson(p.descriptor));
        out << a.dump(2) << "\n";
        return 0;
    }
    for (const auto& p : plugins.probes()) {
        const sdk::ProbeDescriptor& d = p.descriptor;
        out << d.id << "  " << d.name << "  [" << sdk::spanName(d.span) << (d.launcher == "mpi" ? ", mpi" : "")
            << "]\n";
        for (const sdk::ParamDef& q : d.params)
            out << "    " << q.name << " = " << formatNumber(q.defaultValue) << "  [" << formatNumber(q.min) << ", "
                << formatNumber(q.max) << "] " << q.unit << "  " << q.meaning << "\n";
        for (const sdk::Calibration& c : d.calibrates)
            out << "    calibrates " << c.target << " from " << c.from << "\n";
        for (const std::string& v : d.validates)
            out << "    validates " << v << "\n";
    }
    return 0;
}

} // namespace

int probeCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err)
{
    const Args args(words, {"--nodes", "--probe", "--set", "--timeout", "--pairs", "--parallel", "-o", "--design"},
                    {"--list", "--json", "--quiet", "--trust-nodes"});
    if (!args.positional().empty())
        throw UsageError("unexpected argument '" + args.positional().front() + "'");

    const CoreApp app;

    sdk::PluginLoader plugins;
    plugins.load();
    if (args.flag("--list"))
        return listProbes(plugins, args.flag("--json"), out, err);

    runner::RunPlan plan;
    const auto probe = args.value("--probe");
    if (!probe)
        throw UsageError("probe needs --probe ID (or --list)");
    plan.probe = *probe;
    const sdk::LoadedProbe* lp = plugins.find(plan.probe);
    if (!lp) {
        err << "clusterscope-cli probe: error: unknown probe '" << plan.probe
            << "' (clusterscope-cli probe --list shows the probes)\n";
        return 1;
    }
    for (const std::string& s : args.values("--set")) {
        const auto [pname, text] = splitAssignment(s, "--set");
        const sdk::ParamDef* p = lp->descriptor.findParam(pname);
        if (!p)
            throw UsageError("probe " + plan.probe + " has no parameter '" + pname + "'");
        plan.params[pname] = parseProbeParam(*p, text);
    }
    if (auto t = args.value("--timeout")) {
        try {
            plan.timeout = parseQuantity(*t, Unit::Seconds);
        } catch (const ModelError& e) {
            throw UsageError(std::string("--timeout: ") + e.what());
        }
    }
    if (auto p = args.value("--pairs"))
        plan.pairing = *p;
    plan.parallel = parseParallel(args.value("--parallel"));

    const auto design = args.value("--design");
    plan.nodes = nodesFrom(args.value("--nodes"), design ? loadDocument(*design).nodes : nlohmann::json(), "probe");
    if (design && !args.value("--nodes") && !nodesAllowed(plan.nodes, *design, args.flag("--trust-nodes"), "probe", err))
        return 2;

    std::vector<runner::JobResult> results;
    try {
        results = runPlans(plugins, {plan}, args.flag("--quiet"), err);
    } catch (const ModelError& e) {
        err << "clusterscope-cli probe: error: " << e.what() << "\n";
        return 1;
    }
    if (args.flag("--json"))
        out << runner::resultsDocument(results).dump(1) << "\n";
    else
        printText(results, out);
    if (auto file = args.value("-o"))
        runner::writeResultsFile(*file, results);
    if (design)
        runner::appendToDocument(*design, results);

    int failed = 0;
    for (const runner::JobResult& res : results)
        failed += res.ok() ? 0 : 1;
    if (failed > 0)
        err << "clusterscope-cli probe: " << failed << " of " << results.size() << " jobs did not succeed\n";
    return failed > 0 ? 1 : 0;
}

} // namespace cs::cli
