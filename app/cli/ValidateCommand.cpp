#include "app/cli/Args.h"
#include "model/core/NumberFormat.h"
#include "app/cli/Cli.h"
#include "app/cli/DocumentInput.h"

#include <algorithm>
#include "model/validation/AssumedInputs.h"
#include "model/validation/ClaimFit.h"
#include "model/validation/ReportExport.h"
#include "model/validation/Validation.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iomanip>
#include <ostream>

namespace cs::cli {

namespace {



std::string where(const Claim& c)
{
    return c.seed.substr(0, 3) + " " + c.section + (c.figure.empty() ? "" : " " + c.figure);
}


// `validate --assumed [PRESET ...]`: the assumed inputs of each preset that
// matter, by their effect on the variant totals (model/validation/AssumedInputs).
int assumedInputs(const Args& args, std::ostream& out)
{
    std::vector<std::string> names = args.positional();
    if (names.empty())
        names = presetNames();
    nlohmann::json all = nlohmann::json::array();
    std::size_t assumed = 0, matter = 0;
    for (const std::string& name : names) {
        const AssumedInputsReport r = rankAssumedInputs(openDocument(name), name);
        std::size_t total = 0;
        for (const auto& [basis, n] : r.inputsByBasis)
            total += n;
        const auto n = static_cast<std::size_t>(
            std::count_if(r.assumed.begin(), r.assumed.end(), [](const AssumedInput& a) { return a.effect >= kMattersSwing; }));
        assumed += r.assumed.size();
        matter += n;
        if (args.flag("--json")) {
            nlohmann::json rows = nlohmann::json::array();
            for (const AssumedInput& a : r.assumed)
                rows.push_back({{"path", a.path}, {"value", a.value}, {"effect", a.effect}, {"variant", a.variant},
                                {"matters", a.effect >= kMattersSwing}, {"calibrate", a.calibrate}, {"why", a.why}});
            all.push_back({{"preset", name}, {"inputsByBasis", r.inputsByBasis}, {"assumed", rows},
                           {"failedVariants", r.failedVariants}});
            continue;
        }
        out << name << ": " << total << " settable inputs (";
        bool first = true;
        for (const auto& [basis, count] : r.inputsByBasis) {
            out << (first ? "" : ", ") << count << " " << basis;
            first = false;
        }
        out << "); " << r.assumed.size() << " assumed, " << n << " matter\n";
        for (const AssumedInput& a : r.assumed) {
            if (a.effect < kMattersSwing)
                break;
            out << "  " << std::left << std::setw(22) << a.path << " " << std::setw(14) << a.shown << " swing "
                << std::right << std::setw(6) << formatPercent(a.effect, 1) << "  " << a.variant
                << (a.calibrate.empty() ? "" : "  [calibrate: " + a.calibrate + "]") << "\n      " << a.why << "\n";
        }
        std::string rest;
        for (const AssumedInput& a : r.assumed)
            if (a.effect < kMattersSwing)
                rest += (rest.empty() ? "" : ", ") + a.path;
        if (!rest.empty())
            out << "  under " << formatPercent(kMattersSwing, 1) << ": " << rest << "\n";
        for (const std::string& v : r.failedVariants)
            out << "  (variant " << v << " does not evaluate at the preset's values; not ranked)\n";
    }
    if (args.flag("--json"))
        out << nlohmann::json{{"presets", all}, {"step", 0.1}, {"mattersSwing", kMattersSwing}}.dump(2) << "\n";
    else
        out << "\n" << assumed << " assumed inputs, " << matter << " of them move a variant total by "
            << formatPercent(kMattersSwing, 1) << " or more for -/+10%\n";
    return 0;
}

// `validate --hold-out`: leave one figure out (model/validation/ClaimFit).
int holdOut(const std::vector<Claim>& claims, const ClaimFitOptions& options, std::ostream& out)
{
    const std::vector<FigureHoldOut> rows = leaveOneFigureOut(claims, presetDirectory(), options);
    out << "Leave one figure out: the parameters that matter, fitted to the other claims of the figure's presets, "
           "predict the figure (values the presets fitted to the figure itself are first put back to their "
           "defaults)\n\n";
    out << "| seed | figure | presets | claims | fitted on | met before | met predicted | mean abs error | fitted values |\n"
        << "|---|---|---|---|---|---|---|---|---|\n";
    std::size_t claimsN = 0, metBefore = 0, met = 0;
    for (const FigureHoldOut& h : rows) {
        std::string presets;
        for (const std::string& p : h.presets)
            presets += (presets.empty() ? "" : ", ") + p;
        out << "| " << h.seed << " | " << h.figure << " | " << presets << " | " << h.claims << " | " << h.fittedOn
            << " | " << h.withinBefore << " | " << h.within << " | "
            << (std::isnan(h.meanAbsError) ? std::string("-") : formatPercent(h.meanAbsError, 1)) << " | "
            << (h.note.empty() ? h.params : h.note)
            << (h.forgotten.empty() ? std::string() : "; defaults first: " + h.forgotten) << " |\n";
        claimsN += h.claims;
        metBefore += h.withinBefore;
        met += h.within;
    }
    out << "\n" << rows.size() << " figures, " << claimsN << " claims: " << metBefore
        << " met with the presets as they are, " << met << " met when predicted from the other figures\n";
    return 0;
}

void printReport(const ValidationReport& report, const Args& args, std::ostream& out)
{
    if (args.flag("--json")) {
        nlohmann::json rows = nlohmann::json::array();
        for (const ClaimResult& r : report.results) {
            const Claim& c = *r.claim;
            nlohmann::json j{{"id", c.id},         {"seed", c.seed},         {"section", c.section},
                             {"figure", c.figure}, {"quantity", c.quantity}, {"preset", c.model.preset},
                             {"paper", c.paper},   {"compare", c.compare},   {"verdict", verdictName(r.verdict)},
                             {"reason", r.reason}, {"fittedBy", r.fittedBy}, {"quotes", c.quotes}};
            if (c.compare != "value")
                j["margin"] = c.margin;
            j["model"] = std::isnan(r.model) ? nlohmann::json() : nlohmann::json(r.model);
            j["relError"] = std::isnan(r.relError) ? nlohmann::json() : nlohmann::json(r.relError);
            rows.push_back(j);
        }
        out << nlohmann::json{{"claims", rows},
                              {"summary",
                               {{"within", report.within},
                                {"off", report.off},
                                {"fitted", report.fitted},
                                {"notModelled", report.notModelled},
                                {"noCheck", report.noCheck}}}}
                   .dump(2)
            << "\n";
        return;
    }
    if (args.flag("--csv")) {
        out << validationCsv(report);
        return;
    }
    if (args.flag("--markdown")) {
        out << validationMarkdown(report);
        return;
    }
    for (const ClaimResult& r : report.results) {
        const Claim& c = *r.claim;
        out << where(c) << ": " << c.quantity << (c.model.preset.empty() ? "" : " [" + c.model.preset + "]")
            << "\n    paper " << claimPaperText(c) << "   model " << claimValueText(c, r.model) << "   error "
            << formatPercent(r.relError, 1, true) << "   " << claimBasis(r.verdict) << "   "
            << verdictText(r.verdict, c) << "\n";
        if (!r.reason.empty())
            out << "    " << r.reason << "\n";
    }
    out << "\n" << validationSummary(report) << "\n";
}

} // namespace

// `validate [PRESET ...] [--json|--csv|--markdown]`: every claim of the seeds
// against the presets (model/validation does the work; this prints it).
// `validate --fit CLAIM ... [--param PRESET:PATH ...]`: fit, then predict.
// `validate --hold-out`: leave one figure out.
int validateCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err)
{
    const Args args(words, {"--claims", "--param", "--prior"},
                    {"--json", "--assumed", "--csv", "--markdown", "--fit", "--hold-out"});
    if (args.flag("--assumed"))
        return assumedInputs(args, out);
    const std::string dir = args.value("--claims").value_or(
        (std::filesystem::path(presetDirectory()) / "claims").string());
    const std::vector<Claim> claims = loadClaims(dir);
    ClaimFitOptions o;
    if (const auto prior = args.value("--prior")) {
        try {
            o.prior = std::stod(*prior);
        } catch (const std::exception&) {
            o.prior = -1.0;
        }
        if (!(o.prior >= 0.0 && o.prior <= 10.0))
            throw UsageError("--prior " + *prior + ": expected a weight from 0 to 10");
    }
    if (args.flag("--hold-out"))
        return holdOut(claims, o, out);
    if (args.flag("--fit")) {
        o.fitTo = args.positional();
        o.params = args.values("--param");
        const ClaimFitResult fit = fitClaims(claims, presetDirectory(), o);
        if (!args.flag("--json") && !args.flag("--csv") && !args.flag("--markdown")) {
            out << "Fitted jointly to " << o.fitTo.size() << " claim(s) (Levenberg-Marquardt, " << fit.evaluations
                << " evaluations, RMS relative miss " << formatPercent(fit.rmsFit, 1) << "):\n";
            for (const ClaimFitParam& p : fit.params) {
                out << "  " << p.preset << ":" << p.path << (p.variant.empty() ? "" : "@" + p.variant) << "  "
                    << p.shownBefore << " -> " << p.shownAfter << "  ("
                    << p.basis << (p.effect > 0 ? ", swing " + formatPercent(p.effect, 1) : std::string());
                for (const std::string& t : p.tied)
                    out << ", also " << t;
                out << ")\n";
            }
            out << "The claims fitted to are marked fitted; every other claim is a prediction with these values:\n\n";
        }
        printReport(fit.report, args, out);
        return 0;
    }
    printReport(validateClaims(claims, presetDirectory(), args.positional()), args, out);
    (void)err;
    return 0;
}

} // namespace cs::cli
