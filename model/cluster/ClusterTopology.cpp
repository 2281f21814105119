#include "model/cluster/ClusterTopology.h"
#include "model/cluster/HostList.h"
#include "model/core/ModelError.h"
#include "model/topology/graph/TopologyFields.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace cs {

namespace {

std::string lower(std::string s)
{
    for (char& c : s)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// A place in a source text, for messages: "topology.conf line 3".
std::string at(const std::string& source, int line)
{
    return source + " line " + std::to_string(line);
}

// Vertices and links of a drawing, built in the order they are met so that
// the drawing follows the file; each written as the import has always
// written them (a switch's latency when one is given, every link's rate and
// latency).
class Builder {
public:
    explicit Builder(const ClusterImportOptions& o) : options_(o), network_(Network::drawing()) {}

    void vertex(const std::string& id, VertexKind kind)
    {
        if (index_.count(id))
            return; // met before
        NetworkVertex v;
        v.id = id;
        v.attributes.kind = kind;
        if (kind == VertexKind::Switch && options_.switchLatency > 0) {
            v.attributes.latency = options_.switchLatency;
            v.written[1] = Written::Number; // "latency", a switch's second field
        }
        index_.emplace(id, vertices_.size());
        vertices_.emplace_back(vertices_.size(), std::move(v));
    }
    void link(const std::string& a, const std::string& b, double bandwidth)
    {
        NetworkLink l;
        l.id = LinkId{static_cast<std::uint32_t>(links_.size())};
        l.from = static_cast<std::uint32_t>(index_.at(a));
        l.to = static_cast<std::uint32_t>(index_.at(b));
        l.props.bandwidth = bandwidth > 0 ? bandwidth : options_.bandwidth;
        l.props.latency = options_.latency;
        l.written = {Written::Number, Written::Number, Written::Absent, Written::Absent};
        links_.emplace_back(links_.size(), std::move(l));
    }
    Network result(const std::string& source)
    {
        if (links_.empty())
            throw ModelError(source + ": describes no link");
        network_.insertVertices(std::move(vertices_));
        network_.insertLinks(std::move(links_));
        return std::move(network_);
    }

private:
    ClusterImportOptions options_;
    Network network_;
    std::map<std::string, std::size_t> index_;
    std::vector<Network::Placed> vertices_;
    std::vector<Network::PlacedLink> links_;
};

std::vector<std::string> names(const std::string& list, const std::string& where)
{
    try {
        return expandHostList(list);
    } catch (const std::invalid_argument& e) {
        throw ModelError(where + ": " + e.what());
    }
}

} // namespace

Network topologyFromSlurmConf(const std::string& text, const std::string& source, const ClusterImportOptions& options)
{
    struct SwitchLine {
        int line = 0;
        std::vector<std::string> switches, nodes;
    };
    std::map<std::string, SwitchLine> lines;
    std::vector<std::string> order;
    std::istringstream in(text);
    std::string raw;
    for (int n = 1; std::getline(in, raw); ++n) {
        if (const std::size_t hash = raw.find('#'); hash != std::string::npos)
            raw.erase(hash);
        std::istringstream words(raw);
        std::string word, name;
        SwitchLine sw;
        sw.line = n;
        bool any = false;
        while (words >> word) {
            any = true;
            const std::size_t eq = word.find('=');
            if (eq == std::string::npos || eq == 0 || eq + 1 == word.size())
                throw ModelError(at(source, n) + ": expected KEY=VALUE, got '" + word + "'");
            const std::string key = lower(word.substr(0, eq)), value = word.substr(eq + 1);
            if (key == "switchname")
                name = value;
            else if (key == "switches")
                sw.switches = names(value, at(source, n) + ": Switches");
            else if (key == "nodes")
                sw.nodes = names(value, at(source, n) + ": Nodes");
            else if (key != "linkspeed") // arbitrary units, unused by Slurm too
                throw ModelError(at(source, n) + ": unknown parameter '" + word.substr(0, eq) +
                                 "' (topology.conf takes SwitchName, Switches, Nodes and LinkSpeed)");
        }
        if (!any)
            continue;
        if (name.empty())
            throw ModelError(at(source, n) + ": a line without SwitchName");
        if (lines.count(name))
            throw ModelError(at(source, n) + ": switch '" + name + "' is defined again (first on line " +
                             std::to_string(lines[name].line) + ")");
        lines[name] = std::move(sw);
        order.push_back(name);
    }
    if (order.empty())
        throw ModelError(source + ": no SwitchName line");

    Builder b(options);
    for (const std::string& s : order)
        b.vertex(s, VertexKind::Switch);
    for (const std::string& s : order) {
        const SwitchLine& sw = lines[s];
        for (const std::string& child : sw.switches) {
            if (!lines.count(child))
                throw ModelError(at(source, sw.line) + ": switch '" + child + "' is listed under '" + s +
                                 "' but has no SwitchName line");
            if (child == s)
                throw ModelError(at(source, sw.line) + ": switch '" + s + "' lists itself");
            b.link(s, child, 0);
        }
        for (const std::string& node : sw.nodes) {
            if (lines.count(node))
                throw ModelError(at(source, sw.line) + ": '" + node + "' is both a switch and a node");
            b.vertex(node, VertexKind::Host);
            b.link(node, s, 0);
        }
    }
    return b.result(source);
}

namespace {

// Data rate of one lane after line coding, bit/s.
double laneRate(const std::string& speed)
{
    static const std::map<std::string, double> rates{{"SDR", 2e9},  {"DDR", 4e9},        {"QDR", 8e9},
                                                     {"FDR10", 10e9}, {"FDR", 13.636e9}, {"EDR", 25e9},
                                                     {"HDR", 50e9}, {"NDR", 100e9},     {"XDR", 200e9}};
    const auto it = rates.find(speed);
    return it == rates.end() ? 0.0 : it->second;
}

// An id for a node from its description: a channel adapter's first word
// ("node01 HCA-1" -> node01), a switch's name after "MF0;" and before ':'
// ("MF0;leaf-a:SX6036/U1" -> leaf-a); else the GUID.
std::string idFrom(const std::string& kind, const std::string& guid, const std::string& desc)
{
    std::string name;
    if (kind == "Ca") {
        std::istringstream words(desc);
        words >> name;
    } else {
        name = desc;
        if (const std::size_t semi = name.find(';'); semi != std::string::npos)
            name = name.substr(semi + 1);
        if (const std::size_t colon = name.find(':'); colon != std::string::npos)
            name = name.substr(0, colon);
    }
    const bool usable = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
    });
    return usable ? name : guid;
}

} // namespace

