#pragma once
#include "model/topology/Topology.h"

#include <string>

namespace cs {

// Bisection bandwidth: the least total capacity (B/s, one direction) that
// must be cut to split the hosts into two halves (sizes floor(H/2) and
// ceil(H/2)).
struct BisectionResult {
    double bandwidth = 0.0;
    bool exact = false;  // true: the generator's known cut; false: an upper bound
    std::string method;  // how it was found, one line (the cut, or the splits tried)
};

// The generator's exact value when the topology has one; otherwise the
// smallest max-flow/min-cut over several balanced host splits (first half /
// second half in host order, even / odd, and seeded random splits). Each
// split's min cut is at least the true bisection, so the result is an upper
// bound and is labelled so. Shared segments are cut at their bandwidth;
// hosts that do not forward carry no transit flow.
BisectionResult bisection(const Topology& t, int randomSplits = 4);

// The min cut (B/s) separating the hosts with inA[i] (host order) from the
// others, by push-relabel max flow.
double minCutBetween(const Topology& t, const std::vector<char>& inA);

} // namespace cs
