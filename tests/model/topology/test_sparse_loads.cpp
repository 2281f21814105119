// A job's exchange keeps each set of node pairs it routes on the links the set loads alone, and sums and scans
// a round over those (SparseLoads.h, CountedRounds.h): the bottleneck must be the one the per-link vectors
// give (finishBottleneck), to the last bit, for one set and for sums of sets at several counts, on networks
// with shared segments and without; and every round of a placed job's exchange (exchangeFigures) must be the
// figure the per-link sums gave before (7599822's countedRoundSecondsPerByte, kept below as the reference),
// to the last bit, with a small case derived by hand.
#include "JobTestNetworks.h"

#include "model/topology/generators/GeneratorRegistry.h"
#include "model/topology/graph/CoreGraph.h"
#include "model/topology/io/TopologyJson.h"
#include "model/topology/placement/CountedRounds.h"
#include "model/topology/placement/ExchangeSchedule.h"
#include "model/topology/placement/JobPlacement.h"
#include "model/topology/placement/NodeFlows.h"
#include "model/topology/placement/PlacedLoads.h"
#include "model/topology/placement/PlacedMetrics.h"
#include "model/topology/routing/SparseLoads.h"
#include "model/topology/routing/StreamedLoads.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <random>
#include <tuple>

using namespace cs;

namespace {

// `into` += w x `from`, vector by vector, as the dense sums were taken.
void addDense(RawLoads& into, double w, const RawLoads& from)
{
    auto add = [w](std::vector<double>& a, const std::vector<double>& b) {
        if (a.size() < b.size())
            a.resize(b.size(), 0.0);
        for (std::size_t i = 0; i < b.size(); ++i)
            a[i] += w * b[i];
    };
    add(into.core.arc, from.core.arc);
    add(into.core.through, from.core.through);
    add(into.out, from.out);
    add(into.in, from.in);
}

// The figures of a job's rounds as 7599822 priced them where hosts hold several ranks: a round is the sum,
// over its counts w in the order they first appear, of w x the dense loads of the node pairs carrying w
// flows (each set routed once), its bottleneck found over the per-link vectors; a round that joins the
// same hosts with the same counts as one before (its flows in any order) takes that one's figure.
class DenseRounds {
public:
    explicit DenseRounds(const PlacedNetwork& net) : net_(net) {}

    double secondsPerByte(const std::vector<HostFlow>& flows)
    {
        if (flows.empty())
            return 0.0;
        std::vector<std::tuple<std::size_t, std::size_t, double>> key;
        for (const HostFlow& f : flows)
            key.emplace_back(f.from, f.to, f.weight);
        std::sort(key.begin(), key.end());
        if (const auto seen = rounds_.find(key); seen != rounds_.end())
            return seen->second;
        std::vector<std::pair<double, Pairs>> groups; // by count, in the order the counts first appear
        for (const HostFlow& f : flows) {
            auto g = std::find_if(groups.begin(), groups.end(), [&](const auto& x) { return x.first == f.weight; });
            if (g == groups.end())
                g = groups.insert(groups.end(), {f.weight, {}});
            g->second.emplace_back(f.from, f.to);
        }
        RawLoads sum;
        for (auto& [w, pairs] : groups) {
            std::sort(pairs.begin(), pairs.end());
            auto p = sets_.find(pairs);
            if (p == sets_.end()) {
                std::vector<HostFlow> unit;
                for (const auto& [a, b] : pairs)
                    unit.push_back({a, b, 1.0});
                p = sets_.emplace(pairs, rawLoadsOf(net_, flowDemands(net_.t, net_.g, TrafficPattern::AllToAll, unit), 1))
                        .first;
            }
            addDense(sum, w, p->second);
        }
        const double spb =
            finishBottleneck(net_.t, net_.g, net_.sources, TrafficPattern::AllToAll, sum.core, sum.out, sum.in, 0)
                .maxCongestion;
        rounds_.emplace(std::move(key), spb);
        return spb;
    }
    std::size_t routed() const { return sets_.size(); }

private:
    using Pairs = std::vector<std::pair<std::size_t, std::size_t>>;
    const PlacedNetwork& net_;
    std::map<Pairs, RawLoads> sets_;
    std::map<std::vector<std::tuple<std::size_t, std::size_t, double>>, double> rounds_;
};

// The rounds exchangeFigures prices for the job on `hosts` (its evenly spaced sample of a large job's), each
// as the reference prices its node flows.
std::vector<double> denseRoundFigures(const PlacedNetwork& net, const std::vector<std::size_t>& hosts, Schedule s)
{
    const auto P = static_cast<std::uint32_t>(hosts.size());
    const JobNodes jn = jobNodes(net.t, hosts);
    DenseRounds dense(net);
    std::vector<double> out;
    const std::size_t count = scheduleRoundCount(s, P), sampled = std::min(count, kMaxRoutedRounds);
    for (std::size_t i = 0; i < sampled; ++i) {
        const ExchangeRound r = scheduleRound(s, P, count > kMaxRoutedRounds ? i * count / kMaxRoutedRounds : i);
        out.push_back(dense.secondsPerByte(nodeFlows(jn.nodes, jn.nodeOf, r.flows)));
    }
    return out;
}

} // namespace

