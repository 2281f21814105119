#include "model/calibration/ProgramRuns.h"
#include "model/core/JobSize.h"
#include "model/core/Unit.h"
#include "model/formula/FormulaBlock.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>

namespace cs::calib {

using nlohmann::json;

namespace {

// The first part's details, or null: results are untrusted data.
const json* detailsOf(const json& result)
{
    if (!result.is_object())
        return nullptr;
    const auto parts = result.find("parts");
    if (parts == result.end() || !parts->is_array() || parts->empty() || !(*parts)[0].is_object())
        return nullptr;
    const auto d = (*parts)[0].find("details");
    return d != (*parts)[0].end() && d->is_object() ? &*d : nullptr;
}

// The arguments as run: details.program with {name} of details.settings filled in ({P} kept).
std::vector<std::string> argumentsOf(const json& result)
{
    std::vector<std::string> words;
    const json* d = detailsOf(result);
    if (!d || !d->contains("program") || !(*d)["program"].is_array())
        return words;
    const json settings = d->contains("settings") && (*d)["settings"].is_object() ? (*d)["settings"] : json::object();
    for (const json& w : (*d)["program"]) {
        if (!w.is_string())
            return {};
        std::string word = w.get<std::string>();
        for (const auto& [name, value] : settings.items())
            if (value.is_string())
                for (std::size_t at; (at = word.find("{" + name + "}")) != std::string::npos;)
                    word.replace(at, name.size() + 2, value.get<std::string>());
        words.push_back(word);
    }
    return words;
}

bool isNumber(const std::string& text, double& value)
{
    char* end = nullptr;
    value = std::strtod(text.c_str(), &end);
    return !text.empty() && end == text.c_str() + text.size() && std::isfinite(value);
}

bool same(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b));
}

std::string pList(const std::vector<double>& Ps)
{
    std::string text;
    for (double P : Ps)
        text += (text.empty() ? "" : ", ") + formatNumber(P);
    return text;
}

} // namespace

std::string programRunLabel(const json& result)
{
    std::string label;
    for (const std::string& w : argumentsOf(result))
        label += (label.empty() ? "" : " ") + w;
    return label;
}

std::string argumentsMismatch(const DesignDocument& doc, const std::string& block, const json& result)
{
    const BlockInstance* b = doc.design.findBlock(block);
    for (const BlockInstance& x : doc.design.blocks()) // "": the formula block a fit takes
        if (const FormulaBlock* f = asFormula(x.block); !b && block.empty() && f)
            if (std::any_of(f->definition().inputs.begin(), f->definition().inputs.end(),
                            [](const FormulaInput& in) { return in.fit; }))
                b = &x;
    const std::vector<std::string> words = argumentsOf(result);
    if (!b || words.empty())
        return {};
    const FormulaBlock* f = asFormula(b->block);
    const BlockSpec& spec = b->spec();
    const std::string& blockName = b->name;
    auto valueOf = [&](const std::string& input) { return doc.design.value({blockName, input}).value; };
    const std::string runs = "the runs of '" + programRunLabel(result) + "'";
    // --set values named as an input.
    if (const json* d = detailsOf(result); d && d->contains("settings") && (*d)["settings"].is_object())
        for (const auto& [name, text] : (*d)["settings"].items()) {
            double v = 0;
            if (spec.inputIndex(name) >= 0 && text.is_string() && isNumber(text.get<std::string>(), v) &&
                !same(v, valueOf(name)))
                return runs + " were made with " + name + " = " + text.get<std::string>() + ", block " + blockName +
                       "'s input " + name + " is " + formatNumber(valueOf(name));
        }
    // Numbers among the arguments that no input has: another problem than the block's.
    std::vector<double> inputs;
    std::string counts;
    for (const ParamSpec& in : spec.inputs) {
        inputs.push_back(valueOf(in.symbol));
        const bool fitted = f && std::any_of(f->definition().inputs.begin(), f->definition().inputs.end(),
                                             [&](const FormulaInput& x) { return x.name == in.symbol && x.fit; });
        if ((in.unit == Unit::Count || in.unit == Unit::Ratio) && !fitted && !doc.design.wireInto(Endpoint{blockName, in.symbol}))
            counts += (counts.empty() ? "" : ", ") + in.symbol + " = " + formatNumber(valueOf(in.symbol));
    }
    std::vector<std::string> strangers;
    for (std::size_t i = 1; i < words.size(); ++i) {
        double v = 0;
        if (isNumber(words[i], v) && std::none_of(inputs.begin(), inputs.end(), [&](double x) { return same(x, v); }))
            strangers.push_back(words[i]);
    }
    if (strangers.empty())
        return {};
    std::string made;
    for (std::size_t i = 0; i < strangers.size(); ++i)
        made += (i == 0 ? "" : i + 1 == strangers.size() ? " and " : ", ") + strangers[i];
    return runs + " were made with " + made + ", which " + (strangers.size() == 1 ? "is" : "are") +
           " the value of no input of block " + blockName + (counts.empty() ? "" : " (" + counts + ")");
}

json runsToFit(const DesignDocument& doc, const std::string& block, const json& results,
               std::vector<std::string>& notes)
{
    // The groups in the order their last run was stored: the last is the most recent.
    struct Group {
        std::string label, mismatch;
        json runs = json::array();
        std::vector<double> Ps;
        std::size_t last = 0;
    };
    std::map<std::string, Group> groups;
    if (!results.is_array())
        return json::array();
    for (std::size_t i = 0; i < results.size(); ++i) {
        const json& r = results[i];
        if (!r.is_object() || r.value("probe", "") != "app.run")
            continue;
        Group& g = groups[programRunLabel(r)];
        g.label = programRunLabel(r);
        if (g.runs.empty())
            g.mismatch = argumentsMismatch(doc, block, r);
        g.runs.push_back(r);
        g.last = i;
        const json* P = runRankCount(r);
        if (P && P->is_number() && std::find(g.Ps.begin(), g.Ps.end(), P->get<double>()) == g.Ps.end())
            g.Ps.push_back(P->get<double>());
    }
    const Group* chosen = nullptr;
    for (const auto& [label, g] : groups) {
        const bool agrees = g.mismatch.empty();
        if (!chosen || (agrees && !chosen->mismatch.empty()) ||
            (agrees == chosen->mismatch.empty() && g.last > chosen->last))
            chosen = &g;
    }
    if (!chosen)
        return json::array();
    for (const auto& [label, g] : groups) {
        if (&g == chosen)
            continue;
        std::vector<double> Ps = g.Ps;
        std::sort(Ps.begin(), Ps.end());
        notes.push_back("Left out " + std::to_string(g.runs.size()) + " run(s) of '" +
                        (g.label.empty() ? std::string("a program whose arguments are not recorded") : g.label) +
                        "' at P = " + pList(Ps) + ": " +
                        (g.mismatch.empty() ? "another program or other arguments than the runs fitted"
                                            : g.mismatch));
    }
    if (!chosen->mismatch.empty())
        notes.push_back("Warning: " + chosen->mismatch +
                        "; the fit takes them, but the block's inputs describe another problem: set them to the "
                        "arguments the program ran with");
    return chosen->runs;
}

} // namespace cs::calib
