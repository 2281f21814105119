#pragma once
// Tiny blocks for testing the design graph and plan, registered in a
// private registry so the tests do not depend on the seed models.
#include "model/core/Block.h"
#include "model/core/BlockRegistry.h"

#include <memory>

namespace cs::test {

// y = a * x (seconds); "Inconsistent" when a > 100 * x.
class ScaleBlock final : public Block {
public:
    const BlockSpec& spec() const override
    {
        static const BlockSpec s{"test.scale", "Scale", "Test", "y = a*x", "test",
                                 {param("x", Unit::Seconds, "s", 1, 0, 1e6, "input time", "test"),
                                  param("a", Unit::Ratio, "1", 2, -10, 1e6, "factor", "test")},
                                 {output("y", Unit::Seconds, "s", "a*x", "test"),
                                  output("inv", Unit::Ratio, "1", "1/x (inf at x = 0)", "test")}};
        return s;
    }
    std::string check(const double* in) const override
    {
        if (in[1] > 100 * in[0] && in[0] > 0)
            return "a = " + std::to_string(in[1]) + " is more than 100 times x";
        return {};
    }
    void evaluate(const double* in, double* out) const override
    {
        out[0] = in[0] * in[1];
        out[1] = 1.0 / in[0];
    }
};

// A block with a count input, to test unit mismatches and design params.
class CountBlock final : public Block {
public:
    const BlockSpec& spec() const override
    {
        static const BlockSpec s{"test.count", "Count", "Test", "t = P * c", "test",
                                 {countParam("P", 1, 1, 1024, "processors", "test"),
                                  param("c", Unit::Seconds, "s", 1, 0, 10, "time each", "test")},
                                 {output("t", Unit::Seconds, "s", "P*c", "test")}};
        return s;
    }
    void evaluate(const double* in, double* out) const override { out[0] = in[0] * in[1]; }
};

inline const BlockRegistry& testRegistry()
{
    static const BlockRegistry r = [] {
        BlockRegistry reg;
        reg.add(std::make_unique<ScaleBlock>());
        reg.add(std::make_unique<CountBlock>());
        return reg;
    }();
    return r;
}

} // namespace cs::test
