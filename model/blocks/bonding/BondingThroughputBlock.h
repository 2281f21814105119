#pragma once
#include "model/core/Block.h"

namespace cs {

// "bonding.throughput": steady-state one-way throughput of one logical link
// bonded from n physical links (channel bonding, 004 §3; MultiEdge, 003).
//
// The delivered payload rate is the smaller of two limits:
//
//   link limit  X_link = C * eta_m * f
//     C      raw capacity the link scheduler can use (003 §2):
//              SRR  : n * min(r_i) * (1 - l_st)        one frame per link in turn
//              WSRR : min_i(r_i * sum(W) / W_i) * (1 - l_st),  W_i = round(r_i / min r)
//              WD   : sum(r_i)                          least bytes/weight first
//            a single link (n = 1) is not scheduled: C = r_1.
//     l_st   share a static schedule (SRR, WSRR) loses to varying per-link load,
//            which a dynamic one (WD) absorbs (003 §4.4: WD beats WSRR by 11%,
//            so l_st = 1 - 1/1.11). An empirical value, not derived. It applies
//            only where per-link load varies: links of different rates (003's
//            1x10 + 4x1) or shared segments (eta_m < 1, 004's bonded Ethernet:
//            004's 2-channel figures then follow from its 1-channel ones, +6%
//            and +2%). Identical point-to-point links (003's n x 1 GbE) take
//            equal shares in turn and lose nothing, so 8x1 noCopy reaches
//            8 r f = 99.3% of nominal, as 003 §4.3 reports.
//     eta_m  medium efficiency: the share of a shared (contended) Ethernet
//            segment a transfer obtains; 1 for point-to-point links (003 §3).
//     f      framing: payload per frame over wire bytes per frame,
//            (MTU - h) / (MTU + h_w).
//
//   host limit  X_host: the rate at which the send-path CPU is busy all the
//   time (003 §4.1: "throughput is limited by the available CPU resources";
//   one-way is limited by the send path, which runs on one CPU):
//     U(X) = X * k_c * (1 / B_copy + o_dma)       copies at memory-copy bandwidth,
//                                                 waiting for the DMA's share of memory
//          + X / s * o_pkt                        per-frame protocol and device work
//          + o_irq * sum_i min(f_irq, X w_i / s)  interrupts (0 when polling)
//     with s = MTU - h payload bytes per frame and w_i the scheduler's share of
//     link i. Coalescing caps each link's interrupts at f_irq per second, so a
//     busy link costs o_irq * f_irq of CPU whatever its speed: interrupt cost
//     grows with the number of links, not their speed (003 §4.1, §4.3).
//     X_host solves U(X_host) = 1.
//     o_dma: the copy is memory-bound (003 §3: a copy is two crossings of the
//     memory bus, so the 1.3 GB/s copy is the memory's peak of about 2.5 GB/s),
//     and the NIC's DMA moves each payload byte across the same memory once
//     more (reading it after the send copy, writing it before the receive
//     copy). A memory-bound copy waits for that crossing: o_dma = 1 / (peak
//     memory throughput) per byte, 0.4 ns at 2.5 GB/s. 003 names this as the
//     polling limit (§1: "limited by memory copies"; §4.2: "memory throughput
//     limitations").
//     0 (the default) leaves the DMA free, as before.
//
// Two-way (way = 1; 003 §3: "both nodes simultaneously transmit", and the
// throughput "accounts for all data sent and received in each node"): X is a
// node's sent plus received payload, half each way. Point-to-point links are
// full duplex, so the link limit is 2 X_link; a shared segment (eta_m < 1)
// carries both directions in one medium and keeps X_link. The node has two CPUs (003 §3: utilisation up
// to 200%). The send path and every interrupt (its own transmissions' and the
// received frames', on each link under the same per-link cap) run on one CPU,
// the receive path on the other (003 §4.1: one CPU for the send path, only
// transfer completions partly offloaded; §4.2 (b): the receive path runs on a
// different CPU from the send path). The receive path costs what the send path
// does per byte (003 §3: in two-way "both nodes behave in a similar manner";
// Fig. 2(b): copies about 70% on both paths):
//     send CPU     (X/2) (k_c (1/B_copy + o_dma) + o_pkt / s) + o_irq sum_i min(f_irq, X w_i / s) = 1
//     receive CPU  (X/2) (k_c (1/B_copy + o_dma) + o_pkt / s) = 1
// Each path's copies and DMA use its own CPU's memory (003 §3: two CPUs copy
// into independent memory modules, so memory throughput doubles).
// X_host is the smaller solution; U and its phases are the send CPU's.
//
// The receiving node (U_rx, U_rx_copy): it runs the receive path at X at the
// send path's costs per byte (the two-way assumption above). One-way, it also
// takes the received frames' interrupts, each link under the same cap, on
// whichever of its CPUs: 003 Fig. 2(b) breaks down each node's utilisation,
// and §4.1 gives the copies' share of it on each path ("75% and 65% on the
// send and receive paths respectively in one-way"):
//     one-way      U_rx = X (k_c (1/B_copy + o_dma) + o_pkt / s) + o_irq sum_i min(f_irq, X w_i / s)
//     two-way      U_rx = the receive CPU's, (X/2) (k_c (1/B_copy + o_dma) + o_pkt / s)
// U_rx_copy is its copying part. One-way the two nodes cost the same, so the
// model gives both paths the same copy share; it cannot tell 75% from 65%.
//
// All rates are payload bytes per second; the block is stateless.
class BondingThroughputBlock final : public Block {
public:
    static constexpr int kMaxLinks = 8;

    const BlockSpec& spec() const override;
    std::string check(const double* in) const override;
    void evaluate(const double* in, double* out) const override;

    enum In {
        n,
        r,
        r_1, // r_1 .. r_8 are consecutive
        r_8 = r_1 + kMaxLinks - 1,
        sched,
        l_st,
        eta_m,
        MTU,
        h,
        h_w,
        k_c,
        B_copy,
        o_pkt,
        irq,
        o_irq,
        f_irq,
        way,
        o_dma,
        kInputs
    };
    enum Out { f, R_nom, C, X_link, X_host, X, E, lim, U, U_copy, U_pkt, U_irq, U_rx, U_rx_copy, kOutputs };

    enum Scheduler { SRR = 0, WSRR = 1, WD = 2 };
    enum IrqMode { Interrupts = 0, Polling = 1 };
    enum Way { OneWay = 0, TwoWay = 1 };
    enum Limit { LinkLimited = 0, HostLimited = 1 };
};

} // namespace cs
