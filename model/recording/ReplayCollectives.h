#pragma once
// The algorithm a replay gives each recorded collective, its LogGP time
// (CollectiveMath.h, the comm.collective block's formulas) and its rounds as
// flows between members, for pricing its G on the placed hosts (Replay.h).
#include "model/blocks/comm/CollectiveMath.h"
#include "model/recording/Recording.h"
#include "model/recording/Replay.h"

#include <vector>

namespace cs::rec {

struct CollectivePlan {
    comm::Op op = comm::Op::Barrier;
    comm::Algo algo = comm::Algo::RecursiveDoubling;
    double k = 0;          // bytes as CollectiveMath defines them for op
    bool halving = false;  // gather and scatter: binomial, the data halving at each step down the tree
    bool inward = false;   // the tree's flows run to the root (reduce, gather)
};

// `bytes`: the event's value (Recording.h; the largest over the members), `n`: members.
CollectivePlan collectivePlan(Kind kind, double bytes, int n);

// The collective's time on n members with LogGP parameters p (s).
double collectiveSeconds(const CollectivePlan& plan, const loggp::Params& p, int n);

// Its rounds, each the flows (member indices) that run at once; at most
// `maxRounds`, evenly spaced, when it has more.
std::vector<Flows> collectiveRounds(const CollectivePlan& plan, int n, std::size_t maxRounds = 16);

// One step of the algorithm as point-to-point messages: every flow (member
// indices, source to destination) carries `bytes`, and a member sends its
// step's messages before it takes in its own.
struct CollectiveStep {
    Flows flows;
    double bytes = 0;
};

// The algorithm's steps, all of them, in order: what a simulator that runs the
// collective as messages (sim/RecordingSim.h) sends. Their one-way times add
// up to collectiveSeconds() on an uncontended network: binomial (broadcast,
// scatter with the data halving down the tree; reduce and gather the same tree
// run inward, leaves first), recursive doubling with MPICH's hand-over to and
// from the members beyond the largest power of two, recursive halving, ring
// and pairwise (n - 1 steps, member r to r + i).
std::vector<CollectiveStep> collectiveSteps(const CollectivePlan& plan, int n);

} // namespace cs::rec
