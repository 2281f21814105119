#include "model/cluster/PathClasses.h"
#include "model/cluster/Routes.h"
#include "model/core/ModelError.h"
#include "model/core/Unit.h"

#include <algorithm>
#include <map>
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
    std::vector<std::size_t> at;
    for (const std::string& h : hosts) {
        const auto v = t.find(h);
        if (!v || t.attributes(*v).kind != VertexKind::Host)
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
    // A class's stand-in is the first pair of it met whose route shares no
    // link and no node with the stand-ins taken so far, so that the runner
    // can measure the classes together (PairRounds.h); when every pair of a
    // class touches them, its first pair.
    std::vector<long> standIn;                  // per class: index into `all`, -1 = none disjoint yet
    std::vector<bool> usedLink(t.edgeCount(), false), usedHost(t.vertexCount(), false);
    RouteFinder routes(t);
    for (std::size_t i = 0; i < at.size(); ++i) {
        for (std::size_t j = i + 1; j < at.size(); ++j) {
            std::string cls;
            std::vector<std::size_t> route;
            if (at[j] == at[i]) {
                cls = "same host";
            } else {
                auto found = routes.links(at[i], at[j]);
                if (!found)
                    throw ModelError("nodes on '" + hosts[i] + "' and '" + hosts[j] +
                                     "': the design's topology has no path between these hosts");
                route = std::move(*found);
                std::vector<std::string> parts;
                std::size_t v = at[j];
                for (std::size_t e : route) {
                    parts.push_back(linkText(t.link(e)));
                    const auto [a, b] = t.endpoints(e);
                    v = a == v ? b : a;
                    if (v != at[i])
                        parts.push_back(vertexText(t.vertex(v)));
                }
                const std::size_t hops = route.size();
                cls = std::to_string(hops) + (hops == 1 ? " hop: " : " hops: ");
                for (std::size_t k = parts.size(); k-- > 0;)
                    cls += parts[k] + (k ? ", " : "");
            }
            const std::uint32_t c = intern(std::move(cls));
            all.push_back({static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(j), c});
            if (standIn.size() <= c)
                standIn.resize(c + 1, -1);
            if (standIn[c] >= 0 || usedHost[at[i]] || usedHost[at[j]] ||
                std::any_of(route.begin(), route.end(), [&](std::size_t e) { return usedLink[e]; }))
                continue;
            standIn[c] = static_cast<long>(all.size() - 1);
            usedHost[at[i]] = usedHost[at[j]] = true;
            for (std::size_t e : route)
                usedLink[e] = true;
        }
    }

    // Classes in the order first met; each with its stand-in, else its first pair.
    std::vector<long> firstOf(classText.size(), -1);
    for (std::size_t k = 0; k < all.size(); ++k)
        if (firstOf[all[k].cls] < 0)
            firstOf[all[k].cls] = static_cast<long>(k);
    std::vector<PairChoice> chosen;
    std::vector<bool> pairTaken(all.size(), false);
    for (std::size_t c = 0; c < classText.size(); ++c) {
        const auto k = static_cast<std::size_t>(standIn[c] >= 0 ? standIn[c] : firstOf[c]);
        pairTaken[k] = true;
        chosen.push_back({all[k].i, all[k].j, classText[c], false});
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
