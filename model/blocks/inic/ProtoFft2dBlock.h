#pragma once
#include "model/core/Block.h"

namespace cs {

// "inic.proto.fft2d": the 2D-FFT of inic.fft2d on the prototype INIC of seed
// 000 §5-§6 (ACEII card with a Gigabit Ethernet PMC). The transpose design is
// the same, but one 132 MB/s bus on the card carries both the host traffic and
// the network traffic, so the pipelining that eqs. (6)-(9) rely on is lost:
// every transfer crosses that bus in turn. Per transpose, with
// r_hc = min(bw_hc, bw_bus) and r_cn = min(bw_cn, bw_bus):
//   T_dtc = S / r_hc                       whole partition host to card
//   T_dtg = ((P - 1) * S / P) / r_cn       blocks for the others to network
//   T_dfg = ((P - 1) * S / P) / r_cn       blocks from the others off network
//   T_dth = S / r_hc                       whole partition card to host
// T_transpose = their sum, T_trans = 2 * T_transpose, T = T_compute + T_trans.
// (The paper gives no equations for the prototype, only that §4's model was
// adjusted for the shared bus; this serialization is that adjustment.)
//
// Inputs (SI units): rows (count), P (count), t_fft1d (s), bw_hc (B/s),
// bw_cn (B/s), bw_bus (B/s), elem (B).
class ProtoFft2dBlock final : public Block {
public:
    const BlockSpec& spec() const override;
    std::string check(const double* in) const override;
    void evaluate(const double* in, double* out) const override;

    enum In { rows, P, t_fft1d, bw_hc, bw_cn, bw_bus, elem, B_net };
    enum Out { S, T_compute, T_dtc, T_dtg, T_dfg, T_dth, T_transpose, T_trans, T };
};

} // namespace cs
