#pragma once
#include "model/core/Block.h"

namespace cs {

// "inic.sort": run time of the distributed integer sort when the proposed
// Intelligent NIC performs both bucket sorts (into P send buckets and into N
// receive buckets) in the data path. Seed 000 §3.2.2, §4.2 eqs. (11)-(17).
//
// Inputs (SI units):
//   E_init       total keys (count)
//   P            processors (count)
//   N            receive-side buckets (count), eq. (15)
//   pkt          packet size (B), 1024 in eqs. (13), (14)
//   dma          minimum card-to-host DMA transfer (B), 64 KiB in eq. (15)
//   key          bytes per key (B), 4 in eq. (12)
//   bw_hc        host <-> card bandwidth (B/s), 80 MiB/s
//   bw_cn        card <-> network bandwidth (B/s), 90 MiB/s
//   T_countsort  final Count Sort time on one processor (s), eq. (11)
//   B_net        per-host bandwidth the network leaves under all-to-all (B/s)
//   cores        cores the job's ranks compute on (count; 0 = a core a rank):
//                fewer than P share them, and the Count Sort takes
//                P / min(P, cores) times T_countsort (model/blocks/JobCores.h)
//
// Outputs: S (B, eq. 12); T_dtc, T_dtg, T_dfg, T_dth (eqs. 13-16), phases of
// T_INIC (eq. 17); T_count (the input T_countsort on the job's cores, carried
// as an output so that it can be a phase) and T_INIC, the phases of T (eq. 11).
class InicSortBlock final : public Block {
public:
    const BlockSpec& spec() const override;
    std::string check(const double* in) const override;
    void evaluate(const double* in, double* out) const override;

    enum In { E_init, P, N, pkt, dma, key, bw_hc, bw_cn, T_countsort, B_net, cores };
    enum Out { S, T_dtc, T_dtg, T_dfg, T_dth, T_INIC, T_count, T };
};

} // namespace cs
