#include "model/topology/metrics/Symmetry.h"
#include "model/topology/routing/CubeEvenSplit.h"
#include "model/topology/metrics/SymmetryProposals.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <string_view>
#include <tuple>

namespace cs {

void Symmetry::fold(CoreLoads& loads) const
{
    auto spread = [](std::vector<double>& x, const std::vector<std::uint32_t>& orbit,
                     const std::vector<std::uint32_t>& size) {
        if (x.empty())
            return;
        std::vector<double> total(size.size(), 0.0);
        for (std::size_t i = 0; i < x.size(); ++i)
            total[orbit[i]] += x[i];
        for (std::size_t i = 0; i < x.size(); ++i)
            x[i] = total[orbit[i]] / size[orbit[i]];
    };
    spread(loads.arc, arcOrbit, arcOrbitSize);
    spread(loads.through, vertexOrbit, vertexOrbitSize);
}

namespace {

class UnionFind {
public:
    explicit UnionFind(std::size_t n) : parent_(n) { std::iota(parent_.begin(), parent_.end(), 0u); }
    std::uint32_t find(std::uint32_t x)
    {
        while (parent_[x] != x)
            x = parent_[x] = parent_[parent_[x]];
        return x;
    }
    void unite(std::uint32_t a, std::uint32_t b)
    {
        a = find(a);
        b = find(b);
        if (a != b)
            parent_[std::max(a, b)] = std::min(a, b);
    }
    // Dense orbit ids (numbered by first member) and orbit sizes.
    void orbits(std::vector<std::uint32_t>& id, std::vector<std::uint32_t>& size)
    {
        std::vector<std::uint32_t> dense(parent_.size(), 0xffffffffu);
        id.resize(parent_.size());
        size.clear();
        for (std::uint32_t x = 0; x < parent_.size(); ++x) {
            std::uint32_t& d = dense[find(x)];
            if (d == 0xffffffffu) {
                d = static_cast<std::uint32_t>(size.size());
                size.push_back(0);
            }
            id[x] = d;
            ++size[d];
        }
    }

private:
    std::vector<std::uint32_t> parent_;
};

// Everything an automorphism must preserve, as small integers.
struct Labels {
    std::vector<std::uint32_t> arc;    // link bandwidth, channels, duplex, latency
    std::vector<std::uint32_t> vertex; // kind, forwarding, cost, segment bandwidth, leaves and their links
};

Labels labelsOf(const Topology& t, const CoreGraph& g)
{
    Labels lab;
    std::map<std::tuple<double, int, bool, double>, std::uint32_t> links;
    // Generated networks have one or a few kinds of link, mostly in runs:
    // the last one's label is checked first (a map emplace per arc and leaf
    // link, each allocating a node, was most of this on a million hosts).
    std::tuple<double, int, bool, double> lastKey{};
    std::uint32_t lastLabel = CoreGraph::kNone;
    auto linkLabel = [&](std::size_t e) {
        const LinkProps& l = t.link(e);
        const std::tuple key{l.bandwidth, l.channels, l.duplex, l.latency};
        if (lastLabel != CoreGraph::kNone && key == lastKey)
            return lastLabel;
        lastKey = key;
        lastLabel = links.emplace(key, static_cast<std::uint32_t>(links.size())).first->second;
        return lastLabel;
    };
    lab.arc.resize(g.adj.size());
    for (std::size_t i = 0; i < g.adj.size(); ++i)
        lab.arc[i] = linkLabel(g.arcEdge[i]);
    std::vector<std::vector<double>> key(g.n);
    for (std::uint32_t c = 0; c < g.n; ++c) {
        const VertexAttributes& p = t.attributes(g.topoOf[c]);
        key[c] = {double(p.kind), double(g.transit[c]), g.cost[c], p.bandwidth, double(g.leafCount[c])};
    }
    std::vector<std::vector<double>> leafLinks(g.n);
    for (std::size_t v = 0; v < t.vertexCount(); ++v)
        if (g.leafParent[v] != CoreGraph::kNone)
            leafLinks[g.leafParent[v]].push_back(linkLabel(g.leafEdge[v]));
    std::map<std::vector<double>, std::uint32_t> kinds;
    lab.vertex.resize(g.n);
    for (std::uint32_t c = 0; c < g.n; ++c) {
        std::sort(leafLinks[c].begin(), leafLinks[c].end());
        key[c].insert(key[c].end(), leafLinks[c].begin(), leafLinks[c].end());
        lab.vertex[c] = kinds.emplace(std::move(key[c]), kinds.size()).first->second;
    }
    return lab;
}

// Checks that `perm` is an automorphism; on success appends the arc
// correspondence it induces (arc -> image arc) to `arcPairs`.
class Checker {
public:
    Checker(const CoreGraph& g, const Labels& lab)
        : g_(g), lab_(lab), img_(g.n), mark_(g.n, 0), hit_(g.n, 0), pos_(g.n, CoreGraph::kNone)
    {
        std::iota(img_.begin(), img_.end(), 0u);
    }

