#include "model/validation/Validation.h"
#include "model/core/ModelError.h"
#include "model/core/NumberFormat.h"
#include "model/document/DocumentFormat.h"
#include "model/sweep/Sweep.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>

namespace cs {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// One output of one variant at the given values (a one-point sweep, so a
// claim reads exactly what eval and sweep print).
double evaluateQuery(const DesignDocument& doc, const ClaimQuery& q,
                     std::vector<std::pair<std::string, double>> at)
{
    for (const auto& extra : q.at) {
        auto it = std::find_if(at.begin(), at.end(), [&](const auto& a) { return a.first == extra.first; });
        if (it != at.end())
            it->second = extra.second;
        else
            at.push_back(extra);
    }
    std::vector<SweepAxisValues> axes;
    for (const auto& [path, v] : at)
        axes.push_back({path, {v}});
    SweepOptions o;
    o.threads = 1;
    const bool path = q.output.find('.') != std::string::npos;
    if (path)
        o.extraOutputs.push_back(q.output);
    const SweepTable t = runSweep(doc, axes, o);
    const auto it = std::find(t.variants.begin(), t.variants.end(), q.variant);
    if (it == t.variants.end())
        throw ModelError("preset has no variant '" + q.variant + "'");
    const std::size_t row = static_cast<std::size_t>(it - t.variants.begin());
    if (const std::string* e = t.error(row))
        throw ModelError("variant '" + q.variant + "': " + *e);
    const int c = t.column(q.output);
    if (c < 0)
        throw ModelError("variant '" + q.variant + "' has no output '" + q.output + "'");
    return t.at(row, static_cast<std::size_t>(c));
}

} // namespace

double evaluateClaimModel(const ClaimDocuments& document, const ClaimModel& m)
{
    auto docOf = [&](const ClaimQuery& q) -> const DesignDocument& {
        return document(q.preset.empty() ? m.preset : q.preset);
    };
    auto one = [&](const std::vector<std::pair<std::string, double>>& at) {
        const double a = evaluateQuery(docOf(m.a), m.a, at);
        if (m.form == "value")
            return a;
        ClaimQuery bq = m.b;
        if (bq.variant.empty())
            bq.variant = m.a.variant;
        // b is read at a's point, with b's own values on top.
        std::vector<std::pair<std::string, double>> base = at;
        if (bq.preset.empty() || bq.preset == m.preset) // another preset has other slots
            base.insert(base.end(), m.a.at.begin(), m.a.at.end());
        const double b = evaluateQuery(docOf(bq), bq, base);
        if (m.form == "ratio")
            return a / b;
        return m.form == "gain" ? a / b - 1.0 : 1.0 - a / b;
    };
    if (m.overPath.empty())
        return one({});
    double best = kNaN;
    for (double v : m.overValues) {
        const double x = one({{m.overPath, v}});
        if (std::isnan(best) || (m.aggregate == "max" ? x > best : x < best))
            best = x;
    }
    return best;
}

namespace {

// Paths of the preset's values whose provenance says they were fitted to `id`.
std::string fittedTo(const DesignDocument& doc, const std::string& id)
{
    std::string out;
    for (const DesignParam& p : doc.design.designParams())
        if (fittedToClaim(p.value.provenance, id))
            out += (out.empty() ? "" : ", ") + p.spec.symbol;
    for (const BlockInstance& b : doc.design.blocks())
        for (const ParamSpec& in : b.spec().inputs)
            if (fittedToClaim(doc.design.value({b.name, in.symbol}).provenance, id))
                out += (out.empty() ? "" : ", ") + b.name + "." + in.symbol;
    return out;
}

} // namespace

bool fittedToClaim(const Provenance& provenance, const std::string& id)
{
    if (provenance.basis != "fitted")
        return false;
    const std::string& list = provenance.fittedTo;
    std::size_t start = 0;
    while (start <= list.size()) {
        std::size_t end = list.find(',', start);
        if (end == std::string::npos)
            end = list.size();
        std::string w = list.substr(start, end - start);
        w.erase(0, w.find_first_not_of(' '));
        w.erase(w.find_last_not_of(' ') + 1);
        if (w == id)
            return true;
        start = end + 1;
    }
    return false;
}

