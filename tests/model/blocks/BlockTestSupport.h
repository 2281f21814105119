#pragma once
// Shared by the block tests: evaluate one block the way the CLI does (a
// cs::Design with the built-in registry, values set through the range-checked
// Design::setValue, compiled to a Plan and run over its slots), and the
// checks every block's tests make.
#include "model/core/Design.h"
#include "model/core/Plan.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace cs::test {

using Values = std::vector<std::pair<std::string, double>>;

// One evaluated instance: its plan, slots after the pass, and its name.
struct Evaluated {
    Plan plan;
    std::vector<double> slots;
    std::string name;

    // A port of the instance, or any slot path when `name` is empty.
    double operator()(const std::string& port) const
    {
        const int s = plan.slotOf(name.empty() ? port : name + "." + port);
        REQUIRE(s >= 0);
        return slots[static_cast<std::size_t>(s)];
    }
    std::map<std::string, double> outputs(const BlockSpec& spec) const
    {
        std::map<std::string, double> out;
        for (const OutputSpec& o : spec.outputs)
            out[o.symbol] = (*this)(o.symbol);
        return out;
    }
};

// Block `type` as instance `name` with `values` set by the user; throws
// ModelError with the plan's message when the pass fails.
inline Evaluated evaluate(const std::string& type, const Values& values, const std::string& name = "b")
{
    Design d;
    d.addBlock(name, type);
    for (const auto& [port, v] : values)
        d.setValue({name, port}, v);
    Evaluated e{d.compile(), {}, name};
    e.slots = e.plan.initialSlots();
    e.plan.runOrThrow(e.slots.data());
    return e;
}

// A whole design (several wired blocks); read slots by full path.
inline Evaluated evaluateDesign(const Design& d)
{
    Evaluated e{d.compile(), {}, {}};
    e.slots = e.plan.initialSlots();
    e.plan.runOrThrow(e.slots.data());
    return e;
}

// Outputs by symbol, for the same evaluation.
inline std::map<std::string, double> evaluateOutputs(const std::string& type, const Values& values,
                                                     const std::string& name = "b")
{
    Design d;
    d.addBlock(name, type);
    return evaluate(type, values, name).outputs(d.block(name).spec());
}

// Writes `values` straight into the plan's slots (as a sweep does, with no
// range check on the way in) and returns the pass's message, "" if it passes.
inline std::string planError(const std::string& type, const Values& values, const std::string& name = "b",
                             EvalError::Kind* kind = nullptr)
{
    Design d;
    d.addBlock(name, type);
    const Plan plan = d.compile();
    std::vector<double> slots = plan.initialSlots();
    for (const auto& [port, v] : values) {
        const int slot = plan.slotOf(name + "." + port);
        REQUIRE(slot >= 0);
        slots[static_cast<std::size_t>(slot)] = v;
    }
    EvalError err;
    if (plan.run(slots.data(), &err))
        return {};
    if (kind)
        *kind = err.kind;
    return err.message;
}

// One input value a block must refuse, and the words after "input " it refuses it with.
struct OutOfRange {
    const char* port;
    double value;
    const char* message;
};

// Each value is refused both ways a value arrives: Design::setValue throws, and a
// sweep's straight write into the plan's slots fails the pass, with the same words.
inline void checkRefused(const std::string& type, const std::vector<OutOfRange>& cases)
{
    const std::string pre = "block 'b' (" + type + "): input ";
    for (const OutOfRange& c : cases) {
        INFO(c.port << " = " << c.value);
        Design d;
        d.addBlock("b", type);
        CHECK_THROWS_WITH(d.setValue({"b", c.port}, c.value), pre + c.message);
        CHECK(planError(type, Values{{c.port, c.value}}) == pre + c.message);
    }
}

// The totals whose phases (outputs naming them in phaseOf) do not add up to
// them, within a relative 1e-12.
inline std::vector<std::string> phaseMismatches(const BlockSpec& spec, const std::map<std::string, double>& out)
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

// |x / ref - 1| <= tol: a reproduction of a reported figure.
inline bool within(double x, double ref, double tol)
{
    return std::abs(x / ref - 1.0) <= tol;
}

} // namespace cs::test
