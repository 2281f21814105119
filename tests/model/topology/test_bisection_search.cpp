// The bisection of drawn and imported networks: a minimum-bisection search
// (switch hierarchy, breadth-first order, METIS), whatever order the hosts
// come in.
#include "model/cluster/ClusterTopology.h"
#include "model/topology/metrics/Bisection.h"
#include "model/topology/io/TopologyJson.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <random>
#include <sstream>
#include <string>

using namespace cs;
using nlohmann::json;

namespace {

std::string hex(unsigned long long v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%016llx", v);
    return buf;
}

// What ibnetdiscover prints for a two-level fabric: 2 spines and 4 leaves
// (36-port EDR switches); 24 hosts per leaf on ports 1-24; each leaf trunked
// to each spine by 6 cables (leaf ports 25-36); 96 + 4 x 2 x 6 = 144 cables.
// One cable, leaf-0 port 25 to spine-0 port 1, trained at 2xEDR. Host GUIDs
// go round the leaves (host i on leaf i % 4), so in GUID order, the order the
// reader gives, no run of hosts is one leaf.
std::string edrFabric()
{
    std::ostringstream o;
    o << "#\n# Topology file: generated on Sun Nov 22 12:00:00 2026\n#\n";
    const auto spine = [](int s) { return "S-" + hex(0x248a070300f80000ULL + 0x100 * s); };
    const auto leaf = [](int l) { return "S-" + hex(0x248a070300f90000ULL + 0x100 * l); };
    const auto host = [](int h) { return "H-" + hex(0x0002c90300000000ULL + 0x10 * h); };
    const auto speed = [](int l, int s, int j) { return l == 0 && s == 0 && j == 0 ? "2xEDR" : "4xEDR"; };
    for (int s = 0; s < 2; ++s) {
        o << "\nvendid=0x2c9\ndevid=0xcb20\nSwitch\t36 \"" << spine(s) << "\"\t\t# \"MF0;spine-" << s
          << ":MSB7800/U1\" enhanced port 0 lid " << 1 + s << " lmc 0\n";
        for (int l = 0; l < 4; ++l)
            for (int j = 0; j < 6; ++j)
                o << "[" << 6 * l + j + 1 << "]\t\"" << leaf(l) << "\"[" << 25 + 6 * s + j << "]\t\t# \"MF0;leaf-"
                  << l << ":MSB7800/U1\" lid " << 10 + l << " " << speed(l, s, j) << "\n";
    }
    for (int l = 0; l < 4; ++l) {
        o << "\nvendid=0x2c9\ndevid=0xcb20\nSwitch\t36 \"" << leaf(l) << "\"\t\t# \"MF0;leaf-" << l
          << ":MSB7800/U1\" enhanced port 0 lid " << 10 + l << " lmc 0\n";
        for (int p = 0; p < 24; ++p) {
            const int h = 4 * p + l;
            o << "[" << p + 1 << "]\t\"" << host(h) << "\"[1](" << host(h).substr(2) << ") \t\t# \"node" << h
              << " HCA-1\" lid " << 100 + h << " 4xEDR\n";
        }
        for (int s = 0; s < 2; ++s)
            for (int j = 0; j < 6; ++j)
                o << "[" << 25 + 6 * s + j << "]\t\"" << spine(s) << "\"[" << 6 * l + j + 1 << "]\t\t# \"MF0;spine-"
                  << s << ":MSB7800/U1\" lid " << 1 + s << " " << speed(l, s, j) << "\n";
    }
    for (int h = 0; h < 96; ++h) {
        const int l = h % 4, p = h / 4;
        o << "\nvendid=0x2c9\ndevid=0x1017\ncaguid=0x" << host(h).substr(2) << "\nCa\t1 \"" << host(h)
          << "\"\t\t# \"node" << h << " HCA-1\"\n[1](" << host(h).substr(2) << ") \t\"" << leaf(l) << "\"[" << p + 1
          << "]\t\t# lid " << 100 + h << " lmc 0 \"MF0;leaf-" << l << ":MSB7800/U1\" lid " << 10 + l
          << " 4xEDR\n";
    }
    return o.str();
}

} // namespace

