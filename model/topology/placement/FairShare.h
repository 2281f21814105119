#pragma once
// Max-min fair rates of flows that run at once on a placed job's network: the
// bandwidth each flow gets when every link (and shared segment) is shared
// fairly among the flows that cross it, and a flow held back by one link
// leaves its share of the others to the rest (progressive filling, as TCP
// flows and SimGrid's network model share links).
//
// A flow's route is the one ECMP gives it (PlacedMetrics.h rankLoads), split
// over equal paths as their fractions say. Routes are found once per ordered
// pair of ranks and kept; rates of a flow set are computed from them.
//
// A link with a token bucket (LinkProps::burst > 0) has one bucket each way
// it carries (a duplex link two, as tbf shapes both ends of a veth). The
// fluid replay (model/recording/ReplayFluid.h) keeps their tokens; rates()
// takes which of them hold tokens, and such a bucket does not limit its flows.
#include "model/topology/placement/PlacedMetrics.h"

#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

namespace cs {

class FairShare {
public:
    // `net` must outlive this; `hosts`: the topology vertex of each rank.
    FairShare(const PlacedNetwork& net, std::vector<std::size_t> hosts);

    // B/s of each flow (rank pairs; a pair may repeat, each a flow of its own)
    // when all run at once. A flow that crosses no link (two ranks of one host,
    // or no route) gets +infinity: the network does not limit it.
    std::vector<double> rates(const std::vector<std::pair<std::uint32_t, std::uint32_t>>& flows);
    // As above, where the buckets with open[k] != 0 (numbered as buckets())
    // hold tokens: their links do not limit (+infinity for a flow no other
    // link limits). `open` may be shorter than buckets(): the rest are empty.
    // ack > 0: each flow also loads its reverse route with `ack` of its rate
    // (TCP's acknowledgements, logp.loggp's ack): a link's flows one way and
    // the ACKs of those the other way share it, r_data + ack r_back <= C.
    std::vector<double> rates(const std::vector<std::pair<std::uint32_t, std::uint32_t>>& flows,
                              const std::vector<char>& open, double ack = 0.0);

    // The token buckets of the network's links: burst (B) and rate (B/s, the
    // link's bandwidth x channels), one per direction a link carries.
    struct Bucket {
        double burst = 0, rate = 0;
    };
    const std::vector<Bucket>& buckets() const { return buckets_; }
    // The buckets the flow from rank a to rank b crosses, with the share of
    // its bytes on each (ECMP's fractions); empty when it crosses none.
    std::vector<std::pair<std::uint32_t, double>> bucketsOn(std::uint32_t a, std::uint32_t b);

private:
    // A route: the resources it loads and the fraction of the flow on each.
    using Path = std::vector<std::pair<std::uint32_t, double>>;
    const Path& path(std::uint32_t a, std::uint32_t b);

    const PlacedNetwork& net_;
    std::vector<std::size_t> hosts_;
    // Per resource: a duplex edge's two directions (2e, 2e + 1), a half-duplex
    // edge's one (2e), a segment (2E + vertex). B/s; 0 where unused.
    std::vector<double> capacity_;
    std::unordered_map<std::uint64_t, Path> paths_;
    std::vector<Bucket> buckets_;
    // Scratch: each flow's resources, its path and (ack > 0) its reverse route's at `ack` of it, without its open
    // buckets' links (rates with `open`).
    std::vector<Path> unlimited_;
    // Per resource: its bucket in buckets_, or -1.
    std::vector<std::int32_t> bucketOf_;
};

} // namespace cs
