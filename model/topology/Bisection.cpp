#include "model/topology/Bisection.h"
#include "model/core/Unit.h"

#include <boost/graph/push_relabel_max_flow.hpp>

#include <algorithm>
#include <random>

namespace cs {

namespace {

using FlowTraits = boost::adjacency_list_traits<boost::vecS, boost::vecS, boost::directedS>;
using FlowGraph = boost::adjacency_list<
    boost::vecS, boost::vecS, boost::directedS, boost::no_property,
    boost::property<boost::edge_capacity_t, double,
                    boost::property<boost::edge_residual_capacity_t, double,
                                    boost::property<boost::edge_reverse_t, FlowTraits::edge_descriptor>>>>;

void addArc(FlowGraph& g, std::size_t a, std::size_t b, double cap)
{
    auto capMap = boost::get(boost::edge_capacity, g);
    auto rev = boost::get(boost::edge_reverse, g);
    const auto e = boost::add_edge(a, b, g).first;
    const auto r = boost::add_edge(b, a, g).first;
    capMap[e] = cap;
    capMap[r] = 0.0;
    rev[e] = r;
    rev[r] = e;
}

} // namespace

double minCutBetween(const Topology& t, const std::vector<char>& inA)
{
    // Vertex v splits into in-node 2v and out-node 2v+1, joined by its
    // transit capacity: unlimited for a switch or forwarding host, the
    // medium's bandwidth for a segment, none for a host that only ends routes.
    const std::size_t nv = t.vertexCount();
    double total = 1.0;
    for (std::size_t e = 0; e < t.edgeCount(); ++e)
        total += t.link(e).bandwidth * t.link(e).channels;
    const double inf = total * 4;
    FlowGraph g(2 * nv + 2);
    const std::size_t S = 2 * nv, T = 2 * nv + 1;
    for (std::size_t v = 0; v < nv; ++v) {
        const VertexProps& p = t.vertex(v);
        const double through = p.kind == VertexKind::Segment ? p.bandwidth : (t.isTransit(v) ? inf : 0.0);
        if (through > 0)
            addArc(g, 2 * v, 2 * v + 1, through);
    }
    for (std::size_t e = 0; e < t.edgeCount(); ++e) {
        const auto [a, b] = t.endpoints(e);
        const double cap = t.link(e).bandwidth * t.link(e).channels;
        addArc(g, 2 * a + 1, 2 * b, cap);
        addArc(g, 2 * b + 1, 2 * a, cap);
    }
    const auto& hosts = t.hosts();
    for (std::size_t i = 0; i < hosts.size(); ++i) {
        if (inA[i])
            addArc(g, S, 2 * hosts[i] + 1, inf); // a source host sends from its out-node
        else
            addArc(g, 2 * hosts[i], T, inf);     // a sink host absorbs at its in-node
    }
    return boost::push_relabel_max_flow(g, S, T);
}

BisectionResult bisection(const Topology& t, int randomSplits)
{
    BisectionResult r;
    if (t.exactBisection) {
        r.bandwidth = *t.exactBisection;
        r.exact = true;
        r.method = t.bisectionNote.empty() ? std::string("the generator's cut") : t.bisectionNote;
        return r;
    }
    const std::size_t H = t.hosts().size();
    const std::size_t half = H / 2;
    std::vector<std::vector<char>> splits;
    std::vector<char> s(H, 0);
    for (std::size_t i = 0; i < half; ++i)
        s[i] = 1;
    splits.push_back(s); // first half / second half
    std::fill(s.begin(), s.end(), 0);
    for (std::size_t i = 0; i < H; i += 2)
        if (i / 2 < half)
            s[i] = 1;
    splits.push_back(s); // even / odd
    std::mt19937 rng(12345);
    for (int k = 0; k < randomSplits; ++k) {
        std::vector<std::size_t> order(H);
        for (std::size_t i = 0; i < H; ++i)
            order[i] = i;
        for (std::size_t i = H; i > 1; --i) // Fisher-Yates with a fixed generator: same splits everywhere
            std::swap(order[i - 1], order[rng() % i]);
        std::fill(s.begin(), s.end(), 0);
        for (std::size_t i = 0; i < half; ++i)
            s[order[i]] = 1;
        splits.push_back(s);
    }
    double best = -1;
    for (const auto& split : splits) {
        const double cut = minCutBetween(t, split);
        if (best < 0 || cut < best)
            best = cut;
    }
    r.bandwidth = std::max(best, 0.0);
    r.exact = false;
    r.method = "least max-flow min cut over " + std::to_string(splits.size()) +
               " balanced host splits (halves, even/odd, " + std::to_string(randomSplits) + " random)";
    return r;
}

} // namespace cs
