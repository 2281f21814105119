#include "model/document/DocumentReader.h"
#include "model/core/JobSize.h"
#include "model/core/ModelError.h"
#include "model/core/Plan.h"
#include "model/document/DocumentEvaluation.h"
#include "model/document/DocumentFormat.h"
#include "model/document/DocumentTopology.h"
#include "model/document/DocumentValidator.h"
#include "model/document/SectionShapes.h"
#include "model/core/StrictJson.h"
#include "model/recording/RecordedBlock.h"
#include "model/formula/FormulaBlock.h"
#include "model/document/SweepAxis.h"

namespace cs {

using nlohmann::json;

namespace {
const char* typeName(const json& v)
{
    return v.type_name();
}
} // namespace

void DocumentReader::problem(const std::string& path, const std::string& what)
{
    // Messages quote names and values from the file, which may be huge.
    problemLine(clipText(path + ": " + what, 300));
}

void DocumentReader::problemLine(const std::string& line)
{
    // A hostile file can hold millions of bad entries: the first few are
    // kept, the rest only counted, so memory does not grow with them.
    ++problemCount_;
    if (problems_.size() < kMaxProblems)
        problems_.push_back(line);
}

bool DocumentReader::refersToBroken(const std::string& path) const
{
    const auto dot = path.rfind('.');
    return broken_.count(dot == std::string::npos ? path : path.substr(0, dot)) > 0;
}

bool DocumentReader::getString(const json& obj, const std::string& path, const char* key, std::string& out,
                               bool required)
{
    auto it = obj.find(key);
    if (it == obj.end()) {
        if (required)
            problem(path, std::string("missing required member '") + key + "'");
        return false;
    }
    if (!it->is_string()) {
        problem(path + "." + key, std::string("expected a string, got ") + typeName(*it));
        return false;
    }
    out = it->get<std::string>();
    return true;
}

bool DocumentReader::getNumber(const json& obj, const std::string& path, const char* key, double& out,
                               bool required)
{
    auto it = obj.find(key);
    if (it == obj.end()) {
        if (required)
            problem(path, std::string("missing required member '") + key + "'");
        return false;
    }
    if (!it->is_number()) {
        problem(path + "." + key, std::string("expected a number, got ") + typeName(*it));
        return false;
    }
    out = it->get<double>();
    return true;
}

bool DocumentReader::getArray(const json& obj, const std::string& path, const char* key, const json*& out)
{
    auto it = obj.find(key);
    if (it == obj.end())
        return false;
    if (!it->is_array()) {
        problem(path.empty() ? key : path + "." + key, std::string("expected an array, got ") + typeName(*it));
        return false;
    }
    out = &*it;
    return true;
}

bool DocumentReader::readValue(const json& v, const std::string& path, ParamValue& out)
{
    if (v.is_number()) {
        out = {v.get<double>(), Provenance::user()};
        return true;
    }
    if (!v.is_object()) {
        problem(path, std::string("expected a number or {value, provenance}, got ") + typeName(v));
        return false;
    }
    knownKeys(v, path, {"value", "provenance"});
    if (!getNumber(v, path, "value", out.value, true))
        return false;
    out.provenance = Provenance::user();
    auto pit = v.find("provenance");
    if (pit == v.end())
        return true;
    if (!pit->is_object()) {
        problem(path + ".provenance", std::string("expected an object, got ") + typeName(*pit));
        return false;
    }
    knownKeys(*pit, path + ".provenance", {"kind", "detail", "time", "nodes", "fittedTo", "note", "basis", "ci"});
    std::string kind;
    if (!getString(*pit, path + ".provenance", "kind", kind, true))
        return false;
    try {
        out.provenance.kind = provenanceFromName(kind);
    } catch (const ModelError& e) {
        problem(path + ".provenance.kind", e.what());
        return false;
    }
    getString(*pit, path + ".provenance", "detail", out.provenance.detail, false);
    getString(*pit, path + ".provenance", "time", out.provenance.time, false);
    getString(*pit, path + ".provenance", "nodes", out.provenance.nodes, false);
    getString(*pit, path + ".provenance", "fittedTo", out.provenance.fittedTo, false);
    getString(*pit, path + ".provenance", "note", out.provenance.note, false);
    if (getString(*pit, path + ".provenance", "basis", out.provenance.basis, false) &&
        !isProvenanceBasis(out.provenance.basis)) {
        problem(path + ".provenance.basis",
                "basis '" + clipText(out.provenance.basis) + "' is not one of paper, fitted, assumed");
        return false;
    }
    if (out.provenance.basis == "fitted" && out.provenance.fittedTo.empty()) {
        problem(path + ".provenance.fittedTo", "a fitted value must name the claim it was fitted to");
        return false;
    }
    if (auto ci = pit->find("ci"); ci != pit->end()) {
        if (!ci->is_array() || ci->size() != 2 || !(*ci)[0].is_number() || !(*ci)[1].is_number()) {
            problem(path + ".provenance.ci", "expected [low, high]");
            return false;
        }
        out.provenance.ciLow = (*ci)[0].get<double>();
        out.provenance.ciHigh = (*ci)[1].get<double>();
    }
    return true;
}

void DocumentReader::readParameters(const json& j, DesignDocument& doc)
{
    for (const auto& [pj, path] : objectEntries(j, "parameters", {"name", "unit", "min", "max", "value", "displayUnit",
                                                                  "meaning", "source", "follows"})) {
        ParamSpec spec;
        std::string unit;
        bool ok = getString(pj, path, "name", spec.symbol, true);
        ok = getString(pj, path, "unit", unit, true) && ok;
        ok = getNumber(pj, path, "min", spec.min, true) && ok;
        ok = getNumber(pj, path, "max", spec.max, true) && ok;
        getString(pj, path, "displayUnit", spec.displayUnit, false);
        getString(pj, path, "meaning", spec.meaning, false);
        getString(pj, path, "source", spec.source, false);
        checkText(spec.displayUnit, path + ".displayUnit", false);
        checkText(spec.meaning, path + ".meaning", false);
        checkText(spec.source, path + ".source", false);
        std::string follows;
        getString(pj, path, "follows", follows, false);
        ParamValue value;
        if (auto v = pj.find("value"); v == pj.end()) {
            // A parameter that follows an output may omit its value: it then
            // takes the output's value at every evaluation.
            if (follows.empty()) {
                problem(path, "missing required member 'value' (or 'follows')");
                ok = false;
            } else {
                value = {spec.min, Provenance{}};
            }
        } else if (!readValue(*v, path + ".value", value)) {
            ok = false;
        }
        if (!ok) {
            broken_.insert(spec.symbol); // its wires are not reported again
            continue;
        }
        const auto u = unitFromSymbol(unit);
        if (!u) {
            problem(path + ".unit", "unknown unit '" + clipText(unit) + "'");
            broken_.insert(spec.symbol);
            continue;
        }
        spec.unit = *u;
        spec.integer = (*u == Unit::Count || *u == Unit::Choice);
        spec.defaultValue = value.value;
        try {
            doc.design.addDesignParam(spec, value.value);
            doc.design.setDesignParam(spec.symbol, value.value, value.provenance);
            if (!follows.empty())
                pendingFollows_.push_back({spec.symbol, follows, path + ".follows"});
        } catch (const ModelError& e) {
            problem(path + ".name", e.what()); // a bad or taken name: nothing else throws here
            broken_.insert(spec.symbol);
        }
    }
}

void DocumentReader::readTopology(json& j, DesignDocument& doc)
{
    auto it = j.find("topology");
    if (it == j.end())
        return;
    if (!it->is_object()) {
        problem("topology", std::string("expected an object, got ") + typeName(*it));
        return;
    }
    try {
        doc.topology = readNetwork(*it, "topology");
    } catch (const ModelError& e) {
        // The message starts with the JSON path ("topology.params.k: ...").
        problemLine(e.what());
        broken_.insert(kTopologyBlock); // what follows or wires from it is not reported again
        return;
    }
    *it = nullptr; // read: a large drawing's tree is freed now (the key stays, its value is null)
    // A drawn vertex's id is shown on the canvas and in every message about
    // it: no control or bidirectional formatting characters (DocumentReaderKeys.cpp).
    const std::vector<NetworkVertex>& vertices = doc.topology.vertices();
    for (std::size_t i = 0; i < vertices.size(); ++i)
        if (!textProblem(vertices[i].id).empty())
            checkText(vertices[i].id, "topology.vertices[" + std::to_string(i) + "].id", false);
    try {
        attachTopology(doc);
    } catch (const ModelError& e) {
        problemLine(e.what());
        broken_.insert(kTopologyBlock);
    }
}

void DocumentReader::applyFollows(DesignDocument& doc)
{
    for (const PendingFollow& f : pendingFollows_) {
        if (refersToBroken(f.output))
            continue; // the block it follows is reported already
        try {
            doc.design.setFollows(f.param, f.output);
        } catch (const ModelError& e) {
            problem(f.path, e.what());
        }
    }
}

void DocumentReader::readBlocks(const json& j, DesignDocument& doc)
{
    const json* arr = nullptr;
    if (!getArray(j, "", "blocks", arr))
        return;
    for (std::size_t i = 0; i < arr->size(); ++i) {
        const json& bj = (*arr)[i];
        const std::string path = "blocks[" + std::to_string(i) + "]";
        if (!bj.is_object()) {
            problem(path, std::string("expected an object, got ") + typeName(bj));
            continue;
        }
        std::string name, type;
        bool ok = getString(bj, path, "name", name, true);
        ok = getString(bj, path, "type", type, true) && ok;
        if (ok && type == kFormulaType) {
            readFormulaBlock(bj, path, name, doc);
            continue;
        }
        if (ok && type == kRecordedType)
            knownKeys(bj, path, {"name", "type", "values", "recording"});
        else
            knownKeys(bj, path, {"name", "type", "values"});
        if (!ok) {
            broken_.insert(name);
            continue;
        }
        if (!registry_.find(type)) {
            problem(path + ".type", "unknown block type '" + clipText(type) + "'");
            broken_.insert(name);
            continue;
        }
        try {
            if (type == kRecordedType && bj.contains("recording")) {
                if (!readRecordedBlock(bj, path, name, doc)) {
                    broken_.insert(name);
                    continue;
                }
            } else {
                doc.design.addBlock(name, type);
            }
        } catch (const ModelError& e) {
            problem(path + ".name", e.what());
            broken_.insert(name);
            continue;
        }
        auto vit = bj.find("values");
        if (vit == bj.end())
            continue;
        if (!vit->is_object()) {
            problem(path + ".values", std::string("expected an object, got ") + typeName(*vit));
            continue;
        }
        const BlockSpec& spec = doc.design.block(name).spec();
        for (auto it = vit->begin(); it != vit->end(); ++it) {
            const std::string vpath = path + ".values." + clipText(it.key(), 40);
            const int idx = spec.inputIndex(it.key());
            if (idx < 0) {
                problem(vpath, "block type " + type + " has no input '" + clipText(it.key()) + "'");
                continue;
            }
            ParamValue v;
            const ParamSpec& ps = spec.inputs[idx];
            if (it.value().is_string() && !ps.choices.empty()) {
                // A choice may be written by name ("WD"); indices are kept for old files.
                try {
                    v = {ps.parse(it.value().get<std::string>()), Provenance::user()};
                } catch (const ModelError& e) {
                    problem(vpath, e.what());
                    continue;
                }
            } else if (!readValue(it.value(), vpath, v)) {
                continue;
            }
            // Its range is checked with every other value by the validator below (rangeProblemAt).
            doc.design.setValueUnchecked({name, it.key()}, v);
        }
    }
}

void DocumentReader::readWires(const json& j, DesignDocument& doc)
{
    for (const auto& [wj, path] : objectEntries(j, "wires", {"from", "to"})) {
        std::string from, to;
        bool ok = getString(wj, path, "from", from, true);
        ok = getString(wj, path, "to", to, true) && ok;
        if (!ok)
            continue;
        if (refersToBroken(from) || refersToBroken(to))
            continue; // the block or parameter itself is reported
        try {
            const Endpoint toEp = Endpoint::parse(to);
            const Source src = from.find('.') == std::string::npos ? Source::designParam(from)
                                                                     : Source::output(Endpoint::parse(from));
            // The job size's wire (P -> topology.P) is made when the topology
            // and P meet (Design::wireJobSize); the file saying it too is no conflict.
            if (const Wire* w = doc.design.wireInto(toEp); w && w->from == src)
                continue;
            doc.design.connect(src, toEp);
        } catch (const ModelError& e) {
            problem(path, e.what());
        }
    }
    // An input that counts the job's ranks and that the file leaves free and
    // at its default follows the job, as it does when a block is added (one
    // given a value of its own stays apart, and is told: RankCounts.h).
    for (const BlockInstance& b : doc.design.blocks())
        doc.design.wireJobRanks(b.name);
}

void DocumentReader::readVariants(const json& j, DesignDocument& doc)
{
    for (const auto& [vj, path] : objectEntries(j, "variants", {"name", "total", "overrides"})) {
        Variant v;
        bool ok = getString(vj, path, "name", v.name, true);
        ok = getString(vj, path, "total", v.total, true) && ok;
        if (!ok)
            continue;
        if (auto oit = vj.find("overrides"); oit != vj.end()) {
            if (!oit->is_object()) {
                problem(path + ".overrides", std::string("expected an object, got ") + typeName(*oit));
                continue;
            }
            for (auto it = oit->begin(); it != oit->end(); ++it) {
                const std::string opath = path + ".overrides." + clipText(it.key(), 40);
                if (!it.value().is_number()) {
                    problem(opath, std::string("expected a number, got ") + typeName(it.value()));
                    continue;
                }
                v.overrides.emplace_back(it.key(), it.value().get<double>());
            }
        }
        doc.variants.push_back(std::move(v));
    }
}

void DocumentReader::readSweep(const json& j, DesignDocument& doc)
{
    auto it = j.find("sweep");
    const bool saysSpeedup = it != j.end() && it->is_object() && it->contains("speedup") &&
                             (*it)["speedup"].is_object() && (*it)["speedup"].contains("param");
    if (!saysSpeedup && doc.design.findDesignParam(kJobSize))
        doc.sweep.speedupParam = kJobSize;
    if (it == j.end())
        return;
    if (!it->is_object()) {
        problem("sweep", std::string("expected an object, got ") + typeName(*it));
        return;
    }
    knownKeys(*it, "sweep", {"axes", "speedup"});
    const json* axes = nullptr;
    if (getArray(*it, "sweep", "axes", axes)) {
        for (std::size_t i = 0; i < axes->size(); ++i) {
            const json& aj = (*axes)[i];
            const std::string path = "sweep.axes[" + std::to_string(i) + "]";
            if (!aj.is_object()) {
                problem(path, std::string("expected an object, got ") + typeName(aj));
                continue;
            }
            knownKeys(aj, path, {"path", "values"});
            SweepAxis a;
            bool ok = getString(aj, path, "path", a.path, true);
            ok = getString(aj, path, "values", a.spec, true) && ok;
            if (!ok)
                continue;
            doc.sweep.axes.push_back(a);
        }
    }
    if (auto sp = it->find("speedup"); sp != it->end()) {
        if (!sp->is_object()) {
            problem("sweep.speedup", std::string("expected an object, got ") + typeName(*sp));
            return;
        }
        knownKeys(*sp, "sweep.speedup", {"param", "baseline", "against"});
        getString(*sp, "sweep.speedup", "param", doc.sweep.speedupParam, false);
        getNumber(*sp, "sweep.speedup", "baseline", doc.sweep.speedupBaseline, false);
        getString(*sp, "sweep.speedup", "against", doc.sweep.speedupAgainst, false);
    }
}

void DocumentReader::readCosts(const json& j, DesignDocument& doc)
{
    for (const auto& [cj, path] : objectEntries(j, "costs", {"name", "usd", "per", "variants"})) {
        CostItem c;
        bool ok = getString(cj, path, "name", c.name, true);
        ok = getNumber(cj, path, "usd", c.usd, true) && ok;
        getString(cj, path, "per", c.per, false);
        if (auto vit = cj.find("variants"); vit != cj.end()) {
            if (!vit->is_array()) {
                problem(path + ".variants", "expected an array of variant names");
            } else {
                for (const json& n : *vit) {
                    if (!n.is_string()) {
                        problem(path + ".variants", "expected an array of variant names");
                        break;
                    }
                    c.variants.push_back(n.get<std::string>());
                }
            }
        }
        if (ok)
            doc.costs.push_back(std::move(c));
    }
}

DesignDocument DocumentReader::read(json&& j)
{
    DesignDocument doc;
    // On the way out of a refusal (or a failed allocation) the sections the
    // document took over are taken apart without allocating (releaseJson).
    struct Release {
        DesignDocument& doc;
        bool armed = true;
        ~Release()
        {
            if (armed)
                for (json* section : {&doc.measured, &doc.calibration, &doc.nodes, &doc.imported, &doc.layout})
                    releaseJson(*section);
        }
    } release{doc};
    doc.design = Design(registry_);
    knownTopLevelKeys(j);
    getString(j, "(document)", "written_by", doc.writtenBy, false); // absent in presets and older files
    checkText(doc.writtenBy, "written_by", false);
    if (getString(j, "(document)", "name", doc.name, false))
        checkText(doc.name, "name", true); // absent when untitled, never empty
    getString(j, "(document)", "description", doc.description, false);
    checkText(doc.description, "description", false, true);
    getString(j, "(document)", "source", doc.source, false);
    checkText(doc.source, "source", false);
    readParameters(j, doc);
    readTopology(j, doc);
    readBlocks(j, doc);
    readWires(j, doc);
    applyFollows(doc);
    readVariants(j, doc);
    readSweep(j, doc);
    readCosts(j, doc);
    readExtras(j, doc);
    recordExtensionKeys("measured", doc.measured, doc.warnings);
    recordExtensionKeys("calibration", doc.calibration, doc.warnings);
    // What the file refers to, its values against their wires and ranges, and
    // the graph: the checks every edit of the document also passes.
    ValidateOptions options;
    options.alreadyReported = [this](const std::string& path) { return refersToBroken(path); };
    options.compile = problemCount_ == 0;
    options.maxProblems = kMaxCounted + 1; // one more says that it stopped
    const DocumentProblems found = validateDocument(doc, options);
    const bool stopped = found.size() > kMaxCounted;
    for (std::size_t i = 0; i < found.size() && i < kMaxCounted; ++i)
        problemLine(found[i].line());
    if (problemCount_ > kMaxProblems) {
        // A hostile file can hold a million bad entries; the first few say enough.
        const std::size_t more = problemCount_ - kMaxProblems;
        problems_.push_back("(document): and " + std::string(stopped ? "more than " : "") + std::to_string(more) +
                            " more problems");
    }
    if (!problems_.empty())
        throw DocumentError(problems_);
    // What only an evaluation finds is told now, with its path (a warning:
    // an unfinished design still opens; DocumentEvaluation.h).
    for (const DocumentProblem& p : evaluationProblems(doc))
        doc.warnings.push_back(p.line());
    release.armed = false;
    return doc;
}


} // namespace cs
