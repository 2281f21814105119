#include "model/topology/Symmetry.h"
#include "model/topology/GeneratedIds.h"

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

// A permutation of core vertices: (vertex, image) for the vertices it moves.
using Perm = std::vector<std::pair<std::uint32_t, std::uint32_t>>;

std::optional<double> param(const Topology& t, std::string_view name)
{
    for (const auto& [k, v] : t.generatorParams)
        if (k == name)
            return v;
    return std::nullopt;
}

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
    auto linkLabel = [&](std::size_t e) {
        const LinkProps& l = t.link(e);
        return links.emplace(std::tuple{l.bandwidth, l.channels, l.duplex, l.latency}, links.size()).first->second;
    };
    lab.arc.resize(g.adj.size());
    for (std::size_t i = 0; i < g.adj.size(); ++i)
        lab.arc[i] = linkLabel(g.arcEdge[i]);
    std::vector<std::vector<double>> key(g.n);
    for (std::uint32_t c = 0; c < g.n; ++c) {
        const VertexProps& p = t.vertex(g.topoOf[c]);
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
    Checker(const CoreGraph& g, const Labels& lab) : g_(g), lab_(lab), img_(g.n), mark_(g.n, 0), hit_(g.n, 0)
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
        // Each touched vertex's arcs, mapped, must be its image's arcs.
        std::vector<std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>> A, B;
        for (std::size_t k = 0; ok && k < touched.size(); ++k) {
            const std::uint32_t a = touched[k], b = img_[a];
            A.clear();
            B.clear();
            for (std::uint32_t j = g_.offset[a]; j < g_.offset[a + 1]; ++j)
                A.emplace_back(img_[g_.adj[j]], lab_.arc[j], j);
            for (std::uint32_t j = g_.offset[b]; j < g_.offset[b + 1]; ++j)
                B.emplace_back(g_.adj[j], lab_.arc[j], j);
            if (A.size() != B.size()) {
                ok = false;
                break;
            }
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
};

// Hosts 0..k^dims - 1 of a k-ary n-cube are core vertices 0..n-1 in order;
// host i has coordinate (i / k^d) mod k in dimension d (hypercube: bit d).
bool identityCore(const CoreGraph& g, std::uint64_t n)
{
    if (g.n != n)
        return false;
    for (std::uint32_t i = 0; i < g.n; ++i)
        if (g.topoOf[i] != i)
            return false;
    return true;
}

std::vector<Perm> cubeProposals(const std::string& gen, std::uint32_t k, std::uint32_t dims, const CoreGraph& g)
{
    std::vector<Perm> out;
    std::uint64_t n = 1;
    for (std::uint32_t d = 0; d < dims; ++d)
        n *= k;
    if (!identityCore(g, n))
        return out;
    std::vector<std::uint32_t> stride(dims + 1, 1);
    for (std::uint32_t d = 0; d < dims; ++d)
        stride[d + 1] = stride[d] * k;
    auto coord = [&](std::uint32_t v, std::uint32_t d) { return (v / stride[d]) % k; };
    auto with = [&](std::uint32_t v, std::uint32_t d, std::uint32_t c) { return v + (c - coord(v, d)) * stride[d]; };
    for (std::uint32_t d = 0; d < dims; ++d) {
        Perm p;
        for (std::uint32_t v = 0; v < g.n; ++v) {
            const std::uint32_t c = coord(v, d);
            std::uint32_t w = v;
            if (gen == "mesh")
                w = with(v, d, k - 1 - c); // reflection
            else
                w = with(v, d, (c + 1) % k); // translation (a hypercube's: flip bit d)
            if (w != v)
                p.emplace_back(v, w);
        }
        out.push_back(std::move(p));
    }
    if (gen == "mesh") // swaps of two dimensions (all sides are k)
        for (std::uint32_t d = 0; d + 1 < dims; ++d) {
            Perm p;
            for (std::uint32_t v = 0; v < g.n; ++v) {
                const std::uint32_t a = coord(v, d), b = coord(v, d + 1);
                if (a != b)
                    p.emplace_back(v, with(with(v, d, b), d + 1, a));
            }
            out.push_back(std::move(p));
        }
    return out;
}

// A permutation given by vertex ids: `image(id)` returns the image's id, or
// "" to leave the vertex alone. Fails (empty) when an id is missing or a
// leaf host.
template <class Image>
Perm permByIds(const Topology& t, const CoreGraph& g, const std::vector<std::string>& ids, Image image)
{
    Perm p;
    for (const std::string& id : ids) {
        const std::string to = image(id);
        if (to.empty() || to == id)
            continue;
        const auto a = t.find(id), b = t.find(to);
        if (!a || !b || g.coreOf[*a] == CoreGraph::kNone || g.coreOf[*b] == CoreGraph::kNone)
            return {};
        p.emplace_back(g.coreOf[*a], g.coreOf[*b]);
    }
    return p;
}

std::vector<std::string> coreIds(const Topology& t, const CoreGraph& g)
{
    std::vector<std::string> ids;
    for (std::uint32_t c = 0; c < g.n; ++c)
        ids.push_back(t.vertex(g.topoOf[c]).id);
    return ids;
}

// k-ary fat-tree (FatTreeGenerator): pods shift by one; aggregation switch
// a of every pod becomes a + 1 along with its block of cores.
std::vector<Perm> fatTreeProposals(const Topology& t, const CoreGraph& g, long k)
{
    const long h = k / 2;
    const std::vector<std::string> ids = coreIds(t, g);
    auto podShift = [&](const std::string& id) -> std::string {
        for (const char* pre : {"agg", "edge"})
            if (auto x = idNumbers(id, pre))
                return pre + std::to_string((x->first + 1) % k) + "_" + std::to_string(x->second);
        return {};
    };
    auto aggShift = [&](const std::string& id) -> std::string {
        if (auto x = idNumbers(id, "agg"))
            return "agg" + std::to_string(x->first) + "_" + std::to_string((x->second + 1) % h);
        if (auto c = idNumber(id, "core"))
            return "core" + std::to_string(((*c / h + 1) % h) * h + *c % h);
        return {};
    };
    return {permByIds(t, g, ids, podShift), permByIds(t, g, ids, aggShift)};
}

// General fat-tree (GeneralFatTreeGenerator, ids "s<level>_<index>"): the
// level-(L-1) pods under the top shift by one, and the top switches rotate
// by the up-links one such pod sends (S_(L-1) x up_(L-1)).
std::vector<Perm> gfatProposals(const Topology& t, const CoreGraph& g)
{
    const auto levels = param(t, "levels");
    if (!levels || *levels < 2)
        return {};
    const long L = std::lround(*levels);
    const auto group = param(t, "group" + std::to_string(L));
    const auto up = param(t, "up" + std::to_string(L - 1));
    if (!group || !up || *group < 2)
        return {};
    const long gL = std::lround(*group);
    std::vector<long> count(static_cast<std::size_t>(L + 1), 0); // switches per level
    const std::vector<std::string> ids = coreIds(t, g);
    for (const std::string& id : ids)
        if (auto x = idNumbers(id, "s"); x && x->first >= 1 && x->first <= L) {
            long& n = count[static_cast<std::size_t>(x->first)];
            n = std::max(n, x->second + 1);
        }
    for (long m = 1; m < L; ++m)
        if (count[static_cast<std::size_t>(m)] % gL != 0)
            return {};
    const long top = count[static_cast<std::size_t>(L)];
    if (top == 0)
        return {};
    const long shiftTop = (count[static_cast<std::size_t>(L - 1)] / gL) * std::lround(*up) % top;
    auto shift = [&](const std::string& id) -> std::string {
        auto x = idNumbers(id, "s");
        if (!x || x->first < 1 || x->first > L)
            return {};
        const long n = count[static_cast<std::size_t>(x->first)];
        const long by = x->first == L ? shiftTop : n / gL;
        return "s" + std::to_string(x->first) + "_" + std::to_string((x->second + by) % n);
    };
    return {permByIds(t, g, ids, shift)};
}

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

} // namespace

std::optional<Symmetry> findSymmetry(const Topology& t, const CoreGraph& g)
{
    std::vector<Perm> proposals;
    std::string what;
    bool twins = false;
    const std::string& gen = t.generator;
    if (gen == "torus" || gen == "mesh" || gen == "hypercube") {
        const auto dims = param(t, "dims");
        const auto k = gen == "hypercube" ? std::optional<double>(2) : param(t, "k");
        if (dims && k)
            proposals = cubeProposals(gen, static_cast<std::uint32_t>(*k), static_cast<std::uint32_t>(*dims), g);
        what = gen == "torus" ? "translations of the torus" : gen == "hypercube" ? "bit flips of the hypercube"
                                                                                 : "reflections of the mesh";
    } else if (gen == "fat-tree") {
        if (const auto k = param(t, "k"))
            proposals = fatTreeProposals(t, g, std::lround(*k));
        twins = true;
        what = "fat-tree pods, aggregation index and twin switches";
    } else if (gen == "gfat") {
        proposals = gfatProposals(t, g);
        twins = true;
        what = "general fat-tree top-level pods and twin switches";
    } else {
        return std::nullopt;
    }
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
