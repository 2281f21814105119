#pragma once
// Counting helpers for the peer-to-peer (MMP) collectives that seed 001
// compares MDO against: MPICH's binomial-tree broadcast and recursive-doubling
// allreduce (001_6f8c605996d22b4f.txt §4.3.2, §4.3.5). Pure functions on
// integers; no allocation.

namespace cs::offload {

// Roles in a binomial-tree broadcast over P hosts, as MPICH builds it: the
// host at relative rank r > 0 receives from r - lowbit(r) and re-sends to
// r + 2^j for every 2^j < lowbit(r) with r + 2^j < P; the initiator (r = 0)
// sends to every 2^j < P.
struct BcastTree {
    long initSends = 0;  // messages the initiator issues, ceil(log2 P)
    long relays = 0;     // hosts that receive and re-send at least once ("intermediate 1")
    long relays2 = 0;    // hosts that re-send at least twice ("intermediate 2")
    long relaySends = 0; // re-sends by all relays
    long leaves = 0;     // hosts that only receive
};

inline long lowestBit(long r)
{
    return r & -r;
}

inline BcastTree binomialBcast(long p)
{
    BcastTree t;
    for (long m = 1; m < p; m <<= 1)
        ++t.initSends;
    for (long r = 1; r < p; ++r) {
        long sends = 0;
        for (long m = 1; m < lowestBit(r) && r + m < p; m <<= 1)
            ++sends;
        t.relaySends += sends;
        if (sends == 0)
            ++t.leaves;
        if (sends >= 1)
            ++t.relays;
        if (sends >= 2)
            ++t.relays2;
    }
    return t;
}

// MPICH recursive-doubling allreduce over P hosts. With P' the largest power
// of two <= P and rem = P - P': the first 2 rem hosts pair up, the even one
// sends its data to the odd one and sits out; the P' remaining hosts run
// log2 P' exchange steps (each host one send and one receive per step); the
// odd hosts then send the result back to their even partner.
struct Doubling {
    long pow2 = 1;      // P'
    long rem = 0;       // P - P'
    long steps = 0;     // log2 P'
    long ops = 0;       // sends plus receives over all hosts
    long hostMaxOps = 0; // sends plus receives of the busiest host
};

inline Doubling recursiveDoubling(long p)
{
    Doubling d;
    while (d.pow2 * 2 <= p) {
        d.pow2 *= 2;
        ++d.steps;
    }
    d.rem = p - d.pow2;
    // Exchange: P' hosts x log2 P' steps x (send + receive); pre- and
    // post-step: rem sends and rem receives each.
    d.ops = 2 * d.pow2 * d.steps + 4 * d.rem;
    d.hostMaxOps = 2 * d.steps + (d.rem > 0 ? 2 : 0);
    return d;
}

} // namespace cs::offload
