#include "model/document/DocumentEdits.h"
#include "model/core/ModelError.h"
#include "model/core/Settable.h"
#include "model/document/EditApply.h"
#include "model/document/StrictJson.h"

#include <algorithm>
#include <cmath>

// Edits of the design: blocks, values, wires, parameters, variants, costs
// and the sweep. Topology and layout edits are in DocumentEditsTopology.cpp,
// results and snapshots in DocumentEditsResults.cpp.
namespace cs::edit {

using nlohmann::json;
using detail::apply;
using detail::outputExists;
using detail::refuse;

namespace {

Outcome designEdit(DesignDocument& doc, const std::function<void(DesignDocument&, Change&)>& mutate)
{
    return apply(doc, kDesign, mutate);
}

void requireBlock(const Design& d, const std::string& name, const std::string& path)
{
    if (!d.findBlock(name))
        refuse(ProblemKind::NotFound, path, name, "no block named '" + clipText(name) + "'");
}

void requireParam(const Design& d, const std::string& name, const std::string& path)
{
    if (!d.findDesignParam(name))
        refuse(ProblemKind::NotFound, path, name, "no design parameter named '" + clipText(name) + "'");
}

void requireFreeName(const Design& d, const std::string& name, const std::string& path)
{
    if (auto p = nameProblem(name); !p.empty())
        refuse(ProblemKind::BadName, path, name, p, name);
    if (name == kTopologyBlock)
        refuse(ProblemKind::Duplicate, path, name, "the name 'topology' is reserved for the design's topology", name);
    if (d.findBlock(name) || d.findDesignParam(name))
        refuse(ProblemKind::Duplicate, path, name, "the name '" + name + "' is already taken", name);
}

// Renames the block in a reference "block.port".
void renameIn(std::string& path, const std::string& from, const std::string& to)
{
    if (path.rfind(from + ".", 0) == 0)
        path = to + path.substr(from.size());
}

} // namespace

Outcome addBlock(DesignDocument& doc, const std::string& name, const std::string& type)
{
    return designEdit(doc, [&](DesignDocument& d, Change& c) {
        requireFreeName(d.design, name, "blocks");
        if (!d.design.registry().find(type))
            refuse(ProblemKind::NotFound, "blocks", type, "unknown block type '" + clipText(type) + "'", type);
        d.design.addBlock(name, type);
        d.design.wireFromTopology(name); // what the network supplies comes from the drawing
        c.structure = true;
    });
}

Outcome removeBlocks(DesignDocument& doc, const std::vector<std::string>& names)
{
    return designEdit(doc, [&](DesignDocument& d, Change& c) {
        for (const std::string& n : names) {
            requireBlock(d.design, n, "blocks");
            if (n == kTopologyBlock)
                refuse(ProblemKind::BadValue, "blocks", n, "the topology is part of every design and cannot be removed; replace or redraw it");
            d.design.removeBlock(n);
        }
        c.structure = true;
    });
}

Outcome renameBlock(DesignDocument& doc, const std::string& from, const std::string& to)
{
    return apply(doc, kDesign | kLayout, [&](DesignDocument& d, Change& c) {
        requireBlock(d.design, from, "blocks");
        if (from == to)
            return;
        if (from == kTopologyBlock)
            refuse(ProblemKind::BadName, "blocks", from, "the topology block keeps its name 'topology'");
        requireFreeName(d.design, to, "blocks");
        d.design.renameBlock(from, to);
        for (Variant& v : d.variants) {
            renameIn(v.total, from, to);
            for (auto& o : v.overrides)
                renameIn(o.first, from, to);
        }
        for (SweepAxis& a : d.sweep.axes)
            renameIn(a.path, from, to);
        renameIn(d.sweep.speedupParam, from, to);
        for (CostItem& cost : d.costs)
            renameIn(cost.per, from, to);
        for (const DesignParam& p : d.design.designParams())
            if (p.follows.rfind(from + ".", 0) == 0) {
                std::string f = p.follows;
                renameIn(f, from, to);
                d.design.setFollows(p.spec.symbol, f);
            }
        if (d.layout.is_object())
            if (auto it = d.layout.find("blocks"); it != d.layout.end() && it->is_object() && it->contains(from)) {
                (*it)[to] = (*it)[from];
                it->erase(from);
            }
        c.structure = true;
    });
}

Outcome setValue(DesignDocument& doc, const std::string& path, double value, Provenance provenance)
{
    return designEdit(doc, [&](DesignDocument& d, Change& c) {
        if (SettableCheck sc = checkSettable(d.design, path); !sc.ok())
            refuse(sc.kind == SettableKind::Wired ? ProblemKind::Wired : ProblemKind::NotFound, path, path, sc.message,
                   formatNumber(value));
        if (path.find('.') == std::string::npos) {
            const DesignParam* p = d.design.findDesignParam(path);
            if (auto rp = p->spec.rangeProblem(value); !rp.empty())
                refuse(ProblemKind::OutOfRange, path, path, "design parameter " + path + " " + rp, formatNumber(value));
            d.design.setDesignParam(path, value, provenance);
        } else {
            const Endpoint ep = Endpoint::parse(path);
            const BlockInstance& b = d.design.block(ep.block);
            const ParamSpec& ps = b.spec().inputs[static_cast<std::size_t>(b.spec().inputIndex(ep.port))];
            if (auto rp = ps.rangeProblem(value); !rp.empty())
                refuse(ProblemKind::OutOfRange, path, path, "block '" + ep.block + "' (" + b.spec().id + "): input " +
                                                                 ps.symbol + " " + rp,
                       formatNumber(value));
            d.design.setValue(ep, value, provenance);
        }
        c.values.push_back(path);
    });
}

Outcome clearValue(DesignDocument& doc, const std::string& path)
{
    return designEdit(doc, [&](DesignDocument& d, Change& c) {
        if (SettableCheck sc = checkSettable(d.design, path); !sc.ok())
            refuse(sc.kind == SettableKind::Wired ? ProblemKind::Wired : ProblemKind::NotFound, path, path, sc.message);
        if (path.find('.') == std::string::npos) {
            const DesignParam* p = d.design.findDesignParam(path);
            if (p->follows.empty())
                d.design.setDesignParam(path, p->spec.defaultValue, Provenance{});
            else // follows its output again, with the value the reader gives an omitted one
                d.design.setDesignParam(path, p->spec.min, Provenance{});
        } else {
            d.design.resetValue(Endpoint::parse(path));
        }
        c.values.push_back(path);
    });
}

Outcome wire(DesignDocument& doc, const Source& from, const Endpoint& to)
{
    return designEdit(doc, [&](DesignDocument& d, Change& c) {
        if (auto reason = d.design.checkConnection(from, to); !reason.empty())
            refuse(ProblemKind::Graph, to.str(), to.str(), "cannot connect " + from.str() + " to " + to.str() + ": " + reason,
                   from.str());
        d.design.connect(from, to);
        c.structure = true;
    });
}

Outcome unwire(DesignDocument& doc, const Endpoint& to)
{
    return designEdit(doc, [&](DesignDocument& d, Change& c) {
        if (!d.design.wireInto(to))
            refuse(ProblemKind::NotFound, "wires", to.str(), to.str() + " is not wired");
        d.design.disconnect(to);
        c.structure = true;
    });
}

Outcome addParameter(DesignDocument& doc, const ParamSpec& spec, double value)
{
    return designEdit(doc, [&](DesignDocument& d, Change& c) {
        requireFreeName(d.design, spec.symbol, "parameters");
        if (auto rp = spec.rangeProblem(value); !rp.empty())
            refuse(ProblemKind::OutOfRange, "parameters", spec.symbol, spec.symbol + " " + rp, formatNumber(value));
        d.design.addDesignParam(spec, value);
        c.structure = true;
    });
}

Outcome removeParameter(DesignDocument& doc, const std::string& name)
{
    return designEdit(doc, [&](DesignDocument& d, Change& c) {
        requireParam(d.design, name, "parameters");
        d.design.removeDesignParam(name);
        c.structure = true;
    });
}

Outcome setParameterRange(DesignDocument& doc, const std::string& name, double min, double max)
{
    return designEdit(doc, [&](DesignDocument& d, Change& c) {
        requireParam(d.design, name, "parameters");
        if (!(min <= max) || !std::isfinite(min) || !std::isfinite(max))
            refuse(ProblemKind::OutOfRange, "parameters." + name + ".min", "min",
                   "range [" + formatNumber(min) + ", " + formatNumber(max) + "] of " + name +
                       " is not a range (min must be a number at most max)",
                   formatNumber(min));
        d.design.setDesignParamRange(name, min, max);
        // A following parameter has no value of its own; keep the one the reader would give it.
        if (const DesignParam* p = d.design.findDesignParam(name);
            !p->follows.empty() && p->value.provenance.kind == ProvenanceKind::Default)
            d.design.setDesignParam(name, min, Provenance{});
        c.values.push_back(name);
    });
}

Outcome setFollows(DesignDocument& doc, const std::string& name, const std::string& output)
{
    return designEdit(doc, [&](DesignDocument& d, Change& c) {
        requireParam(d.design, name, "parameters");
        if (!output.empty() && !outputExists(d.design, output))
            refuse(ProblemKind::NotFound, "parameters." + name + ".follows", "follows",
                   "'" + clipText(output) + "' is not a block output", output);
        d.design.setFollows(name, output);
        c.values.push_back(name);
    });
}

Outcome setVariants(DesignDocument& doc, std::vector<Variant> variants)
{
    return designEdit(doc, [&](DesignDocument& d, Change& c) {
        d.variants = std::move(variants);
        c.structure = true;
    });
}

Outcome setCosts(DesignDocument& doc, std::vector<CostItem> costs)
{
    return designEdit(doc, [&](DesignDocument& d, Change& c) {
        d.costs = std::move(costs);
        c.structure = true;
    });
}

Outcome setSweepAxes(DesignDocument& doc, std::vector<SweepAxis> axes)
{
    return designEdit(doc, [&](DesignDocument& d, Change&) { d.sweep.axes = std::move(axes); });
}

Outcome setSpeedup(DesignDocument& doc, const std::string& param, double baseline, const std::string& against)
{
    return designEdit(doc, [&](DesignDocument& d, Change&) {
        if (!std::isfinite(baseline))
            refuse(ProblemKind::BadValue, "sweep.speedup.baseline", "baseline", "the baseline must be a number",
                   formatNumber(baseline));
        d.sweep.speedupParam = param;
        d.sweep.speedupBaseline = baseline;
        d.sweep.speedupAgainst = against;
    });
}

Outcome editDesign(DesignDocument& doc, const std::function<void(DesignDocument&)>& mutate)
{
    return designEdit(doc, [&](DesignDocument& d, Change& c) {
        mutate(d);
        c.structure = true;
    });
}

} // namespace cs::edit
