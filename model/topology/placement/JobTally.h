#pragma once
// How a placed job falls into the parts a large network is drawn as (the
// aggregates of the topology editor: pods, groups, buckets of groups), so
// that a drawing of parts can mark the ones that hold the job and say how
// much of it each holds (DESIGN.md, "Job and placement").
#include "model/topology/graph/Topology.h"

#include <cstddef>
#include <string>
#include <vector>

namespace cs {

struct PartTally {
    std::size_t hosts = 0; // distinct hosts of the job in the part
    std::size_t ranks = 0; // its ranks there (hosts x ranks per node, when a node runs several)
};

struct JobTally {
    std::vector<PartTally> parts; // one per part, in part order
    std::size_t elsewhere = 0;    // hosts of the job in no part (not shown, or not in `t`)
};

// `partOf`: the part of each vertex of `t` (-1: in none; shorter than
// t.vertexCount() means -1 for the rest). `parts`: how many parts there are.
// `jobHosts`: the job's host ids in rank order, as JobView::hosts and
// TopologySource::placedHostIds give them (the ranks of one node repeat its
// id). Every host is counted once, every rank once.
JobTally tallyJob(const Topology& t, const std::vector<int>& partOf, std::size_t parts,
                  const std::vector<std::string>& jobHosts);

} // namespace cs
