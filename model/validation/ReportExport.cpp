#include "model/validation/ReportExport.h"
#include "model/core/NumberFormat.h"

#include <cmath>
#include <cstdio>
#include <sstream>

namespace cs {

namespace {

std::string relText(double rel)
{
    return formatPercent(rel, 1, true);
}

std::string csvField(const std::string& s)
{
    std::string out = "\"";
    for (char ch : s) {
        if (ch == '"')
            out += "\"\"";
        else
            out += ch;
    }
    return out + "\"";
}

std::string mdCell(const std::string& s)
{
    std::string out;
    for (char ch : s) {
        if (ch == '|')
            out += "\\|";
        else if (ch == '\n' || ch == '\r')
            out += ' ';
        else
            out += ch;
    }
    return out;
}

std::string where(const Claim& c)
{
    return c.seed.substr(0, 3) + " " + c.section + (c.figure.empty() ? "" : " " + c.figure);
}

} // namespace

const char* claimBasis(Verdict v)
{
    switch (v) {
    case Verdict::Within:
    case Verdict::Off: return "predicted";
    case Verdict::Fitted: return "fitted";
    case Verdict::NotModelled:
    case Verdict::NoCheck: return "-";
    }
    return "-";
}

std::string validationSummary(const ValidationReport& r)
{
    std::ostringstream s;
    const std::size_t pred = r.predictions();
    s << r.results.size() << " claims: " << r.within << " predictions within tolerance or holding, " << r.off
      << " off, " << r.fitted << " fitted (not counted as checks), " << r.notModelled << " not modelled, "
      << r.noCheck << " no check (inputs, or bounds and values no parameter can move)";
    if (pred > 0) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "; %.0f%% of the %zu predictions within", 100.0 * r.within / pred, pred);
        s << buf;
    }
    return s.str();
}

std::string validationCsv(const ValidationReport& report)
{
    std::ostringstream s;
    s << "id,seed,section,figure,quantity,preset,paper,paper_value,model,model_value,error,basis,verdict,reason\n";
    for (const ClaimResult& r : report.results) {
        const Claim& c = *r.claim;
        s << csvField(c.id) << ',' << csvField(c.seed) << ',' << csvField(c.section) << ',' << csvField(c.figure)
          << ',' << csvField(c.quantity) << ',' << csvField(c.model.preset) << ',' << csvField(claimPaperText(c))
          << ',';
        s << formatSignificant(c.paper, 10) << ',' << csvField(claimValueText(c, r.model)) << ',';
        if (!std::isnan(r.model))
            s << formatSignificant(r.model, 10);
        s << ',' << csvField(relText(r.relError)) << ',' << csvField(claimBasis(r.verdict)) << ','
          << csvField(verdictText(r.verdict, c)) << ',' << csvField(r.reason) << '\n';
    }
    return s.str();
}

std::string validationMarkdown(const ValidationReport& report)
{
    std::ostringstream s;
    s << "| claim | where | quantity | preset | paper | model | error | basis | verdict | reason |\n"
      << "|---|---|---|---|---|---|---|---|---|---|\n";
    for (const ClaimResult& r : report.results) {
        const Claim& c = *r.claim;
        s << "| " << mdCell(c.id) << " | " << mdCell(where(c)) << " | " << mdCell(c.quantity) << " | "
          << mdCell(c.model.preset) << " | " << mdCell(claimPaperText(c)) << " | "
          << mdCell(claimValueText(c, r.model)) << " | " << relText(r.relError) << " | " << claimBasis(r.verdict)
          << " | " << mdCell(verdictText(r.verdict, c)) << " | " << mdCell(r.reason) << " |\n";
    }
    s << "\n" << validationSummary(report) << "\n";
    return s.str();
}

} // namespace cs
