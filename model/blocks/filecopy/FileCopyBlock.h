#pragma once
#include "model/core/Block.h"

namespace cs {

// "beowulf.filecopy": the file-copy experiment of 004 §3 (Figs. 2 and 4).
//
// N nodes each copy a file at the same time. A mix of k remote pairs means
// that 2k of them form k send/receive pairs, each moving a file from the
// sender's disk to the receiver's over the network, while the other N - 2k
// copy a file from their local disk to another file on the same disk
// (004 §3: "the mix of file copies ranged from 0, in which 14 nodes copied
// files locally, to 7, in which 7 send/receive pairs copied files
// remotely"). The throughput is the file bytes copied per second by all of
// them together.
//
// Every copy is a loop of blocking calls (004 §3: "All file copies were
// performed using the UNIX read() and write() system calls", uncached files):
// each node does one thing at a time, so the times of the steps a byte takes
// on one node add up.
//
//   local copy, one node     r_loc = 1 / (1/R_disk + 1/R_disk) = R_disk / 2
//                            (read it from the disk, then write it to the same disk)
//   remote pair, alone       r_1 = 1 / (1/R_disk + 1/X_net)
//                            (the sender reads a byte, then sends it; the receiver
//                            receives it, then writes it: the same sum on each side)
//   k remote pairs           r_rem = min(r_1, X_net / k)
//                            (they share the one network, 004 §3: "the network
//                            throughput is being constrained by the available bandwidth")
//   throughput               T = (N - 2k) r_loc + k r_rem
//   all local                T_loc = N r_loc
//   the k-th pair's cost     dT = (T(k - 1) - T(k)) / T_loc (0 at k = 0)
//
// R_disk is the rate at which one node's disk reads, or writes, an uncached
// file through read() or write(); X_net is the payload rate of the network
// the pairs share (in the Beowulf presets, wired from the bonded link's X,
// 004 §3: "All of the test cases were run using both of the available network
// channels"). While the network has room (k r_1 <= X_net), each remote pair
// costs the same, 2 r_loc - r_1, so T falls by a constant step; once the pairs
// fill it, T = (N - 2k) r_loc + X_net.
//
// All rates are file bytes per second; the block is stateless.
class FileCopyBlock final : public Block {
public:
    const BlockSpec& spec() const override;
    std::string check(const double* in) const override;
    void evaluate(const double* in, double* out) const override;

    enum In { N, k, R_disk, X_net, kInputs };
    enum Out { r_loc, r_1, r_rem, T_L, T_R, T, T_loc, dT, U_net, kOutputs };
};

} // namespace cs
