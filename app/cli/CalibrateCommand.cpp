// `clusterscope-cli calibrate`: run the probes a design can be calibrated
// from (or read their results from a file), fit the block parameters, print
// them with their intervals, goodness and the validation errors, and write
// the calibrated design. The fitting is model/calibration.
#include "app/cli/Args.h"
#include "model/core/NumberFormat.h"
#include "app/cli/Cli.h"
#include "app/cli/DocumentInput.h"
#include "app/cli/LinkOption.h"
#include "app/cli/PairPlan.h"
#include "app/cli/ProbeRunSupport.h"
#include "app/cli/TableOutput.h"

#include "model/calibration/Calibration.h"
#include "model/core/ModelError.h"
#include "model/core/Unit.h"
#include "model/core/AtomicFile.h"
#include "model/document/DocumentEdits.h"
#include "model/document/DocumentFormat.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ostream>

namespace cs::cli {

namespace {

using nlohmann::json;

// Probe runs for the design: calibrationPlan() restricted to --probe, with
// --set NAME=VALUE (every run whose probe has NAME) or PROBE.NAME=VALUE.
std::vector<runner::RunPlan> makePlans(const DesignDocument& doc, const Args& args, const sdk::PluginLoader& plugins)
{
    const std::vector<std::string> only = args.values("--probe");
    std::vector<calib::ProbeRun> runs = calib::calibrationPlan(doc);
    for (const std::string& p : only) {
        if (!plugins.find(p))
            throw ModelError("unknown probe '" + p + "' (clusterscope-cli probe --list shows the probes)");
        if (std::none_of(runs.begin(), runs.end(), [&](const calib::ProbeRun& r) { return r.probe == p; }))
            throw ModelError("probe " + p + " calibrates no block of this design");
    }
    if (!only.empty())
        runs.erase(std::remove_if(runs.begin(), runs.end(),
                                  [&](const calib::ProbeRun& r) {
                                      return std::find(only.begin(), only.end(), r.probe) == only.end();
                                  }),
                   runs.end());
    if (runs.empty())
        throw ModelError("no block of this design can be calibrated (none declares what a probe sets)");

    std::vector<runner::RunPlan> plans;
    for (const calib::ProbeRun& run : runs) {
        if (!plugins.find(run.probe))
            continue; // a probe this build does not have: calibrate() reports the inputs left alone
        runner::RunPlan plan;
        plan.probe = run.probe;
        plan.params = run.params;
        plan.ranksPerHost = run.ranksPerHost;
        plans.push_back(std::move(plan));
    }
    if (plans.empty())
        throw ModelError("none of the probes this design needs is installed (clusterscope-cli probe --list)");

    for (const std::string& s : args.values("--set")) {
        auto [name, text] = splitAssignment(s, "--set");
        std::string probe;
        if (const std::size_t dot = name.rfind('.'); dot != std::string::npos) {
            probe = name.substr(0, dot);
            name = name.substr(dot + 1);
        }
        bool used = false;
        for (runner::RunPlan& plan : plans) {
            if (!probe.empty() && plan.probe != probe)
                continue;
            const sdk::ParamDef* def = plugins.find(plan.probe)->descriptor.findParam(name);
            if (!def)
                continue;
            plan.params[name] = parseProbeParam(*def, text);
            used = true;
        }
        if (!used)
            throw UsageError("--set " + s + ": no probe to run" + (probe.empty() ? "" : " named " + probe) +
                             " has a parameter '" + name + "'");
    }
    if (auto t = args.value("--timeout")) {
        double timeout = 0;
        try {
            timeout = parseQuantity(*t, Unit::Seconds);
        } catch (const ModelError& e) {
            throw UsageError(std::string("--timeout: ") + e.what());
        }
        for (runner::RunPlan& plan : plans)
            plan.timeout = timeout;
    }
    if (auto p = args.value("--pairs"))
        for (runner::RunPlan& plan : plans)
            plan.pairing = *p;
    const int parallel = parseParallel(args.value("--parallel"));
    for (runner::RunPlan& plan : plans)
        plan.parallel = parallel;
    return plans;
}

// Each probe on the nodes of its launcher (runner::placeByLauncher): with an
// mpi node, LogGP is measured as MPI sees it (mpi.loggp); the TCP probes run
// on the other nodes, with their pairs chosen among those.
void placeOnNodes(const DesignDocument& doc, std::vector<runner::RunPlan>& plans, const std::vector<runner::Node>& nodes,
                  const sdk::PluginLoader& plugins, const Args& args, std::ostream& err)
{
    const bool anyMpi = std::any_of(nodes.begin(), nodes.end(), [](const runner::Node& n) { return n.transport == "mpi"; });
    const std::vector<std::string> dropped = runner::placeByLauncher(plans, nodes, plugins);
    std::string notRun;
    for (const std::string& p : dropped)
        if (anyMpi && plugins.find(p)->descriptor.launcher != "mpi") // without an mpi node MPI probes are not expected
            notRun += (notRun.empty() ? "" : ", ") + p;
    if (!notRun.empty() && !args.flag("--quiet"))
        err << "clusterscope-cli calibrate: not run (they need local, ssh, slurm or tcp nodes): " << notRun << "\n";
    if (plans.empty())
        throw ModelError("none of the probes this design needs runs on these nodes (" +
                         std::string(anyMpi ? "an mpi node runs only the MPI probes" : "no node") + ")");
    // Pairs by path class among the nodes the pair probes run on.
    std::vector<runner::RunPlan> direct, mpi;
    for (runner::RunPlan& p : plans)
        (plugins.find(p.probe) && plugins.find(p.probe)->descriptor.launcher == "mpi" ? mpi : direct).push_back(std::move(p));
    choosePairs(doc, direct, args.value("--pairs"), err);
    plans = std::move(mpi);
    for (runner::RunPlan& p : direct)
        plans.push_back(std::move(p));
}

std::string general(double v, int digits = 5)
{
    return formatSignificant(v, digits);
}

void printReport(const calib::CalibrationReport& r, std::ostream& out)
{
    out << "calibrated parameters (95% confidence intervals):\n";
    for (const calib::CalibratedParam& p : r.params) {
        out << "  " << p.block << "." << p.param << " = " << formatValue(p.value, p.unit) << "  ["
            << formatValue(p.ciLow, p.unit) << ", " << formatValue(p.ciHigh, p.unit) << "]  was "
            << formatValue(p.previous, p.unit) << "\n"
            << "      " << p.method << " " << p.form << " from " << p.probe << ", " << p.expression
            << "; R^2 = " << general(p.r2) << ", SMAPE = " << formatPercent(p.smape, 2) << "\n";
    }
    if (!r.fits.empty())
        out << "fits:\n";
    for (std::size_t i = 0; i < r.fits.size(); ++i) {
        const calib::FitRecord& f = r.fits[i];
        const calib::FitResult& x = f.result;
        out << "  [" << i << "] " << f.block << ": " << f.probe << " " << f.read
            << (f.xParam.empty() ? "" : " vs " + f.xParam) << ", " << x.method << " " << x.form << ", " << x.n
            << " point(s)";
        if (!f.heldOutX.empty())
            out << " + " << f.heldOutX.size() << " held out";
        if (x.method == "segmented")
            out << ", " << x.segments.size() << " segment(s)";
        out << "; R^2 = " << general(x.r2) << ", SMAPE = " << formatPercent(x.smape, 2) << "\n";
        for (std::size_t j = 0; j < x.names.size(); ++j)
            out << "      " << x.names[j] << " = " << general(x.values[j]) << "  [" << general(x.ciLow[j]) << ", "
                << general(x.ciHigh[j]) << "]\n";
        for (double b : x.breakpoints)
            out << "      breakpoint at x = " << general(b) << "\n";
    }
    if (!r.validation.empty()) {
        out << "validation (x, measured, predicted, relative error):\n";
        for (const calib::ValidationPoint& v : r.validation)
            out << "  [" << v.fit << "] " << v.series << "  " << general(v.x, 10) << "  " << general(v.measured) << "  "
                << general(v.predicted) << "  " << formatPercent(v.relError, 2) << (v.heldOut ? "  held out" : "")
                << "\n";
        out << "mean |error| on fitted points: " << formatPercent(r.meanAbsRelError, 2);
        if (std::isfinite(r.heldOutMeanAbsRelError))
            out << "; on held-out points: mean " << formatPercent(r.heldOutMeanAbsRelError, 2) << ", max "
                << formatPercent(r.heldOutMaxAbsRelError, 2);
        else
            out << "; no points held out";
        out << "\n";
    }
    // Issues and disagreements are among the warnings too (as "not
    // trusted: ..." and "calibrated against drawn: ..."); the summary says
    // what that means for -o.
    for (const std::string& w : r.warnings)
        out << "warning: " << w << "\n";
    if (!r.issues.empty()) {
        std::string names;
        for (const calib::CalibratedParam& p : r.params)
            if (!p.trusted)
                names += (names.empty() ? "" : ", ") + p.block + "." + p.param;
        out << "not trusted (" << r.issues.size() << " issue(s)): " << names
            << "; written only with --accept-poor-fits\n";
    }
}

} // namespace

int calibrateCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err)
{
    const Args args(words,
                    {"--nodes", "--probe", "--set", "--results", "-o", "--hold-out", "--timeout", "--pairs",
                     "--link-bw", "--parallel"},
                    {"--json", "--quiet", "--trust-nodes", "--dry-run", "--accept-poor-fits", "--prefer-calibrated"});
    if (args.positional().size() != 1)
        throw UsageError(args.positional().empty() ? "calibrate needs a DESIGN (a file or a preset name)"
                                                   : "unexpected argument '" + args.positional()[1] + "'");
    const auto resultsFile = args.value("--results");
    if (resultsFile && (args.value("--nodes") || !args.values("--set").empty()))
        throw UsageError("--results uses measured results; --nodes and --set are for running probes");

    calib::CalibrationOptions options;
    if (auto h = args.value("--hold-out")) {
        char* end = nullptr;
        options.holdOutFraction = std::strtod(h->c_str(), &end);
        if (h->empty() || end != h->c_str() + h->size() || !(options.holdOutFraction >= 0.0) ||
            !(options.holdOutFraction < 1.0))
            throw UsageError("--hold-out " + *h + ": expected a fraction in [0, 1), e.g. 0.25");
    }
    options.probes = args.values("--probe");

    DesignDocument doc = openDocument(args.positional().front());
    json results;
    int failedJobs = 0;
    if (resultsFile) {
        results = openResults(*resultsFile);
    } else {
        const std::vector<runner::Node> nodes = nodesFrom(args.value("--nodes"), doc.nodes, "calibrate");
        if (!args.value("--nodes") && !args.flag("--dry-run") && // a dry run starts nothing
            !nodesAllowed(nodes, args.positional().front(), args.flag("--trust-nodes"), "calibrate", err))
            return 2;
        const CoreApp app;
        sdk::PluginLoader plugins;
        plugins.load();
        std::vector<runner::RunPlan> plans = makePlans(doc, args, plugins);
        placeOnNodes(doc, plans, nodes, plugins, args, err);
        const runner::LinkAssumption link = linkFor(doc, args.value("--link-bw"));
        for (runner::RunPlan& plan : plans)
            plan.link = link.link;
        if (args.flag("--dry-run")) {
            if (args.flag("--json"))
                out << dryRunJson(plans, plugins).dump(1) << "\n";
            else
                printDryRun(plans, plugins, out, link.source);
            return 0;
        }
        const std::vector<runner::JobResult> jobs = runPlans(plugins, plans, args.flag("--quiet"), err);
        results = json::array();
        for (const runner::JobResult& j : jobs) {
            results.push_back(runner::resultToJson(j));
            failedJobs += j.ok() ? 0 : 1;
            if (!j.ok())
                err << "clusterscope-cli calibrate: " << j.probe << " " << j.status
                    << (j.reason.empty() ? "" : ": " + j.reason) << "\n";
        }
    }

    const calib::CalibrationReport report = calib::calibrate(doc, results, options);
    if (args.flag("--json"))
        out << calib::reportToJson(report).dump(1) << "\n";
    else
        printReport(report, out);

    if (auto file = args.value("-o")) {
        // One edit of the design and the results through the editing layer,
        // which validates the document before it is saved.
        calib::ApplyOptions applyOptions;
        applyOptions.acceptPoorFits = args.flag("--accept-poor-fits");
        const calib::CalibrationPlan plan = calib::planCalibration(doc, report, applyOptions);
        const std::vector<std::string>& skipped = plan.skipped;
        const edit::Outcome applied =
            edit::applyCalibration(doc, plan.values(), plan.record, resultsFile ? json(nullptr) : results);
        if (!applied.ok())
            throw ModelError("the calibrated design is not valid, not written: " + applied.message());
        // Calibrated against drawn: the user's choice of which value stands.
        for (const calib::Disagreement& d : report.disagreements) {
            if (!args.flag("--prefer-calibrated") || !d.drawnWins)
                continue;
            const edit::Outcome o = edit::setValue(doc, d.choice, d.calibratedStands);
            if (!o.ok())
                throw ModelError("--prefer-calibrated: " + d.choice + ": " + o.message());
            err << "clusterscope-cli calibrate: " << d.choice << " set so that the calibrated " << d.block << "."
                << d.param << " stands\n";
        }
        saveDocument(doc, *file);
        for (const std::string& s : skipped)
            err << "clusterscope-cli calibrate: not applied: " << s << "\n";
        for (const calib::Disagreement& d : report.disagreements)
            if (d.drawnWins && !args.flag("--prefer-calibrated"))
                err << "clusterscope-cli calibrate: the drawn network wins over the calibrated " << d.block << "."
                    << d.param << " (--prefer-calibrated lets the calibrated value stand)\n";
    }
    if (failedJobs > 0)
        err << "clusterscope-cli calibrate: " << failedJobs << " probe job(s) did not succeed\n";
    return 0;
}

} // namespace cs::cli
