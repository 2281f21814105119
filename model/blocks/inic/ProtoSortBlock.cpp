#include "model/blocks/inic/InicCalibration.h"
#include "model/blocks/inic/ProtoSortBlock.h"
#include "model/blocks/JobCores.h"
#include "model/blocks/inic/InicSpecs.h"
#include "model/core/Unit.h"

#include <algorithm>

namespace cs {

const BlockSpec& ProtoSortBlock::spec() const
{
    static const BlockSpec s{
        "inic.proto.sort",
        "Prototype INIC integer sort (shared card bus)",
        "Applications",
        "The INIC integer sort on the prototype ACEII card: the card bucket sorts on the send side and into 16 "
        "buckets on the receive side, the host sorts each of those into N cache-sized buckets, then Count Sorts. "
        "One 132 MB/s card bus carries host and network traffic, so the four transfers take turns on it.",
        "000_e9da438bafb3289f.txt §6, §6.2, Fig. 7, Fig. 8(b); eqs. (11)-(17) adjusted for the shared bus and the "
        "host bucket pass (assumed)",
        {
            inic::eInitParam(),
            inic::procParam("processors (the paper assumes a power of two, §3.2.1)",
                            "000_e9da438bafb3289f.txt eq. (12)"),
            inic::keyParam(),
            inic::bwHostCardParam("000_e9da438bafb3289f.txt §4 (measured on the prototype), eqs. (13), (16): "
                                  "80 x 1024 x 1024 B/s"),
            inic::bwCardNetParam("000_e9da438bafb3289f.txt §4 (measured card to card), eqs. (14), (15): "
                                 "90 x 1024 x 1024 B/s"),
            inic::bwBusParam(),
            inic::tBucket2Param("host cost per key of sorting each of the card's 16 buckets into N buckets",
                                "000_e9da438bafb3289f.txt §6; default assumed: 80 ns per key, the same as "
                                "sort.parallel's second pass (§6 notes it can be faster than one pass into "
                                "16 x N buckets)"),
            inic::tCountsortParam(),
            inic::bNetParam(),
            jobcores::coresParam(
                "the host's bucket pass of 000_e9da438bafb3289f.txt §6 and the Count Sort of eq. (11)"),
        },
        {
            output("S", Unit::Bytes, "MiB", "partition per processor, key * E_init / P",
                   "000_e9da438bafb3289f.txt eq. (12)"),
            output("T_dtc", Unit::Seconds, "ms", "partition host to card, S / min(bw_hc, bw_bus)",
                   "000_e9da438bafb3289f.txt eq. (13) on the shared bus (§6; assumed)", "T_INIC"),
            output("T_dtg", Unit::Seconds, "ms", "card to network, ((P - 1) * S / P) / min(bw_cn, bw_bus)",
                   "000_e9da438bafb3289f.txt eq. (14) on the shared bus (§6; assumed)", "T_INIC"),
            output("T_dfg", Unit::Seconds, "ms", "network to card, ((P - 1) * S / P) / min(bw_cn, bw_bus)",
                   "000_e9da438bafb3289f.txt eq. (15) on the shared bus (§6; assumed)", "T_INIC"),
            output("T_dth", Unit::Seconds, "ms", "card to host, S / min(bw_hc, bw_bus)",
                   "000_e9da438bafb3289f.txt eq. (16) on the shared bus (§6; assumed)", "T_INIC"),
            output("T_INIC", Unit::Seconds, "ms", "data redistribution, T_dtc + T_dtg + T_dfg + T_dth",
                   "000_e9da438bafb3289f.txt eq. (17)", "T"),
            output("T_bucket2", Unit::Seconds, "ms",
                   "host bucket pass, (E_init / P) * t_bucket2 (x P / min(P, cores) when fewer cores than ranks)",
                   std::string("000_e9da438bafb3289f.txt §6, Fig. 7; cores: ") + jobcores::kSource, "T"),
            output("T_count", Unit::Seconds, "ms",
                   "Count Sort phase, the input T_countsort (x P / min(P, cores) when fewer cores than ranks)",
                   std::string("000_e9da438bafb3289f.txt eq. (11); cores: ") + jobcores::kSource, "T"),
            output("T", Unit::Seconds, "ms", "run time, T_INIC + T_bucket2 + T_count",
                   "000_e9da438bafb3289f.txt eq. (11) plus the §6 host bucket pass"),
        },
        protoSortCalibration(),
    };
    return s;
}

std::string ProtoSortBlock::check(const double* in) const
{
    return inic::procsWithinKeys(in[P], in[E_init]);
}

void ProtoSortBlock::evaluate(const double* in, double* out) const
{
    const double p = in[P];
    const double keysPerProc = in[E_init] / p;
    const double s = in[key] * keysPerProc;                      // eq. (12)
    const double rHc = std::min(in[bw_hc], in[bw_bus]);
    const double rCn = std::min({in[bw_cn], in[bw_bus], in[B_net]});
    const double remote = (p - 1.0) * s / p;
    out[S] = s;
    out[T_dtc] = s / rHc;
    out[T_dtg] = remote / rCn;
    out[T_dfg] = remote / rCn;
    out[T_dth] = s / rHc;
    out[T_INIC] = out[T_dtc] + out[T_dtg] + out[T_dfg] + out[T_dth];
    // The host's passes over its keys, on the job's cores: ranks beyond them share them (exactly x 1 with a
    // core a rank). The card's transfers are not the host CPU's.
    const double share = jobcores::shareFactor(p, in[cores]);
    out[T_bucket2] = keysPerProc * in[t_bucket2] * share;
    out[T_count] = in[T_countsort] * share;
    out[T] = out[T_INIC] + out[T_bucket2] + out[T_count];
}

} // namespace cs
