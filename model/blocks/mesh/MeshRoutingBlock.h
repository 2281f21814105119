#pragma once
#include "model/core/Block.h"

namespace cs {

// "mesh.routing": the Beowulf segment mesh of 004 §4 (Figures 5 and 6).
//
// rows x cols hosts; every host sits on one row segment (shared with the
// cols - 1 other hosts of its row) and one column segment (rows - 1 others).
// Hosts sharing a segment are local: one hop. Every other host is remote and
// is reached through one intermediate that is local to both ends (host
// (r_src, c_dst) or (r_dst, c_src): two routes), which forwards in software
// (Fig. 5) or by an Ethernet switch (Fig. 6). A routed packet is sent on two
// segments, so it consumes twice the segment bandwidth of a local one.
//
// Capacity (payload bytes per second, one segment):
//   B_pay = B_seg * eta_m * s / (s + h)
// Uniform all-to-all traffic: every remote pair uses one row and one column
// segment whichever route it takes, so a row segment carries N (cols - 1)
// and a column segment N (rows - 1) pair-rates; the busiest, with
// k = max(rows, cols) hosts, saturates at aggregate B_pay (N - 1) / (k - 1).
//
// P concurrent disjoint pairs (004's send/receive pairs) spread evenly over
// the S segments: the busiest segment carries c_L = ceil(P / S) local or
// c_R = ceil(2P / S) remote transfers, each getting 1/c of it. An m-byte
// message is p = ceil(m / s) packets of m/p + h wire bytes, t = c (m/p + h) /
// (B_seg eta_m) each on a segment; store and forward over two segments
// pipelines the packets:
//   local      T_L = p t_L
//   switch     T_R = (p + 1) t_R + t_sw
//   software   T_R = 2 t_R + o_fwd + (p - 1) max(t_R, o_fwd)
// The token exchange keeps one token in flight per pair, and each end spends
// t_host per packet (004 §3: "the extra overhead of having to handle two UDP
// packets for every token transmitted"). A pair alone on its segments cannot
// beat its own cycle, so each time is at least the uncontended one (c = 1)
// plus p t_host: T_L = max(p t_L, p (t_1 + t_host)), likewise T_R. With
// t_host = 0 (the default) this is the formula above.
class MeshRoutingBlock final : public Block {
public:
    const BlockSpec& spec() const override;
    std::string check(const double* in) const override;
    void evaluate(const double* in, double* out) const override;

    enum In { rows, cols, B_seg, eta_m, route, o_fwd, t_sw, s, h, m, P, t_host, kInputs };
    enum Out {
        N,
        S,
        k,
        D_L,
        D_R,
        p_1,
        p_2,
        h_avg,
        I_max,
        R_2,
        B_pay,
        X_all,
        X_agg_L,
        X_agg_R,
        c_L,
        c_R,
        X_L,
        X_R,
        T_L,
        T_R,
        X_Lm,
        X_Rm,
        X_PL,
        X_PR,
        U_fwd,
        kOutputs
    };

    enum Routing { Software = 0, Switch = 1 };
};

} // namespace cs
