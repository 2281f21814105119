#include "model/document/DocumentValidator.h"
#include "model/formula/FormulaBlock.h"
#include "model/core/ModelError.h"
#include "model/core/Plan.h"
#include "model/core/Settable.h"
#include "model/core/Unit.h"
#include "model/document/AxisResolve.h"
#include "model/document/SectionShapes.h"
#include "model/core/StrictJson.h"
#include "model/document/SweepAxis.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>

namespace cs {

std::string problemText(const DocumentProblems& problems)
{
    std::string s;
    for (const DocumentProblem& p : problems)
        s += (s.empty() ? "" : "\n") + p.line();
    return s;
}

namespace {

// A parameter that follows an output and has no value of its own (the
// document omits it; the plan takes the output's value).
bool following(const DesignParam& p)
{
    return !p.follows.empty() && p.value.provenance.kind == ProvenanceKind::Default;
}

ProblemKind kindOf(SettableKind k)
{
    return k == SettableKind::Wired ? ProblemKind::Wired : ProblemKind::NotFound;
}

class Validator {
public:
    Validator(const DesignDocument& doc, const ValidateOptions& o) : doc_(doc), options_(o) {}

    DocumentProblems run()
    {
        parameters();
        blockValues();
        variants();
        sweep();
        costs();
        sections();
        if (options_.compile && out_.empty()) {
            try {
                doc_.design.compile();
            } catch (const ModelError& e) {
                add(ProblemKind::Graph, "wires", "", "", e.what());
            }
        }
        return std::move(out_);
    }

private:
    void add(ProblemKind kind, std::string path, std::string field, std::string value, std::string message)
    {
        if (out_.size() >= options_.maxProblems)
            return;
        out_.push_back({kind, std::move(path), clipText(field, 60), clipText(value, 60), clipText(message, 300)});
    }
    bool quiet(const std::string& path) const
    {
        return options_.alreadyReported && options_.alreadyReported(path);
    }
    // A slot a value is written to (an override, an axis, the speedup parameter).
    bool settable(const std::string& path, const std::string& where)
    {
        const SettableCheck c = checkSettable(doc_.design, path);
        if (!c.ok() && !quiet(path))
            add(kindOf(c.kind), where, path, "", c.message);
        return c.ok();
    }

    // A value a variant or the speedup reference writes into a settable slot:
    // checked here, with its path, not first when the plan runs.
    void inRange(const std::string& slot, double value, const std::string& where)
    {
        if (auto rp = rangeProblemAt(doc_.design, slot, value); !rp.empty())
            add(ProblemKind::OutOfRange, where, slot, formatNumber(value), rp);
    }

    // A name the GUI and the terminal show (variants, costs).
    void name(const std::string& text, const std::string& where, const char* what)
    {
        if (text.empty())
            add(ProblemKind::BadName, where, "name", text, std::string("a ") + what + " name must not be empty");
        else if (std::string p = textProblem(text); !p.empty())
            add(ProblemKind::BadName, where, "name", text,
                std::string("the ") + what + " name " + clipJson(nlohmann::json(text), 40) + " " + p);
    }

    void parameters()
    {
        const auto& params = doc_.design.designParams();
        for (std::size_t i = 0; i < params.size(); ++i) {
            const DesignParam& p = params[i];
            const std::string path = "parameters[" + std::to_string(i) + "]";
            if (!(p.spec.min <= p.spec.max))
                add(ProblemKind::OutOfRange, path + ".min", "min", formatNumber(p.spec.min),
                    "min " + formatNumber(p.spec.min) + " is above max " + formatNumber(p.spec.max));
            else if (following(p))
                continue; // takes its output's value; it has none of its own
            else
                inRange(p.spec.symbol, p.value.value, path + ".value");
        }
    }

    void blockValues()
    {
        std::size_t fileIndex = 0;
        for (const BlockInstance& b : doc_.design.blocks()) {
            const bool topo = b.name == kTopologyBlock;
            const std::string base = topo ? "topology.params" : "blocks[" + std::to_string(fileIndex++) + "].values";
            for (std::size_t i = 0; i < b.values.size(); ++i) {
                const ParamValue& v = b.values[i];
                const ParamSpec& ps = b.spec().inputs[i];
                const Endpoint ep{b.name, ps.symbol};
                // A formula block's values are its inputs' own ("blocks[0].inputs.P.value").
                const bool formula = asFormula(b.block) != nullptr;
                const std::string path = formula ? "blocks[" + std::to_string(fileIndex - 1) + "].inputs." + ps.symbol +
                                                       ".value"
                                                 : base + "." + ps.symbol;
                const bool given = v.provenance.kind != ProvenanceKind::Default &&
                                   v.provenance.kind != ProvenanceKind::Wired;
                if (const Wire* w = doc_.design.wireInto(ep)) {
                    // A wire sets its input: a value of its own would be saved
                    // and then dropped, so the file would mean something else.
                    // (A generator's parameters are always written in the
                    // topology section; a wire into one takes over.)
                    if (given && !topo)
                        add(ProblemKind::Wired, path, ep.str(), formatNumber(v.value),
                            "input " + ep.str() + " is wired from " + w->from.str() +
                                ", so this value would be ignored; remove the value or the wire");
                } else if (topo) {
                    continue; // the generator checks its parameters as it builds the section
                } else {
                    inRange(ep.str(), v.value, path);
                }
            }
        }
    }

