#pragma once
// A recording at a P that was not recorded, made from recordings at three or
// more others (issue 44, "Other P"). The largest recording is the template:
// its rank 0, its last rank and its middle rank stand for the first, the last
// and every interior rank of the new one (the roles of a one-dimensional
// decomposition). Each of their lines' numbers, the compute seconds, a
// message's or collective's bytes and a loop's count, is fitted against P over
// the recordings whose rank of that role has the same lines, with the one term
// c P^a log2(P)^b of fit --search's grid (ScalingSearch.h: a in quarters from
// -2 to 3, b from 0 to 2) that misses the recorded values least (SMAPE), and
// evaluated at the new P. Point-to-point peers keep their offset from the
// rank, modulo P. A line whose fit misses by more than `poorSmape`, or whose
// role's lines differ between recordings (so it is not fitted and keeps the
// template's value), is named in `poorSites`.
#include "model/recording/Recording.h"

#include <string>
#include <vector>

namespace cs::rec {

struct Synthesized {
    Recording recording;
    int fromP = 0;                      // the template's P
    std::vector<std::string> poorSites; // "interior rank, line 5 (send bytes): ... misses by 23%"
};

// Throws ModelError for fewer than three recordings of distinct P, a target P
// below 2, or a recording with communicators other than MPI_COMM_WORLD or with
// alltoallv (whose per-rank lists the roles cannot carry to another P).
Synthesized synthesize(const std::vector<const Recording*>& recordings, int P, double poorSmape = 0.10);

} // namespace cs::rec
