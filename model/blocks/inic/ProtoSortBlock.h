#pragma once
#include "model/core/Block.h"

namespace cs {

// "inic.proto.sort": the integer sort on the prototype INIC of seed 000 §6 and
// Fig. 7. The card's FPGAs are too small for the full receive-side bucket
// sort: the card sorts into 16 buckets and the host sorts each of those into
// N cache-sized buckets before the Count Sort. All card traffic shares one
// 132 MB/s bus, so the transfers take turns instead of pipelining. With
// r_hc = min(bw_hc, bw_bus), r_cn = min(bw_cn, bw_bus):
//   T_dtc = S / r_hc                    partition host to card (send buckets on card)
//   T_dtg = ((P - 1) * S / P) / r_cn    card to network
//   T_dfg = ((P - 1) * S / P) / r_cn    network to card (16 buckets on card)
//   T_dth = S / r_hc                    card to host
//   T_INIC = their sum
//   T_bucket2 = (E_init / P) * t_bucket2   host pass into N buckets per card bucket
//   T = T_INIC + T_bucket2 + T_count,  T_count = T_countsort
// (The paper gives no prototype equations; this is eqs. (11)-(17) adjusted
// for the shared bus and the host pass, with the adjustments assumed.)
//
// Inputs (SI units): E_init (count), P (count), key (B), bw_hc, bw_cn, bw_bus
// (B/s), t_bucket2 (s per key), T_countsort (s), B_net (B/s), cores (count):
// the cores the job's ranks compute on (0 = a core a rank). Fewer than P
// share them, and the host's passes (T_bucket2, T_count) take
// P / min(P, cores) times as long (model/blocks/JobCores.h); the card's
// transfers do not.
class ProtoSortBlock final : public Block {
public:
    const BlockSpec& spec() const override;
    std::string check(const double* in) const override;
    void evaluate(const double* in, double* out) const override;

    enum In { E_init, P, key, bw_hc, bw_cn, bw_bus, t_bucket2, T_countsort, B_net, cores };
    enum Out { S, T_dtc, T_dtg, T_dfg, T_dth, T_INIC, T_bucket2, T_count, T };
};

} // namespace cs
