#pragma once
// LogP / LogGP formulas as pure inline functions, so every block that needs a
// message, train or collective time builds on the same arithmetic.
//
// Sources:
//  - LogP (Culler, 002_5a9fca780898fb85.txt §3): a one-way message time is
//    send overhead o_s + latency L + receive overhead o_r; a sequence of
//    messages is paced by the gap g = 1/MessageRate.
//  - LogGP (Alexandrov 1995): a k-byte message also pays G seconds per byte
//    after the first, so one-way T = o_s + (k-1)G + L + o_r.
//  - Recursive doubling as MPICH does it, with 2, 4 and 3 steps for 4, 6 and
//    8 hosts (001_6f8c605996d22b4f.txt §4.3.2).
//
// All times are in seconds, G in seconds per byte, k in bytes, host and
// message counts are whole numbers passed as double (as block slots hold
// them). Counts are computed with integer arithmetic, never with log2() of a
// double, so step counts are exact.
#include <algorithm>
#include <cstdint>

namespace cs::loggp {

// A size range of a piecewise LogGP below the bulk one: messages of fewer
// than kEnd bytes pay this L and G instead of the bulk L and G of Params. A
// protocol change (MPI's eager to rendezvous limit, a TCP window, the burst
// of a token bucket) shows as a jump in the one-way time and a new slope;
// o_s, o_r and g stay those of the host. kEnd <= 0 means the segment is
// absent. (Netgauge's segments of g_all(s); SimGrid's piecewise network
// factors model the same.)
struct Segment {
    double kEnd = 0.0; // B: messages of fewer bytes use this segment; <= 0: absent
    double L = 0.0;    // s
    double G = 0.0;    // s/B
};

// The five LogGP parameters, SI units, L and G those of bulk messages, and
// up to two segments for smaller ones (segments[0].kEnd < segments[1].kEnd
// when both are there).
struct Params {
    double L = 0.0;   // s: latency, the time on the wire and in switches
    double o_s = 0.0; // s: send overhead, processor busy per message sent
    double o_r = 0.0; // s: receive overhead, processor busy per message received
    double g = 0.0;   // s: gap, minimum interval between messages (1/MessageRate)
    double G = 0.0;   // s/B: gap per byte for long messages (1/bandwidth)
    Segment segments[2] = {};
};

// The parameters that hold for a k-byte message: the first present segment
// with k < kEnd supplies L and G; at or above every kEnd, the bulk ones.
inline Params forSize(const Params& p, double k)
{
    Params q = p;
    for (const Segment& s : p.segments)
        if (s.kEnd > 0.0 && k < s.kEnd) {
            q.L = s.L;
            q.G = s.G;
            break;
        }
    return q;
}

// The all-to-all algorithms (values match the blocks' choice index).
enum class AllToAll : int {
    Linear = 0,   // every host posts all P-1 sends at once (MPI_Isend/Irecv to all)
    Pairwise = 1, // P-1 rounds; in round i host r exchanges with r+i and r-i (mod P)
};

// Bytes that pay G: (k-1) in LogGP. A 0-byte control message costs the same as
// a 1-byte one (the first byte's cost is inside o_s, L and o_r).
inline double bytesAfterFirst(double k)
{
    return k > 1.0 ? k - 1.0 : 0.0;
}

// ---------------------------------------------------------------- point to point

// One-way time of a k-byte message: T = o_s + (k-1)G + L + o_r (LogGP).
inline double oneWay(const Params& p, double k)
{
    const Params q = forSize(p, k);
    return q.o_s + bytesAfterFirst(k) * q.G + q.L + q.o_r;
}

// Round trip of an echo test: a k-byte message and a k-byte reply.
inline double roundTrip(const Params& p, double k)
{
    return 2.0 * oneWay(p, k);
}

// Interval between successive injections of k-byte messages by one sender.
//
// Why max(g, o_s, (k-1)G), i.e. sender-limited:
//  - g: LogP's gap is measured as 1/MessageRate for a sequence of messages
//    (002 §3, Fig. 5 right bars), so it already contains whichever end of the
//    path is the per-message bottleneck, including the receiver's handling;
//    o_r therefore does not appear separately.
//  - o_s: the sending processor cannot issue a message before it has finished
//    the previous send overhead, whatever g a user enters (LogP assumes
//    g >= o, and the max keeps the model right when g is set below o_s).
//  - (k-1)G: in LogGP (Alexandrov 1995) a k-byte message occupies the sending
//    interface for (k-1)G, so long messages are paced by bandwidth, not by g.
// The terms overlap (processor, interface and network work concurrently), so
// the slowest one sets the pace: their maximum, not their sum.
inline double trainInterval(const Params& p, double k)
{
    return std::max({p.g, p.o_s, bytesAfterFirst(k) * forSize(p, k).G});
}

// Time until the last of n k-byte messages has been received: the first is
// injected at 0, the others one trainInterval apart, and the last one then
// takes a full one-way time. n = 1 gives oneWay(); n < 1 gives 0.
inline double trainTime(const Params& p, double k, double n)
{
    if (n < 1.0)
        return 0.0;
    return (n - 1.0) * trainInterval(p, k) + oneWay(p, k);
}

// ---------------------------------------------------------------- step counts

// ceil(log2(P)) for P >= 1 (0 for P <= 1).
inline double ceilLog2(double P)
{
    std::uint64_t steps = 0;
    std::uint64_t reach = 1;
    const auto n = static_cast<std::uint64_t>(P < 1.0 ? 1.0 : P);
    while (reach < n) {
        reach <<= 1;
        ++steps;
    }
    return static_cast<double>(steps);
}

// P' = the largest power of two <= P (1 for P <= 1).
inline double largestPowerOfTwoAtMost(double P)
{
    const auto n = static_cast<std::uint64_t>(P < 1.0 ? 1.0 : P);
    std::uint64_t p2 = 1;
    while (p2 * 2 <= n)
        p2 *= 2;
    return static_cast<double>(p2);
}

// Binomial-tree broadcast: the set of hosts holding the data doubles every
// step, so ceil(log2 P) steps.
inline double bcastSteps(double P)
{
    return ceilLog2(P);
}

// Recursive-doubling allreduce as MPICH does it. With P' the largest power of
// two <= P: when P != P', the P - P' extra hosts first hand their data to a
// partner (1 step), the P' hosts run log2(P') exchange steps, and the
// partners hand the result back (1 step). Hence log2(P') + 2 when P is not a
// power of two: 2, 4 and 3 steps for 4, 6 and 8 hosts (001 §4.3.2).
inline double allreduceSteps(double P)
{
    const double p2 = largestPowerOfTwoAtMost(P);
    const double extra = (P > p2) ? 2.0 : 0.0;
    return ceilLog2(p2) + extra;
}

// The barrier measured in 001 §4.3.2 uses the same recursive-doubling
// pattern with empty messages, so the same step count.
inline double barrierSteps(double P)
{
    return allreduceSteps(P);
}

// Communication rounds of an all-to-all: pairwise exchange needs P-1 rounds;
// linear posts all P-1 messages in a single round. 0 for P <= 1.
inline double alltoallSteps(double P, AllToAll algorithm)
{
    if (P < 2.0)
        return 0.0;
    return algorithm == AllToAll::Pairwise ? P - 1.0 : 1.0;
}

// Messages each host sends (and receives) in an all-to-all: P-1.
inline double alltoallMessages(double P)
{
    return P < 2.0 ? 0.0 : P - 1.0;
}

// ---------------------------------------------------------------- collective times

// Binomial broadcast of k bytes: each step is one k-byte message on the
// critical path, so steps * oneWay (the classic ceil(lg P)(alpha + k beta)).
inline double bcastTime(const Params& p, double k, double P)
{
    return bcastSteps(P) * oneWay(p, k);
}

// Recursive-doubling allreduce of k bytes: every step (including the two
// extra hand-over steps) moves one k-byte message per host on the critical
// path; in the exchange steps the send and the receive of a host overlap, so
// a step costs one oneWay. The reduction arithmetic is not modelled.
inline double allreduceTime(const Params& p, double k, double P)
{
    return allreduceSteps(P) * oneWay(p, k);
}

// Recursive-doubling barrier: allreduce steps with empty messages.
inline double barrierTime(const Params& p, double P)
{
    return barrierSteps(P) * oneWay(p, 0.0);
}

// All-to-all of k-byte blocks among P hosts.
//  - Pairwise: P-1 rounds, each a simultaneous send and receive of one block,
//    so (P-1) * oneWay(k).
//  - Linear: every host injects its P-1 blocks back to back. Each host both
//    sends and receives one block per slot, so its processor pays o_s + o_r
//    per slot; the slot is max(g, o_s + o_r, (k-1)G) (the train interval with
//    the host's two overheads), and the last block still takes one oneWay:
//    (P-2) * slot + oneWay(k). For P = 2 both algorithms give oneWay(k).
inline double alltoallTime(const Params& p, double k, double P, AllToAll algorithm)
{
    if (P < 2.0)
        return 0.0;
    if (algorithm == AllToAll::Pairwise)
        return (P - 1.0) * oneWay(p, k);
    const double slot = std::max({p.g, p.o_s + p.o_r, bytesAfterFirst(k) * forSize(p, k).G});
    return (P - 2.0) * slot + oneWay(p, k);
}

} // namespace cs::loggp