    bool check(const Perm& perm, std::vector<std::pair<std::uint32_t, std::uint32_t>>& arcPairs)
    {
        std::vector<std::uint32_t> touched;
        const std::size_t pairsBefore = arcPairs.size();
        bool ok = true;
        for (const auto& [v, w] : perm) {
            ok = ok && v < g_.n && w < g_.n && !(mark_[v] & 1) && lab_.vertex[v] == lab_.vertex[w];
            if (!ok)
                break;
            mark_[v] |= 1;
            img_[v] = w;
        }
        // A bijection of the moved set onto itself: every image moved, and once.
        for (std::size_t i = 0; ok && i < perm.size(); ++i) {
            const std::uint32_t w = perm[i].second;
            ok = (mark_[w] & 1) && !(mark_[w] & 2);
            mark_[w] |= 2;
        }
        auto touch = [&](std::uint32_t a) {
            if (!hit_[a]) {
                hit_[a] = 1;
                touched.push_back(a);
            }
        };
        for (std::size_t i = 0; ok && i < perm.size(); ++i) {
            const std::uint32_t v = perm[i].first;
            touch(v);
            for (std::uint32_t j = g_.offset[v]; j < g_.offset[v + 1]; ++j)
                touch(g_.adj[j]);
        }
        // Each touched vertex's arcs, mapped, must be its image's arcs. With
        // distinct neighbours (the usual case) an index of the image's arcs
        // by neighbour matches them in one pass; parallel links fall back to
        // sorting both lists.
        std::vector<std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>> A, B;
        for (std::size_t k = 0; ok && k < touched.size(); ++k) {
            const std::uint32_t a = touched[k], b = img_[a];
            if (g_.offset[a + 1] - g_.offset[a] != g_.offset[b + 1] - g_.offset[b]) {
                ok = false;
                break;
            }
            bool distinct = true;
            std::uint32_t j = g_.offset[b];
            for (; j < g_.offset[b + 1] && distinct; ++j) {
                distinct = pos_[g_.adj[j]] == CoreGraph::kNone;
                pos_[g_.adj[j]] = j;
            }
            if (distinct) {
                for (std::uint32_t i = g_.offset[a]; ok && i < g_.offset[a + 1]; ++i) {
                    const std::uint32_t to = pos_[img_[g_.adj[i]]];
                    ok = to != CoreGraph::kNone && lab_.arc[i] == lab_.arc[to];
                    if (ok)
                        arcPairs.emplace_back(i, to);
                }
            }
            for (std::uint32_t i = g_.offset[b]; i < j; ++i)
                pos_[g_.adj[i]] = CoreGraph::kNone;
            if (distinct)
                continue;
            A.clear();
            B.clear();
            for (std::uint32_t i = g_.offset[a]; i < g_.offset[a + 1]; ++i)
                A.emplace_back(img_[g_.adj[i]], lab_.arc[i], i);
            for (std::uint32_t i = g_.offset[b]; i < g_.offset[b + 1]; ++i)
                B.emplace_back(g_.adj[i], lab_.arc[i], i);
            std::sort(A.begin(), A.end());
            std::sort(B.begin(), B.end());
            for (std::size_t i = 0; ok && i < A.size(); ++i) {
                ok = std::get<0>(A[i]) == std::get<0>(B[i]) && std::get<1>(A[i]) == std::get<1>(B[i]);
                arcPairs.emplace_back(std::get<2>(A[i]), std::get<2>(B[i]));
            }
        }
        for (const auto& [v, w] : perm) {
            if (v < g_.n) {
                img_[v] = v;
                mark_[v] = 0;
            }
            if (w < g_.n)
                mark_[w] = 0;
        }
        for (std::uint32_t a : touched)
            hit_[a] = 0;
        if (!ok)
            arcPairs.resize(pairsBefore);
        return ok;
    }

private:
    const CoreGraph& g_;
    const Labels& lab_;
    std::vector<std::uint32_t> img_;
    std::vector<std::uint8_t> mark_; // 1: moved, 2: an image
    std::vector<std::uint8_t> hit_;
    std::vector<std::uint32_t> pos_; // neighbour -> the arc to it from the vertex being matched
};

// Twins: core vertices with equal labels and the same neighbours over equal
// links. Any two can swap; each class gives one cycle.
std::vector<Perm> twinProposals(const CoreGraph& g, const Labels& lab)
{
    std::vector<std::vector<std::uint64_t>> key(g.n);
    for (std::uint32_t c = 0; c < g.n; ++c) {
        auto& k = key[c];
        for (std::uint32_t j = g.offset[c]; j < g.offset[c + 1]; ++j)
            k.push_back(std::uint64_t{g.adj[j]} << 32 | lab.arc[j]);
        std::sort(k.begin(), k.end());
        k.push_back(lab.vertex[c]);
    }
    std::vector<std::uint32_t> order(g.n);
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return key[a] < key[b]; });
    std::vector<Perm> out;
    for (std::size_t i = 0; i < order.size();) {
        std::size_t j = i + 1;
        while (j < order.size() && key[order[j]] == key[order[i]])
            ++j;
        if (j - i > 1) {
            Perm p;
            for (std::size_t x = i; x < j; ++x)
                p.emplace_back(order[x], order[x + 1 < j ? x + 1 : i]);
            out.push_back(std::move(p));
        }
        i = j;
    }
    return out;
}

