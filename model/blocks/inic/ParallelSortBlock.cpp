#include "model/blocks/inic/InicCalibration.h"
#include "model/blocks/inic/ParallelSortBlock.h"
#include "model/blocks/JobCores.h"
#include "model/blocks/inic/InicSpecs.h"
#include "model/core/Unit.h"

#include <algorithm>

namespace cs {

const BlockSpec& ParallelSortBlock::spec() const
{
    static const BlockSpec s{
        "sort.parallel",
        "Parallel integer sort (ordinary NIC)",
        "Applications",
        "Standard distributed-memory integer sort on an ordinary NIC: each processor bucket sorts its keys into P "
        "buckets, sends bucket i to processor i (an all-to-all over TCP), bucket sorts what it receives into "
        "cache-sized buckets and Count Sorts each. Phases are serialized, as in the timed breakdown of Fig. 5(a). "
        "Messages shorter than m_small pay an extra stall (interrupt mitigation against TCP slow start, §4.1).",
        "000_e9da438bafb3289f.txt §3.2.1, §4.1, §4.2, Fig. 5; the cost model is assumed",
        {
            inic::eInitParam(),
            inic::procParam("processors (the paper assumes a power of two, §3.2.1)",
                            "000_e9da438bafb3289f.txt §3.2.1"),
            inic::keyParam(),
            param("t_bucket1", Unit::Seconds, "ns", 80e-9, 0, 1e-3,
                  "host cost per key of the first bucket sort, into P buckets",
                  "000_e9da438bafb3289f.txt §3.2.1; default assumed: 80 ns per key, so that both bucket passes "
                  "over the default 2^25 keys take 2^25 x 160 ns = 5.37 s serially, 'over 5 seconds' (§4.2)"),
            inic::tBucket2Param("host cost per key of the second bucket sort, into cache-sized buckets",
                                "000_e9da438bafb3289f.txt §3.2.1; default assumed: 80 ns per key (see t_bucket1)"),
            inic::tCountsortParam(),
            param("bw_net", Unit::BytesPerSecond, "MB/s", 30e6, 1e3, 1e12,
                  "TCP payload bandwidth per node and direction during the all-to-all exchange",
                  "000_e9da438bafb3289f.txt §4.1, §5; default assumed: 30 MB/s (240 Mbit/s) each way, TCP over "
                  "Gigabit Ethernet while sending and receiving at once through one 32-bit/33 MHz PCI bus "
                  "(132 MB/s) in 2001"),
            param("o_msg", Unit::Seconds, "us", 50e-6, 0, 10, "per-message latency plus send and receive overhead",
                  "000_e9da438bafb3289f.txt §4.1; default assumed: 50 us for TCP/IP on a 1 GHz Athlon"),
            param("m_small", Unit::Bytes, "KiB", 65536, 0, 1073741824,
                  "messages shorter than this pay the small-message stall t_small",
                  "000_e9da438bafb3289f.txt §4.1 (short messages, slow start); default assumed: 64 KiB"),
            param("t_small", Unit::Seconds, "ms", 1e-3, 0, 10,
                  "extra stall of a short message (interrupt-mitigation timeout, slow-start round trips)",
                  "000_e9da438bafb3289f.txt §4.1; default assumed: 1 ms"),
            inic::bNetParam(),
            jobcores::coresParam(
                "the two bucket sorts and the Count Sort of 000_e9da438bafb3289f.txt §3.2.1 and eq. (11)"),
        },
        {
            output("S", Unit::Bytes, "MiB", "partition per processor, key * E_init / P",
                   "000_e9da438bafb3289f.txt eq. (12)"),
            output("m", Unit::Bytes, "KiB", "message to each other processor, S / P",
                   "000_e9da438bafb3289f.txt §3.2.1 (bucket i goes to processor i)"),
            output("T_bucket1", Unit::Seconds, "ms",
                   "bucket sort into P buckets, (E_init / P) * t_bucket1 (x P / min(P, cores) when fewer cores "
                   "than ranks)",
                   std::string("000_e9da438bafb3289f.txt §3.2.1, Fig. 5(a) phase 1 bucket sort; cores: ") +
                       jobcores::kSource,
                   "T"),
            output("T_xchg", Unit::Seconds, "ms",
                   "all-to-all exchange, (P - 1) * (o_msg + m / bw_net + [m < m_small] * t_small)",
                   "000_e9da438bafb3289f.txt §3.2.1, §4.1, Fig. 5(a) communication; model assumed", "T"),
            output("T_bucket2", Unit::Seconds, "ms",
                   "bucket sort into cache-sized buckets, (E_init / P) * t_bucket2 (x P / min(P, cores) when fewer "
                   "cores than ranks)",
                   std::string("000_e9da438bafb3289f.txt §3.2.1, Fig. 5(a) phase 2 bucket sort; cores: ") +
                       jobcores::kSource,
                   "T"),
            output("T_count", Unit::Seconds, "ms",
                   "Count Sort phase, the input T_countsort (x P / min(P, cores) when fewer cores than ranks)",
                   std::string("000_e9da438bafb3289f.txt eq. (11), Fig. 5(a); cores: ") + jobcores::kSource, "T"),
            output("T", Unit::Seconds, "ms", "run time, T_bucket1 + T_xchg + T_bucket2 + T_count",
                   "000_e9da438bafb3289f.txt Fig. 5(a) (serialized phases)"),
        },
        parallelSortCalibration(),
    };
    return s;
}

std::string ParallelSortBlock::check(const double* in) const
{
    return inic::procsWithinKeys(in[P], in[E_init]);
}

void ParallelSortBlock::evaluate(const double* in, double* out) const
{
    const double p = in[P];
    const double keysPerProc = in[E_init] / p;
    const double s = in[key] * keysPerProc;
    const double msg = s / p;
    const double stall = msg < in[m_small] ? in[t_small] : 0.0;
    out[S] = s;
    out[m] = msg;
    // The passes each rank makes over its keys, on the job's cores: ranks beyond them share them (exactly x 1
    // with a core a rank). The exchange is the network's.
    const double share = jobcores::shareFactor(p, in[cores]);
    out[T_bucket1] = keysPerProc * in[t_bucket1] * share;
    out[T_xchg] = (p - 1.0) * (in[o_msg] + msg / std::min(in[bw_net], in[B_net]) + stall);
    out[T_bucket2] = keysPerProc * in[t_bucket2] * share;
    out[T_count] = in[T_countsort] * share;
    out[T] = out[T_bucket1] + out[T_xchg] + out[T_bucket2] + out[T_count];
}

} // namespace cs