Network topologyFromIbnetdiscover(const std::string& text, const std::string& source,
                               const ClusterImportOptions& options)
{
    static const std::regex header(R"re(^\s*(Switch|Ca|Rt)\s+(\d+)\s+"([^"]+)"\s*(#\s*"([^"]*)")?.*$)re");
    static const std::regex port(R"re(^\s*\[(\d+)\](\([0-9a-fA-F]+\))?\s+"([^"]+)"\[(\d+)\](\([0-9a-fA-F]+\))?(.*)$)re");
    static const std::regex speed(R"re((\d+)x([A-Z]+[0-9]*)\s*$)re");

    struct Node {
        std::string kind, id;
    };
    std::map<std::string, Node> nodes; // by GUID
    struct Cable {
        std::string a, b; // GUIDs
        double bandwidth;
        int line;
    };
    std::vector<Cable> cables;
    std::set<std::string> seen; // "guidA[p]-guidB[q]", both directions
    std::set<std::string> ids;
    std::string current;
    std::istringstream in(text);
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
        if (line.size() > 4096)
            throw ModelError(at(source, n) + ": line longer than 4096 characters");
        std::smatch m;
        if (std::regex_match(line, m, header)) {
            current = m[3];
            const std::string kind = m[1] == "Ca" ? "Ca" : "Switch";
            if (!nodes.count(current)) {
                std::string id = idFrom(kind, current, m[5]);
                // Two adapters of one computer share its name: one host with
                // two links. Two switches may not.
                const bool sharedHost = kind == "Ca" && ids.count(id) && [&] {
                    for (const auto& [g, node] : nodes)
                        if (node.id == id)
                            return node.kind == "Ca";
                    return false;
                }();
                if (ids.count(id) && !sharedHost)
                    id += "-" + current;
                ids.insert(id);
                nodes[current] = {kind, id};
            }
            continue;
        }
        if (std::regex_match(line, m, port)) {
            if (current.empty())
                throw ModelError(at(source, n) + ": a port line before any Switch or Ca line");
            const std::string remote = m[3];
            const std::string here = current + "[" + m[1].str() + "]", there = remote + "[" + m[4].str() + "]";
            if (seen.count(there + "-" + here))
                continue; // the same cable seen from its other end
            seen.insert(here + "-" + there);
            double bw = 0;
            const std::string rest = m[6];
            if (std::smatch s; std::regex_search(rest, s, speed)) {
                const double lane = laneRate(s[2]);
                if (lane <= 0)
                    throw ModelError(at(source, n) + ": unknown link speed '" + s[2].str() + "'");
                bw = std::stoi(s[1]) * lane / 8;
            }
            cables.push_back({current, remote, bw, n});
        }
        // Other lines (vendid=, devid=, sysimgguid=, comments) carry nothing we model.
    }
    if (nodes.empty())
        throw ModelError(source + ": no Switch or Ca block (is this ibnetdiscover output?)");

    Builder b(options);
    for (const auto& [guid, node] : nodes)
        b.vertex(node.id, node.kind == "Ca" ? VertexKind::Host : VertexKind::Switch);
    for (const Cable& c : cables) {
        const auto a = nodes.find(c.a), z = nodes.find(c.b);
        if (z == nodes.end())
            throw ModelError(at(source, c.line) + ": port linked to '" + c.b + "', which has no block of its own");
        b.link(a->second.id, z->second.id, c.bandwidth);
    }
    return b.result(source);
}

std::string slurmConfFromTopology(const Network& t)
{
    std::vector<std::string> order;
    std::map<std::string, VertexKind> kind;
    for (const NetworkVertex& v : t.vertices()) {
        if (v.attributes.kind == VertexKind::Segment)
            throw ModelError("vertex '" + v.id + "' is a " + std::string(kindNameOf(v)) +
                             ": topology.conf describes hosts under switches only, no shared segments");
        kind[v.id] = v.attributes.kind;
        order.push_back(v.id);
    }
    std::map<std::string, std::vector<std::string>> hostsOf, switchNeighbours;
    std::set<std::string> attached;
    for (const NetworkLink& e : t.links()) {
        const std::string& a = t.vertices()[e.from].id;
        const std::string& z = t.vertices()[e.to].id;
        const bool ha = kind[a] == VertexKind::Host, hz = kind[z] == VertexKind::Host;
        if (ha && hz)
            throw ModelError("link " + a + " - " + z + " joins two hosts: topology.conf has no such link");
        if (ha || hz) {
            const std::string& host = ha ? a : z;
            hostsOf[ha ? z : a].push_back(host);
            attached.insert(host);
        } else {
            switchNeighbours[a].push_back(z);
            switchNeighbours[z].push_back(a);
        }
    }
    for (const std::string& id : order)
        if (kind[id] == VertexKind::Host && !attached.count(id))
            throw ModelError("host '" + id + "' is linked to no switch");
    // Levels: 0 for switches with hosts, then one more per switch hop.
    std::map<std::string, int> level;
    std::vector<std::string> frontier;
    for (const std::string& id : order)
        if (kind[id] == VertexKind::Switch && hostsOf.count(id)) {
            level[id] = 0;
            frontier.push_back(id);
        }
    for (int l = 1; !frontier.empty(); ++l) {
        std::vector<std::string> next;
        for (const std::string& s : frontier)
            for (const std::string& n : switchNeighbours[s])
                if (!level.count(n)) {
                    level[n] = l;
                    next.push_back(n);
                }
        frontier = std::move(next);
    }
    for (const std::string& id : order)
        if (kind[id] == VertexKind::Switch && !level.count(id))
            throw ModelError("switch '" + id + "' reaches no host");
    for (const auto& [s, ns] : switchNeighbours)
        for (const std::string& n : ns)
            if (level[n] == level[s])
                throw ModelError("link " + s + " - " + n +
                                 " joins two switches of the same level: topology.conf describes a hierarchy only");

    std::ostringstream out;
    out << "# topology.conf (Slurm topology/tree) written by ClusterScope.\n"
           "# Link rates and latencies are not part of this format.\n";
    const int top = std::max_element(level.begin(), level.end(), [](const auto& a, const auto& b) {
                        return a.second < b.second;
                    })->second;
    for (int l = 0; l <= top; ++l)
        for (const std::string& id : order) {
            if (kind[id] != VertexKind::Switch || level[id] != l)
                continue;
            out << "SwitchName=" << id;
            std::vector<std::string> below;
            for (const std::string& n : switchNeighbours[id])
                if (level[n] == l - 1 && std::find(below.begin(), below.end(), n) == below.end())
                    below.push_back(n);
            if (!below.empty())
                out << " Switches=" << compressHostList(below);
            if (hostsOf.count(id)) {
                std::vector<std::string> hosts;
                for (const std::string& h : hostsOf[id])
                    if (std::find(hosts.begin(), hosts.end(), h) == hosts.end())
                        hosts.push_back(h);
                out << " Nodes=" << compressHostList(hosts);
            }
            out << "\n";
        }
    return out.str();
}

} // namespace cs
