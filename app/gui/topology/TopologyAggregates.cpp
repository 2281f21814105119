#include "app/gui/topology/TopologyAggregates.h"

#include <algorithm>
#include <map>

namespace cs::app {

namespace {

// The numbers in an id ("edge3_12" -> 3, 12) and the letters before the
// first one ("edge").
void parseId(std::string_view id, std::vector<long>& nums, std::string& name)
{
    nums.clear();
    std::size_t i = 0;
    while (i < id.size() && (id[i] < '0' || id[i] > '9'))
        ++i;
    name = std::string(id.substr(0, i));
    while (i < id.size()) {
        if (id[i] >= '0' && id[i] <= '9') {
            long n = 0;
            int digits = 0;
            while (i < id.size() && id[i] >= '0' && id[i] <= '9' && digits < 12) {
                n = n * 10 + (id[i] - '0');
                ++i;
                ++digits;
            }
            nums.push_back(n);
        } else {
            ++i;
        }
    }
}

// A key an aggregate is made of: a number at the depth, a shared name, or
// one vertex of its own.
struct Key {
    int kind = 0;       // 0: number, 1: name, 2: one vertex
    long number = 0;
    std::string text;   // the name, or the vertex id
    bool operator<(const Key& o) const
    {
        if (kind != o.kind)
            return kind < o.kind;
        if (number != o.number)
            return number < o.number;
        return text < o.text;
    }
};

std::string plural(const std::string& noun)
{
    if (noun == "leaf")
        return "leaves";
    return noun.empty() ? noun : noun + "s";
}

} // namespace

std::string aggregateNoun(const Topology& t)
{
    const std::string& g = t.generator;
    if (g == "fat-tree")
        return "pod";
    if (g == "dragonfly")
        return "group";
    if (g == "leaf-spine")
        return "leaf";
    if (g == "torus" || g == "mesh" || g == "hyperx")
        return "slice";
    return "block";
}

AggregateView aggregate(const Topology& t, const std::vector<std::uint32_t>& within, int depth, std::size_t maxGroups,
                        std::size_t maxBuckets)
{
    maxGroups = std::max<std::size_t>(maxGroups, 2);
    maxBuckets = maxBuckets ? std::max<std::size_t>(maxBuckets, 2) : maxGroups;
    std::vector<std::uint32_t> members = within;
    if (members.empty()) {
        members.resize(t.vertexCount());
        for (std::size_t v = 0; v < members.size(); ++v)
            members[v] = static_cast<std::uint32_t>(v);
    }
    std::vector<char> in(t.vertexCount(), 0);
    for (std::uint32_t v : members)
        in[v] = 1;
    // A leaf host goes with the vertex it hangs off (when that is shown).
    auto anchor = [&](std::uint32_t v) -> std::uint32_t {
        if (t.attributes(v).kind != VertexKind::Host || t.degree(v) != 1)
            return v;
        const auto n = static_cast<std::uint32_t>(t.opposite(t.incident(v)[0], v));
        if (!in[n] || (t.attributes(n).kind == VertexKind::Host && t.degree(n) == 1))
            return v;
        return n;
    };
    // Which shown vertices have leaf hosts hanging off them.
    std::vector<char> bearsHosts(t.vertexCount(), 0);
    for (std::uint32_t v : members)
        if (const std::uint32_t a = anchor(v); a != v)
            bearsHosts[a] = 1;
    // Keys of the vertices that are not leaf hosts.
    std::vector<Key> keyOf(t.vertexCount());
    std::map<std::string, std::size_t> named, namedWithHosts;
    std::vector<long> nums;
    std::string name;
    for (std::uint32_t v : members) {
        if (anchor(v) != v)
            continue;
        parseId(t.id(v), nums, name);
        Key& k = keyOf[v];
        if (nums.size() > static_cast<std::size_t>(depth) + 1) {
            k.kind = 0;
            k.number = nums[static_cast<std::size_t>(depth)];
        } else {
            k.kind = 1;
            k.text = name;
            ++named[name];
            namedWithHosts[name] += bearsHosts[v] ? 1 : 0;
        }
    }
    // A level of a name whose vertices have hosts of their own (a leaf-spine's
    // leaves, switches drawn as sw1, sw2 with their hosts) is one aggregate a
    // vertex, numbered like pods so that too many go into buckets. A level
    // without hosts (the cores, the spines: a switch level) stays one
    // aggregate however few it has, but a name of one or two vertices is its
    // own.
    for (std::uint32_t v : members) {
        Key& k = keyOf[v];
        if (anchor(v) != v || k.kind != 1)
            continue;
        if (namedWithHosts[k.text] > 0) {
            parseId(t.id(v), nums, name);
            if (!nums.empty()) {
                k.kind = 0;
                k.number = nums.back();
                k.text = t.vertex(v).id;
                continue;
            }
        }
        if (named[k.text] <= 2 || namedWithHosts[k.text] > 0) {
            k.kind = 2;
            k.text = t.vertex(v).id;
        }
    }
    std::map<Key, std::vector<std::uint32_t>> byKey;
    for (std::uint32_t v : members)
        byKey[keyOf[anchor(v)]].push_back(v);

    AggregateView view;
    const std::string noun = depth == 0 ? aggregateNoun(t) : "row";
    if (byKey.size() == 1 && members.size() > maxGroups / 2) {
        // No structure at this depth: runs in vertex order.
        const std::size_t runs = members.size() > maxGroups ? maxBuckets : maxGroups;
        const std::size_t per = (members.size() + runs - 1) / runs;
        for (std::size_t i = 0; i < members.size(); i += per) {
            AggregateView::Group g;
            const std::size_t end = std::min(members.size(), i + per);
            g.members.assign(members.begin() + static_cast<long>(i), members.begin() + static_cast<long>(end));
            g.label = t.vertex(g.members.front()).id + (end - i > 1 ? " \u2013 " + t.vertex(g.members.back()).id : "");
            g.openDepth = depth;
            view.groups.push_back(std::move(g));
        }
    } else {
        // One aggregate per key, in key order. Too many numbered keys (pods,
        // groups) go into buckets of consecutive ones; a named key (the
        // cores, the spines: a switch level) is never bucketed with them.
        std::vector<std::pair<const Key*, const std::vector<std::uint32_t>*>> keys;
        std::size_t numbered = 0;
        for (const auto& [k, vs] : byKey) {
            keys.emplace_back(&k, &vs);
            numbered += k.kind == 0 ? 1 : 0;
        }
        const std::size_t levels = keys.size() - numbered; // named keys: never bucketed
        const std::size_t most = keys.size() > maxGroups ? maxBuckets : maxGroups;
        const std::size_t room = most > levels ? most - levels : 1;
        const std::size_t perNumbered = std::max<std::size_t>(1, (numbered + room - 1) / room);
        // A numbered key is "pod 3"; one from a named level keeps the vertex's id ("leaf3").
        auto labelOf = [&](const Key& k) {
            return k.kind == 0 && k.text.empty() ? noun + " " + std::to_string(k.number) : k.text;
        };
        for (std::size_t i = 0; i < keys.size();) {
            AggregateView::Group g;
            // Keys are ordered numbered first (Key::operator<): a bucket stops where they do.
            const std::size_t per = keys[i].first->kind == 0 ? perNumbered : 1;
            std::size_t end = std::min(keys.size(), i + per);
            while (end > i + 1 && keys[end - 1].first->kind != keys[i].first->kind)
                --end;
            for (std::size_t j = i; j < end; ++j)
                g.members.insert(g.members.end(), keys[j].second->begin(), keys[j].second->end());
            const Key& first = *keys[i].first;
            const Key& last = *keys[end - 1].first;
            if (end - i == 1) {
                g.label = labelOf(first);
                // A number opens one level deeper; a shared name at the same
                // depth (where it is the only key, so it splits into runs).
                g.openDepth = first.kind == 0 ? depth + 1 : depth;
            } else {
                g.label = first.kind == 0 && last.kind == 0
                              ? plural(noun) + " " + std::to_string(first.number) + "\u2013" + std::to_string(last.number)
                              : labelOf(first) + " \u2013 " + labelOf(last);
                g.openDepth = depth;
            }
            view.groups.push_back(std::move(g));
            i = end;
        }
    }
    // Counts, and which aggregate each vertex is in.
    std::vector<int> groupOf(t.vertexCount(), -1);
    for (std::size_t gi = 0; gi < view.groups.size(); ++gi) {
        AggregateView::Group& g = view.groups[gi];
        for (std::uint32_t v : g.members) {
            groupOf[v] = static_cast<int>(gi);
            const VertexKind k = t.attributes(v).kind;
            (k == VertexKind::Host ? g.hosts : k == VertexKind::Switch ? g.switches : g.segments)++;
        }
    }
    // Links between aggregates: a dense table (at most maxGroups^2).
    const std::size_t n = view.groups.size();
    std::vector<AggregateView::Link> table(n * n);
    for (std::size_t e = 0; e < t.edgeCount(); ++e) {
        const auto [a, b] = t.endpoints(e);
        const int ga = groupOf[a], gb = groupOf[b];
        if (ga < 0 && gb < 0)
            continue;
        if (ga < 0 || gb < 0) {
            ++view.outside;
            continue;
        }
        if (ga == gb)
            continue;
        AggregateView::Link& l = table[static_cast<std::size_t>(std::min(ga, gb)) * n + static_cast<std::size_t>(std::max(ga, gb))];
        l.a = std::min(ga, gb);
        l.b = std::max(ga, gb);
        ++l.count;
        const LinkProps& p = t.link(e);
        l.rate += p.bandwidth * p.channels;
    }
    for (const AggregateView::Link& l : table)
        if (l.count)
            view.links.push_back(l);
    return view;
}

} // namespace cs::app
