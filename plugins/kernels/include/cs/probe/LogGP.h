#pragma once
// LogGP parameters by Netgauge's parametrized round trip PRTT(n, d, s)
// (Hoefler, Lichei, Rehm, "Low-Overhead LogGP Parameter Assessment for Modern Interconnection Networks",
// IPDPS 2007; the "LogGP in theory and practice" line of work; Netgauge's loggp pattern).
//
// PRTT(n, d, s): the client sends n messages of s bytes, busy-waiting d seconds between consecutive sends;
// the server receives all n and then sends one s-byte message back; the client times from the first send
// to the reply. In LogGP with separate send/receive overheads (o_s, o_r), message gap g and gap per byte G:
//   (1) PRTT(1, 0, s) = 2 (o_s + L + (s - 1) G + o_r)
//   (2) PRTT(n, 0, s) = PRTT(1, 0, s) + (n - 1) g_all(s),        g_all(s) = g + (s - 1) G
//   (3) PRTT(n, d, s) = PRTT(1, 0, s) + (n - 1) max(o_s + d, g_all(s))
// Hence, per size s (medians of the repetitions):
//   g_all(s) = (PRTT(n, 0, s) - PRTT(1, 0, s)) / (n - 1)                                      from (2)
//   o_s(s)   = (PRTT(n, d, s) - PRTT(1, 0, s)) / (n - 1) - d, with d = PRTT(1, 0, s) >= g_all(s)  from (3)
//   o_r(s)   : measured on the server: after the first message arrives it waits d before each of the
//              next n - 1 receives (by then the message is already there, so a receive costs only o_r):
//              o_r = (t_recv_all - (n - 1) d) / (n - 1). The client sends this round back-to-back.
// and per message-size segment (a range of sizes over which the protocol does not change):
//   g, G     : least-squares line g_all(s) = g + (s - 1) G over the segment's sizes
//   o_s, o_r : medians of o_s(s), o_r(s) over the segment
//   L        : median over the segment of PRTT(1, 0, s) / 2 - o_s(s) - o_r(s) - (s - 1) G       from (1),
//              clamped at 0. (Netgauge itself prints L = PRTT(1, 0, s_min) / 2; we report that too.)
// Segmentation: protocol changes (e.g. eager -> rendezvous, one segment -> several TCP segments) show as
// breaks in g_all(s). segmentLinear() splits the (s, g_all) points by binary segmentation: a segment is split
// at the point minimising the two-line residual sum of squares when the F statistic
//   F = ((SSE_1 - SSE_2) / 2) / (SSE_2 / (m - 4))   (m points; 2 extra parameters for the second line)
// exceeds splitF and the one-line residual is above the noise floor; recursion stops at maxSegments or when a
// side would have fewer than minPoints points. Netgauge uses a look-ahead on the least-squares deviation
// instead; the F test is a simpler, deterministic criterion with the same purpose.

#include "cs/probe/Environment.h"
#include "cs/probe/RunControl.h"
#include "cs/probe/Socket.h"
#include "cs/probe/Statistics.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace cs::probe {

struct LogGPParams {
    /// Message sizes s, bytes, ascending. 3..256 entries, each in [1, 4 MiB]. At least minPoints sizes are
    /// needed for a fit. Default: 1 B, then 1 KiB steps up to 16 KiB (Netgauge steps by 1 KiB).
    std::vector<std::uint32_t> sizes = {1, 1024, 2048, 3072, 4096, 5120, 6144, 7168, 8192,
                                        9216, 10240, 11264, 12288, 13312, 14336, 15360, 16384};
    /// n of PRTT(n, d, s): messages per burst. Bounds [2, 1000]. Netgauge uses 10 (the paper, 16).
    std::uint32_t n = 10;
    /// Discarded PRTT measurements per (n, d, s). Bounds [0, 100000]. Default 5.
    std::uint32_t warmups = 5;
    /// Kept PRTT measurements per (n, d, s). Bounds [1, 1000000]. Default 50.
    std::uint32_t repetitions = 50;
    /// Segmentation: F threshold for a split (> 1), minimum points per segment (>= 2), maximum segments (>= 1).
    double splitF = 20.0;
    std::uint32_t minPoints = 3;
    std::uint32_t maxSegments = 4;
    /// CPU to pin the client thread to, -1 = none.
    int cpu = -1;
    /// Time budget per size, seconds (all four PRTT kinds together), [0, 3600]; 0 = none. Every size is run
    /// (the fit needs them all); its rounds are the planned ones or as many as the budget allows, predicted
    /// from the cost per round of the sizes before (a line through the last two), at least
    /// minRepetitions kept plus one warm-up (RoundBudget.h). Default 0.
    double budget_s = 0.0;
    /// Fewest kept rounds per (n, d, s) when the budget cuts a size short. [1, 1000000]. Default 3.
    std::uint32_t minRepetitions = 3;
    /// Called on the client's thread as each size starts: (index in sizes, size in bytes). May be empty.
    std::function<void(std::size_t, std::uint32_t)> onSize;

