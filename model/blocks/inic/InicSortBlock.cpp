#include "model/blocks/inic/InicSortBlock.h"
#include "model/blocks/inic/InicCalibration.h"
#include "model/blocks/JobCores.h"
#include "model/blocks/inic/InicSpecs.h"
#include "model/core/Unit.h"

#include <algorithm>

namespace cs {

const BlockSpec& InicSortBlock::spec() const
{
    static const BlockSpec s{
        "inic.sort",
        "INIC integer sort",
        "Applications",
        "Distributed-memory integer sort (bucket sort into P buckets, exchange, bucket sort into N cache-sized "
        "buckets, Count Sort) where the Intelligent NIC does both bucket sorts on the data stream. Transfers are "
        "pipelined, so the exposed delay is the worst-case fill of the P send buckets, the fill of the N receive "
        "buckets to the DMA threshold, and the copy of the partition to the host.",
        "000_e9da438bafb3289f.txt §3.2, §4.2 eqs. (11)-(17)",
        {
            inic::eInitParam(),
            inic::procParam("processors (the paper assumes a power of two, §3.2.1)",
                            "000_e9da438bafb3289f.txt eqs. (12)-(14)"),
            countParam("N", 128, 1, 1048576, "buckets each receiving INIC sorts into",
                       "000_e9da438bafb3289f.txt eq. (15); default 128, the minimum of §3.2.1"),
            param("pkt", Unit::Bytes, "B", 1024, 1, 1048576, "packet size of the INIC protocol",
                  "000_e9da438bafb3289f.txt eqs. (13), (14)"),
            param("dma", Unit::Bytes, "KiB", 65536, 1, 1073741824,
                  "minimum card-to-host transfer for an efficient DMA", "000_e9da438bafb3289f.txt eq. (15)"),
            inic::keyParam(),
            inic::bwHostCardParam("000_e9da438bafb3289f.txt eqs. (13), (16): 80 x 1024 x 1024 B/s"),
            inic::bwCardNetParam("000_e9da438bafb3289f.txt eqs. (14), (15): 90 x 1024 x 1024 B/s"),
            inic::tCountsortParam(),
            inic::bNetParam(),
            jobcores::coresParam("the Count Sort of 000_e9da438bafb3289f.txt eq. (11)"),
        },
        {
            output("S", Unit::Bytes, "MiB", "partition per processor, key * E_init / P",
                   "000_e9da438bafb3289f.txt eq. (12)"),
            output("T_dtc", Unit::Seconds, "ms", "host to card: worst-case fill of P packets, P * pkt / bw_hc",
                   "000_e9da438bafb3289f.txt eq. (13)", "T_INIC"),
            output("T_dtg", Unit::Seconds, "ms", "card to network: P * pkt / bw_cn",
                   "000_e9da438bafb3289f.txt eq. (14)", "T_INIC"),
            output("T_dfg", Unit::Seconds, "ms", "network to card until a bucket reaches the DMA threshold, "
                   "N * dma / bw_cn", "000_e9da438bafb3289f.txt eq. (15)", "T_INIC"),
            output("T_dth", Unit::Seconds, "ms", "card to host: S / bw_hc", "000_e9da438bafb3289f.txt eq. (16)",
                   "T_INIC"),
            output("T_INIC", Unit::Seconds, "ms", "data redistribution, T_dtc + T_dtg + T_dfg + T_dth",
                   "000_e9da438bafb3289f.txt eq. (17)", "T"),
            output("T_count", Unit::Seconds, "ms",
                   "Count Sort phase, the input T_countsort (x P / min(P, cores) when fewer cores than ranks)",
                   std::string("000_e9da438bafb3289f.txt eq. (11); cores: ") + jobcores::kSource, "T"),
            output("T", Unit::Seconds, "ms", "run time, T_countsort + T_INIC", "000_e9da438bafb3289f.txt eq. (11)"),
        },
        inicSortCalibration(),
    };
    return s;
}

std::string InicSortBlock::check(const double* in) const
{
    if (auto problem = inic::procsWithinKeys(in[P], in[E_init]); !problem.empty())
        return problem;
    const double s = in[key] * in[E_init] / in[P];
    if (s / in[P] < in[pkt])
        return "each destination's share S / P = " + formatNumber(s / in[P]) + " B (S = key * E_init / P = " +
               formatNumber(s) + " B, P = " + formatNumber(in[P]) + ") is smaller than one packet pkt = " +
               formatNumber(in[pkt]) + " B, which eq. (13) assumes every send bucket fills";
    if (in[N] * in[dma] > s)
        return "N * dma = " + formatNumber(in[N] * in[dma]) + " B (N = " + formatNumber(in[N]) + ", dma = " +
               formatNumber(in[dma]) + " B) exceeds the partition S = " + formatNumber(s) +
               " B: eq. (15) assumes every receive bucket reaches the DMA threshold";
    return {};
}

void InicSortBlock::evaluate(const double* in, double* out) const
{
    const double s = in[key] * in[E_init] / in[P];          // eq. (12)
    out[S] = s;
    out[T_dtc] = in[P] * in[pkt] / in[bw_hc];               // eq. (13)
    const double cn = std::min(in[bw_cn], in[B_net]);       // the network may be slower than the card
    out[T_dtg] = in[P] * in[pkt] / cn;                      // eq. (14)
    out[T_dfg] = in[N] * in[dma] / cn;                      // eq. (15)
    out[T_dth] = s / in[bw_hc];                             // eq. (16)
    out[T_INIC] = out[T_dtc] + out[T_dtg] + out[T_dfg] + out[T_dth]; // eq. (17)
    out[T_count] = in[T_countsort] * jobcores::shareFactor(in[P], in[cores]); // on the job's cores
    out[T] = out[T_count] + out[T_INIC];                    // eq. (11)
}

} // namespace cs
