#include "model/document/DocumentFormat.h"
#include "model/core/ModelError.h"
#include "model/core/Plan.h"
#include "model/core/Version.h"
#include "model/core/AtomicFile.h"
#include "model/document/DocumentReader.h"
#include "model/document/DocumentTopology.h"
#include "model/core/StrictJson.h"
#include "model/recording/RecordedBlock.h"
#include "model/formula/FormulaBlock.h"
#include "model/document/SweepAxis.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <new>

namespace cs {

using nlohmann::json;

namespace {

json provenanceToJson(const Provenance& p)
{
    json j{{"kind", provenanceName(p.kind)}};
    if (!p.detail.empty())
        j["detail"] = p.detail;
    if (p.kind == ProvenanceKind::Calibrated) {
        j["ci"] = {p.ciLow, p.ciHigh};
        j["time"] = p.time;
        j["nodes"] = p.nodes;
    }
    if (!p.basis.empty())
        j["basis"] = p.basis;
    if (!p.fittedTo.empty())
        j["fittedTo"] = p.fittedTo;
    if (!p.note.empty())
        j["note"] = p.note;
    return j;
}

json valueToJson(const ParamValue& v)
{
    if (v.provenance.kind == ProvenanceKind::User && v.provenance.basis.empty() && v.provenance.note.empty())
        return v.value;
    return {{"value", v.value}, {"provenance", provenanceToJson(v.provenance)}};
}

// A formula block as written (DocumentReaderFormula.cpp reads it back): its
// definition, with each input's current value (a wired input keeps its own).
json formulaToJson(const BlockInstance& b, const FormulaBlock& f)
{
    json inputs = json::object(), outputs = json::object();
    const FormulaDefinition& def = f.definition();
    for (const FormulaInput& in : def.inputs) {
        const int idx = b.spec().inputIndex(in.name);
        const ParamValue& v = b.values[static_cast<std::size_t>(idx)];
        json ij{{"unit", unitSymbol(in.unit)}};
        const bool own = v.provenance.kind != ProvenanceKind::Default && v.provenance.kind != ProvenanceKind::Wired;
        ij["value"] = own ? valueToJson(v) : json(b.spec().inputs[static_cast<std::size_t>(idx)].defaultValue);
        if (in.min)
            ij["min"] = *in.min;
        if (in.max)
            ij["max"] = *in.max;
        for (const auto& [key, text] : {std::pair{"meaning", &in.meaning}, std::pair{"source", &in.source},
                                        std::pair{"displayUnit", &in.displayUnit}})
            if (!text->empty())
                ij[key] = *text;
        if (in.fit)
            ij["fit"] = true;
        if (in.jobSize)
            ij["job_size"] = true;
        if (!in.topology.empty())
            ij["topology"] = in.topology;
        inputs[in.name] = ij;
    }
    for (const FormulaOutput& o : def.outputs) {
        json oj{{"unit", unitSymbol(o.unit)}, {"expr", o.expr}};
        for (const auto& [key, text] : {std::pair{"meaning", &o.meaning}, std::pair{"source", &o.source},
                                        std::pair{"displayUnit", &o.displayUnit}, std::pair{"phaseOf", &o.phaseOf}})
            if (!text->empty())
                oj[key] = *text;
        outputs[o.name] = oj;
    }
    return {{"name", b.name}, {"type", kFormulaType}, {"inputs", inputs}, {"outputs", outputs}};
}

} // namespace

std::vector<Variant> DesignDocument::effectiveVariants() const
{
    if (!variants.empty())
        return variants;
    for (const BlockInstance& b : design.blocks())
        if (b.spec().outputIndex("T") >= 0)
            return {Variant{"default", b.name + ".T", {}}};
    // The first model block's first output: the topology is the network, not a model of the job.
    for (const BlockInstance& b : design.blocks())
        if (b.name != kTopologyBlock && !b.spec().outputs.empty())
            return {Variant{"default", b.name + "." + b.spec().outputs[0].symbol, {}}};
    if (!design.blocks().empty() && !design.blocks().front().spec().outputs.empty())
        return {Variant{"default", design.blocks().front().name + "." + design.blocks().front().spec().outputs[0].symbol, {}}};
    return {};
}


DesignDocument documentFromJson(const json& input, const BlockRegistry& registry)
{
    // Copying recurses: refuse a deep tree before the copy.
    if (deeperThan(input, kMaxJsonDepth))
        throw DocumentError({"(document): nested deeper than " + std::to_string(kMaxJsonDepth) + " levels"});
    return documentFromJson(json(input), registry);
}

namespace {

// A tree no deeper than kMaxJsonDepth, read in place.
DesignDocument readTree(json&& input, const BlockRegistry& registry)
{
    if (!input.is_object())
        throw DocumentError({"(document): expected a JSON object at the top level"});
    json j = std::move(input);
    try {
        migrateDocument(j);
        DocumentReader reader(registry);
        return reader.read(std::move(j));
    } catch (...) {
        // A large tree is taken apart without allocating (releaseJson): its
        // destructor would allocate, and memory may be what ran out.
        releaseJson(j);
        try {
            throw;
        } catch (const DocumentError&) {
            throw;
        } catch (const ModelError& e) {
            // A check the reader did not anticipate: still one line, never an escape.
            throw DocumentError({"(document): " + clipText(e.what(), 300)});
        } catch (const json::exception& e) {
            throw DocumentError({"(document): " + clipText(e.what(), 300)});
        }
    }
}


} // namespace

DesignDocument documentFromJson(json&& input, const BlockRegistry& registry)
{
    // Dumping and reading recurse: refuse a deep tree first.
    if (deeperThan(input, kMaxJsonDepth))
        throw DocumentError({"(document): nested deeper than " + std::to_string(kMaxJsonDepth) + " levels"});
    return readTree(std::move(input), registry);
}

DesignDocument parseDocument(const std::string& text, const BlockRegistry& registry)
{
    // parseStrictJson bounds the depth as it reads.
    return readTree(parseStrictJson(text), registry);
}

json formulaBlockToJson(const BlockInstance& b)
{
    const FormulaBlock* f = asFormula(b.block);
    if (!f)
        throw ModelError("block " + b.name + " is a " + b.spec().id + ", not a formula");
    return formulaToJson(b, *f);
}

FormulaDefinition formulaDefinitionFromJson(const json& block)
{
    // Read as a document of this one block, by the reader itself: the same names, units, expressions and
    // limits are checked, and a block in the clipboard is untrusted text.
    json one = block;
    if (one.is_object())
        one["name"] = "formula";
    DesignDocument doc = documentFromJson(
        json{{"format", kDocumentFormat}, {"version", kDocumentVersion}, {"blocks", json::array({std::move(one)})}});
    const BlockInstance* b = doc.design.findBlock("formula");
    const FormulaBlock* f = b ? asFormula(b->block) : nullptr;
    if (!f)
        throw DocumentError({"blocks[0]: not a formula block"});
    return f->definition();
}

json documentToJson(const DesignDocument& doc)
{
    json j;
    j["format"] = kDocumentFormat;
    j["version"] = kDocumentVersion;
    // The program that wrote the file (not the one that first made it): a file that reads differently in
    // another build says which build wrote it.
    j["written_by"] = programVersionLine();
    if (!doc.name.empty())
        j["name"] = doc.name; // untitled: no name (an empty one is refused on load)
    if (!doc.description.empty())
        j["description"] = doc.description;
    if (!doc.source.empty())
        j["source"] = doc.source;

    json params = json::array();
    for (const DesignParam& p : doc.design.designParams()) {
        json pj{{"name", p.spec.symbol}, {"unit", unitSymbol(p.spec.unit)}, {"min", p.spec.min}, {"max", p.spec.max}};
        if (!p.follows.empty())
            pj["follows"] = p.follows;
        // A following parameter at its default has no value of its own.
        if (p.follows.empty() || p.value.provenance.kind != ProvenanceKind::Default)
            pj["value"] = valueToJson(p.value);
        if (!p.spec.displayUnit.empty())
            pj["displayUnit"] = p.spec.displayUnit;
        if (!p.spec.meaning.empty())
            pj["meaning"] = p.spec.meaning;
        if (!p.spec.source.empty())
            pj["source"] = p.spec.source;
        params.push_back(pj);
    }
    j["parameters"] = params;

    json blocks = json::array();
    for (const BlockInstance& b : doc.design.blocks()) {
        if (b.name == kTopologyBlock)
            continue; // saved as the "topology" section
        if (const FormulaBlock* f = asFormula(b.block)) {
            blocks.push_back(formulaToJson(b, *f));
            continue;
        }
        json values = json::object();
        for (std::size_t i = 0; i < b.values.size(); ++i) {
            const ParamValue& v = b.values[i];
            if (v.provenance.kind == ProvenanceKind::Default || v.provenance.kind == ProvenanceKind::Wired)
                continue;
            const ParamSpec& ps = b.spec().inputs[i];
            const auto idx = static_cast<std::size_t>(v.value);
            // Choices by name, so a reordered list cannot change a file's meaning.
            if (!ps.choices.empty() && v.provenance.kind == ProvenanceKind::User && idx < ps.choices.size() &&
                static_cast<double>(idx) == v.value)
                values[ps.symbol] = ps.choices[idx];
            else
                values[ps.symbol] = valueToJson(v);
        }
        json bj = {{"name", b.name}, {"type", b.spec().id}, {"values", values}};
        if (const RecordedBlock* r = asRecorded(b.block); r && r->run())
            bj["recording"] = r->source(); // embedded, as it was read (DocumentReaderRecorded.cpp)
        blocks.push_back(std::move(bj));
    }
    j["blocks"] = blocks;

    json wires = json::array();
    for (const Wire& w : doc.design.wires())
        wires.push_back({{"from", w.from.str()}, {"to", w.to.str()}});
    j["wires"] = wires;

    json variants = json::array();
    for (const Variant& v : doc.variants) {
        json overrides = json::object();
        for (const auto& [path, value] : v.overrides)
            overrides[path] = value;
        variants.push_back({{"name", v.name}, {"total", v.total}, {"overrides", overrides}});
    }
    j["variants"] = variants;

    json axes = json::array();
    for (const SweepAxis& a : doc.sweep.axes)
        axes.push_back({{"path", a.path}, {"values", a.spec}});
    json speedup{{"param", doc.sweep.speedupParam}, {"baseline", doc.sweep.speedupBaseline}};
    if (!doc.sweep.speedupAgainst.empty())
        speedup["against"] = doc.sweep.speedupAgainst;
    j["sweep"] = {{"axes", axes}, {"speedup", speedup}};

    json costs = json::array();
    for (const CostItem& c : doc.costs) {
        json cj{{"name", c.name}, {"usd", c.usd}};
        if (!c.per.empty())
            cj["per"] = c.per;
        if (!c.variants.empty())
            cj["variants"] = c.variants;
        costs.push_back(cj);
    }
    j["costs"] = costs;

    if (json topo = currentTopologyJson(doc); !topo.is_null())
        j["topology"] = std::move(topo);
    j["calibration"] = doc.calibration.is_null() ? json::array() : doc.calibration;
    j["measured"] = doc.measured.is_null() ? json::array() : doc.measured;
    if (doc.imported.is_array() && !doc.imported.empty())
        j["imported"] = doc.imported;
    j["nodes"] = doc.nodes.is_null() ? json::array() : doc.nodes;
    if (!doc.layout.is_null() && !doc.layout.empty())
        j["layout"] = doc.layout;
    return j;
}

std::string serializeDocument(const DesignDocument& doc)
{
    return documentToJson(doc).dump(2) + "\n";
}

DesignDocument loadDocument(const std::string& path, const BlockRegistry& registry)
{
    // Far above any real design (raw samples included), far below what
    // reading and parsing it would need in memory.
    constexpr std::uintmax_t kMaxDocumentBytes = std::uintmax_t{512} << 20;
    std::error_code ec;
    if (const auto size = std::filesystem::file_size(path, ec); !ec && size > kMaxDocumentBytes)
        throw DocumentError({path + ": (document): the file is " + std::to_string(size >> 20) +
                             " MiB, more than the 512 MiB a design document may be"});
    try {
        DesignDocument doc = parseDocument(readFile(path), registry);
        for (std::string& w : doc.warnings)
            w = path + ": " + w;
        return doc;
    } catch (const DocumentError& e) {
        std::vector<std::string> problems;
        for (const auto& p : e.problems())
            problems.push_back(path + ": " + p);
        throw DocumentError(problems);
    } catch (const std::bad_alloc&) {
        // Under a memory limit (ulimit -v, a container) even a document the
        // estimate admits can fail to fit; say so instead of ending.
        const auto size = std::filesystem::file_size(path, ec);
        throw DocumentError({path + ": (document): not enough memory to read this document" +
                             (ec ? std::string() : " (" + std::to_string(size >> 20) + " MiB of text)")});
    }
}

void saveDocument(const DesignDocument& doc, const std::string& path)
{
    writeFileAtomically(path, serializeDocument(doc));
}

} // namespace cs
