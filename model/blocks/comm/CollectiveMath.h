#pragma once
// Times of MPI collectives by algorithm, in LogGP: every step of an
// algorithm is one message on the critical path, costing
// ow(m) = o + L + o + (m - 1) G (loggp::oneWay, LogGPMath.h) for m bytes.
// These are the standard cost formulas of Thakur, Rabenseifner and Gropp,
// "Optimization of collective communication operations in MPICH", IJHPCA
// 19(1), 2005 (sec. 4), with their alpha = L + 2o and beta = G, and the
// reduction's gamma (s/B) where data are combined. The step structures the
// `logp.loggp` block already has (binomial broadcast, recursive-doubling
// allreduce and barrier, linear and pairwise all-to-all) are its own
// functions, called here.
//
// P is the process count, k the bytes the collective is about (see each
// function), G the cost per byte after the network's share (the caller's
// max(G, 1 / B_net)). The halving and doubling algorithms take
// ceil(log2 P) steps; their message sizes are exact when P is a power of two.
#include "model/blocks/loggp/LogGPMath.h"

#include <cmath>

namespace cs::comm {

enum class Op { Allreduce, Allgather, ReduceScatter, Broadcast, Alltoall, Barrier };
enum class Algo { Binomial, RecursiveDoubling, RecursiveHalving, Ring, Rabenseifner, Pairwise, Linear, Dissemination };

struct Cost {
    double time = 0.0;  // s
    double steps = 0.0; // messages on the critical path
};

// sum over i = 1..s of ow(k / 2^i): the halving sizes k/2, k/4, ...
inline double halvingTime(const loggp::Params& p, double k, double s)
{
    double t = 0.0, m = k;
    for (int i = 0; i < static_cast<int>(s); ++i) {
        m /= 2.0;
        t += loggp::oneWay(p, m);
    }
    return t;
}

// The collective's cost, or steps = -1 when the algorithm is not one of the
// operation's (the block refuses that pair before it evaluates).
inline Cost collectiveCost(Op op, Algo a, const loggp::Params& p, double k, double P, double gamma)
{
    using namespace loggp;
    const double lg = ceilLog2(P);
    const double share = k / P; // k/P: the block each process owns
    if (P < 2.0)
        return {0.0, 0.0};
    switch (op) {
    case Op::Broadcast: // k: the vector the root sends
        if (a == Algo::Binomial) // Thakur eq. (1): ceil(lg p)(alpha + n beta)
            return {bcastTime(p, k, P), bcastSteps(P)};
        if (a == Algo::Ring) // scatter (binomial, halving) then ring allgather (van de Geijn; Thakur sec. 4.2)
            return {halvingTime(p, k, lg) + (P - 1.0) * oneWay(p, share), lg + P - 1.0};
        break;
    case Op::Allreduce: { // k: the vector every process holds and receives reduced
        const double p2 = largestPowerOfTwoAtMost(P);
        const double lg2 = ceilLog2(p2);
        const double extra = P > p2 ? 1.0 : 0.0; // MPICH's hand-over to and from the extra P - P' processes
        if (a == Algo::RecursiveDoubling) // Thakur sec. 4.4: lg p alpha + n lg p beta + n lg p gamma
            return {allreduceTime(p, k, P) + (lg2 + extra) * k * gamma, allreduceSteps(P)};
        if (a == Algo::Binomial) // binomial reduce then binomial broadcast: 2 ceil(lg p)(alpha + n beta) + ceil(lg p) n gamma
            return {2.0 * bcastTime(p, k, P) + lg * k * gamma, 2.0 * lg};
        if (a == Algo::Ring) // ring reduce-scatter + ring allgather: 2(p-1) alpha + 2 (p-1)/p n beta + (p-1)/p n gamma
            return {2.0 * (P - 1.0) * oneWay(p, share) + (P - 1.0) * share * gamma, 2.0 * (P - 1.0)};
        if (a == Algo::Rabenseifner) // recursive halving + recursive doubling on P' (Thakur sec. 4.4):
            // 2 lg p alpha + 2 (p-1)/p n beta + (p-1)/p n gamma, and MPICH's two hand-over steps when P != P'
            return {2.0 * halvingTime(p, k, lg2) + extra * 2.0 * oneWay(p, k) +
                        ((p2 - 1.0) / p2 * k + extra * k) * gamma,
                    2.0 * lg2 + 2.0 * extra};
        break;
    }
    case Op::Allgather: // k: the gathered result; each process contributes k / P
        if (a == Algo::RecursiveDoubling) { // Thakur sec. 4.1: lg p alpha + (p-1)/p n beta, sizes n/p, 2n/p, ...
            double t = 0.0, m = share;
            for (int i = 0; i < static_cast<int>(lg); ++i, m *= 2.0)
                t += oneWay(p, m);
            return {t, lg};
        }
        if (a == Algo::Ring) // (p-1) alpha + (p-1)/p n beta
            return {(P - 1.0) * oneWay(p, share), P - 1.0};
        break;
    case Op::ReduceScatter: // k: the vector every process holds; each ends with its k / P reduced
        if (a == Algo::RecursiveHalving) // Thakur sec. 4.3: lg p alpha + (p-1)/p n beta + (p-1)/p n gamma
            return {halvingTime(p, k, lg) + (P - 1.0) * share * gamma, lg};
        if (a == Algo::Pairwise || a == Algo::Ring) // (p-1) alpha + (p-1)/p n beta + (p-1)/p n gamma
            return {(P - 1.0) * oneWay(p, share) + (P - 1.0) * share * gamma, P - 1.0};
        break;
    case Op::Alltoall: // k: the block each process sends to each other one
        if (a == Algo::Pairwise) // Thakur sec. 4.5: (p-1) alpha + (p-1) k beta
            return {alltoallTime(p, k, P, AllToAll::Pairwise), P - 1.0};
        if (a == Algo::Linear) // all P - 1 sends posted at once (logp.loggp's linear)
            return {alltoallTime(p, k, P, AllToAll::Linear), 1.0};
        if (a == Algo::RecursiveDoubling) // Bruck: lg p alpha + (n/2) lg p beta, n = P k
            return {lg * oneWay(p, k * P / 2.0), lg};
        break;
    case Op::Barrier:
        if (a == Algo::RecursiveDoubling) // logp.loggp's barrier: allreduce steps of empty messages
            return {barrierTime(p, P), barrierSteps(P)};
        if (a == Algo::Dissemination) // ceil(lg p) rounds of empty messages (MPICH)
            return {lg * oneWay(p, 0.0), lg};
        if (a == Algo::Binomial) // gather to the root and release down the tree
            return {2.0 * lg * oneWay(p, 0.0), 2.0 * lg};
        break;
    }
    return {0.0, -1.0};
}

// The algorithms each operation has, for messages ("binomial, ring").
inline const char* algorithmsOf(Op op)
{
    switch (op) {
    case Op::Broadcast: return "binomial, ring";
    case Op::Allreduce: return "binomial, recursive_doubling, ring, rabenseifner";
    case Op::Allgather: return "recursive_doubling, ring";
    case Op::ReduceScatter: return "recursive_halving, ring, pairwise";
    case Op::Alltoall: return "pairwise, linear, recursive_doubling (Bruck)";
    case Op::Barrier: return "binomial, recursive_doubling, dissemination";
    }
    return "";
}

} // namespace cs::comm
