#pragma once
#include "model/core/Block.h"

namespace cs {

// "comm.collective": the time of one MPI collective (allreduce, allgather,
// reduce_scatter, broadcast, alltoall, barrier) by the algorithm chosen
// (binomial, recursive doubling or halving, ring, Rabenseifner, pairwise,
// linear, dissemination), in LogGP with the topology's all-to-all
// bandwidth: the standard cost formulas of Thakur, Rabenseifner and Gropp
// 2005 (CollectiveMath.h). For a user's formula block to wire in.
//
// Inputs: L, o, g (s), G (s/B), B_net (B/s), P (processes), k (bytes, as the
// operation defines it), gamma (s/B, reduction), op and algorithm (choices).
// Outputs: T (s), steps (messages on the critical path).
class CollectiveBlock final : public Block {
public:
    const BlockSpec& spec() const override;
    std::string check(const double* in) const override;
    void evaluate(const double* in, double* out) const override;

    enum In { L, o, g, G, B_net, P, k, gamma, op, algorithm };
    enum Out { T, steps };
};

} // namespace cs
