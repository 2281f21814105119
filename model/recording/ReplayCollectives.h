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

} // namespace cs::rec
