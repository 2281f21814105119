#pragma once
#include "model/blocks/FftRows.h"
// Parameter specs and consistency rules shared by the seed-000 blocks
// (Underwood, Sass, Ligon: INIC for Beowulf clusters), so that the same
// symbol has the same meaning, default and range in every block.
#include "model/core/JobSize.h"
#include "model/core/ParamSpec.h"
#include "model/core/Unit.h"

#include <string>

namespace cs::inic {

inline constexpr double kBwHostCard = 80.0 * 1024 * 1024; // B/s, eqs. (6), (9), (13), (16)
inline constexpr double kBwCardNet = 90.0 * 1024 * 1024;  // B/s, eqs. (7), (8), (14), (15)
inline constexpr double kBwBus = 132e6;                   // B/s, the prototype card's one bus, §6
inline constexpr double kEInit = 33554432.0;              // 2^25 keys (assumed default problem size)
inline constexpr double kCountsortPerKey = 20e-9;         // s per key (assumed)
inline constexpr double kDefaultP = 8.0;
// T_countsort default: 20 ns per key for the 2^25 / 8 = 2^22 keys per processor.
inline constexpr double kTCountsort = kCountsortPerKey * (kEInit / kDefaultP);
inline constexpr double kMaxP = 65536.0;

inline ParamSpec rowsParam()
{
    return countParam("rows", 1024, 1, 1048576, "rows (and columns) of the square complex matrix",
                      "000_e9da438bafb3289f.txt eqs. (4), (5); default 1024 assumed");
}

inline ParamSpec procParam(std::string meaning, std::string source)
{
    return followsJob(
        countParam(kJobSize, kDefaultP, 1, kMaxP, std::move(meaning), std::move(source) + "; default 8 assumed"));
}

inline ParamSpec tFft1dParam()
{
    return param("t_fft1d", Unit::Seconds, "us", 100e-6, 0, 100,
                 "time of one 1D-FFT of a row (length rows), T_1D-FFT(rows)",
                 "000_e9da438bafb3289f.txt eq. (4); default assumed: 100 us, about 5 N log2 N = 51200 flops at "
                 "~500 Mflop/s (FFTW on a 1 GHz Athlon) for the default rows = 1024; wire a measured value");
}

inline ParamSpec bwHostCardParam(std::string source)
{
    return param("bw_hc", Unit::BytesPerSecond, "MiB/s", kBwHostCard, 1e3, 1e12,
                 "host memory <-> INIC memory bandwidth", std::move(source));
}

inline ParamSpec bwCardNetParam(std::string source)
{
    return param("bw_cn", Unit::BytesPerSecond, "MiB/s", kBwCardNet, 1e3, 1e12,
                 "INIC memory <-> network bandwidth", std::move(source));
}

inline ParamSpec bwBusParam()
{
    return param("bw_bus", Unit::BytesPerSecond, "MB/s", kBwBus, 1e3, 1e12,
                 "the prototype card's single bus, shared by network and host traffic",
                 "000_e9da438bafb3289f.txt §6: a single 132 MB/s bus (32-bit, 33 MHz PCI)");
}

inline ParamSpec elemParam()
{
    return param("elem", Unit::Bytes, "B", 16, 1, 64, "bytes per matrix element (16 = complex double)",
                 "000_e9da438bafb3289f.txt eq. (5)");
}

inline ParamSpec eInitParam()
{
    return countParam("E_init", kEInit, 1, 1099511627776.0, "total number of keys being sorted",
                      "000_e9da438bafb3289f.txt eq. (12); default assumed: 2^25 keys (128 MiB), so that the "
                      "serial bucket sorting exceeds 5 s as §4.2 reports");
}

inline ParamSpec keyParam()
{
    return param("key", Unit::Bytes, "B", 4, 1, 16, "bytes per key (32-bit integers)",
                 "000_e9da438bafb3289f.txt eq. (12)");
}

inline ParamSpec tCountsortParam()
{
    return param("T_countsort", Unit::Seconds, "ms", kTCountsort, 0, 1e6,
                 "time of the final Count Sort on one processor (depends on keys per processor)",
                 "000_e9da438bafb3289f.txt eq. (11), Fig. 5(a); default assumed: 20 ns per key x 2^22 keys "
                 "per processor (E_init = 2^25, P = 8) = 83.88608 ms; wire a measured value");
}

inline ParamSpec tBucket2Param(std::string meaning, std::string source)
{
    return param("t_bucket2", Unit::Seconds, "ns", 80e-9, 0, 1e-3, std::move(meaning), std::move(source));
}

// The network's share: the per-host bandwidth the topology leaves under the
// application's all-to-all traffic. The card (or host) sends at most this
// fast; the default is no limit, so a design without a topology wired in
// evaluates the paper's equations exactly.
inline ParamSpec bNetParam()
{
    return throughNetwork(param("B_net", Unit::BytesPerSecond, "MB/s", 1e13, 1e3, 1e13,
                                "per-host bandwidth the network leaves under all-to-all traffic; data leaves the "
                                "node at min(its own rate, B_net)",
                                "000_e9da438bafb3289f.txt eqs. (7), (8), (14), (15) (the card-to-network transfers); "
                                "the rate comes from the design's topology (a2a_bw, minimum-hop ECMP link loads); "
                                "default 1e13 B/s = no limit"),
                          "a2a_bw");
}

// "" when every processor holds at least one row (M = rows / P >= 1).
inline std::string procsWithinRows(double P, double rows)
{
    return fftrows::check(P, rows); // the one rule of all 2D-FFT blocks (model/blocks/FftRows.h)
}

// "" when every processor holds at least one key.
inline std::string procsWithinKeys(double P, double eInit)
{
    if (P > eInit)
        return "P = " + formatNumber(P) + " exceeds E_init = " + formatNumber(eInit) +
               ": each processor needs at least one key";
    return {};
}

} // namespace cs::inic
