// `clusterscope-cli replay`: a program's recording (run-app --record, kept in
// RUNS.json) replayed on the design's network (model/recording/Replay.h): for
// each recorded P, or the --at ones, the predicted time on the design's
// topology with its job placement and the LogGP of its logp.loggp block, the
// measured median of that P's app.run result in the same file, and the error;
// with --simulate, the same recording simulated on SimGrid beside it
// (sim/RecordingSim.h: the platform `simulate` builds, one actor per rank).
#include "app/cli/Args.h"
#include "app/cli/Cli.h"
#include "app/cli/DocumentInput.h"
#include "app/cli/TableOutput.h"

#include "model/core/ModelError.h"
#include "model/core/NumberFormat.h"
#include "model/core/Unit.h"
#include "model/recording/BarrierSpan.h"
#include "model/prediction/DesignNetwork.h"
#include "model/prediction/Prediction.h"
#include "model/recording/RecordingJson.h"
#include "model/recording/Replay.h"
#include "model/recording/TimeIndependent.h"
#include "model/verification/VerifyTargets.h"
#include "sim/RecordingRows.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <ostream>
#include <string>

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

// The SimGrid replay of every row (sim/RecordingRows.h, as the GUI's), each refused before any starts when it
// is too big (its estimate said).
std::vector<sim::SimulatedRow> simulateRows(const std::vector<rec::Prediction>& rows,
                                            const std::map<int, const rec::RecordedRun*>& byP, const Args& args,
                                            std::ostream& err)
{
    sim::RecordingSimOptions o;
    if (const auto m = args.value("--max-events")) {
        o.maxEvents = parseQuantity(*m, Unit::Count);
        if (!(o.maxEvents >= 1) || !std::isfinite(o.maxEvents))
            throw UsageError("--max-events " + *m + " must be a count of 1 or more");
    }
    if (const auto t = args.value("--timeout")) {
        o.sim.timeoutSeconds = parseQuantity(*t, Unit::Seconds);
        if (!(o.sim.timeoutSeconds > 0))
            throw UsageError("--timeout " + *t + " must be a time > 0");
    }
    for (const rec::Prediction& r : rows) {
        try {
            sim::checkSimulatable(r, byP, o);
        } catch (const ModelError& e) {
            throw ModelError(std::string("--simulate at ") + e.what() + (r.net.topology ? " (--max-events)" : ""));
        }
    }
    std::vector<sim::SimulatedRow> out;
    for (const rec::Prediction& r : rows) {
        out.push_back(sim::simulateRow(r, byP, o));
        err << "clusterscope-cli replay: P = " << r.P << " simulated in " << formatMeasured(out.back().wall, "s")
            << " of wall time\n";
    }
    return out;
}

// --between I:J (nothing without it), refused when it is malformed, when I does not come before J, or beside
// --whole.
std::optional<rec::BarrierPair> barriersOf(const Args& args)
{
    const auto text = args.value("--between");
    if (!text)
        return std::nullopt;
    if (args.flag("--whole"))
        throw UsageError("--between " + *text + " and --whole ask for two different spans: give one (--between "
                         "prices the span between two barriers of all ranks, --whole the whole run)");
    try {
        return rec::parseBarrierPair(*text);
    } catch (const ModelError& e) {
        throw UsageError("--between " + *text + ": " + e.what());
    }
}

// The span a row priced, as the table's note says it.
std::string spanText(const rec::Prediction& p, bool whole)
{
    if (!p.timed)
        return whole ? "the whole run (--whole)" : "the whole run (fewer than two barriers of all ranks were recorded)";
    if (!p.result.between)
        return "from the end of the first barrier of all ranks to the end of the last";
    return "from the end of barrier " + std::to_string(p.spanFrom + 1) + " of all ranks to the end of barrier " +
           std::to_string(p.spanTo + 1) + " (of " + std::to_string(p.result.barrierEnds.size()) + "; --between " +
           rec::toString(*p.result.between) + ")";
}