// A torus or hypercube that CubeEvenSplit recognises is exactly the k-ary
// n-cube (every arc a +1 or -1 step in one coordinate, each step once); if
// every link and every vertex is also alike, every translation is an
// automorphism without checking each: one root, and an arc's orbit is its
// dimension and direction (a hypercube's two directions are one). This is
// what makes a million-vertex hypercube cheap: no per-permutation passes.
std::optional<Symmetry> uniformCube(const Topology& t, const CoreGraph& g)
{
    if ((t.generator != "torus" && t.generator != "hypercube") || g.n == 0)
        return std::nullopt;
    const std::optional<CubeEvenSplit> cube = CubeEvenSplit::detect(t, g);
    if (!cube)
        return std::nullopt;
    const LinkProps& l0 = t.link(g.arcEdge.empty() ? 0 : g.arcEdge[0]);
    for (std::size_t e = 0; e < t.edgeCount(); ++e) {
        const LinkProps& l = t.link(e);
        if (l.bandwidth != l0.bandwidth || l.channels != l0.channels || l.duplex != l0.duplex ||
            l.latency != l0.latency)
            return std::nullopt;
    }
    const VertexAttributes& v0 = t.attributes(g.topoOf[0]);
    for (std::uint32_t c = 0; c < g.n; ++c) {
        const VertexAttributes& v = t.attributes(g.topoOf[c]);
        if (v.kind != v0.kind || g.transit[c] != g.transit[0] || g.cost[c] != g.cost[0] ||
            v.bandwidth != v0.bandwidth || g.leafCount[c] != 0)
            return std::nullopt;
    }
    std::uint32_t k = 2, dims = 0;
    for (const auto& [name, value] : t.generatorParams) {
        if (name == "k" && t.generator == "torus")
            k = static_cast<std::uint32_t>(value);
        if (name == "dims")
            dims = static_cast<std::uint32_t>(value);
    }
    Symmetry s;
    s.vertexOrbit.assign(g.n, 0);
    s.vertexOrbitSize = {g.n};
    const std::uint32_t dirs = k == 2 ? 1 : 2;
    s.arcOrbit.resize(g.adj.size());
    s.arcOrbitSize.assign(std::size_t{dims} * dirs, 0);
    // An arc's dimension and direction are its place in the router's table
    // of steps (every arc has one: detect() checked).
    const std::uint32_t* step = cube->arcTable().data();
    for (std::uint32_t v = 0; v < g.n; ++v)
        for (std::uint32_t x = 0; x < dims; ++x)
            for (std::uint32_t up = 0; up < 2; ++up, ++step) {
                if (*step == CoreGraph::kNone)
                    continue;
                const std::uint32_t o = x * dirs + (dirs == 2 ? up : 0);
                s.arcOrbit[*step] = o;
                ++s.arcOrbitSize[o];
            }
    s.roots.emplace_back(0, g.n);
    s.rootOf.assign(g.n, 0);
    s.method = std::string(t.generator == "torus" ? "translations of the torus" : "bit flips of the hypercube") +
               " (the graph is exactly the k-ary n-cube with equal links and vertices, so every one is an "
               "automorphism): ECMP from 1 of " + std::to_string(g.n) + " destination roots, exact";
    return s;
}

} // namespace

