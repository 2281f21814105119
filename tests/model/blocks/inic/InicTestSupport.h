#pragma once
// Helpers for the seed-000 block tests: evaluate a block the way the CLI does,
// through a cs::Design compiled to a cs::Plan, and read outputs by symbol.
#include "model/core/Block.h"
#include "model/core/BlockRegistry.h"
#include "model/core/Design.h"
#include "model/core/Plan.h"
#include "../BlockTestSupport.h"

#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace cs::test::inic {

using cs::test::Values;

// Outputs of one instance "b" of block type `type`, with the given inputs set
// through Design::setValue (range-checked) and the rest at their defaults.
inline std::map<std::string, double> evalDesign(const std::string& type, const Values& values = {})
{
    return evaluateOutputs(type, values);
}

// The message of the first evaluation problem when the given values are
// written straight into the plan's slots (as a sweep does), "" if none.
inline std::string planError(const std::string& type, const Values& values, EvalError::Kind* kind = nullptr)
{
    return cs::test::planError(type, values, "b", kind);
}

// Every total that has phases equals the sum of its phases (exactly, up to
// rounding), for one set of outputs.
inline void checkPhasesSum(const BlockSpec& spec, const std::map<std::string, double>& out)
{
    std::map<std::string, double> sums;
    for (const OutputSpec& o : spec.outputs)
        if (!o.phaseOf.empty())
            sums[o.phaseOf] += out.at(o.symbol);
    REQUIRE_FALSE(sums.empty());
    for (const auto& [total, sum] : sums) {
        INFO(spec.id << ": phases of " << total);
        CHECK(sum == Approx(out.at(total)).epsilon(1e-14));
    }
}

inline const Block& builtinBlock(const std::string& type)
{
    return BlockRegistry::builtin().get(type);
}

} // namespace cs::test::inic
