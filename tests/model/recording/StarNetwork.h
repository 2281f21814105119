#pragma once
// A star network for the replay tests: hosts h0 .. h<n-1> on one switch, each
// link 1e8 B/s each way, with a token bucket of `burst` bytes each way (0:
// none), and rank i on host hi, wired into a ReplayNetwork as DesignNetwork
// wires a design's.
#include "model/recording/Replay.h"
#include "model/topology/graph/CoreGraph.h"
#include "model/topology/io/TopologyJson.h"
#include "model/topology/placement/FairShare.h"
#include "model/topology/placement/PlacedMetrics.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace cs::test {

// Hosts h0 .. h<n-1> on one switch A, every link r = 1e8 B/s (10 ns/B) each way with a bucket of `burst`
// bytes each way; rank i on host hi.
struct Star {
    Topology t;
    CoreGraph g;
    PlacedNetwork placed;
    std::vector<std::size_t> hosts;
    FairShare share;

    Star(int n, double burst)
        : t(topology(n, burst)), g(CoreGraph::build(t)), placed{t, g}, hosts(hostsOf(t, n)), share{placed, hosts}
    {
    }
    // The drawing as a design's "topology": hosts h0 .. h<n-1> on switch A, each link `bandwidth` B/s with a
    // burst of `burst` bytes (0: none).
    static nlohmann::json drawing(int n, double burst, double bandwidth = 1e8)
    {
        nlohmann::json d{{"vertices", {{{"id", "A"}, {"kind", "switch"}}}}, {"edges", nlohmann::json::array()}};
        for (int i = 0; i < n; ++i) {
            const std::string h = "h" + std::to_string(i);
            d["vertices"].push_back({{"id", h}, {"kind", "host"}});
            nlohmann::json link{{"from", h}, {"to", "A"}, {"bandwidth", bandwidth}};
            if (burst > 0)
                link["burst"] = burst;
            d["edges"].push_back(link);
        }
        return d;
    }
    static Topology topology(int n, double burst) { return topologyFromJson(drawing(n, burst)); }
    static std::vector<std::size_t> hostsOf(const Topology& t, int n)
    {
        std::vector<std::size_t> h;
        for (int i = 0; i < n; ++i)
            h.push_back(*t.find("h" + std::to_string(i)));
        return h;
    }
    // The LogGP `p` on this network, its buckets wired as DesignNetwork wires a design's.
    rec::ReplayNetwork net(const loggp::Params& p)
    {
        rec::ReplayNetwork n;
        n.loggp = p;
        n.secondsPerByte = [this](const rec::Flows& f) { return roundSecondsPerByte(placed, hosts, f); };
        n.flowRates = [this](const rec::Flows& f, double ack) { return share.rates(f, {}, ack); };
        for (const FairShare::Bucket& b : share.buckets())
            n.buckets.push_back({b.burst, b.rate});
        n.bucketsOn = [this](std::uint32_t a, std::uint32_t b) { return share.bucketsOn(a, b); };
        n.flowRatesOpen = [this](const rec::Flows& f, const std::vector<char>& open, double ack) {
            return share.rates(f, open, ack);
        };
        return n;
    }
};

} // namespace cs::test
