#pragma once
#include "model/core/Block.h"

namespace cs {

// "inic.proto.fft2d": the 2D-FFT of inic.fft2d on the prototype INIC of seed
// 000 §5-§6 (ACEII card with a Gigabit Ethernet PMC). "For the FFT, the
// design does not change when compared with the ideal implementation, but the
// prototype hardware does introduce a bottleneck in the form of a single
// 132 MB/s bus used to access both the Gigabit Ethernet and host memory"
// (§6). The paper gives no prototype equations, only that §4's were
// adjusted for the bus; two readings, chosen by `overlap`:
//
// pipelined (default): the §4 design's pipeline, eqs. (6)-(9) with each rate
// capped by the bus (r_hc = min(bw_hc, bw_bus), r_cn = min(bw_cn, bw_bus,
// B_net)), and the bus as a floor. Every byte of a transpose crosses it
// once: the partition in (S), the others' blocks out and in (2 (P-1) S / P)
// and the partition back (S), so
//   T_bus = (2 S + 2 (P - 1) S / P) / bw_bus
// and the time the bus adds beyond the pipeline is
//   T_wait = max(0, T_bus - (T_dtc + T_dtg + T_dfg + T_dth)).
//   T_dtc = (S / P) / r_hc, T_dtg = (S / P) / r_cn,
//   T_dfg = ((P - 1) S / P) / r_cn, T_dth = S / r_hc          (eqs. (6)-(9))
//
// serialised: no transfer overlaps another, each whole at its capped rate:
//   T_dtc = S / r_hc, T_dtg = T_dfg = ((P - 1) S / P) / r_cn, T_dth = S / r_hc,
//   T_wait = 0.
//
// T_transpose = T_dtc + T_dtg + T_dfg + T_dth + T_wait, T_trans = 2 T_transpose,
// T = T_compute + T_trans.
//
// Inputs (SI units): rows (count), P (count), t_fft1d (s), bw_hc (B/s),
// bw_cn (B/s), bw_bus (B/s), elem (B), B_net (B/s), overlap (choice),
// cores (count): the cores the job's ranks compute on (0 = a core a rank);
// fewer than P share them, and the row FFTs take P / min(P, cores) times as
// long (model/blocks/JobCores.h). The card's transfers do not change.
class ProtoFft2dBlock final : public Block {
public:
    const BlockSpec& spec() const override;
    std::string check(const double* in) const override;
    void evaluate(const double* in, double* out) const override;

    enum In { rows, P, t_fft1d, bw_hc, bw_cn, bw_bus, elem, B_net, overlap, cores };
    enum Overlap { Serialised, Pipelined };
    enum Out { S, T_compute, T_dtc, T_dtg, T_dfg, T_dth, T_wait, T_transpose, T_trans, T };
};

} // namespace cs