TEST_CASE("sparse loads: a set's and a sum's bottleneck are the per-link vectors', to the last bit",
          "[topology][loads][ranks_per_node]")
{
    const std::pair<const char*, Topology> networks[] = {
        {"fat-tree k=4", generate("fat-tree", {{"k", 4}})},
        {"torus 4x4", generate("torus", {{"k", 4}, {"dims", 2}})},
        {"bus", generate("bus", {{"n", 6}})},
        {"beowulf mesh", generate("beowulf-mesh", {{"routing", 1}})},
        {"bonded", generate("bonded", {{"nets", 3}, {"n", 7}})},
        {"dragonfly", generate("dragonfly", {})},
    };
    std::mt19937 rng(7);
    int checked = 0, segments = 0;
    for (const auto& [name, t] : networks) {
        const CoreGraph g = CoreGraph::build(t);
        const PlacedNetwork net(t, g);
        const auto& hosts = t.hosts();
        std::uniform_int_distribution<std::size_t> host(0, hosts.size() - 1);
        // Sets of a few random node pairs, each pair once.
        auto randomSet = [&](std::size_t n) {
            std::vector<HostFlow> flows;
            for (std::size_t i = 0; i < n; ++i) {
                const std::size_t a = hosts[host(rng)], b = hosts[host(rng)];
                if (a != b && std::none_of(flows.begin(), flows.end(),
                                           [&](const HostFlow& f) { return f.from == a && f.to == b; }))
                    flows.push_back({a, b, 1.0});
            }
            return flows;
        };
        for (int trial = 0; trial < 20; ++trial) {
            INFO(name << ", trial " << trial);
            const std::size_t sets = 1 + static_cast<std::size_t>(trial % 3);
            RawLoads dense;
            SparseLoads sum, scratch;
            for (std::size_t k = 0; k < sets; ++k) {
                const std::vector<HostFlow> flows = randomSet(1 + static_cast<std::size_t>(trial) % 7);
                const RawLoads r =
                    rawLoadsOf(net, flowDemands(t, g, TrafficPattern::AllToAll, flows), 1);
                const SparseLoads one = SparseLoads::of(t, g, net.sources, r.core, r.out, r.in);
                CHECK(maxCongestion(t, one) ==
                      finishBottleneck(t, g, net.sources, TrafficPattern::AllToAll, r.core, r.out, r.in, r.flows)
                          .maxCongestion);
                CHECK(one.edges.size() <= t.edgeCount());
                segments += !one.segments.empty();
                const double w = double(1 + (trial + 3 * int(k)) % 5) / (k == 1 ? 3.0 : 1.0); // counts, and others
                addDense(dense, w, r);
                addScaled(sum, w, one, scratch);
            }
            CHECK(maxCongestion(t, sum) == finishBottleneck(t, g, net.sources, TrafficPattern::AllToAll, dense.core,
                                                            dense.out, dense.in, 0)
                                               .maxCongestion);
            ++checked;
        }
    }
    CHECK(checked == 120);
    CHECK(segments > 0); // the bus's and the mesh's segments were among them
}

