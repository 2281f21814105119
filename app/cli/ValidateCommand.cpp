#include "app/cli/Args.h"
#include "app/cli/Cli.h"
#include "app/cli/DocumentInput.h"

#include <algorithm>
#include "model/validation/AssumedInputs.h"
#include "model/validation/Validation.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iomanip>
#include <ostream>

namespace cs::cli {

namespace {

std::string percent(double rel)
{
    if (std::isnan(rel))
        return "-";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.1f%%", rel * 100.0);
    return buf;
}

std::string paperText(const Claim& c)
{
    const std::string v = claimValueText(c, c.paper);
    return c.compare == "atLeast" ? ">= " + v : c.compare == "atMost" ? "<= " + v : v;
}

std::string where(const Claim& c)
{
    return c.seed.substr(0, 3) + " " + c.section + (c.figure.empty() ? "" : " " + c.figure);
}

std::string percentOf(double share)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f%%", share * 100.0);
    return buf;
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
                << std::right << std::setw(6) << percentOf(a.effect) << "  " << a.variant
                << (a.calibrate.empty() ? "" : "  [calibrate: " + a.calibrate + "]") << "\n      " << a.why << "\n";
        }
        std::string rest;
        for (const AssumedInput& a : r.assumed)
            if (a.effect < kMattersSwing)
                rest += (rest.empty() ? "" : ", ") + a.path;
        if (!rest.empty())
            out << "  under " << percentOf(kMattersSwing) << ": " << rest << "\n";
        for (const std::string& v : r.failedVariants)
            out << "  (variant " << v << " does not evaluate at the preset's values; not ranked)\n";
    }
    if (args.flag("--json"))
        out << nlohmann::json{{"presets", all}, {"step", 0.1}, {"mattersSwing", kMattersSwing}}.dump(2) << "\n";
    else
        out << "\n" << assumed << " assumed inputs, " << matter << " of them move a variant total by "
            << percentOf(kMattersSwing) << " or more for -/+10%\n";
    return 0;
}

} // namespace

// `validate [PRESET ...] [--json]`: every claim of the seeds against the
// presets (model/validation does the work; this prints it).
int validateCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err)
{
    const Args args(words, {"--claims"}, {"--json", "--assumed"});
    if (args.flag("--assumed"))
        return assumedInputs(args, out);
    const std::string dir = args.value("--claims").value_or(
        (std::filesystem::path(presetDirectory()) / "claims").string());
    const std::vector<Claim> claims = loadClaims(dir);
    const ValidationReport report = validateClaims(claims, presetDirectory(), args.positional());
    if (args.flag("--json")) {
        nlohmann::json rows = nlohmann::json::array();
        for (const ClaimResult& r : report.results) {
            const Claim& c = *r.claim;
            nlohmann::json j{{"id", c.id},         {"seed", c.seed},         {"section", c.section},
                             {"figure", c.figure}, {"quantity", c.quantity}, {"preset", c.model.preset},
                             {"paper", c.paper},   {"compare", c.compare},   {"verdict", verdictName(r.verdict)},
                             {"reason", r.reason}, {"fittedBy", r.fittedBy}};
            j["model"] = std::isnan(r.model) ? nlohmann::json() : nlohmann::json(r.model);
            j["relError"] = std::isnan(r.relError) ? nlohmann::json() : nlohmann::json(r.relError);
            rows.push_back(j);
        }
        out << nlohmann::json{{"claims", rows},
                              {"summary",
                               {{"within", report.within},
                                {"off", report.off},
                                {"fitted", report.fitted},
                                {"notModelled", report.notModelled}}}}
                   .dump(2)
            << "\n";
        return 0;
    }
    for (const ClaimResult& r : report.results) {
        const Claim& c = *r.claim;
        out << where(c) << ": " << c.quantity << (c.model.preset.empty() ? "" : " [" + c.model.preset + "]")
            << "\n    paper " << paperText(c) << "   model " << claimValueText(c, r.model) << "   error "
            << percent(r.relError) << "   "
            << (r.verdict == Verdict::NotModelled ? "-" : r.verdict == Verdict::Fitted ? "fitted" : "predicted")
            << "   " << verdictText(r.verdict, c) << "\n";
        if (!r.reason.empty())
            out << "    " << r.reason << "\n";
    }
    out << "\n" << report.results.size() << " claims: " << report.within << " predictions within tolerance or holding, "
        << report.off << " off, " << report.fitted << " fitted (not counted as checks), " << report.notModelled
        << " not modelled\n";
    (void)err;
    return 0;
}

} // namespace cs::cli
