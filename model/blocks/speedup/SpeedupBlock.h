#pragma once
#include "model/core/Block.h"

namespace cs {

// "speedup.efficiency": speedup S = T_ref / T and parallel efficiency
// E = S * P_ref / P for any total-time output. Wire T from a block's total
// time at P processors, and T_ref from the same design at the reference
// count (P_ref = 1 for classic speedup). Sweeps compute T_ref for you.
class SpeedupBlock final : public Block {
public:
    const BlockSpec& spec() const override;
    std::string check(const double* in) const override;
    void evaluate(const double* in, double* out) const override;

    enum In { T_ref, P_ref, T, P };
    enum Out { S, E };
};

} // namespace cs
