// `clusterscope-cli run-app`: the user's own program on P ranks of live nodes, launched the nodes' own way
// (mpirun, srun; app/runner/apprun/AppLaunch.h) and timed (wall time less the launch overhead, or the number it
// prints), `--repeat` times per P; or measurements imported from CSV or Extra-P's text format. The runs are
// results (probe app.run, params.P, series T with median and 95% CI) for -o and for a design's `measured`.
#include "app/cli/Args.h"
#include "app/cli/Cli.h"
#include "app/cli/DocumentInput.h"
#include "app/cli/ProbeRunSupport.h"

#include "app/runner/Consent.h"
#include "app/runner/apprun/AppRecord.h"
#include "app/runner/apprun/AppRun.h"
#include "app/runner/apprun/MeasuredImport.h"
#include "model/core/ModelError.h"
#include "model/core/Printable.h"
#include "model/core/Unit.h"
#include "model/core/AtomicFile.h"
#include "model/document/DocumentFormat.h"
#include "model/verification/VerifyTargets.h"

#include <QTemporaryDir>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <ostream>

namespace cs::cli {

namespace {

using nlohmann::json;
namespace apprun = runner::apprun;

std::atomic<bool> gStop{false};

extern "C" void onRunAppInterrupt(int)
{
    gStop = true;
}

int positiveCount(const std::optional<std::string>& text, const char* option, int fallback, int most)
{
    if (!text)
        return fallback;
    char* end = nullptr;
    const long n = std::strtol(text->c_str(), &end, 10);
    if (text->empty() || end != text->c_str() + text->size() || n < 1 || n > most)
        throw UsageError(std::string(option) + " " + *text + ": expected a whole number from 1 to " +
                         std::to_string(most));
    return static_cast<int>(n);
}

std::string series(const json& result, const char* name, const char* key)
{
    const json& s = result["summary"]["series"];
    if (!s.contains(name))
        return "-";
    return formatValue(s[name][key], s[name].value("unit", "s"));
}

void printTable(const std::vector<runner::JobResult>& results, std::ostream& out, std::ostream& err)
{
    out << "   P    n  T median    95% CI of the median      launch overhead  status\n";
    for (const runner::JobResult& r : results) {
        const json j = runner::resultToJson(r, false);
        const json& T = j["summary"]["series"].contains("T") ? j["summary"]["series"]["T"] : json::object();
        const std::string ci = "[" + series(j, "T", "ci_lo") + ", " + series(j, "T", "ci_hi") + "]";
        char line[300];
        std::snprintf(line, sizeof line, "%4d  %3d  %-10s  %-24s  %-15s  %s\n", j["params"]["P"].get<int>(),
                      T.value("n", 0), series(j, "T", "median").c_str(), ci.c_str(),
                      series(j, "launch_overhead", "median").c_str(), r.status.c_str());
        out << line;
        // Wall timing of a program shorter than its launch: the difference is mostly the launch's noise.
        const json& s = j["summary"]["series"];
        if (s.contains("launch_overhead") && T.contains("median") && T["median"].is_number() &&
            s["launch_overhead"]["median"].is_number() &&
            T["median"].get<double>() < s["launch_overhead"]["median"].get<double>())
            err << "clusterscope-cli run-app: note: at P = " << j["params"]["P"].get<int>()
                << " the program took less than its launch (" << series(j, "launch_overhead", "median")
                << "); its times are mostly the launch's variation: run it longer or use --time stdout:REGEX\n";
    }
}

// The results to -o and --into, and --record's recordings beside -o's results (docs/format.md, "Recorded runs");
// the status: 0 when every P ran, 1 otherwise.
int save(const Args& args, const std::vector<runner::JobResult>& results, std::ostream& out, std::ostream& err,
         const json& recordings = json())
{
    json document = runner::resultsDocument(results, true);
    if (recordings.is_array())
        document["recordings"] = recordings;
    if (auto file = args.value("-o"))
        writeFileAtomically(*file, document.dump(1) + "\n");
    if (auto design = args.value("--into"))
        runner::appendToDocument(*design, results);
    int failed = 0;
    for (const runner::JobResult& r : results)
        if (!r.ok()) {
            ++failed;
            err << "clusterscope-cli run-app: " << printable(r.reason.empty() ? r.status : r.reason) << "\n";
        }
    if (!args.flag("--json"))
        printTable(results, out, err);
    else
        out << document.dump(1) << "\n";
    return failed ? 1 : 0;
}

int importCommand(const Args& args, std::ostream& out, std::ostream& err)
{
    for (const char* o : {"--nodes", "--at", "--repeat", "--time", "--timeout", "--overhead-runs"})
        if (args.value(o))
            throw UsageError(std::string("--import reads measurements; ") + o + " is for running a program");
    if (!args.values("--set").empty())
        throw UsageError("--import reads measurements; --set is for running a program");
    apprun::ImportChoice choice;
    choice.region = args.value("--region").value_or("");
    choice.metric = args.value("--metric").value_or("");
    std::vector<runner::JobResult> results;
    try {
        results = apprun::importMeasurements(*args.value("--import"), choice);
    } catch (const std::invalid_argument& e) {
        throw ModelError(e.what());
    }
    return save(args, results, out, err);
}

std::string commandLine(const std::vector<std::string>& words)
{
    std::string s = "clusterscope-cli run-app";
    for (const std::string& w : words)
        s += " " + runner::shellQuote(w);
    return s;
}

} // namespace

int runAppCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err)
{
    // Everything after "--" is the program and its arguments, never run-app's options.
    const auto dashes = std::find(words.begin(), words.end(), "--");
    const std::vector<std::string> own(words.begin(), dashes);
    const std::vector<std::string> program = dashes == words.end() ? std::vector<std::string>{}
                                                                   : std::vector<std::string>(dashes + 1, words.end());
    const Args args(own,
                    {"--nodes", "--at", "--repeat", "--set", "--time", "--timeout", "--overhead-runs", "-o", "--into",
                     "--import", "--region", "--metric", "--record-dir"},
                    {"--json", "--quiet", "--trust-nodes", "--record"});
    if (!args.positional().empty())
        throw UsageError("unexpected argument '" + args.positional().front() +
                         "' (the program goes after --: run-app ... -- PROGRAM ARGS)");
    if (!args.value("-o") && !args.value("--into"))
        throw UsageError("run-app needs -o RESULTS.json or --into DESIGN: the runs must be kept somewhere");
    if (args.value("--import")) {
        if (!program.empty())
            throw UsageError("--import reads measurements; there is no program to run");
        if (args.flag("--record"))
            throw UsageError("--import reads measurements; --record records a program that run-app runs");
        return importCommand(args, out, err);
    }
    if (args.value("--region") || args.value("--metric"))
        throw UsageError("--region and --metric choose what --import reads");
    if (program.empty() || program.front().empty())
        throw UsageError("run-app needs the program after --: run-app --nodes SPEC --at P=1,2,4 -o runs.json -- "
                         "PROGRAM ARGS");

    apprun::AppRunRequest req;
    req.argv = program;
    req.commandLine = commandLine(words);
    // The nodes: --nodes, else the design's that --into names; those run only with the user's consent.
    json documentNodes;
    if (!args.value("--nodes") && args.value("--into"))
        documentNodes = openDocument(*args.value("--into")).nodes;
    req.nodes = nodesFrom(args.value("--nodes"), documentNodes, "run-app");
    try {
        req.Ps = verify::parseNodeCounts(args.value("--at").value_or("P=1"), 1);
    } catch (const ModelError& e) {
        throw UsageError(std::string("--at ") + e.what());
    }
    req.repeat = positiveCount(args.value("--repeat"), "--repeat", 5, 10000);
    req.overheadRuns = positiveCount(args.value("--overhead-runs"), "--overhead-runs", 5, 1000);
    for (const std::string& s : args.values("--set"))
        req.sets.push_back(splitAssignment(s, "--set"));
    try {
        req.timing = apprun::parseTiming(args.value("--time").value_or("wall"));
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
    if (auto t = args.value("--timeout"))
        req.timeout = parseQuantity(*t, Unit::Seconds);
    if (args.flag("--record")) {
        if (!args.value("-o"))
            throw UsageError("--record keeps its recordings in the results file: give -o RUNS.json");
        req.recordLibrary = apprun::findRecordLibrary();
        if (req.recordLibrary.empty())
            throw ModelError("--record needs libcsrecord.so, the recording library built with MPI (libopenmpi-dev), "
                             "in lib/clusterscope beside this program's bin/ or at CLUSTERSCOPE_RECORD_LIB; it is "
                             "not there");
        req.nodesSpec = args.value("--nodes").value_or(documentNodes.is_null() ? "" : documentNodes.dump());
        if (auto dir = args.value("--record-dir")) {
            if (dir->empty() || dir->front() != '/')
                throw UsageError("--record-dir " + *dir + ": give an absolute path, the same on every node");
            req.recordDir = *dir;
        }
    } else if (args.value("--record-dir")) {
        throw UsageError("--record-dir is where --record writes its traces; give --record too");
    }

    const CoreApp app;
    QTemporaryDir work;
    runner::LaunchContext ctx = runner::defaultLaunchContext();
    ctx.workDir = work.path().toStdString();
    // Each launch planned now: a P above the ranks or a placeholder not set stops before anything runs.
    std::vector<std::string> launches;
    try {
        for (int P : req.Ps) {
            const runner::LaunchPlan plan =
                apprun::planAppLaunch(req.nodes, P, apprun::substitute(req.argv, P, req.sets), ctx, "P");
            launches.push_back("P = " + std::to_string(P) + ": " + plan.agent.text());
        }
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
    if (!args.value("--nodes") && !args.flag("--trust-nodes") &&
        std::any_of(req.nodes.begin(), req.nodes.end(), runner::needsConsent)) {
        err << "clusterscope-cli run-app: the nodes of " << printable(*args.value("--into"))
            << " would run these commands (a design file may come from anyone):\n";
        for (const std::string& l : launches)
            err << "  " << printable(l) << "\n";
        err << "clusterscope-cli run-app: check them, then run again with --trust-nodes to allow them\n";
        return 2;
    }

    gStop = false;
    auto previous = std::signal(SIGINT, onRunAppInterrupt);
    std::vector<runner::JobResult> results;
    json recordings = req.recordLibrary.empty() ? json() : json::array();
    try {
        results = apprun::runApp(
            req, ctx,
            [&](const std::string& line) {
                if (!args.flag("--quiet"))
                    err << "run-app: " << line << std::endl;
            },
            &gStop, recordings.is_array() ? &recordings : nullptr);
    } catch (const std::invalid_argument& e) {
        std::signal(SIGINT, previous);
        throw UsageError(e.what());
    }
    std::signal(SIGINT, previous);
    return save(args, results, out, err, recordings);
}

} // namespace cs::cli
