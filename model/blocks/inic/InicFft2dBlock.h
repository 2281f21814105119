#pragma once
#include "model/core/Block.h"

namespace cs {

// "inic.fft2d": run time of the parallel 2D-FFT (FFTW template: row FFTs,
// transpose, row FFTs, transpose) when the proposed Intelligent NIC performs
// the local transpose, the all-to-all and the final permutation in the data
// path. Underwood, Sass, Ligon, seed 000, §4.1 eqs. (3)-(10).
//
// Inputs (SI units):
//   rows     rows of the square complex matrix (count)
//   P        processors (count), P <= rows
//   t_fft1d  time of one 1D-FFT of a row of length rows (s)
//   bw_hc    host <-> card bandwidth (B/s), 80 MiB/s in eqs. (6) and (9)
//   bw_cn    card <-> network bandwidth (B/s), 90 MiB/s in eqs. (7) and (8)
//   elem     bytes per matrix element (B), 16 for complex double, eq. (5)
//   B_net    per-host bandwidth the network leaves under all-to-all (B/s)
//   cores    cores the job's ranks compute on (count; 0 = a core a rank):
//            fewer than P share them, and the row FFTs take P / min(P, cores)
//            times as long (model/blocks/JobCores.h); the card's transfers do not
//
// Outputs: S (B, eq. 5); T_compute (eq. 4); the four per-transpose delays
// T_dtc, T_dtg, T_dfg, T_dth (eqs. 6-9), which are phases of T_transpose, the
// time of ONE transpose; T_trans = 2 * T_transpose (eq. 10); and
// T = T_compute + T_trans (eq. 3), whose phases are T_compute and T_trans.
// Marking the eq. (6)-(9) delays as phases of the one-transpose total (and not
// of T_trans, which is twice their sum) keeps every breakdown exact.
class InicFft2dBlock final : public Block {
public:
    const BlockSpec& spec() const override;
    std::string check(const double* in) const override;
    void evaluate(const double* in, double* out) const override;

    enum In { rows, P, t_fft1d, bw_hc, bw_cn, elem, B_net, cores };
    enum Out { S, T_compute, T_dtc, T_dtg, T_dfg, T_dth, T_transpose, T_trans, T };
};

} // namespace cs
