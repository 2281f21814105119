// `clusterscope-cli replay`: a program's recording (run-app --record, kept in
// RUNS.json) replayed on the design's network (model/recording/Replay.h): for
// each recorded P, or the --at ones, the predicted time on the design's
// topology with its job placement and the LogGP of its logp.loggp block, the
// measured median of that P's app.run result in the same file, and the error.
#include "app/cli/Args.h"
#include "app/cli/Cli.h"
#include "app/cli/DocumentInput.h"
#include "app/cli/TableOutput.h"

#include "model/core/ModelError.h"
#include "model/core/Unit.h"
#include "model/recording/DesignNetwork.h"
#include "model/recording/Prediction.h"
#include "model/recording/RecordingJson.h"
#include "model/recording/Replay.h"
#include "model/recording/TimeIndependent.h"
#include "model/verification/VerifyTargets.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <ostream>

namespace cs::cli {

namespace {

using nlohmann::json;

// The recording as SimGrid's time-independent traces: DIR/P<P>/rank-<i>.txt and the list
// smpirun -replay reads, DIR/P<P>/traces.txt. Returns the list's path.
std::string exportSimGrid(const rec::Recording& recording, const std::string& dir, double flops)
{
    namespace fs = std::filesystem;
    const fs::path at = fs::path(dir) / ("P" + std::to_string(recording.P()));
    std::error_code ec;
    fs::create_directories(at, ec);
    if (ec)
        throw ModelError("--export-simgrid: cannot make " + at.string() + ": " + ec.message());
    const std::vector<std::string> texts = rec::exportTimeIndependent(recording, flops);
    std::string list;
    for (std::size_t i = 0; i < texts.size(); ++i) {
        const fs::path file = fs::absolute(at / ("rank-" + std::to_string(i) + ".txt"));
        std::ofstream(file) << texts[i];
        list += file.string() + "\n";
    }
    const fs::path listFile = at / "traces.txt";
    std::ofstream out(listFile);
    out << list;
    if (!out)
        throw ModelError("--export-simgrid: cannot write " + listFile.string());
    return listFile.string();
}

std::string secs(double v)
{
    return std::isfinite(v) ? formatMeasured(v, "s") : std::string("-");
}

json number(double v)
{
    return std::isfinite(v) ? json(v) : json(nullptr);
}

} // namespace

int replayCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err)
{
    const Args args(words, {"--results", "--at", "--net", "--export-simgrid", "--flops"}, {"--json"});
    if (args.positional().size() != 1)
        throw UsageError(args.positional().empty() ? "replay needs a DESIGN (a file or a preset name)"
                                                   : "unexpected argument '" + args.positional()[1] + "'");
    const auto file = args.value("--results");
    if (!file)
        throw UsageError("replay needs --results RUNS.json (run-app --record writes the recordings there)");
    const DesignDocument doc = openDocument(args.positional().front());
    const json results = openResults(*file); // checked like every results file
    const std::vector<rec::RecordedRun> recordings = rec::readRecordings(*file);
    if (recordings.empty())
        throw ModelError(*file + " holds no recordings (run-app --record writes them)");
    const std::map<int, const rec::RecordedRun*> byP = rec::recordingsByP(recordings);
    const std::map<int, double> measured = rec::measuredByP(results);

    std::vector<int> Ps;
    if (const auto at = args.value("--at")) {
        try {
            Ps = verify::parseNodeCounts(*at, 1);
        } catch (const ModelError& e) {
            throw UsageError(std::string("--at ") + e.what());
        }
    } else {
        for (const auto& [P, r] : byP)
            Ps.push_back(P);
    }
    double flops = 1e9;
    if (const auto f = args.value("--flops")) {
        char* end = nullptr;
        flops = std::strtod(f->c_str(), &end);
        if (end != f->c_str() + f->size() || !(flops > 0) || !std::isfinite(flops))
            throw UsageError("--flops " + *f + ": expected the flop rate (flop/s) above 0");
    }
    std::vector<std::string> exported;
    std::vector<rec::Prediction> rows;
    for (int P : Ps) {
        rec::Prediction row = rec::predict(doc, byP, P, measured, args.value("--net").value_or(""), {}, *file);
        if (const auto dir = args.value("--export-simgrid"))
            exported.push_back(exportSimGrid(row.made ? *row.made : byP.at(P)->recording, *dir, flops));
        rows.push_back(std::move(row));
    }

    if (args.flag("--json")) {
        json a = json::array();
        for (const rec::Prediction& r : rows)
            a.push_back({{"P", r.P},
                         {"predicted", r.predicted},
                         {"measured", number(r.measured)},
                         {"error", number(r.error)},
                         {"recorded_at", r.recordedAt},
                         {"synthesized", r.synthesized},
                         {"poor_sites", r.poorSites},
                         {"predicted_alone", r.alone},
                         {"messages", r.result.messages},
                         {"collectives", r.result.collectives},
                         {"priced_flow_sets", r.result.pricedFlowSets},
                         {"loggp", r.net.loggpBlock},
                         {"placement", r.net.placement},
                         {"hosts", r.net.hosts}});
        out << a.dump(1) << "\n";
        return 0;
    }
    out << "  P  predicted   measured    error    recorded at   without contention  messages  collectives\n";
    for (const rec::Prediction& r : rows) {
        char line[300];
        std::snprintf(line, sizeof line, "%3d  %-10s  %-10s  %7s  %11d%s  %-18s  %8llu  %11llu\n", r.P,
                      secs(r.predicted).c_str(), secs(r.measured).c_str(), signedPercent(r.error).c_str(), r.recordedAt,
                      r.synthesized ? "*" : " ",
                      secs(r.alone).c_str(), static_cast<unsigned long long>(r.result.messages),
                      static_cast<unsigned long long>(r.result.collectives));
        out << line;
    }
    if (!rows.empty()) {
        const rec::Prediction& r = rows.front();
        out << "network: LogGP from " << r.net.loggpBlock;
        if (!r.net.placement.empty())
            out << ", the design's topology with the job placed " << r.net.placement << " ("
                << r.net.hosts.size() << " hosts at P = " << r.P << ")";
        else
            out << "; the design has no topology: no contention between messages";
        out << "\nerror = (predicted - measured) / measured; measured: the median of the app.run result of that P\n";
    }
    for (const rec::Prediction& r : rows) {
        if (r.synthesized)
            out << "* P = " << r.P << " was not recorded: synthesised from the recordings, the one at P = "
                << r.recordedAt << " its template" << (r.poorSites.empty() ? "; every fit is good\n" : "\n");
        for (const std::string& s : r.poorSites)
            out << "  poor fit, the prediction is less sure: " << s << "\n";
    }
    for (const std::string& list : exported)
        err << "clusterscope-cli replay: SimGrid's traces: " << list << " (smpirun -replay " << list
            << ", compute written at " << flops << " flop/s: give the platform's hosts that speed)\n";
    return 0;
}

} // namespace cs::cli