std::optional<Symmetry> findSymmetry(const Topology& t, const CoreGraph& g)
{
    if (auto cube = uniformCube(t, g))
        return cube;
    SymmetryProposals sp = proposeSymmetry(t, g);
    if (!sp.known)
        return std::nullopt;
    std::vector<Perm>& proposals = sp.perms;
    const std::string& what = sp.what;
    const bool twins = sp.twins;
    const Labels lab = labelsOf(t, g);
    if (twins)
        for (Perm& p : twinProposals(g, lab))
            proposals.push_back(std::move(p));

    Checker checker(g, lab);
    UnionFind vertices(g.n), arcs(g.adj.size());
    std::vector<std::pair<std::uint32_t, std::uint32_t>> arcPairs;
    std::size_t passed = 0;
    for (const Perm& p : proposals) {
        if (p.empty() || !checker.check(p, arcPairs))
            continue;
        ++passed;
        for (const auto& [v, w] : p)
            vertices.unite(v, w);
        for (const auto& [a, b] : arcPairs)
            arcs.unite(a, b);
        arcPairs.clear();
    }
    if (passed == 0)
        return std::nullopt;
    Symmetry s;
    vertices.orbits(s.vertexOrbit, s.vertexOrbitSize);
    arcs.orbits(s.arcOrbit, s.arcOrbitSize);
    std::vector<std::uint32_t> rep(s.vertexOrbitSize.size(), CoreGraph::kNone);
    std::vector<std::uint64_t> weight(s.vertexOrbitSize.size(), 0);
    std::size_t hostRoots = 0;
    for (std::uint32_t c = 0; c < g.n; ++c) {
        if (!g.selfHost[c] && !g.leafCount[c])
            continue;
        ++hostRoots;
        const std::uint32_t o = s.vertexOrbit[c];
        if (rep[o] == CoreGraph::kNone)
            rep[o] = c;
        ++weight[o];
    }
    for (std::size_t o = 0; o < rep.size(); ++o)
        if (rep[o] != CoreGraph::kNone)
            s.roots.emplace_back(rep[o], weight[o]);
    s.rootOf.assign(g.n, CoreGraph::kNone);
    for (std::uint32_t c = 0; c < g.n; ++c)
        s.rootOf[c] = rep[s.vertexOrbit[c]];
    s.method = what + " (" + std::to_string(passed) + " of " + std::to_string(proposals.size()) +
               " proposed automorphisms checked on the graph): ECMP from " + std::to_string(s.roots.size()) +
               " of " + std::to_string(hostRoots) + " destination roots, exact";
    return s;
}

} // namespace cs
