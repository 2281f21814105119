#include "model/blocks/inic/ProtoFft2dBlock.h"
#include "model/blocks/JobCores.h"
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
        "traffic. Pipelined (default): the INIC's pipeline of eqs. (6)-(9), each rate capped by the bus, and no "
        "faster than the bus can carry every byte of a transpose. Serialised: the four transfers take turns.",
        "000_e9da438bafb3289f.txt §5, §6 (\"the design does not change\", \"a single 132 MB/s bus\"), §6.1, "
        "Fig. 8(a); eqs. (3)-(10) adjusted for the shared bus",
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
            choiceParam("overlap", {"serialised", "pipelined"}, Pipelined,
                        "whether the card pipelines its transfers as the INIC design does, with the bus as the "
                        "bound (pipelined), or takes them in turn (serialised)",
                        "000_e9da438bafb3289f.txt §6: \"For the FFT, the design does not change when compared "
                        "with the ideal implementation\" (pipelined); serialised is the stricter reading"),
            jobcores::coresParam("the row FFTs of 000_e9da438bafb3289f.txt eq. (4)"),
        },
        {
            output("S", Unit::Bytes, "MiB", "partition of the most loaded processor, ceil(rows / P) * rows * elem (eq. (5) when P divides "
                   "rows)",
                   "000_e9da438bafb3289f.txt eq. (5)"),
            output("T_compute", Unit::Seconds, "ms",
                   "row FFTs of both passes, 2 * t_fft1d * rows / P (x P / min(P, cores) when fewer cores than ranks)",
                   std::string("000_e9da438bafb3289f.txt eq. (4); cores: ") + jobcores::kSource, "T"),
            output("T_dtc", Unit::Seconds, "ms",
                   "one transpose: host to card, (S / P) / r_hc pipelined, S / r_hc serialised (r_hc = min(bw_hc, "
                   "bw_bus))",
                   "000_e9da438bafb3289f.txt eq. (6) on the shared bus (§6)", "T_transpose"),
            output("T_dtg", Unit::Seconds, "ms",
                   "one transpose: card to network, (S / P) / r_cn pipelined, ((P - 1) S / P) / r_cn serialised",
                   "000_e9da438bafb3289f.txt eq. (7) on the shared bus (§6)", "T_transpose"),
            output("T_dfg", Unit::Seconds, "ms", "one transpose: network to card, ((P - 1) S / P) / r_cn",
                   "000_e9da438bafb3289f.txt eq. (8) on the shared bus (§6)", "T_transpose"),
            output("T_dth", Unit::Seconds, "ms", "one transpose: partition card to host, S / r_hc",
                   "000_e9da438bafb3289f.txt eq. (9) on the shared bus (§6)", "T_transpose"),
            output("T_wait", Unit::Seconds, "ms",
                   "one transpose: time the shared bus adds beyond the pipeline, max(0, (2 S + 2 (P - 1) S / P) / "
                   "bw_bus - (T_dtc + T_dtg + T_dfg + T_dth)); 0 when serialised",
                   "000_e9da438bafb3289f.txt §6: a single 132 MB/s bus for the network and host memory",
                   "T_transpose"),
            output("T_transpose", Unit::Seconds, "ms", "time of one transpose, T_dtc + T_dtg + T_dfg + T_dth + T_wait",
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
    // eq. (4), on the job's cores: ranks beyond them share them (exactly x 1 with a core a rank)
    out[T_compute] = 2.0 * (in[t_fft1d] * m) * jobcores::shareFactor(p, in[cores]);
    if (static_cast<int>(in[overlap]) == Pipelined) {
        const double block = m * m * in[elem];                   // S / P: one destination's share
        out[T_dtc] = block / rHc;                                // eq. (6)
        out[T_dtg] = block / rCn;                                // eq. (7)
        out[T_dfg] = remote / rCn;                               // eq. (8)
        out[T_dth] = s / rHc;                                    // eq. (9)
        const double pipeline = out[T_dtc] + out[T_dtg] + out[T_dfg] + out[T_dth];
        const double bus = (2.0 * s + 2.0 * remote) / in[bw_bus]; // every byte crosses the one bus once
        out[T_wait] = std::max(0.0, bus - pipeline);
    } else {
        out[T_dtc] = s / rHc;
        out[T_dtg] = remote / rCn;
        out[T_dfg] = remote / rCn;
        out[T_dth] = s / rHc;
        out[T_wait] = 0.0;
    }
    out[T_transpose] = out[T_dtc] + out[T_dtg] + out[T_dfg] + out[T_dth] + out[T_wait];
    out[T_trans] = 2.0 * out[T_transpose];                       // eq. (10)
    out[T] = out[T_compute] + out[T_trans];                      // eq. (3)
}

} // namespace cs
