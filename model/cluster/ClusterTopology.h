#pragma once
// The network a cluster describes itself with, read into a design's
// topology and written back:
//
// - Slurm's topology.conf (topology/tree plugin): one line per switch,
//   "SwitchName=s1 Switches=s[2-3] Nodes=node[01-16] LinkSpeed=100", names in
//   Slurm's host list syntax, parameter names case-insensitive, '#' to the
//   end of a line is a comment. LinkSpeed is in arbitrary units that Slurm
//   does not use, so link rates and latencies come from the options.
// - The text `ibnetdiscover` prints for an InfiniBand fabric: a block per
//   switch ("Switch 36 "S-guid" # "desc" ...") or channel adapter ("Ca 2
//   "H-guid" # "node01 HCA-1""), then one line per cabled port
//   ("[3] "H-guid"[1](portguid) # "node01 HCA-1" lid 5 4xEDR"). Each link's
//   rate is its width times the lane's data rate (SDR 2, DDR 4, QDR 8, FDR
//   13.64, EDR 25, HDR 50, NDR 100 Gbit/s per lane after line coding).
//
// Both give a drawing (the typed network of a document's "topology",
// model/topology/network/Network.h), so a loaded design checks it like a
// drawn one.
// Errors are ModelError naming the source and line.
#include "model/topology/network/Network.h"

#include <string>

namespace cs {

struct ClusterImportOptions {
    double bandwidth = 125e6; // B/s per link when the source gives none (1 Gbit/s)
    double latency = 0.0;     // s per link
    double switchLatency = 0.0;
};

Network topologyFromSlurmConf(const std::string& text, const std::string& source,
                               const ClusterImportOptions& options = {});
Network topologyFromIbnetdiscover(const std::string& text, const std::string& source,
                                   const ClusterImportOptions& options = {});

// A topology.conf for a topology whose switches and hosts form a hierarchy:
// every host hangs from switches only, and switches form levels (a tree or
// a fat-tree). Each switch lists the hosts attached to it and the switches
// one level below it (levels counted up from the host switches). Throws
// ModelError naming what cannot be written: a shared segment, a host linked
// to a host, a host with no switch.
std::string slurmConfFromTopology(const Network& drawing);

} // namespace cs
