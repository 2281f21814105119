#pragma once
// Evaluates one block instance through cs::Design + Plan, as the CLI does.
#include "model/core/Design.h"
#include "model/core/Plan.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

namespace cs::test {

struct BlockRun {
    Plan plan;
    std::vector<double> slots;
    std::string name;
    double operator()(const std::string& port) const
    {
        const int s = plan.slotOf(name + "." + port);
        REQUIRE(s >= 0);
        return slots[static_cast<std::size_t>(s)];
    }
};

// Adds block `type` as "b", sets `values` through the range-checked
// Design::setValue, compiles and runs the plan.
inline BlockRun runBlock(const std::string& type, std::initializer_list<std::pair<const char*, double>> values)
{
    Design d;
    d.addBlock("b", type);
    for (const auto& [port, v] : values)
        d.setValue({"b", port}, v);
    BlockRun r{d.compile(), {}, "b"};
    r.slots = r.plan.initialSlots();
    r.plan.runOrThrow(r.slots.data());
    return r;
}

// The message a plan pass gives when `port` is set to `v` in the slots
// (bypassing Design::setValue), or "" when the pass succeeds.
inline std::string planError(const std::string& type, std::initializer_list<std::pair<const char*, double>> slotValues)
{
    Design d;
    d.addBlock("b", type);
    const Plan plan = d.compile();
    std::vector<double> slots = plan.initialSlots();
    for (const auto& [port, v] : slotValues)
        slots[static_cast<std::size_t>(plan.slotOf(std::string("b.") + port))] = v;
    EvalError err;
    if (plan.run(slots.data(), &err))
        return {};
    return err.message;
}

// |x / ref - 1| <= tol: a reproduction of a reported figure.
inline bool within(double x, double ref, double tol)
{
    return std::abs(x / ref - 1.0) <= tol;
}

} // namespace cs::test