    void variants()
    {
        std::set<std::string> names;
        for (std::size_t i = 0; i < doc_.variants.size(); ++i) {
            const Variant& v = doc_.variants[i];
            const std::string path = "variants[" + std::to_string(i) + "]";
            if (!names.insert(v.name).second)
                add(ProblemKind::Duplicate, path + ".name", "name", v.name,
                    "a variant named '" + clipText(v.name) + "' already exists");
            name(v.name, path + ".name", "variant");
            outputRef(v.total, path + ".total");
            for (const auto& [slot, value] : v.overrides) {
                const std::string where = path + ".overrides." + clipText(slot, 40);
                if (settable(slot, where))
                    inRange(slot, value, where);
            }
        }
    }

    void outputRef(const std::string& path, const std::string& where)
    {
        try {
            const Endpoint ep = Endpoint::parse(path);
            const BlockInstance* b = doc_.design.findBlock(ep.block);
            if (!b) {
                if (!quiet(path))
                    add(ProblemKind::NotFound, where, path, "", "no block named '" + clipText(ep.block) + "'");
            } else if (b->spec().outputIndex(ep.port) < 0) {
                add(ProblemKind::NotFound, where, path, "",
                    "block '" + ep.block + "' (" + b->spec().id + ") has no output '" + clipText(ep.port) + "'");
            }
        } catch (const ModelError& e) {
            add(ProblemKind::NotFound, where, path, "", e.what());
        }
    }

    bool variantExists(const std::string& name) const
    {
        for (const Variant& v : doc_.variants)
            if (v.name == name)
                return true;
        return false;
    }

    void sweep()
    {
        std::set<std::string> seen;
        for (std::size_t i = 0; i < doc_.sweep.axes.size(); ++i) {
            const SweepAxis& a = doc_.sweep.axes[i];
            const std::string path = "sweep.axes[" + std::to_string(i) + "]";
            if (a.path.empty()) {
                add(ProblemKind::BadName, path + ".path", "", "", "a swept parameter needs a name");
                continue;
            }
            if (!seen.insert(a.path).second)
                add(ProblemKind::Duplicate, path + ".path", a.path, a.path, a.path + " is swept twice");
            settable(a.path, path + ".path");
            if (!checkSettable(doc_.design, a.path).ok())
                continue;
            try {
                axisValues(doc_.design, a); // in the slot's unit (model/document/AxisResolve.h)
            } catch (const ModelError& e) {
                add(ProblemKind::BadValue, path + ".values", a.path, a.spec, e.what());
            }
        }
        if (!doc_.sweep.speedupParam.empty() && settable(doc_.sweep.speedupParam, "sweep.speedup.param"))
            inRange(doc_.sweep.speedupParam, doc_.sweep.speedupBaseline, "sweep.speedup.baseline");
        if (!doc_.sweep.speedupAgainst.empty() && !variantExists(doc_.sweep.speedupAgainst))
            add(ProblemKind::NotFound, "sweep.speedup.against", "against", doc_.sweep.speedupAgainst,
                "no variant named '" + clipText(doc_.sweep.speedupAgainst) + "'");
    }

    void costs()
    {
        for (std::size_t i = 0; i < doc_.costs.size(); ++i) {
            const CostItem& c = doc_.costs[i];
            const std::string path = "costs[" + std::to_string(i) + "]";
            name(c.name, path + ".name", "cost");
            if (c.usd < 0)
                add(ProblemKind::BadValue, path + ".usd", "usd", formatNumber(c.usd),
                    "a cost must not be negative, got " + formatNumber(c.usd));
            if (!c.per.empty() && !slotExists(doc_.design, c.per) && !quiet(c.per))
                add(ProblemKind::NotFound, path + ".per", "per", c.per,
                    "'" + clipText(c.per) + "' names no parameter, input or output");
            for (const std::string& vn : c.variants)
                if (!variantExists(vn))
                    add(ProblemKind::NotFound, path + ".variants", "variants", vn,
                        "no variant named '" + clipText(vn) + "'");
        }
    }

    void sections()
    {
        const std::pair<const char*, const nlohmann::json*> sections[] = {
            {"calibration", &doc_.calibration},
            {"measured", &doc_.measured},
            {"nodes", &doc_.nodes},
            {"imported", &doc_.imported},
        };
        for (const auto& [name, section] : sections) {
            if (section->is_null())
                continue; // written as an empty array
            if (!section->is_array()) {
                add(ProblemKind::BadValue, name, name, "", std::string("expected an array, got ") + section->type_name());
                continue;
            }
            std::vector<std::string> lines;
            checkSectionEntries(name, *section, lines, options_.maxProblems - std::min(options_.maxProblems, out_.size()));
            for (const std::string& line : lines) {
                const auto colon = line.find(": ");
                add(ProblemKind::BadValue, line.substr(0, colon), name, "",
                    colon == std::string::npos ? line : line.substr(colon + 2));
            }
        }
        if (!doc_.layout.is_null() && !doc_.layout.is_object())
            add(ProblemKind::BadValue, "layout", "layout", "", std::string("expected an object, got ") +
                                                                    doc_.layout.type_name());
    }

    const DesignDocument& doc_;
    const ValidateOptions& options_;
    DocumentProblems out_;
};

} // namespace

DocumentProblems validateDocument(const DesignDocument& doc, const ValidateOptions& options)
{
    return Validator(doc, options).run();
}

} // namespace cs
