#pragma once
#include "model/core/Block.h"

namespace cs {

// "offload.collective": barrier (synchronization), broadcast and allreduce
// offloaded to the Maestro2 switch box with MDO (001_6f8c605996d22b4f.txt
// §4.3, Fig. 5). Each operation is two network steps whatever the host count
// P: every NI -> switch box, then switch box -> every NI (the crossbar sends
// the copies at once). On the critical path lie the host's request over PCI
// (o_s, plus a DMA of the k data bytes at B_pci for broadcast and allreduce),
// NI firmware on both sides (t_NI each), the switch firmware (t_SB), the two
// link transfers (k / B_link each; k_sync for the barrier), three MDO module
// calls (sending NI, switch box, receiving NI; o_mod each, §4.3.1), the
// completion at the receiving host (o_r) and, for allreduce only, the
// switch's combining of the P contributions, (P - 1) k c_red.
//
// Assumptions (documented in the spec sources): messages are stored and
// forwarded whole at each stage (no cut-through), arrivals at the switch
// overlap, so only the last one is on the critical path, and the switch holds
// every contribution before it reduces them (hence P * k <= 32 MiB).
// The peer-to-peer counterparts are logp.loggp's T_barrier, T_bcast and
// T_allreduce.
class OffloadCollectiveBlock final : public Block {
public:
    const BlockSpec& spec() const override;
    std::string check(const double* in) const override;
    void evaluate(const double* in, double* out) const override;

    enum In { P, k, k_sync, B_link, B_pci, o_s, o_r, t_NI, t_SB, o_mod, c_red };
    enum Out {
        T_barrier,
        T_barrier_pci,
        T_barrier_dev,
        T_barrier_link,
        T_barrier_mod,
        T_bcast,
        T_bcast_pci,
        T_bcast_dev,
        T_bcast_link,
        T_bcast_mod,
        T_allreduce,
        T_allreduce_pci,
        T_allreduce_dev,
        T_allreduce_link,
        T_allreduce_red,
        T_allreduce_mod,
        T_barrier_builtin,
        f_mod,
        steps_net,
        n_mod,
    };
};

} // namespace cs
