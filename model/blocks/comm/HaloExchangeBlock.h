#pragma once
#include "model/core/Block.h"

namespace cs {

// "comm.halo": one nearest-neighbour (halo) exchange of a 1-, 2- or 3-D
// domain decomposition: each process sends a face of `face` bytes to each
// of its 2 d neighbours and receives as many, all posted at once. In LogGP
// this is a train of 2 d messages: (2d - 1) max(g, 2o, (m - 1) G) + ow(m),
// the slot of logp.loggp's linear all-to-all with 2 d partners
// (LogGPMath.h alltoallTime), G no less than 1 / B_net, the bandwidth the
// drawn network leaves each host under nearest-neighbour traffic (nn_bw).
class HaloExchangeBlock final : public Block {
public:
    const BlockSpec& spec() const override;
    void evaluate(const double* in, double* out) const override;

    enum In { L, o, g, G, B_net, dims, face };
    enum Out { T, messages };
};

} // namespace cs
