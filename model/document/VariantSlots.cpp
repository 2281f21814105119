#include "model/document/VariantSlots.h"
#include "model/core/JobSize.h"
#include "model/core/ModelError.h"
#include "model/core/Settable.h"

namespace cs {

int writableSlot(const Plan& plan, const std::string& path)
{
    if (SettableCheck c = checkSettable(plan, path); !c.ok())
        throw ModelError(c.message);
    return plan.slotOf(path);
}

namespace {

// Appends the leaf phases of output `symbol` of the block whose outputs start
// at `outBase`: a phase with phases of its own is replaced by them.
void leafPhases(const BlockSpec& spec, const std::string& symbol, int outBase, std::vector<int>& slots,
                std::vector<std::string>& names, int depth)
{
    for (std::size_t o = 0; o < spec.outputs.size(); ++o) {
        if (spec.outputs[o].phaseOf != symbol || depth > 8)
            continue;
        const std::size_t before = slots.size();
        leafPhases(spec, spec.outputs[o].symbol, outBase, slots, names, depth + 1);
        if (slots.size() == before) {
            slots.push_back(outBase + static_cast<int>(o));
            names.push_back(spec.outputs[o].symbol);
        }
    }
}

// The slot whose value reaches the topology's job nodes, when the speedup
// parameter is the design parameter wired into the topology's job size: the
// input itself, or the design parameter wired into it; -1 otherwise.
int jobNodesSlot(const DesignDocument& doc, const Plan& plan)
{
    const Wire* size = doc.design.wireInto({kTopologyBlock, kJobSize});
    if (!size || !size->from.isDesignParam() || size->from.port != doc.sweep.speedupParam)
        return -1;
    const int nodes = plan.slotOf(std::string(kTopologyBlock) + "." + kJobNodes);
    if (nodes < 0)
        return -1;
    for (const Plan::Copy& c : plan.copies())
        if (c.to == static_cast<std::uint32_t>(nodes))
            return static_cast<int>(c.from);
    return nodes;
}

} // namespace

std::vector<VariantSlots> resolveVariants(const DesignDocument& doc, const Plan& plan,
                                          const std::vector<int>& extraOutputs)
{
    std::vector<VariantSlots> out;
    for (const Variant& v : doc.effectiveVariants()) {
        VariantSlots vs;
        vs.name = v.name;
        try {
            for (const auto& [path, value] : v.overrides)
                vs.overrides.emplace_back(writableSlot(plan, path), value);
            vs.total = plan.slotOf(v.total);
            if (vs.total < 0 || !plan.outputSpecAt(vs.total))
                throw ModelError("total '" + v.total + "' is not a block output");
            const Endpoint ep = Endpoint::parse(v.total);
            const BlockSpec& spec = doc.design.block(ep.block).spec();
            const int outBase = plan.slotOf(ep.block + "." + spec.outputs.front().symbol);
            leafPhases(spec, ep.port, outBase, vs.phases, vs.phaseNames, 0);
        } catch (const ModelError& e) {
            throw ModelError("variant '" + v.name + "': " + e.what());
        }
        for (const CostItem& c : doc.costs) {
            bool applies = c.variants.empty();
            for (const std::string& n : c.variants)
                applies = applies || n == v.name;
            if (!applies)
                continue;
            const int slot = c.per.empty() ? -1 : plan.slotOf(c.per);
            if (!c.per.empty() && slot < 0)
                throw ModelError("cost '" + c.name + "': '" + c.per + "' names nothing in the design");
            vs.costs.emplace_back(slot, c.usd);
        }
        if (!doc.sweep.speedupParam.empty()) {
            vs.speedupSlot =
                checkSettable(plan, doc.sweep.speedupParam).ok() ? plan.slotOf(doc.sweep.speedupParam) : -1;
            vs.jobNodesSlot = jobNodesSlot(doc, plan);
        }
        std::vector<int> targets = extraOutputs;
        targets.push_back(vs.total);
        targets.insert(targets.end(), vs.phases.begin(), vs.phases.end());
        for (const auto& c : vs.costs)
            targets.push_back(c.first);
        vs.steps = plan.stepsFor(targets);
        out.push_back(std::move(vs));
    }
    return out;
}

} // namespace cs