TEST_CASE("sparse loads: every round of a job of several ranks a node is the dense sums' figure, to the last bit",
          "[topology][placement][loads][ranks_per_node]")
{
    const std::pair<const char*, Topology> networks[] = {
        {"fat-tree k=4", generate("fat-tree", {{"k", 4}})},
        {"netns tree", topologyFromJson(test::tree(8, 2, 2), "tree")},
        {"torus 3x3", generate("torus", {{"k", 3}, {"dims", 2}})},
        {"bus", generate("bus", {{"n", 6}})},
        {"beowulf mesh", generate("beowulf-mesh", {{"routing", 1}})},
        {"bonded", generate("bonded", {{"nets", 3}, {"n", 7}})},
        {"dragonfly", generate("dragonfly", {})},
    };
    const Placement placements[] = {Placement::Packed, Placement::Spread, Placement::Random};
    const Schedule schedules[] = {Schedule::PairwiseShift, Schedule::PairwiseXor, Schedule::Ring,
                                  Schedule::RecursiveDoubling, Schedule::Binomial};
    std::size_t rounds = 0;
    for (const auto& [name, t] : networks) {
        const CoreGraph g = CoreGraph::build(t);
        const PlacedNetwork net(t, g);
        const std::size_t H = t.hosts().size();
        for (const Placement pl : placements) {
            const std::vector<std::uint32_t> order = placementOrder(t, pl, {}, 1);
            // A few ranks a node on up to 6 nodes, and a job of over 256 rounds (its sample of them).
            for (const JobShape job : {JobShape{std::min<std::size_t>(H, 6) * 2 - 1, 2, RankOrder::Block},
                                       JobShape{std::min<std::size_t>(H, 5) * 3, 3, RankOrder::Cyclic},
                                       JobShape{std::min<std::size_t>(H, 6) * 5 - 2, 5, RankOrder::Block},
                                       JobShape{std::min<std::size_t>(H, 16) * 20, 20, RankOrder::Block}})
                for (const Schedule s : schedules) {
                    const std::vector<std::size_t> hosts = rankHosts(t, order, job);
                    const std::vector<double> dense = denseRoundFigures(net, hosts, s);
                    const ExchangeFigures x = exchangeFigures(net, hosts, s);
                    INFO(name << ", " << placementNames()[static_cast<std::size_t>(pl)] << ", " << job.ranks
                              << " ranks, " << job.ranksPerNode << " a node, "
                              << scheduleNames()[static_cast<std::size_t>(s)]);
                    REQUIRE(x.roundSecondsPerByte.size() == dense.size());
                    for (std::size_t i = 0; i < dense.size(); ++i) {
                        INFO("round " << i);
                        CHECK(x.roundSecondsPerByte[i] == dense[i]);
                    }
                    rounds += dense.size();
                }
        }
    }
    CHECK(rounds > 10000);
}

TEST_CASE("sparse loads: a counted round on a two-leaf tree, by hand", "[topology][placement][loads][ranks_per_node]")
{
    // Three nodes of 4 ranks (block) on the netns tree: h0 and h1 on leaf0, h2 on leaf1, leaves on pod0; every
    // link 1e6 B/s. Pairwise shift round s sends rank i to i + s (mod 12).
    const Topology t = topologyFromJson(test::tree(4, 2, 2), "tree");
    const CoreGraph g = CoreGraph::build(t);
    const PlacedNetwork net(t, g);
    const std::vector<std::size_t> hosts = rankHosts(t, {0, 1, 2, 3}, {12, 4, RankOrder::Block});
    const JobNodes jn = jobNodes(t, hosts);
    const auto round = [&](std::uint32_t s) {
        return nodeFlows(jn.nodes, jn.nodeOf, scheduleRound(Schedule::PairwiseShift, 12, s - 1).flows);
    };
    CountedRounds counted(net, 1);
    DenseRounds dense(net);
    // s = 1: each node's last rank sends to the next node (h0 -> h1 -> h2 -> h0), one flow each; every link
    // on the way carries one flow a direction: 1 / 1e6 s/B.
    CHECK(round(1).size() == 3);
    CHECK(counted.secondsPerByte(round(1)) == 1.0 / 1e6);
    // s = 5: node q's ranks 4q .. 4q + 2 send to node q + 1 (count 3) and rank 4q + 3 to node q + 2 (count 1):
    // two sets, {h0 -> h1, h1 -> h2, h2 -> h0} at 3 and {h0 -> h2, h1 -> h0, h2 -> h1} at 1. Each host sends 4
    // and receives 4; leaf1's uplink carries h2's 4 out, so every loaded link carries 4: 4 / 1e6 s/B.
    const std::vector<HostFlow> five = round(5);
    REQUIRE(five.size() == 6);
    CHECK(std::count_if(five.begin(), five.end(), [](const HostFlow& f) { return f.weight == 3.0; }) == 3);
    CHECK(counted.secondsPerByte(five) == 4.0 / 1e6);
    // s = 7: the same two sets with the counts swapped (1 ahead, 3 two ahead): routed already, 4 / 1e6 s/B.
    CHECK(counted.secondsPerByte(round(7)) == 4.0 / 1e6);
    CHECK(counted.routed() == 2); // s = 1's set (s = 5's count-3 one) and s = 5's count-1 set
    // The same flows in another order are the same round; the reference agrees on all.
    std::vector<HostFlow> reversed(five.rbegin(), five.rend());
    CHECK(counted.secondsPerByte(reversed) == 4.0 / 1e6);
    for (const std::uint32_t s : {1u, 5u, 7u})
        CHECK(dense.secondsPerByte(round(s)) == counted.secondsPerByte(round(s)));
    CHECK(dense.routed() == counted.routed());
}
