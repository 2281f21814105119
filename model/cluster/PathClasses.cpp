#include "model/cluster/PathClasses.h"
#include "model/core/ModelError.h"
#include "model/core/Unit.h"

#include <algorithm>
#include <map>
#include <queue>
#include <random>
#include <cstdint>

namespace cs {

namespace {

std::string linkText(const LinkProps& l)
{
    std::string s = formatQuantity(l.bandwidth * l.channels, "MB/s", Unit::BytesPerSecond) + " link";
    if (l.latency > 0)
        s += " " + formatQuantity(l.latency, "us", Unit::Seconds);
    if (!l.duplex)
        s += " half-duplex";
    return s;
}

std::string vertexText(const VertexProps& v)
{
    switch (v.kind) {
    case VertexKind::Switch:
        return v.latency > 0 ? "switch " + formatQuantity(v.latency, "us", Unit::Seconds) : "switch";
    case VertexKind::Segment:
        return "segment " + formatQuantity(v.bandwidth, "MB/s", Unit::BytesPerSecond);
    case VertexKind::Host:
        return "forwarding host";
    }
    return "";
}

} // namespace

std::vector<PairChoice> pairsByPathClass(const Topology& t, const std::vector<std::string>& hosts, int extraChecks,
                                         unsigned seed)
{
    const std::size_t V = t.vertexCount();
    std::vector<std::vector<std::pair<std::size_t, std::size_t>>> adj(V); // (neighbour, edge)
    for (std::size_t e = 0; e < t.edgeCount(); ++e) {
        const auto [a, b] = t.endpoints(e);
        adj[a].push_back({b, e});
        adj[b].push_back({a, e});
    }
    std::vector<std::size_t> at;
    for (const std::string& h : hosts) {
        const auto v = t.find(h);
        if (!v || t.vertex(*v).kind != VertexKind::Host)
            throw ModelError("node on '" + h + "': the design's topology has no host named '" + h +
                             "' (name the nodes after its hosts, or choose pairs with --pairs all|chain|first)");
        at.push_back(*v);
    }

    // Class texts interned: a pair holds its class's number (4096 nodes
    // make 8 million pairs).
    std::map<std::string, std::uint32_t> classIndex;
    std::vector<std::string> classText;
    auto intern = [&](std::string text) {
        const auto [it, added] = classIndex.emplace(std::move(text), static_cast<std::uint32_t>(classText.size()));
        if (added)
            classText.push_back(it->first);
        return it->second;
    };
    struct Candidate {
        std::uint32_t i, j, cls;
    };
    std::vector<Candidate> all;
    auto add = [&](std::size_t i, std::size_t j, std::string cls) {
        all.push_back({static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(j), intern(std::move(cls))});
    };
    for (std::size_t i = 0; i < at.size(); ++i) {
        // One BFS from node i's host; a path passes only through transit vertices.
        std::vector<long> parentEdge(V, -1);
        std::vector<bool> seen(V, false);
        std::queue<std::size_t> q;
        seen[at[i]] = true;
        q.push(at[i]);
        while (!q.empty()) {
            const std::size_t u = q.front();
            q.pop();
            if (u != at[i] && !t.isTransit(u))
                continue;
            for (const auto& [w, e] : adj[u])
                if (!seen[w]) {
                    seen[w] = true;
                    parentEdge[w] = static_cast<long>(e);
                    q.push(w);
                }
        }
        for (std::size_t j = i + 1; j < at.size(); ++j) {
            if (at[j] == at[i]) {
                add(i, j, "same host");
                continue;
            }
            if (!seen[at[j]])
                throw ModelError("nodes on '" + hosts[i] + "' and '" + hosts[j] +
                                 "': the design's topology has no path between these hosts");
            std::vector<std::string> parts;
            int hops = 0;
            for (std::size_t v = at[j]; v != at[i];) {
                const auto e = static_cast<std::size_t>(parentEdge[v]);
                parts.push_back(linkText(t.link(e)));
                ++hops;
                const auto [a, b] = t.endpoints(e);
                v = a == v ? b : a;
                if (v != at[i])
                    parts.push_back(vertexText(t.vertex(v)));
            }
            std::string cls = std::to_string(hops) + (hops == 1 ? " hop: " : " hops: ");
            for (std::size_t k = parts.size(); k-- > 0;)
                cls += parts[k] + (k ? ", " : "");
            add(i, j, std::move(cls));
        }
    }

    std::vector<PairChoice> chosen;
    std::vector<bool> classTaken(classText.size(), false), pairTaken(all.size(), false);
    for (std::size_t k = 0; k < all.size(); ++k)
        if (!classTaken[all[k].cls]) {
            classTaken[all[k].cls] = true;
            pairTaken[k] = true;
            chosen.push_back({all[k].i, all[k].j, classText[all[k].cls], false});
        }
    // Extra pairs: distinct, at random among the rest (rejection sampling;
    // the rest is most of the pairs whenever there are many).
    const std::size_t rest = all.size() - chosen.size();
    std::mt19937 rng(seed);
    for (std::size_t n = 0; n < rest && static_cast<int>(n) < extraChecks;) {
        const std::size_t k = std::uniform_int_distribution<std::size_t>(0, all.size() - 1)(rng);
        if (pairTaken[k])
            continue;
        pairTaken[k] = true;
        chosen.push_back({all[k].i, all[k].j, classText[all[k].cls], true});
        ++n;
    }
    return chosen;
}

} // namespace cs