const char* verdictName(Verdict v)
{
    switch (v) {
    case Verdict::Within: return "within";
    case Verdict::Off: return "off";
    case Verdict::Fitted: return "fitted";
    case Verdict::NotModelled: return "not modelled";
    case Verdict::NoCheck: return "no check";
    }
    return "?";
}

std::string verdictText(Verdict v, const Claim& claim)
{
    if (v != Verdict::Within)
        return verdictName(v);
    if (claim.compare != "value")
        return "holds";
    return "within " + formatPercentSignificant(claim.tolerance, 6);
}

bool claimMet(const Claim& c, double model)
{
    if (std::isnan(model))
        return false;
    if (c.compare == "atLeast")
        return model >= c.paper * (1.0 + c.margin);
    if (c.compare == "atMost")
        return model <= c.paper * (1.0 - c.margin);
    return std::abs(model / c.paper - 1.0) <= c.tolerance;
}

std::string claimPaperText(const Claim& c)
{
    if (c.compare == "value")
        return claimValueText(c, c.paper);
    const double bound = c.paper * (c.compare == "atLeast" ? 1.0 + c.margin : 1.0 - c.margin);
    return (c.compare == "atLeast" ? ">= " : "<= ") + claimValueText(c, bound);
}

std::string claimValueText(const Claim& c, double v)
{
    if (std::isnan(v))
        return "-";
    if (c.unit == "%")
        return formatPercentSignificant(v, 3);
    if (c.unit == "us")
        return formatSignificant(v * 1e6, 4) + " us";
    if (c.unit == "ms")
        return formatSignificant(v * 1e3, 4) + " ms";
    if (c.unit == "MB/s")
        return formatSignificant(v / 1e6, 4) + " MB/s";
    if (c.unit == "x")
        return formatSignificant(v, 3) + "x";
    return formatSignificant(v, 4);
}

ValidationReport validateClaims(const std::vector<Claim>& claims, const std::string& presetDirectory,
                                const std::vector<std::string>& presets)
{
    namespace fs = std::filesystem;
    for (const std::string& p : presets) {
        std::error_code ec;
        if (!fs::is_regular_file(fs::path(presetDirectory) / (p + ".json"), ec))
            throw ModelError("validate: no preset named '" + p + "' in " + presetDirectory);
    }
    std::map<std::string, std::unique_ptr<DesignDocument>> docs;
    auto document = [&](const std::string& name) -> const DesignDocument& {
        auto& d = docs[name];
        if (!d)
            d = std::make_unique<DesignDocument>(loadDocument((fs::path(presetDirectory) / (name + ".json")).string()));
        return *d;
    };
    return validateClaimsWith(claims, document, presets);
}

ValidationReport validateClaimsWith(const std::vector<Claim>& claims, const ClaimDocuments& document,
                                    const std::vector<std::string>& presets)
{
    ValidationReport report;
    for (const Claim& c : claims) {
        if (!presets.empty() && std::find(presets.begin(), presets.end(), c.model.preset) == presets.end())
            continue;
        ClaimResult r;
        r.claim = &c;
        r.reason = c.reason;
        if (!c.modelled) {
            r.verdict = c.check ? Verdict::NotModelled : Verdict::NoCheck;
        } else {
            try {
                const DesignDocument& doc = document(c.model.preset);
                r.model = evaluateClaimModel(document, c.model);
                r.relError = r.model / c.paper - 1.0;
                r.fittedBy = fittedTo(doc, c.id);
                const bool ok = claimMet(c, r.model);
                if (!c.check)
                    r.verdict = Verdict::NoCheck;
                else if (!r.fittedBy.empty())
                    r.verdict = Verdict::Fitted;
                else
                    r.verdict = ok ? Verdict::Within : Verdict::Off;
                if (r.verdict == Verdict::Fitted)
                    r.reason = "fitted: " + r.fittedBy + " set from this figure" +
                               (c.reason.empty() ? "" : "; " + c.reason);
            } catch (const ModelError& e) {
                r.verdict = Verdict::Off;
                r.reason = std::string("the model fails here: ") + e.what();
            }
        }
        switch (r.verdict) {
        case Verdict::Within: ++report.within; break;
        case Verdict::Off: ++report.off; break;
        case Verdict::Fitted: ++report.fitted; break;
        case Verdict::NotModelled: ++report.notModelled; break;
        case Verdict::NoCheck: ++report.noCheck; break;
        }
        report.results.push_back(std::move(r));
    }
    return report;
}

} // namespace cs
