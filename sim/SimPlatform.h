#pragma once
// Builds the SimGrid platform of a topology in the current process (the
// forked child of runSimulation()). Only Simulator.cpp calls it.
//
// Mapping (one full zone, every route added explicitly from RouteTable):
//   host                 -> s4u::Host (speed 1 Gflop/s; no computation is simulated)
//   switch, segment      -> a router netpoint of the same id
//   switch latency       -> a FATPIPE link with that latency, in every route through it
//   segment              -> a SHARED link of the segment's rate x efficiency and its latency:
//                           every transfer crossing it, in either direction, shares it
//   forwarding host      -> a FATPIPE link with its per-packet cost as latency
//   duplex link          -> a SPLITDUPLEX link of bandwidth x channels (each direction its own)
//   half-duplex link     -> a SHARED link of bandwidth x channels (both directions share it)
//   host cap (NIC, card) -> a SPLITDUPLEX link between the host and its first link
#include "model/topology/graph/Topology.h"
#include "sim/Simulator.h"

#include <cstddef>
#include <functional>
#include <vector>

namespace simgrid::s4u {
class Host;
}

namespace cs::sim {

// Creates the platform; returns the s4u host of each participant of a
// program placed on `hostVertices` (vertex indices). Routes are added from
// each participant i to the participants peersOf[i].
//
// ownHosts: each participant gets an s4u host of its own ("rank<i>") behind
// its host cap link, attached where its topology host is, so that several
// participants may share one topology host (the ranks of one node): their
// messages to one another cross their two cap links and nothing else, and
// each participant's cap is its own (not the node's).
//
// throughMemory(i, j): true where participants i and j exchange through
// their node's memory (a recording's two ranks of one node, which take the
// intra-node LogGP themselves): their route is one link of no latency and no
// rate limit, not their cap links, so that the empty transfer that hands
// such a message over arrives when it is put (empty: every route as above).
std::vector<simgrid::s4u::Host*> buildPlatform(const Topology& t, const std::vector<std::size_t>& hostVertices,
                                               const std::vector<std::vector<std::size_t>>& peersOf,
                                               const SimOptions& options, bool ownHosts = false,
                                               const std::function<bool(std::size_t, std::size_t)>& throughMemory = {});

} // namespace cs::sim
