#include "model/topology/metrics/SymmetryProposals.h"
#include "model/topology/graph/GeneratedIds.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string_view>

namespace cs {

namespace {

std::optional<double> param(const Topology& t, std::string_view name)
{
    for (const auto& [k, v] : t.generatorParams)
        if (k == name)
            return v;
    return std::nullopt;
}

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
        ids.emplace_back(t.id(g.topoOf[c]));
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

// Beowulf segment mesh (SegmentMeshGenerator, hosts "h<r>_<c>", segments
// "row<r>" and "col<c>"): the rows shift by one, the columns shift by one,
// and for a square grid rows and columns swap (with the two switches).
std::vector<Perm> segmentMeshProposals(const Topology& t, const CoreGraph& g)
{
    const auto rows = param(t, "rows"), cols = param(t, "cols");
    if (!rows || !cols)
        return {};
    const long R = std::lround(*rows), C = std::lround(*cols);
    const std::vector<std::string> ids = coreIds(t, g);
    auto rowShift = [&](const std::string& id) -> std::string {
        if (auto x = idNumbers(id, "h"))
            return "h" + std::to_string((x->first + 1) % R) + "_" + std::to_string(x->second);
        if (auto r = idNumber(id, "row"))
            return "row" + std::to_string((*r + 1) % R);
        return {};
    };
    auto colShift = [&](const std::string& id) -> std::string {
        if (auto x = idNumbers(id, "h"))
            return "h" + std::to_string(x->first) + "_" + std::to_string((x->second + 1) % C);
        if (auto c = idNumber(id, "col"))
            return "col" + std::to_string((*c + 1) % C);
        return {};
    };
    std::vector<Perm> out{permByIds(t, g, ids, rowShift), permByIds(t, g, ids, colShift)};
    if (R == C) {
        auto swap = [&](const std::string& id) -> std::string {
            if (auto x = idNumbers(id, "h"))
                return "h" + std::to_string(x->second) + "_" + std::to_string(x->first);
            if (auto r = idNumber(id, "row"))
                return "col" + std::to_string(*r);
            if (auto c = idNumber(id, "col"))
                return "row" + std::to_string(*c);
            if (id == "sw_rows")
                return "sw_cols";
            if (id == "sw_cols")
                return "sw_rows";
            return {};
        };
        out.push_back(permByIds(t, g, ids, swap));
    }
    return out;
}

// A complete graph (FullGenerator, hosts h0..h(n-1) in order): the cyclic
// shift of the hosts.
std::vector<Perm> fullProposals(const CoreGraph& g)
{
    Perm p;
    for (std::uint32_t v = 0; v < g.n; ++v)
        p.emplace_back(v, (v + 1) % g.n);
    return {p};
}

// Dragonfly (DragonflyGenerator, routers "r<group>_<router>"): every group
// shifts by one.
std::vector<Perm> dragonflyProposals(const Topology& t, const CoreGraph& g)
{
    const auto groups = param(t, "groups");
    if (!groups)
        return {};
    const long G = std::lround(*groups);
    const std::vector<std::string> ids = coreIds(t, g);
    auto shift = [&](const std::string& id) -> std::string {
        if (auto x = idNumbers(id, "r"))
            return "r" + std::to_string((x->first + 1) % G) + "_" + std::to_string(x->second);
        return {};
    };
    return {permByIds(t, g, ids, shift)};
}

// HyperX (HyperXGenerator, routers "r<c0>_<c1>_..."): each coordinate
// shifts by one (every row is a complete graph).
std::vector<Perm> hyperxProposals(const Topology& t, const CoreGraph& g)
{
    const auto dims = param(t, "dims"), s = param(t, "s");
    if (!dims || !s)
        return {};
    const long D = std::lround(*dims), S = std::lround(*s);
    const std::vector<std::string> ids = coreIds(t, g);
    std::vector<Perm> out;
    for (long d = 0; d < D; ++d) {
        auto shift = [&](const std::string& id) -> std::string {
            if (id.size() < 2 || id[0] != 'r')
                return {};
            std::vector<long> c;
            std::size_t at = 1;
            while (at <= id.size()) {
                const std::size_t us = std::min(id.find('_', at), id.size());
                const auto n = idNumber(std::string_view(id).substr(at, us - at), "");
                if (!n)
                    return {};
                c.push_back(*n);
                at = us + 1;
            }
            if (static_cast<long>(c.size()) != D)
                return {};
            c[static_cast<std::size_t>(d)] = (c[static_cast<std::size_t>(d)] + 1) % S;
            std::string to = "r";
            for (std::size_t i = 0; i < c.size(); ++i)
                to += (i ? "_" : "") + std::to_string(c[i]);
            return to;
        };
        out.push_back(permByIds(t, g, ids, shift));
    }
    return out;
}

} // namespace

SymmetryProposals proposeSymmetry(const Topology& t, const CoreGraph& g)
{
    SymmetryProposals s;
    const std::string& gen = t.generator;
    s.known = true;
    if (gen == "torus" || gen == "mesh" || gen == "hypercube") {
        const auto dims = param(t, "dims");
        const auto k = gen == "hypercube" ? std::optional<double>(2) : param(t, "k");
        if (dims && k)
            s.perms = cubeProposals(gen, static_cast<std::uint32_t>(*k), static_cast<std::uint32_t>(*dims), g);
        s.what = gen == "torus" ? "translations of the torus" : gen == "hypercube" ? "bit flips of the hypercube"
                                                                                   : "reflections of the mesh";
    } else if (gen == "fat-tree") {
        if (const auto k = param(t, "k"))
            s.perms = fatTreeProposals(t, g, std::lround(*k));
        s.twins = true;
        s.what = "fat-tree pods, aggregation index and twin switches";
    } else if (gen == "gfat") {
        s.perms = gfatProposals(t, g);
        s.twins = true;
        s.what = "general fat-tree top-level pods and twin switches";
    } else if (gen == "bonded") {
        s.twins = true; // every host has the same networks: all twins
        s.what = "twin hosts and networks of the bonded cluster";
    } else if (gen == "beowulf-mesh") {
        s.perms = segmentMeshProposals(t, g);
        s.what = "row and column shifts of the segment mesh";
    } else if (gen == "full") {
        if (identityCore(g, g.hosts))
            s.perms = fullProposals(g);
        s.what = "the cyclic shift of the complete graph";
    } else if (gen == "leaf-spine") {
        s.twins = true; // leaves are twins, and so are spines
        s.what = "twin leaves and spines of the leaf-spine";
    } else if (gen == "dragonfly") {
        s.perms = dragonflyProposals(t, g);
        s.what = "group shifts of the dragonfly";
    } else if (gen == "hyperx") {
        s.perms = hyperxProposals(t, g);
        s.what = "coordinate shifts of the HyperX";
    } else {
        s.known = false;
    }
    return s;
}

} // namespace cs
