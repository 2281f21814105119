#include "model/topology/io/GraphExport.h"
#include "model/topology/io/TopologyJson.h"
#include "model/core/ModelError.h"
#include "model/core/Unit.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <set>
#include <utility>

namespace cs {

namespace {

bool endsWithNoCase(std::string_view s, std::string_view suffix)
{
    if (s.size() < suffix.size())
        return false;
    for (std::size_t i = 0; i < suffix.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(s[s.size() - suffix.size() + i])) != suffix[i])
            return false;
    return true;
}

void appendXml(std::string_view s, std::string& out)
{
    for (char c : s) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        default: out += c;
        }
    }
}

void appendNumber(double v, std::string& out)
{
    char buf[kNumberChars];
    out.append(buf, formatNumberTo(v, buf));
}

void data(std::string& out, const char* key, double v)
{
    out += "<data key=\"";
    out += key;
    out += "\">";
    appendNumber(v, out);
    out += "</data>";
}

void data(std::string& out, const char* key, std::string_view v)
{
    out += "<data key=\"";
    out += key;
    out += "\">";
    appendXml(v, out);
    out += "</data>";
}

// Two links between the same pair of vertices make a multigraph.
bool hasParallelLinks(const Topology& t)
{
    std::set<std::pair<std::size_t, std::size_t>> seen;
    for (std::size_t e = 0; e < t.edgeCount(); ++e) {
        auto [a, b] = t.endpoints(e);
        if (!seen.insert({std::min(a, b), std::max(a, b)}).second)
            return true;
    }
    return false;
}

} // namespace

GraphFormat graphFormatOf(std::string_view fileName)
{
    if (endsWithNoCase(fileName, ".graphml"))
        return GraphFormat::GraphML;
    if (endsWithNoCase(fileName, ".json"))
        return GraphFormat::NodeLink;
    throw ModelError("--export " + std::string(fileName) +
                     ": the format comes from the file's extension, .graphml (GraphML) or .json (node-link JSON)");
}

std::string topologyToGraphML(const Topology& t)
{
    std::string out;
    out.reserve(120 * t.vertexCount() + 200 * t.edgeCount() + 2048);
    out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
           "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\" "
           "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" "
           "xsi:schemaLocation=\"http://graphml.graphdrawing.org/xmlns "
           "http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd\">\n"
           "  <key id=\"generator\" for=\"graph\" attr.name=\"generator\" attr.type=\"string\"/>\n"
           "  <key id=\"params\" for=\"graph\" attr.name=\"params\" attr.type=\"string\"/>\n"
           "  <key id=\"kind\" for=\"node\" attr.name=\"kind\" attr.type=\"string\"/>\n"
           "  <key id=\"forwards\" for=\"node\" attr.name=\"forwards\" attr.type=\"boolean\"/>\n"
           "  <key id=\"forward_cost\" for=\"node\" attr.name=\"forward_cost\" attr.type=\"double\"/>\n"
           "  <key id=\"ports\" for=\"node\" attr.name=\"ports\" attr.type=\"int\"/>\n"
           "  <key id=\"nlatency\" for=\"node\" attr.name=\"latency\" attr.type=\"double\"/>\n"
           "  <key id=\"nbandwidth\" for=\"node\" attr.name=\"bandwidth\" attr.type=\"double\"/>\n"
           "  <key id=\"bandwidth\" for=\"edge\" attr.name=\"bandwidth\" attr.type=\"double\"/>\n"
           "  <key id=\"channels\" for=\"edge\" attr.name=\"channels\" attr.type=\"int\"/>\n"
           "  <key id=\"capacity\" for=\"edge\" attr.name=\"capacity\" attr.type=\"double\"/>\n"
           "  <key id=\"latency\" for=\"edge\" attr.name=\"latency\" attr.type=\"double\"/>\n"
           "  <key id=\"duplex\" for=\"edge\" attr.name=\"duplex\" attr.type=\"boolean\"/>\n"
           "  <graph id=\"G\" edgedefault=\"undirected\">\n";
    if (!t.generator.empty()) {
        out += "    ";
        data(out, "generator", t.generator);
        std::string params;
        for (const auto& [k, v] : t.generatorParams)
            params += (params.empty() ? "" : ",") + k + "=" + formatNumber(v);
        out += "\n    ";
        data(out, "params", params);
        out += "\n";
    }
    for (std::size_t v = 0; v < t.vertexCount(); ++v) {
        const VertexProps& p = t.vertex(v);
        out += "    <node id=\"";
        appendXml(p.id, out);
        out += "\">";
        data(out, "kind", vertexKindName(p.kind));
        switch (p.kind) {
        case VertexKind::Host:
            data(out, "forwards", p.forwards ? "true" : "false");
            if (p.forwards)
                data(out, "forward_cost", p.forwardCost);
            break;
        case VertexKind::Switch:
            data(out, "ports", double(p.ports));
            data(out, "nlatency", p.latency);
            break;
        case VertexKind::Segment:
            data(out, "nbandwidth", p.bandwidth);
            data(out, "nlatency", p.latency);
            break;
        }
        out += "</node>\n";
    }
    for (std::size_t e = 0; e < t.edgeCount(); ++e) {
        const auto [a, b] = t.endpoints(e);
        const LinkProps& l = t.link(e);
        out += "    <edge id=\"e";
        out += std::to_string(e);
        out += "\" source=\"";
        appendXml(t.id(a), out);
        out += "\" target=\"";
        appendXml(t.id(b), out);
        out += "\">";
        data(out, "bandwidth", l.bandwidth);
        data(out, "channels", double(l.channels));
        data(out, "capacity", l.bandwidth * l.channels);
        data(out, "latency", l.latency);
        data(out, "duplex", l.duplex ? "true" : "false");
        out += "</edge>\n";
    }
    out += "  </graph>\n</graphml>\n";
    return out;
}

std::string topologyToNodeLinkJson(const Topology& t)
{
    // The document's own writer gives the generator record and the vertices;
    // its edges become networkx's links, with their capacity beside.
    nlohmann::json graph = nlohmann::json::object();
    if (!t.generator.empty())
        graph = topologyToJson(t, TopologyJsonForm::Auto);
    nlohmann::json explicitForm = topologyToJson(t, TopologyJsonForm::Explicit);
    nlohmann::json links = nlohmann::json::array();
    for (nlohmann::json& e : explicitForm["edges"]) {
        nlohmann::json j{{"source", std::move(e["from"])}, {"target", std::move(e["to"])}};
        j["capacity"] = e["bandwidth"].get<double>() * e["channels"].get<double>();
        for (const char* key : {"bandwidth", "channels", "latency", "duplex"})
            j[key] = std::move(e[key]);
        links.push_back(std::move(j));
    }
    const bool multi = hasParallelLinks(t);
    if (multi)
        for (std::size_t e = 0; e < links.size(); ++e)
            links[e]["key"] = e;
    const nlohmann::json doc{{"directed", false},
                             {"multigraph", multi},
                             {"graph", graph},
                             {"nodes", std::move(explicitForm["vertices"])},
                             {"links", links}};
    return doc.dump(1) + "\n";
}

std::string exportGraph(const Topology& t, GraphFormat format)
{
    return format == GraphFormat::GraphML ? topologyToGraphML(t) : topologyToNodeLinkJson(t);
}

} // namespace cs
