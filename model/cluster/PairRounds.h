#pragma once
// Which probe jobs may run at the same time. Each job names what it uses
// (its nodes, the links of its route); two jobs that share anything never
// overlap, because one would measure the other's traffic. Jobs are grouped
// into rounds by greedy colouring in plan order: a job joins the first
// round that has room (fewer than `cap` jobs) and shares nothing with it.
// A round runs its jobs together; the next round starts when it has ended.
#include <cstddef>
#include <string>
#include <vector>

namespace cs {

// `uses[j]`: the resources job j holds (its nodes, "node:n3", and the links of
// its route, each as linkKey of its edge index, model/topology/io/TopologyJson.h);
// they are only compared. A job that uses nothing still counts against the cap.
// `cap` >= 1 (1 = one job at a time, in plan order). Returns the rounds in order, each the job indices in
// plan order; every job appears exactly once.
std::vector<std::vector<std::size_t>> groupRounds(const std::vector<std::vector<std::string>>& uses,
                                                  std::size_t cap);

} // namespace cs
