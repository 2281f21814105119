// `clusterscope-cli fit`: the formula inputs marked "fit" fitted to the user's runs (issue 31, section 4;
// model/calibration/FormulaFit.h), with intervals, R^2, SMAPE, the leave-one-out error and the held-out
// points predicted; the applied values written to -o as calibrated values.
#include "app/cli/Args.h"
#include "model/core/NumberFormat.h"
#include "app/cli/Cli.h"
#include "app/cli/DocumentInput.h"
#include "app/cli/ProbeRunSupport.h"

#include "model/calibration/FormulaFit.h"
#include "model/calibration/ProgramRuns.h"
#include "model/scaling/ScalingSearch.h"
#include "model/core/ModelError.h"
#include "model/core/Printable.h"
#include "model/core/Unit.h"
#include "model/document/DocumentFormat.h"
#include "model/verification/VerifyTargets.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ostream>

namespace cs::cli {

namespace {

// --search: the compute term found in what the runs leave after the network part (ScalingSearch.h).
int searchCommand(const DesignDocument& doc, const std::vector<calib::TimedPoint>& points,
                  const calib::FormulaFitOptions& options, const Args& args, std::ostream& out)
{
    const calib::FormulaSearchReport r = calib::searchFormula(doc, points, options);
    if (auto file = args.value("-o"))
        saveDocument(calib::applyFoundTerm(doc, options, r.found.front()), *file);
    if (args.flag("--json")) {
        out << calib::formulaSearchToJson(r).dump(1) << "\n";
        return 0;
    }
    out << "compute term of " << r.block << "." << r.output << " found in " << r.searched
        << " runs after the network part (Extra-P's terms c P^a log2(P)^b, ranked by leave-one-out error):\n";
    char line[400];
    for (std::size_t i = 0; i < r.found.size(); ++i) {
        std::snprintf(line, sizeof line, "  %s %-48s leave-one-out SMAPE %.2f%%, R^2 %.4f", i ? "   " : "-> ",
                      r.found[i].formula().c_str(), 100 * r.found[i].cvSmape, r.found[i].r2);
        out << printable(line) << "\n";
    }
    out << "     P   measured   network    predicted    error\n";
    for (const calib::SearchedPoint& p : r.points) {
        std::snprintf(line, sizeof line, "  %4s  %9s  %9s  %10s  %+6.1f%%%s\n", formatNumber(p.P).c_str(),
                      formatValue(p.measured, "s").c_str(), formatValue(p.network, "s").c_str(),
                      formatValue(p.predicted, "s").c_str(), 100 * p.relError, p.heldOut ? "  held out" : "");
        out << line;
    }
    return 0;
}

} // namespace

int fitCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err)
{
    const Args args(words, {"--results", "--block", "--output", "--hold-out", "-o"},
                    {"--json", "--accept-poor-fits", "--search"});
    if (args.positional().size() != 1)
        throw UsageError("fit needs one DESIGN: fit DESIGN --results RUNS.json [-o FITTED.json]");
    const auto results = args.value("--results");
    if (!results)
        throw UsageError("fit needs --results RUNS.json: the runs of your program (run-app -o RUNS.json)");
    const DesignDocument doc = openDocument(args.positional().front());
    calib::FormulaFitOptions options;
    options.block = args.value("--block").value_or("");
    options.output = args.value("--output").value_or("T");
    options.acceptPoorFits = args.flag("--accept-poor-fits");
    if (auto held = args.value("--hold-out")) {
        try {
            for (int P : verify::parseNodeCounts(*held, 1))
                options.holdOut.push_back(P);
        } catch (const ModelError& e) {
            throw UsageError(std::string("--hold-out ") + e.what());
        }
    }
    // One program and its arguments, as the Calibration dock's Program page fits them.
    std::vector<std::string> runNotes;
    const std::vector<calib::TimedPoint> points =
        calib::timedPoints(calib::runsToFit(doc, options.block, openResults(*results), runNotes));
    if (args.flag("--search"))
        return searchCommand(doc, points, options, args, out);
    calib::FormulaFitReport r = calib::fitFormula(doc, points, options);
    r.notes.insert(r.notes.begin(), runNotes.begin(), runNotes.end());
    if (auto file = args.value("-o"))
        saveDocument(calib::applyFormulaFit(doc, r), *file);

    if (args.flag("--json")) {
        out << calib::formulaFitToJson(r).dump(1) << "\n";
    } else {
        out << "fit of " << r.block << "." << r.output << " to " << r.fitted << " runs (" << r.weighting << ")\n";
        char line[400];
        auto g4 = [](double v) { return formatSignificant(v, 4); };
        for (const calib::FittedInput& in : r.inputs) {
            std::snprintf(line, sizeof line, "  %-20s %-10s 95%% CI [%s, %s]  (was %s)  ", in.name.c_str(),
                          g4(in.value).c_str(), g4(in.ciLow).c_str(), g4(in.ciHigh).c_str(), g4(in.before).c_str());
            out << printable(std::string(line) +
                             (in.applied ? (in.problem.empty() ? "applied" : "applied (--accept-poor-fits): " + in.problem)
                                         : "not applied: " + in.problem))
                << "\n";
        }
        std::snprintf(line, sizeof line, "  R^2 %.4f, SMAPE %.2f%%, leave-one-out SMAPE %s\n", r.r2, 100 * r.smape,
                      std::isfinite(r.looSmape) ? (g4(100 * r.looSmape) + "%").c_str() : "- (too few points)");
        out << line;
        out << "     P   measured   predicted    error\n";
        for (const calib::FittedPoint& p : r.points) {
            std::snprintf(line, sizeof line, "  %4s  %9s  %10s  %+6.1f%%%s\n", formatNumber(p.P).c_str(),
                          formatValue(p.measured, "s").c_str(), formatValue(p.predicted, "s").c_str(),
                          100 * p.relError, p.heldOut ? "  held out" : "");
            out << line;
        }
        for (const std::string& n : r.notes)
            err << "clusterscope-cli fit: note: " << printable(n) << "\n";
    }
    int refused = 0;
    for (const calib::FittedInput& in : r.inputs)
        refused += in.applied ? 0 : 1;
    if (refused)
        err << "clusterscope-cli fit: " << refused << " value(s) not applied"
            << (options.acceptPoorFits ? "" : " (--accept-poor-fits applies those with a poor fit)") << "\n";
    return refused ? 1 : 0;
}

} // namespace cs::cli
