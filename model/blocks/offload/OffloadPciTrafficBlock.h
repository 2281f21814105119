#pragma once
#include "model/core/Block.h"

namespace cs {

// "offload.pcitraffic": bytes crossing the hosts' PCI buses, summed over all
// hosts, for a broadcast and an allreduce of k bytes, with MDO and with MMP's
// peer-to-peer algorithms (001_6f8c605996d22b4f.txt §4.3.5, Fig. 11).
//
// Every send or receive a host does moves the k data bytes and one control
// command across its PCI bus; the traffic "consists of data and control
// commands": c bytes for a peer-to-peer send request or receive post, c_mdo
// for an MDO operation (the request to the module with its arguments and the
// result returned through the MDO library, §3.2 Fig. 3 (a)-(e)).
//  - P2P broadcast: MPICH's binomial tree. The initiator sends ceil(log2 P)
//    times, relay hosts ("intermediates") receive and re-send, leaves only
//    receive: 2 (P - 1) operations in all.
//  - MDO broadcast: the initiator sends once and the switch box makes the
//    copies, so P - 1 hosts receive once: P operations of k + c_mdo.
//  - P2P allreduce: MPICH recursive doubling (with its pre- and post-step
//    when P is not a power of two): 2 P' log2 P' + 4 (P - P') operations.
//  - MDO allreduce: one send and one receive per host: 2 P operations of
//    k + c_mdo.
// With c_mdo = c the reductions are ratios of operation counts (33% and 43%
// for a broadcast on 4 and 8 hosts, 50% and 67% for an allreduce). For small
// messages the commands dominate, and a heavier MDO command shrinks the
// allreduce cut on few hosts more than on many (maestro2-mdo fits c_mdo to the
// 8-host allreduce of Fig. 11(b) and predicts the 4-host one).
class OffloadPciTrafficBlock final : public Block {
public:
    const BlockSpec& spec() const override;
    void evaluate(const double* in, double* out) const override;

    enum In { P, k, c, c_mdo };
    enum Out {
        V_bcast_p2p,
        V_bcast_p2p_init,
        V_bcast_p2p_int1,
        V_bcast_p2p_int2,
        V_bcast_p2p_recv,
        V_bcast_mdo,
        V_bcast_mdo_init,
        V_bcast_mdo_recv,
        R_bcast,
        V_allreduce_p2p,
        V_allreduce_mdo,
        R_allreduce,
        n_init_sends,
        n_int1,
        n_int2,
        n_leaf,
        ops_bcast_p2p,
        ops_bcast_mdo,
        ops_allreduce_p2p,
        ops_allreduce_mdo,
        ops_allreduce_host_max,
    };
};

} // namespace cs
