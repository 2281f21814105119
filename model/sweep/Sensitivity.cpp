#include "model/sweep/Sensitivity.h"
#include "model/core/ModelError.h"
#include "model/core/Settable.h"
#include "model/core/Plan.h"
#include "model/document/VariantSlots.h"

#include <algorithm>
#include <cmath>
#include <string_view>
#include <unordered_set>

namespace cs {

SensitivityResult sensitivity(const DesignDocument& doc, const std::string& variant,
                              const std::vector<std::pair<std::string, double>>& at, std::string outputPath,
                              double step)
{
    const Plan plan = doc.design.compile();
    const std::vector<VariantSlots> variants = resolveVariants(doc, plan);
    auto vit = std::find_if(variants.begin(), variants.end(), [&](const VariantSlots& v) { return v.name == variant; });
    if (vit == variants.end())
        throw ModelError("no variant named '" + variant + "'");
    int outSlot = vit->total;
    if (!outputPath.empty()) {
        outSlot = plan.slotOf(outputPath);
        if (outSlot < 0 || !plan.outputSpecAt(outSlot))
            throw ModelError("'" + outputPath + "' is not a block output");
    } else {
        for (const Variant& v : doc.effectiveVariants())
            if (v.name == variant)
                outputPath = v.total;
    }

    std::vector<double> base = plan.initialSlots();
    vit->apply(base.data());
    for (const auto& [path, value] : at)
        base[writableSlot(plan, path)] = value;
    // Only the blocks the output depends on: another variant's block cannot fail this one.
    const std::vector<std::uint32_t> steps = plan.stepsFor({outSlot});
    std::vector<double> work = base;
    if (EvalError e; !plan.run(work.data(), &e, &steps))
        throw ModelError(e.message);

    // A parameter following the topology (P = hosts) is perturbed from the
    // value it took.
    for (const DesignParam& p : doc.design.designParams())
        if (const int s = plan.slotOf(p.spec.symbol); plan.isFollowing(s) && std::isnan(base[s]))
            base[s] = work[s];

    SensitivityResult result;
    result.output = outputPath;
    result.baseOutput = work[outSlot];

    // Every settable input: design parameters and unwired block inputs. Only
    // those the steps above read can move the output: the others get a bar of
    // no swing without a pass each. A pass checks every design parameter, so
    // evaluating all of them made a document of n parameters cost n^2 (20,000
    // took 6.5 s, 300,000 would take half an hour).
    std::unordered_set<std::string_view> needed; // blocks of the steps
    for (std::uint32_t s : steps)
        needed.insert(plan.steps()[s].name);
    std::unordered_set<std::string_view> readParams; // design parameters wired into them
    for (const Wire& w : doc.design.wires())
        if (w.from.isDesignParam() && needed.count(w.to.block))
            readParams.insert(w.from.port);
    std::vector<std::pair<std::string, bool>> paths; // path, read by the steps
    for (const DesignParam& p : doc.design.designParams())
        paths.emplace_back(p.spec.symbol, readParams.count(p.spec.symbol) > 0);
    for (const BlockInstance& b : doc.design.blocks())
        for (const ParamSpec& p : b.spec().inputs)
            paths.emplace_back(b.name + "." + p.symbol, needed.count(b.name) > 0);

    auto evalAt = [&](int slot, double v, double& out) {
        work = base;
        work[slot] = v;
        EvalError err;
        if (!plan.run(work.data(), &err, &steps))
            return false;
        out = work[outSlot];
        return true;
    };

    for (const auto& [path, read] : paths) {
        const int slot = plan.slotOf(path);
        if (!checkSettable(plan, path).ok())
            continue;
        const ParamSpec* spec = plan.inputSpecAt(slot);
        if (!spec || spec->unit == Unit::Choice)
            continue;
        const double v0 = base[slot];
        auto side = [&](double factor) {
            double v = v0 * factor;
            if (spec->integer)
                v = std::round(v);
            return std::clamp(v, spec->min, spec->max);
        };
        SensitivityBar bar{path, v0, side(1.0 - step), side(1.0 + step), result.baseOutput, result.baseOutput};
        // Unread: the output is the base output at both sides (the value stays
        // in its range, so the pass would not fail on it either).
        if (read && bar.low != v0 && !evalAt(slot, bar.low, bar.outLow))
            bar.outLow = result.baseOutput;
        if (read && bar.high != v0 && !evalAt(slot, bar.high, bar.outHigh))
            bar.outHigh = result.baseOutput;
        result.bars.push_back(bar);
    }
    std::stable_sort(result.bars.begin(), result.bars.end(),
                     [](const SensitivityBar& a, const SensitivityBar& b) { return a.swing() > b.swing(); });
    return result;
}

} // namespace cs
