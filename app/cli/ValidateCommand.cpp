#include "app/cli/Args.h"
#include "app/cli/Cli.h"
#include "app/cli/DocumentInput.h"
#include "model/validation/Validation.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <filesystem>
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

} // namespace

// `validate [PRESET ...] [--json]`: every claim of the seeds against the
// presets (model/validation does the work; this prints it).
int validateCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err)
{
    const Args args(words, {"--claims"}, {"--json"});
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