TEST_CASE("an imported two-level fabric's bisection is found within 5 % whatever the host order",
          "[topology][bisection]")
{
    const json fabric = writeNetwork(topologyFromIbnetdiscover(edrFabric(), "edr.txt"));
    const Topology imported = topologyFromJson(fabric);
    REQUIRE(imported.counts().hosts == 96);
    REQUIRE(imported.counts().switches == 6);
    REQUIRE(imported.counts().links == 144);
    // The true bisection, by hand. A link is 4xEDR = 12.5 GB/s except the one
    // 2xEDR cable (6.25 GB/s). Put h_i hosts of leaf i on side A (sum 48).
    //  - Both spines on side B: a leaf on side A cuts its 12 up-links and its
    //    24 - h_i hosts on B; a leaf on B cuts its h_i hosts on A. With m
    //    leaves on A: m = 0: 48 links; m = 1: 12 + (24 - h) + (48 - h) >= 36;
    //    m = 2: 24 + 120 - 24 - 2(h1 + h2) ... = 120 - 2(h1 + h2) >= 24 (two
    //    whole leaves); m = 3: 60 + 2 h4 >= 60; m = 4: 96.
    //  - One spine a side: every leaf cuts its 6 links to the far spine (24)
    //    plus the hosts away from its side: >= 24, two whole leaves a side.
    // So at least 24 links, and 24 exactly by two whole leaves a side. The
    // cheapest such cut holds the slow cable: leaf-0 with another leaf on A,
    // both spines on B: 23 x 12.5 + 6.25 = 293.75 GB/s. Any other cut has 25
    // or more links, at least 24 x 12.5 + 6.25 = 306.25 GB/s.
    const double truth = 23 * 12.5e9 + 6.25e9;
    const BisectionResult asImported = bisection(imported);
    INFO(asImported.method << "; " << asImported.cut);
    CHECK_FALSE(asImported.exact);
    CHECK(asImported.bandwidth >= truth * (1 - 1e-9)); // an upper bound can't be below the truth
    CHECK(asImported.bandwidth <= truth * 1.05);
    CHECK_THAT(asImported.method, Catch::Contains("METIS") && Catch::Contains("upper bound"));
    // The same fabric with its hosts in other orders.
    std::mt19937 rng(2026);
    for (int round = 0; round < 5; ++round) {
        json shuffled = fabric;
        json& v = shuffled["vertices"];
        std::vector<json> hosts, others;
        for (const json& x : v)
            (x["kind"] == "host" ? hosts : others).push_back(x);
        std::shuffle(hosts.begin(), hosts.end(), rng);
        v = json::array();
        for (std::size_t i = 0; i < std::max(hosts.size(), others.size()); ++i) { // interleaved with the switches
            if (i < hosts.size())
                v.push_back(hosts[i]);
            if (i < others.size())
                v.push_back(others[i]);
        }
        const BisectionResult r = bisection(topologyFromJson(shuffled));
        INFO("round " << round << ": " << r.cut);
        CHECK(r.bandwidth >= truth * (1 - 1e-9));
        CHECK(r.bandwidth <= truth * 1.05);
        // The cut found is a balanced host split.
        CHECK(std::count(r.side.begin(), r.side.end(), 1) == 48);
    }
}

TEST_CASE("a drawn network's bisection names the cut it found and says it is a bound", "[topology][bisection]")
{
    // Two stars of 4 hosts whose switches are joined by one 1 GB/s link,
    // hosts in alternating order: the halves in host order would cut every
    // host link of one side; the true bisection is the one middle link
    // (every other balanced split cuts at least one 1 GB/s host link more).
    Topology t;
    const std::size_t a = t.addSwitch("a", 8), b = t.addSwitch("b", 8);
    for (int i = 0; i < 8; ++i)
        t.addLink(t.addHost("h" + std::to_string(i)), i % 2 ? b : a, LinkProps{1e9});
    t.addLink(a, b, LinkProps{1e9});
    const BisectionResult r = bisection(t);
    CHECK_FALSE(r.exact);
    CHECK(r.bandwidth == Approx(1e9));
    CHECK_THAT(r.cut, Catch::EndsWith(": 4 | 4 hosts"));
    REQUIRE(r.side.size() == 8);
    for (int i = 2; i < 8; ++i) // hosts of one switch together
        CHECK(r.side[i] == r.side[i % 2]);
}
