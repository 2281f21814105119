#include "model/sweep/Sensitivity.h"
#include "model/core/ModelError.h"
#include "model/core/Settable.h"
#include "model/core/Plan.h"
#include "model/sweep/VariantSlots.h"

#include <algorithm>
#include <cmath>

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

    // Every settable input: design parameters and unwired block inputs.
    std::vector<std::string> paths;
    for (const DesignParam& p : doc.design.designParams())
        paths.push_back(p.spec.symbol);
    for (const BlockInstance& b : doc.design.blocks())
        for (const ParamSpec& p : b.spec().inputs)
            paths.push_back(b.name + "." + p.symbol);

    auto evalAt = [&](int slot, double v, double& out) {
        work = base;
        work[slot] = v;
        EvalError err;
        if (!plan.run(work.data(), &err, &steps))
            return false;
        out = work[outSlot];
        return true;
    };

    for (const std::string& path : paths) {
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
        if (bar.low != v0 && !evalAt(slot, bar.low, bar.outLow))
            bar.outLow = result.baseOutput;
        if (bar.high != v0 && !evalAt(slot, bar.high, bar.outHigh))
            bar.outHigh = result.baseOutput;
        result.bars.push_back(bar);
    }
    std::stable_sort(result.bars.begin(), result.bars.end(),
                     [](const SensitivityBar& a, const SensitivityBar& b) { return a.swing() > b.swing(); });
    return result;
}

} // namespace cs
