#include "model/blocks/inic/ProtoFft2dBlock.h"
#include "model/blocks/inic/InicSpecs.h"
#include "model/core/Unit.h"

#include <algorithm>

namespace cs {

const BlockSpec& ProtoFft2dBlock::spec() const
{
    static const BlockSpec s{
        "inic.proto.fft2d",
        "Prototype INIC 2D-FFT (shared card bus)",
        "Applications",
        "The INIC 2D-FFT on the prototype ACEII card, whose single 132 MB/s bus carries both host and network "
        "traffic. Host-to-card, card-to-network, network-to-card and card-to-host transfers therefore take turns "
        "on the bus instead of overlapping, each at its own rate capped by the bus.",
        "000_e9da438bafb3289f.txt §5, §6, §6.1, Fig. 8(a); eqs. (3)-(10) adjusted for the shared bus (assumed: "
        "transfers serialize)",
        {
            inic::rowsParam(),
            inic::procParam("processors; each holds M = rows / P rows", "000_e9da438bafb3289f.txt §3.1.2, eq. (4)"),
            inic::tFft1dParam(),
            inic::bwHostCardParam("000_e9da438bafb3289f.txt §4 (measured on the prototype), eqs. (6), (9): "
                                  "80 x 1024 x 1024 B/s"),
            inic::bwCardNetParam("000_e9da438bafb3289f.txt §4 (measured card to card), eqs. (7), (8): "
                                 "90 x 1024 x 1024 B/s"),
            inic::bwBusParam(),
            inic::elemParam(),
            inic::bNetParam(),
        },
        {
            output("S", Unit::Bytes, "MiB", "partition of the most loaded processor, ceil(rows / P) * rows * elem (eq. (5) when P divides "
                   "rows)",
                   "000_e9da438bafb3289f.txt eq. (5)"),
            output("T_compute", Unit::Seconds, "ms", "row FFTs of both passes, 2 * t_fft1d * rows / P",
                   "000_e9da438bafb3289f.txt eq. (4)", "T"),
            output("T_dtc", Unit::Seconds, "ms", "one transpose: partition host to card, S / min(bw_hc, bw_bus)",
                   "000_e9da438bafb3289f.txt eq. (6) without pipelining (§6 shared bus; assumed)", "T_transpose"),
            output("T_dtg", Unit::Seconds, "ms",
                   "one transpose: card to network, ((P - 1) * S / P) / min(bw_cn, bw_bus)",
                   "000_e9da438bafb3289f.txt eq. (7) without pipelining (§6 shared bus; assumed)", "T_transpose"),
            output("T_dfg", Unit::Seconds, "ms",
                   "one transpose: network to card, ((P - 1) * S / P) / min(bw_cn, bw_bus)",
                   "000_e9da438bafb3289f.txt eq. (8) on the shared bus (§6; assumed)", "T_transpose"),
            output("T_dth", Unit::Seconds, "ms", "one transpose: partition card to host, S / min(bw_hc, bw_bus)",
                   "000_e9da438bafb3289f.txt eq. (9) on the shared bus (§6; assumed)", "T_transpose"),
            output("T_transpose", Unit::Seconds, "ms", "time of one transpose, T_dtc + T_dtg + T_dfg + T_dth",
                   "000_e9da438bafb3289f.txt eq. (10), the bracketed sum"),
            output("T_trans", Unit::Seconds, "ms", "both transposes, 2 * T_transpose",
                   "000_e9da438bafb3289f.txt eq. (10)", "T"),
            output("T", Unit::Seconds, "ms", "run time, T_compute + T_trans", "000_e9da438bafb3289f.txt eq. (3)"),
        },
    };
    return s;
}

std::string ProtoFft2dBlock::check(const double* in) const
{
    return inic::procsWithinRows(in[P], in[rows]);
}

void ProtoFft2dBlock::evaluate(const double* in, double* out) const
{
    const double p = in[P];
    const double n = in[rows];
    const double m = fftrows::rowsPerProc(p, n);                  // rows / P when P divides rows
    const double s = m * n * in[elem];                           // eq. (5): rows^2 elem / P
    const double rHc = std::min(in[bw_hc], in[bw_bus]);
    const double rCn = std::min({in[bw_cn], in[bw_bus], in[B_net]});
    const double remote = (p - 1.0) * m * m * in[elem];          // bytes for (and from) the other P - 1
    out[S] = s;
    out[T_compute] = 2.0 * (in[t_fft1d] * m);                    // eq. (4)
    out[T_dtc] = s / rHc;
    out[T_dtg] = remote / rCn;
    out[T_dfg] = remote / rCn;
    out[T_dth] = s / rHc;
    out[T_transpose] = out[T_dtc] + out[T_dtg] + out[T_dfg] + out[T_dth];
    out[T_trans] = 2.0 * out[T_transpose];                       // eq. (10)
    out[T] = out[T_compute] + out[T_trans];                      // eq. (3)
}

} // namespace cs
