#pragma once
// Evaluates one seed-001 offload block the way the CLI does: a cs::Design
// with the built-in registry, values set through Design::setValue (range
// checked), compiled to a Plan and run over its slots.
#include "model/core/Design.h"
#include "model/core/ModelError.h"
#include "model/core/Plan.h"

#include <cmath>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace cs::test::offload {

using Values = std::vector<std::pair<std::string, double>>;
using Outputs = std::map<std::string, double>;

// Runs block type `type` as instance `name` with `values` set by the user.
// Throws ModelError with the plan's message when the pass fails.
inline Outputs run(const std::string& type, const std::string& name, const Values& values)
{
    Design d;
    d.addBlock(name, type);
    for (const auto& [symbol, v] : values)
        d.setValue({name, symbol}, v);
    const Plan plan = d.compile();
    std::vector<double> slots = plan.initialSlots();
    plan.runOrThrow(slots.data());
    Outputs out;
    for (const OutputSpec& o : d.block(name).spec().outputs)
        out[o.symbol] = slots[plan.slotOf(name + "." + o.symbol)];
    return out;
}

// Writes `values` straight into the plan's slots (as a sweep does, with no
// range check on the way in) and returns the plan's error message, or ""
// when the pass succeeds.
inline std::string planError(const std::string& type, const std::string& name, const Values& values)
{
    Design d;
    d.addBlock(name, type);
    const Plan plan = d.compile();
    std::vector<double> slots = plan.initialSlots();
    for (const auto& [symbol, v] : values)
        slots[plan.slotOf(name + "." + symbol)] = v;
    EvalError err;
    if (plan.run(slots.data(), &err))
        return {};
    return err.message;
}

// Every output that names a total in phaseOf, summed per total, must equal
// that total (relative tolerance 1e-12).
inline std::vector<std::string> phaseMismatches(const BlockSpec& spec, const Outputs& out)
{
    std::map<std::string, double> sums;
    for (const OutputSpec& o : spec.outputs)
        if (!o.phaseOf.empty())
            sums[o.phaseOf] += out.at(o.symbol);
    std::vector<std::string> bad;
    for (const auto& [total, sum] : sums)
        if (std::abs(sum - out.at(total)) > 1e-12 * std::abs(out.at(total)))
            bad.push_back(total);
    return bad;
}

} // namespace cs::test::offload
