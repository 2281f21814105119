// `clusterscope-cli verify`: run the design's application (the seed workload its blocks model) on the live
// nodes at each P, evaluate the design at the same points, and print predicted against measured per
// variant, P and quantity. The comparison is model/verification (shared with the GUI).
#include "app/cli/Args.h"
#include "app/cli/Cli.h"
#include "app/cli/DocumentInput.h"
#include "app/cli/PairPlan.h"
#include "app/cli/TableOutput.h"
#include "app/cli/ProbeRunSupport.h"

#include "model/core/ModelError.h"
#include "model/core/NumberFormat.h"
#include "model/core/Unit.h"
#include "model/document/DocumentFormat.h"
#include "model/verification/Verification.h"
#include "model/verification/VerifyTargets.h"
#include "app/runner/ApplicationPlans.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <ostream>
#include <sstream>

namespace cs::cli {

namespace {

using nlohmann::json;

std::string secs(double v)
{
    return std::isfinite(v) ? formatMeasured(v, "s") : std::string("-");
}

void printStats(const char* what, const verify::ErrorStats& s, std::ostream& out, const char* indent = "  ")
{
    out << indent << what << ": ";
    if (s.count == 0) {
        out << "none\n";
        return;
    }
    char b[96];
    std::snprintf(b, sizeof b, "%d point(s), mean |error| %.1f%%, max %.1f%%\n", s.count, 100.0 * s.meanAbs,
                  100.0 * s.maxAbs);
    out << b;
}

void printReport(const verify::Report& r, std::ostream& out)
{
    out << "variant        P  quantity    predicted [band]                    measured [95% CI of the median]      n"
           "   error\n";
    for (const verify::Row& x : r.rows) {
        char line[400];
        std::snprintf(line, sizeof line, "%-12s %3g  %-10s  %-10s [%s, %s]  %-10s [%s, %s]  %3d  %7s%s\n",
                      x.variant.c_str(), x.P, x.quantity.c_str(), secs(x.predicted).c_str(), secs(x.bandLo).c_str(),
                      secs(x.bandHi).c_str(), secs(x.measured).c_str(), secs(x.measuredLo).c_str(),
                      secs(x.measuredHi).c_str(), x.n, formatPercent(x.error, 1, true).c_str(),
                      x.heldOut ? "  held out" : "");
        out << line;
        if (!x.runs.empty()) // the program and arguments of a run of the user's own
            out << "             runs of " << x.runs << "\n";
    }
    out << "summary (error = (predicted - measured) / measured):\n";
    if (r.groups.size() > 1) {
        // Runs of other programs or arguments are kept apart, as the GUI's Verify page and the fit keep them
        // (issue 48, defect 3): pooled, './jacobi 32 10' made the mean error of './jacobi 96 50' thousands of %.
        for (const verify::GroupStats& g : r.groups) {
            out << "  " << (g.runs.empty() ? std::string("the seed applications' runs") : "runs of " + g.runs)
                << ":\n";
            printStats("held out (P no calibration probe spanned)", g.heldOut, out, "    ");
            printStats("at P the calibration used", g.used, out, "    ");
        }
    } else {
        printStats("held out (P no calibration probe spanned)", r.heldOut, out);
        printStats("at P the calibration used", r.used, out);
    }
    if (!r.bandParams.empty()) {
        out << "band over the calibrated inputs' 95% CIs:";
        for (const std::string& p : r.bandParams)
            out << " " << p;
        out << "\n";
    }
    for (const std::string& n : r.notes)
        out << "note: " << n << "\n";
}

} // namespace

int verifyCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err)
{
    const Args args(words, {"--nodes", "--at", "--variant", "--set", "--timeout", "--results", "-o"},
                    {"--json", "--quiet", "--trust-nodes", "--dry-run"});
    if (args.positional().size() != 1)
        throw UsageError(args.positional().empty() ? "verify needs a DESIGN (a file or a preset name)"
                                                   : "unexpected argument '" + args.positional()[1] + "'");
    const auto resultsFile = args.value("--results");
    if (resultsFile && (args.value("--nodes") || args.value("--at") || !args.values("--set").empty() ||
                        args.flag("--dry-run")))
        throw UsageError("--results compares saved application results; --nodes, --at, --set and --dry-run are for "
                         "running");

    const DesignDocument doc = openDocument(args.positional().front());
    std::vector<std::string> skipped;
    const std::vector<verify::Target> targets = verify::targetsOf(doc, args.value("--variant").value_or(""), &skipped);
    for (const std::string& s : skipped)
        err << "clusterscope-cli verify: left out: " << s << "\n";

    json results = json::array();
    int failed = 0, ran = 0; // application runs of this call that did not succeed, of all it ran
    if (resultsFile) {
        results = openResults(*resultsFile); // checked like a document
    } else {
        verify::requireRunnable(targets);
        const std::vector<runner::Node> nodes = nodesFrom(args.value("--nodes"), doc.nodes, "verify");
        if (!args.value("--nodes") && !args.flag("--dry-run") && // a dry run starts nothing
            !nodesAllowed(nodes, args.positional().front(), args.flag("--trust-nodes"), "verify", err))
            return 2;
        std::vector<int> Ps;
        if (auto at = args.value("--at")) {
            try {
                Ps = verify::parseNodeCounts(*at);
            } catch (const ModelError& e) {
                throw UsageError(std::string("--at ") + e.what());
            }
        } else {
            Ps = verify::defaultNodeCounts(runner::applicationSlots(nodes));
        }
        // A model of another job size than the runs' is refused before the runs take their minutes.
        for (const verify::Target& t : targets)
            verify::requireOneJobSize(doc, t.variant, verify::pathOfP(doc, t.block),
                                      std::vector<double>(Ps.begin(), Ps.end()));
        const CoreApp app;
        sdk::PluginLoader plugins;
        plugins.load();
        // --set name=value: checked against each target's probe, then given to every run.
        json overrides = json::object();
        for (const std::string& s : args.values("--set")) {
            auto [name, text] = splitAssignment(s, "--set");
            for (const verify::Target& t : targets) {
                const sdk::LoadedProbe* lp = plugins.find(t.app->probe);
                const sdk::ParamDef* def = lp ? lp->descriptor.findParam(name) : nullptr;
                if (lp && !def)
                    throw UsageError("--set " + s + ": " + t.app->probe + " has no parameter '" + name + "'");
                if (def)
                    overrides[name] = parseProbeParam(*def, text);
            }
        }
        double timeout = 0;
        if (auto tm = args.value("--timeout"))
            timeout = parseQuantity(*tm, Unit::Seconds);
        const std::vector<runner::RunPlan> plans =
            runner::applicationPlans(targets, nodes, Ps, plugins, overrides, timeout);
        if (args.flag("--dry-run")) {
            if (args.flag("--json"))
                out << dryRunJson(plans, plugins).dump(1) << "\n";
            else
                printDryRun(plans, plugins, out, runner::assumedLink().source);
            return 0;
        }
        const std::vector<runner::JobResult> jobs = runPlans(plugins, plans, args.flag("--quiet"), err);
        ran = static_cast<int>(jobs.size());
        for (const runner::JobResult& j : jobs) {
            results.push_back(runner::resultToJson(j));
            if (!j.ok()) {
                ++failed;
                err << "clusterscope-cli verify: " << j.probe << " on " << j.nodes.size() << " nodes " << j.status
                    << (j.reason.empty() ? "" : ": " + j.reason) << "\n";
            }
        }
        if (auto file = args.value("-o"))
            runner::writeResultsFile(*file, jobs);
        if (failed == static_cast<int>(jobs.size()))
            throw ModelError("no application run succeeded");
    }

    const verify::Report merged = verify::verifyResults(doc, targets, results);
    if (args.flag("--json"))
        out << verify::toJson(merged).dump(1) << "\n";
    else
        printReport(merged, out);
    // A run that failed leaves its P out of the report: the report is printed for the others, and the exit
    // status says that it is not whole (as probe's and run-app's do).
    if (failed > 0)
        err << "clusterscope-cli verify: " << failed << " of " << ran
            << " application runs did not succeed (above); the report leaves their P out\n";
    return merged.rows.empty() || failed > 0 ? 1 : 0;
}

} // namespace cs::cli
