#pragma once
#include "model/core/Block.h"

namespace cs {

// "fftw.transpose": the standard FFTW parallel 2D-FFT over a plain NIC, the
// baseline that 000_e9da438bafb3289f.txt compares its INIC against
// (§3.1.1, §4.1).
//
//   T         = T_compute + T_trans                                (eq. 3)
//   T_compute = 2 * t_fft1d * rows / P                             (eq. 4)
//   T_trans   = 2 * (local transpose + all-to-all + small-message
//                    penalty + final permutation)                  (§3.1.2, §4.1)
//
// With M = rows/P and S = rows^2 * 16 / P bytes per host (eq. 5):
//   local transpose   = S / bw_mem
//   all-to-all        = cs::loggp::alltoallTime of M*M*16-byte blocks
//   penalty           = (P-1) * t_pen * min(1, S_pen / S_block)
//   final permutation = S / bw_mem (0 for P = 1: one block, nothing to interleave)
//
// cores (the last input, after the piecewise LogGP ones): the cores the job's
// ranks compute on (model/blocks/JobCores.h). Fewer than P share them, and the
// phases in which each rank works on its share on the host's CPU, the row FFTs
// and the host's local transpose and final permutation, take
// P / min(P, cores) times as long; the all-to-all and its penalty do not.
//
// The penalty stands for TCP slow-start and interrupt coalescing on short
// messages (§4.1): each of the P-1 blocks a host sends pays the full t_pen
// when it is no larger than S_pen, and a share S_pen/S_block of it when it is
// larger, so the penalty fades for big blocks and grows as blocks shrink,
// without a jump that would show in sweeps.
class FftwTransposeBlock final : public Block {
public:
    const BlockSpec& spec() const override;
    std::string check(const double* in) const override;
    void evaluate(const double* in, double* out) const override;

    enum In { rows, P, t_fft1d, L, o_s, o_r, g, G, bw_mem, t_pen, S_pen, alltoall, k_1, L_1, G_1, k_2, L_2, G_2, cores };
    enum Out { T, T_compute, T_trans, T_local, T_a2a, T_penalty, T_perm, M, S, S_block, steps_a2a };
};

} // namespace cs