    std::string validate() const;
};

/// Everything measured at one size s (seconds).
struct LogGPPoint {
    std::uint32_t s = 0;
    Summary prtt1;  ///< PRTT(1, 0, s)
    Summary prttN;  ///< PRTT(n, 0, s)
    Summary prttD;  ///< PRTT(n, d, s)
    Summary oR;     ///< o_r samples reported by the server
    std::uint32_t rounds = 0;  ///< rounds run per PRTT kind, warm-ups included (fewer than planned under a budget)
    std::uint32_t warmups = 0; ///< of them discarded as warm-ups
    double d = 0;   ///< the delay used, = median PRTT(1, 0, s)
    double gAll = 0; ///< g_all(s) = g + (s - 1) G
    double oS = 0;   ///< o_s(s)
    double oRmed = 0; ///< median o_r(s)
    bool delayCoversGap = true; ///< d >= g_all(s), the condition under which eq. (3) yields o_s
};

/// LogGP parameters of one message-size segment [sMin, sMax] (seconds; G in seconds/byte).
struct LogGPSegment {
    std::uint32_t sMin = 0, sMax = 0;
    std::size_t first = 0, last = 0; ///< indices into LogGPResult::points (inclusive)
    double L = 0;
    double o_s = 0;
    double o_r = 0;
    double g = 0;
    double G = 0;
    double fitRms = 0;  ///< root-mean-square residual of the g_all line, seconds
};

struct LogGPResult {
    SocketAddress server;
    std::uint32_t n = 0;
    std::vector<LogGPPoint> points;
    /// Sizes left out because a round of them, predicted from the size before, exceeded the time budget
    /// (mpi.loggp's geometric sizes; net.loggp runs every size).
    std::vector<std::uint32_t> skipped;
    std::vector<LogGPSegment> segments;
    double L_netgauge = 0; ///< PRTT(1, 0, s_min) / 2, what Netgauge prints as L
    Environment env;
};

/// One fitted line y = a + b x over points [first, last].
struct LineSegment {
    std::size_t first = 0, last = 0; ///< inclusive indices
    double a = 0, b = 0;             ///< intercept, slope
    double sse = 0;                  ///< residual sum of squares
};

/// Least-squares line through (x[i], y[i]) for i in [first, last] (needs >= 2 points with distinct x).
LineSegment fitLine(const std::vector<double>& x, const std::vector<double>& y, std::size_t first,
                    std::size_t last);

/// Binary segmentation of (x, y) (x ascending) into lines; see the header comment. Pure, deterministic.
std::vector<LineSegment> segmentLinear(const std::vector<double>& x, const std::vector<double>& y,
                                       double splitF = 20.0, std::size_t minPoints = 3,
                                       std::size_t maxSegments = 4);

/// Computes g_all, o_s, o_r per point (from the point's summaries) and the segments, as described above.
/// Pure: used by runLogGPClient and by tests on synthetic PRTT values.
void deriveLogGP(LogGPResult& result, const LogGPParams& params);

/// Client role against serve(). Measures PRTT(1,0,s), PRTT(n,0,s), PRTT(n,d,s) and o_r for every size, then
/// derives the parameters. Throws ProbeError like the other kernels.
LogGPResult runLogGPClient(const SocketAddress& server, const LogGPParams& params, const RunControl& rc);

} // namespace cs::probe
