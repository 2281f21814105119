// `clusterscope-cli verify`: run the design's application (the seed workload its blocks model) on the live
// nodes at each P, evaluate the design at the same points, and print predicted against measured per
// variant, P and quantity. The comparison is model/verification (shared with the GUI).
#include "app/cli/Args.h"
#include "app/cli/Cli.h"
#include "app/cli/DocumentInput.h"
#include "app/cli/ProbeRunSupport.h"

#include "model/core/ModelError.h"
#include "model/core/Unit.h"
#include "model/document/DocumentFormat.h"
#include "model/verification/Verification.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <ostream>
#include <sstream>

namespace cs::cli {

namespace {

using nlohmann::json;

// --at P=2,4,8 (or 2,4,8): whole numbers >= 2, ascending, no repeats.
std::vector<int> parseAt(const std::string& text)
{
    std::string list = text;
    if (list.rfind("P=", 0) == 0)
        list = list.substr(2);
    else if (list.find('=') != std::string::npos)
        throw UsageError("--at " + text + ": only P can be chosen (--at P=2,4,8)");
    std::vector<int> Ps;
    std::stringstream ss(list);
    std::string item;
    while (std::getline(ss, item, ',')) {
        char* end = nullptr;
        const long v = std::strtol(item.c_str(), &end, 10);
        if (item.empty() || end != item.c_str() + item.size() || v < 2 || v > 1024)
            throw UsageError("--at " + text + ": '" + item + "' is not a node count from 2 to 1024");
        if (std::find(Ps.begin(), Ps.end(), static_cast<int>(v)) == Ps.end())
            Ps.push_back(static_cast<int>(v));
    }
    if (Ps.empty())
        throw UsageError("--at " + text + ": no P given");
    std::sort(Ps.begin(), Ps.end());
    return Ps;
}

std::string pct(double f)
{
    if (!std::isfinite(f))
        return "-";
    char b[32];
    std::snprintf(b, sizeof b, "%+.1f%%", 100.0 * f);
    return b;
}

std::string secs(double v)
{
    return std::isfinite(v) ? formatMeasured(v, "s") : std::string("-");
}

void printStats(const char* what, const verify::ErrorStats& s, std::ostream& out)
{
    out << "  " << what << ": ";
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
                      secs(x.measuredHi).c_str(), x.n, pct(x.error).c_str(), x.heldOut ? "  held out" : "");
        out << line;
    }
    out << "summary (error = (predicted - measured) / measured):\n";
    printStats("held out (P no calibration probe spanned)", r.heldOut, out);
    printStats("at P the calibration used", r.used, out);
    if (!r.bandParams.empty()) {
        out << "band over the calibrated inputs' 95% CIs:";
        for (const std::string& p : r.bandParams)
            out << " " << p;
        out << "\n";
    }
    for (const std::string& n : r.notes)
        out << "note: " << n << "\n";
}

json readResultsFile(const std::string& path)
{
    std::ifstream f(path);
    if (!f)
        throw ModelError(path + ": cannot read the results file");
    json j;
    try {
        j = json::parse(f);
    } catch (const json::parse_error& e) {
        throw ModelError(path + ": not JSON: " + e.what());
    }
    if (j.is_object() && j.contains("results"))
        return j["results"];
    if (j.is_object() && j.contains("measured"))
        return j["measured"];
    if (j.is_array())
        return j;
    throw ModelError(path + ": expected a probe results file (an object with \"results\")");
}

struct Target {
    std::string variant, block;
    const verify::Application* app = nullptr;
    std::vector<std::pair<std::string, double>> params; // probe parameters from the block's inputs
};

Target targetOf(const DesignDocument& doc, const Variant& v)
{
    Target t;
    t.variant = v.name;
    t.block = Endpoint::parse(v.total).block;
    const BlockInstance* bi = doc.design.findBlock(t.block);
    if (!bi)
        throw ModelError("variant '" + v.name + "': its total " + v.total + " names no block");
    t.app = verify::applicationFor(bi->spec().id);
    if (!t.app)
        throw ModelError("variant '" + v.name + "': no application probe runs what block " + t.block + " (" +
                         bi->spec().id + ") models; verify knows fftw.transpose (app.fft2d)");
    for (const auto& [input, param] : t.app->inputs) {
        double value = doc.design.value(Endpoint{t.block, input}).value;
        for (const auto& [path, over] : v.overrides)
            if (path == t.block + "." + input)
                value = over;
        t.params.emplace_back(param, value);
    }
    return t;
}

} // namespace

int verifyCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err)
{
    const Args args(words, {"--nodes", "--at", "--variant", "--set", "--timeout", "--results", "-o"},
                    {"--json", "--quiet", "--trust-nodes"});
    if (args.positional().size() != 1)
        throw UsageError(args.positional().empty() ? "verify needs a DESIGN (a file or a preset name)"
                                                   : "unexpected argument '" + args.positional()[1] + "'");
    const auto resultsFile = args.value("--results");
    if (resultsFile && (args.value("--nodes") || args.value("--at") || !args.values("--set").empty()))
        throw UsageError("--results compares saved application results; --nodes, --at and --set are for running");

    const DesignDocument doc = openDocument(args.positional().front());
    std::vector<Target> targets;
    for (const Variant& v : doc.effectiveVariants())
        if (!args.value("--variant") || *args.value("--variant") == v.name)
            targets.push_back(targetOf(doc, v));
    if (targets.empty())
        throw ModelError("--variant " + args.value("--variant").value_or("") + ": no variant of that name");

    json results = json::array();
    if (resultsFile) {
        results = readResultsFile(*resultsFile);
    } else {
        const std::vector<runner::Node> nodes = nodesFrom(args.value("--nodes"), doc.nodes, "verify");
        if (!args.value("--nodes") &&
            !nodesAllowed(nodes, args.positional().front(), args.flag("--trust-nodes"), "verify", err))
            return 2;
        // Over MPI (an mpi:N node) the application runs as mpi.app.fft2d under mpirun, P ranks of that node at
        // each P; otherwise among agents over TCP, on the first P nodes.
        const bool mpi = std::any_of(nodes.begin(), nodes.end(), [](const runner::Node& n) { return n.transport == "mpi"; });
        if (mpi && nodes.size() != 1)
            throw ModelError("verify over MPI takes one mpi node (--nodes mpi:N), whose ranks it runs at each P; got " +
                             std::to_string(nodes.size()) + " nodes");
        const int available = mpi ? nodes.front().ranks : static_cast<int>(nodes.size());
        std::vector<int> Ps;
        if (auto at = args.value("--at"))
            Ps = parseAt(*at);
        else
            for (int p = 2; p <= available; p *= 2)
                Ps.push_back(p);
        const CoreApp app;
        sdk::PluginLoader plugins;
        plugins.load();
        std::vector<runner::RunPlan> plans;
        for (const Target& t : targets) {
            const std::string& probe = mpi ? t.app->mpiProbe : t.app->probe;
            if (probe.empty())
                throw ModelError("variant '" + t.variant + "': " + t.app->probe + " has no MPI version; give local, ssh, "
                                 "slurm or tcp nodes");
            const sdk::LoadedProbe* lp = plugins.find(probe);
            if (!lp)
                throw ModelError("probe " + probe + " is not installed (clusterscope-cli probe --list)");
            for (int P : Ps) {
                if (P > available)
                    throw ModelError("--at P=" + std::to_string(P) + ": only " + std::to_string(available) +
                                     (mpi ? " rank(s) in " + nodes.front().name : std::string(" node(s) given")));
                runner::RunPlan plan;
                plan.probe = probe;
                if (mpi) {
                    plan.nodes = {nodes.front()};
                    plan.nodes.front().ranks = P;
                } else {
                    plan.nodes.assign(nodes.begin(), nodes.begin() + P);
                }
                for (const auto& [name, value] : t.params)
                    plan.params[name] = value;
                for (const std::string& s : args.values("--set")) {
                    auto [name, text] = splitAssignment(s, "--set");
                    const sdk::ParamDef* def = lp->descriptor.findParam(name);
                    if (!def)
                        throw UsageError("--set " + s + ": " + probe + " has no parameter '" + name + "'");
                    plan.params[name] = parseProbeParam(*def, text);
                }
                // The application's own budget decides its length; the timeout allows three times that.
                const double budget = plan.params.contains("budget") ? plan.params["budget"].get<double>()
                                                                     : lp->descriptor.findParam("budget")->defaultValue;
                plan.timeout = 120.0 + 3.0 * budget;
                if (auto tm = args.value("--timeout"))
                    plan.timeout = parseQuantity(*tm, Unit::Seconds);
                plans.push_back(std::move(plan));
            }
        }
        const std::vector<runner::JobResult> jobs = runPlans(plugins, plans, args.flag("--quiet"), err);
        int failed = 0;
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

    const std::set<double> calibratedP = verify::calibratedNodeCounts(doc);
    json all = json::array();
    verify::Report merged;
    for (const Target& t : targets) {
        // Runs of either transport: the application's phases have the same names.
        std::vector<verify::MeasuredPoint> points =
            verify::measuredFromResults(results, t.app->probe, t.app->quantities);
        if (!t.app->mpiProbe.empty()) {
            const std::vector<verify::MeasuredPoint> overMpi =
                verify::measuredFromResults(results, t.app->mpiProbe, t.app->quantities);
            points.insert(points.end(), overMpi.begin(), overMpi.end());
        }
        const verify::Report r =
            verify::compare(doc, t.variant, verify::pathOfP(doc, t.block), points, calibratedP);
        merged.rows.insert(merged.rows.end(), r.rows.begin(), r.rows.end());
        merged.notes.insert(merged.notes.end(), r.notes.begin(), r.notes.end());
        if (merged.bandParams.empty())
            merged.bandParams = r.bandParams;
    }
    merged.heldOut = verify::errorStats(merged.rows, 1);
    merged.used = verify::errorStats(merged.rows, 0);
    merged.all = verify::errorStats(merged.rows, -1);
    if (calibratedP.empty())
        merged.notes.push_back("the design holds no calibration probe results: every point counts as held out");
    if (args.flag("--json"))
        out << verify::toJson(merged).dump(1) << "\n";
    else
        printReport(merged, out);
    return merged.rows.empty() ? 1 : 0;
}

} // namespace cs::cli
