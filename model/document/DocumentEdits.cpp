#include "model/document/DocumentEdits.h"
#include "model/document/DesignEdits.h"
#include "model/core/ModelError.h"
#include "model/core/Settable.h"
#include "model/document/EditApply.h"
#include "model/core/StrictJson.h"
#include "model/formula/FormulaBlock.h"

#include <algorithm>
#include <cmath>
#include <memory>

// Edits of the design: blocks, values, wires, parameters, variants, costs
// and the sweep. Topology and layout edits are in DocumentEditsTopology.cpp,
// results and snapshots in DocumentEditsResults.cpp.
namespace cs::edit {

using nlohmann::json;
using detail::apply;
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


} // namespace

Outcome addBlock(DesignDocument& doc, const std::string& name, const std::string& type)
{
    return designEdit(doc, [&](DesignDocument& d, Change& c) {
        requireFreeName(d.design, name, "blocks");
        if (!d.design.registry().find(type))
            refuse(ProblemKind::NotFound, "blocks", type, "unknown block type '" + clipText(type) + "'", type);
        if (type == kFormulaType)
            // The document owns each formula block's definition, as the reader makes it, so that
            // setFormula can replace it; the registry's empty formula only stands for the type.
            d.design.addOwnedBlock(name, std::make_shared<const FormulaBlock>(), {});
        else
            d.design.addBlock(name, type);
        d.design.wireFromTopology(name); // what the network supplies comes from the drawing
        d.design.wireJobRanks(name);     // an input that counts the job's ranks follows the job
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

namespace {

void assign(DesignDocument& d, Change& c, const std::string& path, double value, const Provenance& provenance)
{
    if (SettableCheck sc = checkSettable(d.design, path); !sc.ok())
        refuse(sc.kind == SettableKind::Wired ? ProblemKind::Wired : ProblemKind::NotFound, path, path, sc.message,
               formatNumber(value));
    if (auto rp = rangeProblemAt(d.design, path, value); !rp.empty())
        refuse(ProblemKind::OutOfRange, path, path, rp, formatNumber(value));
    if (path.find('.') == std::string::npos)
        d.design.setDesignParam(path, value, provenance);
    else
        d.design.setValue(Endpoint::parse(path), value, provenance);
    c.values.push_back(path);
}

void reset(DesignDocument& d, Change& c, const std::string& path)
{
    if (SettableCheck sc = checkSettable(d.design, path); !sc.ok())
        refuse(sc.kind == SettableKind::Wired ? ProblemKind::Wired : ProblemKind::NotFound, path, path, sc.message);
    if (path.find('.') == std::string::npos) {
        const DesignParam* p = d.design.findDesignParam(path);
        if (p->follows.empty())
            d.design.setDesignParam(path, p->spec.defaultValue, Provenance{});
        else // follows its output again, with the value the reader gives an omitted one
            d.design.setDesignParam(path, p->spec.min, Provenance{});
    } else {
        const Endpoint at = Endpoint::parse(path);
        d.design.resetValue(at);
        // Back to its default, an input that counts the job's ranks follows the job again, as the reader
        // would have it (Design::wireJobRanks).
        if (!d.design.wireJobRanks(at.block).empty())
            c.structure = true;
    }
    c.values.push_back(path);
}

} // namespace

Outcome setValue(DesignDocument& doc, const std::string& path, double value, Provenance provenance)
{
    return designEdit(doc, [&](DesignDocument& d, Change& c) { assign(d, c, path, value, provenance); });
}

Outcome setValues(DesignDocument& doc, const std::vector<ValueAssignment>& values)
{
    return designEdit(doc, [&](DesignDocument& d, Change& c) {
        for (const ValueAssignment& v : values)
            assign(d, c, v.path, v.value, v.provenance);
    });
}

Outcome clearValue(DesignDocument& doc, const std::string& path)
{
    return designEdit(doc, [&](DesignDocument& d, Change& c) { reset(d, c, path); });
}

Outcome clearValues(DesignDocument& doc, const std::vector<std::string>& paths)
{
    return designEdit(doc, [&](DesignDocument& d, Change& c) {
        for (const std::string& path : paths)
            reset(d, c, path);
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

Outcome setSweepAxes(DesignDocument& doc, std::vector<SweepAxis> axes)
{
    return designEdit(doc, [&](DesignDocument& d, Change&) { d.sweep.axes = std::move(axes); });
}

Outcome setSpeedupAgainst(DesignDocument& doc, const std::string& variant)
{
    return designEdit(doc, [&](DesignDocument& d, Change&) {
        if (!variant.empty()) {
            const std::vector<Variant> variants = d.effectiveVariants();
            if (std::none_of(variants.begin(), variants.end(), [&](const Variant& v) { return v.name == variant; })) {
                std::string known;
                for (const Variant& v : variants)
                    known += (known.empty() ? "'" : ", '") + v.name + "'";
                refuse(ProblemKind::NotFound, "sweep.speedup_against", "speedup_against",
                       "no variant named '" + clipText(variant) + "' (the variants: " + known + ")", variant);
            }
        }
        d.sweep.speedupAgainst = variant;
    });
}

Outcome setSpeedupParameter(DesignDocument& doc, const std::string& path)
{
    return designEdit(doc, [&](DesignDocument& d, Change&) { d.sweep.speedupParam = path; });
}

Outcome setVariants(DesignDocument& doc, std::vector<Variant> variants)
{
    return designEdit(doc, [&](DesignDocument& d, Change& c) {
        d.variants = std::move(variants);
        c.structure = true; // the charts' curves are the variants
    });
}

Outcome setFollows(DesignDocument& doc, const std::string& name, const std::string& output)
{
    return designEdit(doc, [&](DesignDocument& d, Change& c) {
        requireParam(d.design, name, "parameters." + name);
        d.design.setFollows(name, output); // a ModelError names the output at fault
        c.structure = true;
    });
}

} // namespace cs::edit