// The --json row's "span": "barriers" (the first to the last), "barriers I:J" (--between, as given) or "whole".
std::string spanName(const rec::Prediction& p)
{
    if (!p.timed)
        return "whole";
    return p.result.between ? "barriers " + rec::toString(*p.result.between) : "barriers";
}

} // namespace

int replayCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err)
{
    const Args args(words,
                    {"--results", "--at", "--net", "--export-simgrid", "--flops", "--max-events", "--timeout",
                     "--between"},
                    {"--json", "--simulate", "--whole"});
    if (args.positional().size() != 1)
        throw UsageError(args.positional().empty() ? "replay needs a DESIGN (a file or a preset name)"
                                                   : "unexpected argument '" + args.positional()[1] + "'");
    const auto file = args.value("--results");
    if (!file)
        throw UsageError("replay needs --results RUNS.json (run-app --record writes the recordings there)");
    const std::optional<rec::BarrierPair> between = barriersOf(args);
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
    // Per row: the prediction as if no link had a token bucket (ReplayOptions::buckets false), where the design's
    // network has a link with a burst; NaN where it has none. And as SimGrid's replay models the network: without
    // the buckets, without Open MPI's put protocol (ReplayOptions::protocol false) and without TCP's ACKs on the
    // reverse routes (ReplayOptions::acks false; SimGrid runs without its cross-traffic), where the design has any;
    // --simulate is compared with it.
    std::vector<double> noBucket, asSimulated;
    for (int P : Ps) {
        rec::ReplayOptions options;
        options.wholeRun = args.flag("--whole");
        options.between = between;
        rec::Prediction row;
        try {
            row = rec::predict(doc, byP, P, measured, args.value("--net").value_or(""), options, *file);
            noBucket.push_back(NAN);
            asSimulated.push_back(NAN);
            const auto again = [&] {
                return rec::predict(doc, byP, P, measured, args.value("--net").value_or(""), options, *file).predicted;
            };
            if (!row.net.net.buckets.empty()) {
                options.buckets = false;
                noBucket.back() = again();
                asSimulated.back() = noBucket.back();
            }
            if (row.net.net.putFrom > 0 || row.net.net.ack > 0) {
                options.buckets = false;
                options.protocol = false;
                options.acks = false;
                asSimulated.back() = again();
            }
        } catch (const rec::BarrierRangeError& e) {
            throw ModelError("--between " + *args.value("--between") + ": " + e.what());
        }
        if (const auto dir = args.value("--export-simgrid"))
            exported.push_back(exportSimGrid(row.made ? *row.made : byP.at(P)->recording, *dir, flops));
        rows.push_back(std::move(row));
    }

    const bool simulate = args.flag("--simulate");
    if (!simulate && (args.value("--max-events") || args.value("--timeout")))
        throw UsageError("--max-events and --timeout are for --simulate");
    const std::vector<sim::SimulatedRow> simulated =
        simulate ? simulateRows(rows, byP, args, err) : std::vector<sim::SimulatedRow>();

    if (args.flag("--json")) {
        json a = json::array();
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const rec::Prediction& r = rows[i];
            a.push_back({{"P", r.P},
                         {"predicted", r.predicted},
                         {"measured", number(r.measured)},
                         {"error", number(r.error)},
                         {"recorded_at", r.recordedAt},
                         {"synthesized", r.synthesized},
                         {"poor_sites", r.poorSites},
                         {"predicted_alone", r.alone},
                         {"span", spanName(r)},
                         {"span_barriers", r.timed ? json::array({r.spanFrom + 1, r.spanTo + 1}) : json(nullptr)},
                         {"barriers", r.result.barrierEnds.size()},
                         {"predicted_whole", r.whole},
                         {"messages", r.result.messages},
                         {"collectives", r.result.collectives},
                         {"priced_flow_sets", r.result.pricedFlowSets},
                         {"loggp", r.net.loggpBlock},
                         {"placement", r.net.placement},
                         {"hosts", r.net.hosts}});
            if (!std::isnan(noBucket[i]))
                a.back()["predicted_no_bucket"] = noBucket[i];
            if (!std::isnan(asSimulated[i]))
                a.back()["predicted_as_simulated"] = asSimulated[i];
            if (simulate) {
                const sim::SimulatedRow& x = simulated[i];
                a.back()["simulated"] = number(x.seconds);
                a.back()["simulated_error"] = number(x.error);
                a.back()["simulated_messages"] = x.messages;
                a.back()["simulated_wall_seconds"] = number(x.wall);
            }
        }
        out << a.dump(1) << "\n";
        return 0;
    }
    out << "  P  predicted  " << (simulate ? " simulated   sim/pred " : "") << " measured    error  "
        << (simulate ? "sim error " : "") << "  recorded at   without contention  messages  collectives\n";
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const rec::Prediction& r = rows[i];
        char sim[64] = "", simError[16] = "";
        if (simulate) {
            // SimGrid's links have no bucket, nor its ranks Open MPI's put protocol: its time is compared with the
            // prediction without either.
            const double against = std::isnan(asSimulated[i]) ? r.predicted : asSimulated[i];
            std::snprintf(sim, sizeof sim, "%-10s  %8.4f  ", secs(simulated[i].seconds).c_str(),
                          simulated[i].seconds / against);
            std::snprintf(simError, sizeof simError, "%9s", formatPercent(simulated[i].error, 1, true).c_str());
        }
        char line[400];
        std::snprintf(line, sizeof line, "%3d  %-10s  %s%-10s  %7s  %s%11d%s  %-18s  %8llu  %11llu\n", r.P,
                      secs(r.predicted).c_str(), sim, secs(r.measured).c_str(), formatPercent(r.error, 1, true).c_str(),
                      simError, r.recordedAt, r.synthesized ? "*" : " ", secs(r.alone).c_str(),
                      static_cast<unsigned long long>(r.result.messages),
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
        // Which span each P's prediction is (Prediction::timed, spanFrom, spanTo): one line when it is the same
        // for all.
        const auto said = [&](const rec::Prediction& p) { return spanText(p, args.flag("--whole")); };
        const bool allTimed = std::all_of(rows.begin(), rows.end(), [](const rec::Prediction& p) { return p.timed; });
        const bool same =
            std::all_of(rows.begin(), rows.end(), [&](const rec::Prediction& p) { return said(p) == said(r); });
        if (allTimed && same)
            out << "predicted: " << said(r)
                << (between ? ", the span the program times itself in"
                            : ", the span a program times itself in, its setup left out")
                << " (--whole prices the whole run)\n";
        for (const rec::Prediction& p : rows)
            if (!(allTimed && same))
                out << "P = " << p.P << ": predicted " << said(p) << "\n";
        const bool buckets = std::any_of(noBucket.begin(), noBucket.end(), [](double v) { return !std::isnan(v); });
        if (buckets) {
            out << "token buckets: the links' bursts were modelled (a link passes its burst above its rate after an "
                   "idle spell); without them:";
            for (std::size_t i = 0; i < rows.size(); ++i)
                out << (i ? "," : "") << " P = " << rows[i].P << " " << secs(noBucket[i]);
            out << "\n";
        }
        if (simulate)
            out << "simulated: the recording on SimGrid (CM02, flow level), one actor per rank on its placed host, "
                   "the same LogGP o, g, L and G; sim/pred = simulated / predicted"
                << (buckets ? " without the links' token buckets (SimGrid's links have none)" : "")
                << (std::any_of(rows.begin(), rows.end(), [](const rec::Prediction& p) { return p.net.net.putFrom > 0; })
                        ? " and without Open MPI's put protocol (SimGrid sends every message whole)"
                        : "")
                << (std::any_of(rows.begin(), rows.end(), [](const rec::Prediction& p) { return p.net.net.ack > 0; })
                        ? ", nor TCP's ACKs on the reverse routes (SimGrid runs without its cross-traffic)"
                        : "")
                << "\n";
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
