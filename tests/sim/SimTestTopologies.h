#pragma once
// Small drawn networks for the simulator tests, built with the Topology API so
// every rate and latency is visible in the test.
#include "model/topology/graph/Topology.h"

#include <string>

namespace cs::sim::test {

// n hosts h0 .. h(n-1) on one switch; every link `bw` B/s and `lat` s.
inline Topology star(int n, double bw, double lat, double switchLat = 0.0)
{
    Topology t;
    t.addSwitch("sw", 2 * n, switchLat);
    for (int i = 0; i < n; ++i) {
        t.addHost("h" + std::to_string(i));
        t.addLink("h" + std::to_string(i), "sw", LinkProps{bw, lat, 1, true});
    }
    return t;
}

// Two leaf switches with `perLeaf` hosts each, joined through a core switch by
// one up-link per leaf of the same rate as a host link: perLeaf : 1
// oversubscribed (a two-level fat-tree with one up-link, gfat up1 = 1).
inline Topology oversubscribedTree(int perLeaf, double bw)
{
    Topology t;
    t.addSwitch("core", 2);
    for (int l = 0; l < 2; ++l) {
        const std::string leaf = "leaf" + std::to_string(l);
        t.addSwitch(leaf, perLeaf + 1);
        t.addLink(leaf, "core", LinkProps{bw, 0.0, 1, true});
    }
    for (int i = 0; i < 2 * perLeaf; ++i) {
        t.addHost("h" + std::to_string(i));
        t.addLink("h" + std::to_string(i), "leaf" + std::to_string(i / perLeaf), LinkProps{bw, 0.0, 1, true});
    }
    return t;
}

// n hosts on one shared segment (a hub or a coax bus) of `segBw` B/s; each
// host's attachment is `segBw` too.
inline Topology bus(int n, double segBw)
{
    Topology t;
    t.addSegment("net", segBw);
    for (int i = 0; i < n; ++i) {
        t.addHost("h" + std::to_string(i));
        t.addLink("h" + std::to_string(i), "net", LinkProps{segBw, 0.0, 1, true});
    }
    return t;
}

} // namespace cs::sim::test
