#include "model/blocks/inic/InicFft2dBlock.h"
#include "model/blocks/inic/InicCalibration.h"
#include "model/blocks/JobCores.h"
#include "model/blocks/inic/InicSpecs.h"
#include "model/core/Unit.h"

#include <algorithm>

namespace cs {

const BlockSpec& InicFft2dBlock::spec() const
{
    static const BlockSpec s{
        "inic.fft2d",
        "INIC 2D-FFT",
        "Applications",
        "Parallel 2D-FFT of a square complex matrix (row FFTs, transpose, row FFTs, transpose) on a cluster whose "
        "Intelligent NIC performs the local transpose, the all-to-all exchange and the final permutation while the "
        "data stream passes through it. Host-to-card and card-to-network transfers are pipelined, so only the first "
        "block of each is exposed; the copy back to the host waits for all data.",
        "000_e9da438bafb3289f.txt §3.1, §4.1 eqs. (3)-(10)",
        {
            inic::rowsParam(),
            inic::procParam("processors; each holds M = rows / P rows", "000_e9da438bafb3289f.txt §3.1.2, eq. (4)"),
            inic::tFft1dParam(),
            inic::bwHostCardParam("000_e9da438bafb3289f.txt eqs. (6), (9): 80 x 1024 x 1024 B/s"),
            inic::bwCardNetParam("000_e9da438bafb3289f.txt eqs. (7), (8): 90 x 1024 x 1024 B/s"),
            inic::elemParam(),
            inic::bNetParam(),
            jobcores::coresParam("the row FFTs of 000_e9da438bafb3289f.txt eq. (4)"),
        },
        {
            output("S", Unit::Bytes, "MiB", "partition of the most loaded processor, ceil(rows / P) * rows * elem (eq. (5) when P divides "
                   "rows)",
                   "000_e9da438bafb3289f.txt eq. (5)"),
            output("T_compute", Unit::Seconds, "ms",
                   "row FFTs of both passes, 2 * t_fft1d * rows / P (x P / min(P, cores) when fewer cores than ranks)",
                   std::string("000_e9da438bafb3289f.txt eq. (4); cores: ") + jobcores::kSource, "T"),
            output("T_dtc", Unit::Seconds, "ms", "one transpose: first block host to card, (S / P) / bw_hc",
                   "000_e9da438bafb3289f.txt eq. (6)", "T_transpose"),
            output("T_dtg", Unit::Seconds, "ms", "one transpose: first block card to network, (S / P) / bw_cn",
                   "000_e9da438bafb3289f.txt eq. (7)", "T_transpose"),
            output("T_dfg", Unit::Seconds, "ms",
                   "one transpose: receive from network, ((P - 1) * S / P) / bw_cn",
                   "000_e9da438bafb3289f.txt eq. (8)", "T_transpose"),
            output("T_dth", Unit::Seconds, "ms", "one transpose: copy of the partition to the host, S / bw_hc",
                   "000_e9da438bafb3289f.txt eq. (9)", "T_transpose"),
            output("T_transpose", Unit::Seconds, "ms", "time of one transpose, T_dtc + T_dtg + T_dfg + T_dth",
                   "000_e9da438bafb3289f.txt eq. (10), the bracketed sum"),
            output("T_trans", Unit::Seconds, "ms", "both transposes, 2 * T_transpose",
                   "000_e9da438bafb3289f.txt eq. (10)", "T"),
            output("T", Unit::Seconds, "ms", "run time, T_compute + T_trans", "000_e9da438bafb3289f.txt eq. (3)"),
        },
        inicFft2dCalibration(),
    };
    return s;
}

std::string InicFft2dBlock::check(const double* in) const
{
    return inic::procsWithinRows(in[P], in[rows]);
}

void InicFft2dBlock::evaluate(const double* in, double* out) const
{
    const double p = in[P];
    const double n = in[rows];
    const double m = fftrows::rowsPerProc(p, n);           // rows / P when P divides rows
    const double s = m * n * in[elem];                     // eq. (5): rows^2 elem / P
    const double block = m * m * in[elem];                 // S / P: the share of one destination
    out[S] = s;
    // eq. (4), on the job's cores: ranks beyond them share them (exactly x 1 with a core a rank)
    out[T_compute] = 2.0 * (in[t_fft1d] * m) * jobcores::shareFactor(p, in[cores]);
    out[T_dtc] = block / in[bw_hc];                        // eq. (6)
    const double cn = std::min(in[bw_cn], in[B_net]);      // the network may be slower than the card
    out[T_dtg] = block / cn;                               // eq. (7)
    out[T_dfg] = ((p - 1.0) * block) / cn;                 // eq. (8)
    out[T_dth] = s / in[bw_hc];                            // eq. (9)
    out[T_transpose] = out[T_dtc] + out[T_dtg] + out[T_dfg] + out[T_dth];
    out[T_trans] = 2.0 * out[T_transpose];                 // eq. (10)
    out[T] = out[T_compute] + out[T_trans];                // eq. (3)
}

} // namespace cs
