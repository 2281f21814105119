// Reading a formula block (docs/format.md, "Formula blocks"):
//   {"name": "app", "type": "formula",
//    "inputs": {"P": {"unit": "1", "value": 8, "min": 1, "max": 4096, "meaning": "...", "source": "...", "fit": false,
//               "job_size": true, "topology": "job_cores"}},
//    "outputs": {"T": {"unit": "s", "expr": "...", "meaning": "...", "source": "...", "phaseOf": "..."}}}
#include "model/core/ModelError.h"
#include "model/document/DocumentReader.h"
#include "model/core/StrictJson.h"
#include "model/formula/FormulaBlock.h"
#include "model/topology/TopologySource.h"

namespace cs {

using nlohmann::json;

namespace {

// The units a formula's port may declare: those of the block ports.
const char* kFormulaUnits = "1, count, s, B, B/s, s/B, 1/s, USD";

} // namespace

void DocumentReader::readFormulaBlock(const json& bj, const std::string& path, const std::string& name,
                                      DesignDocument& doc)
{
    knownKeys(bj, path, {"name", "type", "inputs", "outputs"});
    const std::size_t problemsBefore = problemCount_;
    FormulaDefinition def;
    auto unitOf = [&](const json& pj, const std::string& ppath, Unit& unit) {
        std::string text;
        if (!getString(pj, ppath, "unit", text, true))
            return;
        const auto u = unitFromSymbol(text);
        if (!u || *u == Unit::Choice)
            problem(ppath + ".unit", "unknown unit '" + clipText(text) + "' (one of " + kFormulaUnits + ")");
        else
            unit = *u;
    };
    auto text = [&](const json& pj, const std::string& ppath, const char* key, std::string& out) {
        if (getString(pj, ppath, key, out, false))
            checkText(out, ppath + "." + key, false);
    };
    auto section = [&](const char* key) -> const json* {
        const auto it = bj.find(key);
        if (it == bj.end())
            return nullptr;
        if (!it->is_object()) {
            problem(path + "." + key, std::string("expected an object, got ") + it->type_name());
            return nullptr;
        }
        return &*it;
    };
    if (const json* inputs = section("inputs"))
        for (auto it = inputs->begin(); it != inputs->end(); ++it) {
            const std::string ipath = path + ".inputs." + clipText(it.key(), 40);
            const json& ij = it.value();
            if (!ij.is_object()) {
                problem(ipath, std::string("expected an object {unit, value}, got ") + ij.type_name());
                continue;
            }
            knownKeys(ij, ipath, {"unit", "value", "min", "max", "meaning", "source", "displayUnit", "fit", "job_size",
                                  "topology"});
            FormulaInput in;
            in.name = it.key();
            unitOf(ij, ipath, in.unit);
            if (const auto v = ij.find("value"); v == ij.end())
                problem(ipath, "missing required member 'value'");
            else
                readValue(*v, ipath + ".value", in.value);
            double bound = 0;
            if (getNumber(ij, ipath, "min", bound, false))
                in.min = bound;
            if (getNumber(ij, ipath, "max", bound, false))
                in.max = bound;
            text(ij, ipath, "meaning", in.meaning);
            text(ij, ipath, "source", in.source);
            text(ij, ipath, "displayUnit", in.displayUnit);
            for (const auto& [key, flag] : {std::pair{"fit", &in.fit}, std::pair{"job_size", &in.jobSize}})
                if (const auto f = ij.find(key); f != ij.end()) {
                    if (f->is_boolean())
                        *flag = f->get<bool>();
                    else
                        problem(ipath + "." + key, std::string("expected true or false, got ") + f->type_name());
                }
            // An output of the topology that supplies it, in a unit it takes (a count feeds an input in 1).
            if (getString(ij, ipath, "topology", in.topology, false)) {
                try {
                    const OutputSpec& o = TopologySource::outputSpec(in.topology);
                    if (o.unit != in.unit && !(o.unit == Unit::Count && in.unit == Unit::Ratio))
                        problem(ipath + ".topology", "input " + in.name + " in " + std::string(unitSymbol(in.unit)) +
                                                         " cannot take the topology's output " + in.topology + " in " +
                                                         std::string(unitSymbol(o.unit)));
                } catch (const ModelError&) {
                    problem(ipath + ".topology", "the topology has no output '" + clipText(in.topology) + "'");
                }
            }
            def.inputs.push_back(std::move(in));
        }
    if (const json* outputs = section("outputs"))
        for (auto it = outputs->begin(); it != outputs->end(); ++it) {
            const std::string opath = path + ".outputs." + clipText(it.key(), 40);
            const json& oj = it.value();
            if (!oj.is_object()) {
                problem(opath, std::string("expected an object {unit, expr}, got ") + oj.type_name());
                continue;
            }
            knownKeys(oj, opath, {"unit", "expr", "meaning", "source", "displayUnit", "phaseOf"});
            FormulaOutput o;
            o.name = it.key();
            unitOf(oj, opath, o.unit);
            getString(oj, opath, "expr", o.expr, true);
            text(oj, opath, "meaning", o.meaning);
            text(oj, opath, "source", o.source);
            text(oj, opath, "displayUnit", o.displayUnit);
            getString(oj, opath, "phaseOf", o.phaseOf, false);
            def.outputs.push_back(std::move(o));
        }
    if (problemCount_ != problemsBefore) {
        broken_.insert(name); // its wires are not reported again
        return;
    }
    std::vector<ParamValue> values;
    for (const FormulaInput& in : def.inputs) {
        // A plain number is the input's own value, its default: a wire may
        // replace it without the file contradicting itself.
        ParamValue v = in.value;
        if (v.provenance.kind == ProvenanceKind::User && v.provenance.basis.empty() && v.provenance.note.empty())
            v.provenance = Provenance{};
        values.push_back(std::move(v));
    }
    try {
        std::shared_ptr<const FormulaBlock> block = FormulaBlock::build(std::move(def));
        doc.design.addOwnedBlock(name, std::move(block), std::move(values));
    } catch (const FormulaError& e) {
        problem(path + "." + e.where, e.what());
        broken_.insert(name);
    } catch (const ModelError& e) {
        problem(path + ".name", e.what());
        broken_.insert(name);
    }
}

} // namespace cs
