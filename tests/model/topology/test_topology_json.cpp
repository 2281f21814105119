// Validation of hand-built topologies and the JSON form, with the exact
// messages (each names the JSON path or the element at fault).
#include "model/core/ModelError.h"
#include "model/topology/generators/GeneratorRegistry.h"
#include "model/topology/metrics/HostHops.h"
#include "model/topology/routing/HopHistogram.h"
#include "model/topology/graph/TopologyFields.h"
#include "model/topology/io/TopologyJson.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace cs;
using nlohmann::json;

namespace {

// Two hosts on a switch, with the given extra edges.
json small(json extraVertices = json::array(), json extraEdges = json::array())
{
    json j = json::parse(R"({
      "vertices": [{"id": "h0", "kind": "host"}, {"id": "h1", "kind": "host"},
                   {"id": "sw0", "kind": "switch", "ports": 4, "latency": "1us"}],
      "edges": [{"from": "h0", "to": "sw0", "bandwidth": "1Gbit/s"},
                {"from": "h1", "to": "sw0", "bandwidth": 125000000}]})");
    for (auto& v : extraVertices)
        j["vertices"].push_back(v);
    for (auto& e : extraEdges)
        j["edges"].push_back(e);
    return j;
}

} // namespace

TEST_CASE("an explicit topology is read with units and defaults", "[topology]")
{
    const Topology t = topologyFromJson(small());
    CHECK(t.counts().hosts == 2);
    CHECK(t.counts().switches == 1);
    CHECK(t.counts().links == 2);
    CHECK(t.attributes(2).latency == Approx(1e-6));  // "1us"
    CHECK(t.link(0).bandwidth == Approx(125e6)); // "1Gbit/s" = 1e9 / 8 B/s
    CHECK(t.link(0).channels == 1);
    CHECK(t.link(0).duplex);
    CHECK_FALSE(t.exactBisection);
    // A switch without "ports" gets what its links use.
    json j = small();
    j["vertices"][2].erase("ports");
    j["edges"][1]["channels"] = 2;
    CHECK(topologyFromJson(j).attributes(2).ports == 3); // 1 + 2 channels
    // "hub" and "bus" are segments.
    const Topology hub = topologyFromJson(json::parse(R"({
      "vertices": [{"id": "a", "kind": "host"}, {"id": "b", "kind": "host"},
                   {"id": "hub0", "kind": "hub", "bandwidth": "10Mbit/s"}],
      "edges": [{"from": "a", "to": "hub0", "bandwidth": "10Mbit/s", "duplex": false},
                {"from": "b", "to": "hub0", "bandwidth": "10Mbit/s", "duplex": false}]})"));
    CHECK(hub.counts().segments == 1);
    CHECK(hub.attributes(2).bandwidth == Approx(1.25e6));
    CHECK_FALSE(hub.link(0).duplex);
}

TEST_CASE("invalid explicit topologies name their JSON path", "[topology]")
{
    // The brief's example: the fourth edge's bandwidth.
    json j = small(json::parse(R"([{"id": "h2", "kind": "host"}, {"id": "h3", "kind": "host"}])"),
                   json::parse(R"([{"from": "h2", "to": "sw0", "bandwidth": 1e9},
                                   {"from": "h3", "to": "sw0", "bandwidth": -5}])"));
    CHECK_THROWS_WITH(topologyFromJson(j), "topology.edges[3].bandwidth: must be > 0, got -5");
    j["edges"][3]["bandwidth"] = 0;
    CHECK_THROWS_WITH(topologyFromJson(j), "topology.edges[3].bandwidth: must be > 0, got 0");
    j["edges"][3]["bandwidth"] = "10 furlongs";
    CHECK_THROWS_WITH(topologyFromJson(j), Catch::StartsWith("topology.edges[3].bandwidth: "));

    // A disconnected host: no links at all.
    CHECK_THROWS_WITH(topologyFromJson(small(json::parse(R"([{"id": "h2", "kind": "host"}])"))),
                      "topology.vertices[3]: host 'h2' is disconnected: it has no links");
    // ... or linked only to a host that does not forward.
    CHECK_THROWS_WITH(
        topologyFromJson(small(json::parse(R"([{"id": "h2", "kind": "host"}, {"id": "h3", "kind": "host"}])"),
                               json::parse(R"([{"from": "h2", "to": "h3", "bandwidth": 1e9}])"))),
        "topology.vertices[3]: host 'h2' is disconnected: no route (through switches, segments or forwarding "
        "hosts) reaches it from host 'h0'");
    // A switch with more links than ports: 2 hosts + 2 x 2 channels = 6 > 4.
    CHECK_THROWS_WITH(
        topologyFromJson(small(json::parse(R"([{"id": "h2", "kind": "host"}])"),
                               json::parse(R"([{"from": "h2", "to": "sw0", "bandwidth": 1e9, "channels": 2},
                                               {"from": "h2", "to": "sw0", "bandwidth": 1e9, "channels": 2}])"))),
        "topology.vertices[2]: switch 'sw0' uses 6 ports (links x channels) but has only 4");
    // An id that refers to nothing.
    CHECK_THROWS_WITH(topologyFromJson(small({}, json::parse(R"([{"from": "h0", "to": "sw9", "bandwidth": 1}])"))),
                      "topology.edges[2].to: 'sw9' refers to no vertex");
    CHECK_THROWS_WITH(topologyFromJson(small({}, json::parse(R"([{"from": "hx", "to": "sw0", "bandwidth": 1}])"))),
                      "topology.edges[2].from: 'hx' refers to no vertex");
    // Duplicate ids, unknown kinds and keys, wrong types, missing fields.
    CHECK_THROWS_WITH(topologyFromJson(small(json::parse(R"([{"id": "h0", "kind": "host"}])"))),
                      "topology.vertices[3].id: 'h0' is already used by vertices[0]");
    CHECK_THROWS_WITH(topologyFromJson(small(json::parse(R"([{"id": "r", "kind": "router"}])"))),
                      "topology.vertices[3].kind: unknown kind 'router' (expected host, switch or segment)");
    CHECK_THROWS_WITH(topologyFromJson(small(json::parse(R"([{"id": "s", "kind": "switch", "prots": 8}])"))),
                      "topology.vertices[3].prots: unknown key \"prots\" (this object takes id, kind, ports, latency)");
    CHECK_THROWS_WITH(topologyFromJson(small(json::parse(R"([{"id": "s", "kind": "switch", "ports": 0}])"))),
                      "topology.vertices[3].ports: must be in [1, 1e+09], got 0");
    CHECK_THROWS_WITH(topologyFromJson(small(json::parse(R"([{"id": "g", "kind": "segment"}])"))),
                      Catch::StartsWith("topology.vertices[3].bandwidth: missing"));
    CHECK_THROWS_WITH(topologyFromJson(small(json::parse(R"([{"id": "g", "kind": "segment", "bandwidth": 0}])"),
                                             json::parse(R"([{"from": "g", "to": "sw0", "bandwidth": 1}])"))),
                      "topology.vertices[3].bandwidth: must be > 0, got 0");
    CHECK_THROWS_WITH(
        topologyFromJson(small(json::parse(R"([{"id": "h2", "kind": "host", "forwards": true, "forward_cost": -1}])"),
                               json::parse(R"([{"from": "h2", "to": "sw0", "bandwidth": 1}])"))),
        "topology.vertices[3].forward_cost: must be >= 0, got -1");
    CHECK_THROWS_WITH(topologyFromJson(small(json::parse(R"([{"id": "s", "kind": "switch", "latency": "-2us"}])"),
                                             json::parse(R"([{"from": "s", "to": "sw0", "bandwidth": 1}])"))),
                      "topology.vertices[3].latency: must be >= 0, got -2e-06");
    CHECK_THROWS_WITH(topologyFromJson(small({}, json::parse(R"([{"from": "h0", "to": "sw0"}])"))),
                      "topology.edges[2].bandwidth: missing");
    CHECK_THROWS_WITH(
        topologyFromJson(small({}, json::parse(R"([{"from": "h0", "to": "sw0", "bandwidth": 1, "channels": 0}])"))),
        "topology.edges[2].channels: must be in [1, 1e+06], got 0");
    CHECK_THROWS_WITH(
        topologyFromJson(small({}, json::parse(R"([{"from": "h0", "to": "sw0", "bandwidth": 1, "latency": -1}])"))),
        "topology.edges[2].latency: must be >= 0, got -1");
    CHECK_THROWS_WITH(topologyFromJson(small({}, json::parse(R"([{"from": "h0", "to": "h0", "bandwidth": 1}])"))),
                      "topology.edges[2]: links 'h0' to itself");
    CHECK_THROWS_WITH(
        topologyFromJson(small({}, json::parse(R"([{"from": "h0", "to": "sw0", "bandwidth": 1, "duplex": 1}])"))),
        "topology.edges[2].duplex: must be true or false, got number");
    CHECK_THROWS_WITH(topologyFromJson(json::parse(R"({"edges": []})")),
                      "topology.vertices: missing (or give \"generator\")");
    CHECK_THROWS_WITH(topologyFromJson(json::parse(R"({"vertices": []})")), "topology: the topology has no hosts");
    CHECK_THROWS_WITH(topologyFromJson(json::parse("[1, 2]")), "topology: must be an object, got array");
}

TEST_CASE("programmatic validation gives the same sentences", "[topology]")
{
    Topology t;
    t.addHost("h0");
    t.addHost("h1");
    t.addSwitch("sw0", 1);
    const LinkProps good{1e9, 0, 1, true};
    t.addLink("h0", "sw0", good);
    t.addLink("h1", "sw0", good);
    CHECK_THROWS_WITH(t.validate(), "switch 'sw0' uses 2 ports (links x channels) but has only 1");
    CHECK_THROWS_WITH(t.addLink("h0", "sw9", good), "link h0 - sw9: id 'sw9' refers to no vertex");
    CHECK_THROWS_WITH(t.addHost("h0"), "id 'h0' is already used by another vertex");
    Topology u;
    u.addHost("a");
    u.addHost("b");
    u.addLink("a", "b", LinkProps{-5, 0, 1, true});
    CHECK_THROWS_WITH(u.validate(), "link 0 (a - b): bandwidth must be > 0, got -5");
}

TEST_CASE("the generator form is expanded on load, with paths in errors", "[topology]")
{
    const Topology t = topologyFromJson(json::parse(R"({"generator": "fat-tree", "params": {"k": 4, "bw": "1Gbit/s"}})"));
    CHECK(t.counts().hosts == 16);
    CHECK(t.link(0).bandwidth == Approx(125e6));
    CHECK(*t.exactBisection == Approx(8 * 125e6));
    // Choice names are accepted for choice parameters.
    const Topology m =
        topologyFromJson(json::parse(R"({"generator": "beowulf-mesh", "params": {"routing": "switch"}})"));
    CHECK(m.counts().switches == 2);

    CHECK_THROWS_WITH(topologyFromJson(json::parse(R"({"generator": "fat-tre"})")),
                      Catch::StartsWith("topology.generator: unknown generator 'fat-tre' (known: star, "));
    CHECK_THROWS_WITH(topologyFromJson(json::parse(R"({"generator": "fat-tree", "params": {"k": 300}})")),
                      "topology.params.k: 300 is out of range [2, 160]");
    CHECK_THROWS_WITH(topologyFromJson(json::parse(R"({"generator": "fat-tree", "params": {"k": 5}})")),
                      "topology.params: k = 5 must be even (fat-tree)");
    CHECK_THROWS_WITH(topologyFromJson(json::parse(R"({"generator": "fat-tree", "params": {"kk": 5}})")),
                      "topology.params.kk: fat-tree has no parameter 'kk' (parameters: k, switch_lat, bw, lat, "
                      "channels, cores)");
    CHECK_THROWS_WITH(topologyFromJson(json::parse(R"({"generator": "beowulf-mesh", "params": {"routing": "ospf"}})")),
                      Catch::StartsWith("topology.params.routing: ") &&
                          Catch::Contains("expected one of software (0), switch (1)"));
    CHECK_THROWS_WITH(topologyFromJson(json::parse(R"({"generator": "star", "params": {"n": [1]}})")),
                      "topology.params.n: must be a number or a string, got array");
    CHECK_THROWS_WITH(topologyFromJson(json::parse(R"({"generator": "star", "vertices": []})")),
                      "topology: give either \"generator\" or \"vertices\" and \"edges\", not both");
}

TEST_CASE("topologies round-trip through JSON in both forms", "[topology]")
{
    const Topology g = generate("beowulf-mesh", {{"routing", 1}, {"rows", 3}});
    // Auto: the generator form, with every parameter.
    const json short_ = topologyToJson(g);
    CHECK(short_["generator"] == "beowulf-mesh");
    CHECK(short_["params"]["rows"] == 3);
    CHECK(short_["params"]["cols"] == 4);
    const Topology back = topologyFromJson(short_);
    CHECK(back.counts().hosts == 12);
    // Explicit: every vertex and edge; reading it back gives the same network.
    const json full = topologyToJson(g, TopologyJsonForm::Explicit);
    CHECK(full["vertices"].size() == g.vertexCount());
    CHECK(full["edges"].size() == g.edgeCount());
    const Topology again = topologyFromJson(full);
    CHECK(again.counts().hosts == g.counts().hosts);
    CHECK(again.counts().switches == g.counts().switches);
    CHECK(again.counts().segments == g.counts().segments);
    CHECK(again.counts().links == g.counts().links);
    CHECK(hostHopHistogram(again).count == hostHopHistogram(g).count);
    CHECK(topologyToJson(again) == full); // hand-made now: written explicitly, same text
    // A document with a "topology" member, or a bare topology.
    CHECK(topologyFromDocument(json{{"version", 1}, {"topology", short_}}).counts().hosts == 12);
    CHECK(topologyFromDocument(short_).counts().hosts == 12);
    CHECK_THROWS_WITH(topologyFromDocument(json{{"version", 1}}),
                      "document: no \"topology\" member (and the top level is not a topology object)");
}

TEST_CASE("copies of a topology are independent and keep their edges", "[topology]")
{
    Topology a = generate("star", {{"n", 3}});
    Topology b = a;
    b.addHost("extra");
    b.addLink("extra", "sw0", LinkProps{1e9, 0, 1, true});
    CHECK(a.edgeCount() == 3);
    CHECK(b.edgeCount() == 4);
    CHECK(b.link(3).bandwidth == 1e9);
    CHECK(a.link(2).bandwidth == 125e6);
    Topology c = std::move(b);
    CHECK(c.endpoints(3).first == *c.find("extra"));
    a = c;
    CHECK(a.edgeCount() == 4);
    CHECK(hostHopHistogram(a).pairs() == 12); // 4 hosts x 3
}

TEST_CASE("vertex kinds have one reading of their names", "[topology][json]")
{
    CHECK(vertexKindFromName("host") == VertexKind::Host);
    CHECK(vertexKindFromName("switch") == VertexKind::Switch);
    // A hub and a bus are shared segments (004: every attached host contends for the medium).
    CHECK(vertexKindFromName("segment") == VertexKind::Segment);
    CHECK(vertexKindFromName("hub") == VertexKind::Segment);
    CHECK(vertexKindFromName("bus") == VertexKind::Segment);
    CHECK_FALSE(vertexKindFromName("Host"));
    CHECK_FALSE(vertexKindFromName("router"));
    // Every kind's own name reads back as it.
    for (VertexKind k : {VertexKind::Host, VertexKind::Switch, VertexKind::Segment})
        CHECK(vertexKindFromName(vertexKindName(k)) == k);

    CHECK(vertexKindOf(json{{"id", "b"}, {"kind", "bus"}}) == VertexKind::Segment);
    CHECK_FALSE(vertexKindOf(json{{"id", "b"}}));
    CHECK_FALSE(vertexKindOf(json{{"id", "b"}, {"kind", 3}}));
    CHECK_FALSE(vertexKindOf(json::array()));
}

// The inspector's topology form edits the fields of TopologyFields: each is a
// key the reader takes for that kind (or for a link), and reads back as the
// value written.
TEST_CASE("every topology field is a key the reader takes, and reads back", "[topology][json]")
{
    auto written = [](const ParamSpec& f) {
        return f.choices.size() == 2 ? json(f.defaultValue != 0.0) : json(f.defaultValue);
    };
    for (VertexKind kind : {VertexKind::Host, VertexKind::Switch, VertexKind::Segment}) {
        json x{{"id", "x"}, {"kind", std::string(vertexKindName(kind))}};
        for (const ParamSpec& f : vertexFields(kind))
            x[f.symbol] = written(f);
        json link{{"from", "h"}, {"to", "x"}, {"bandwidth", 1e6}};
        for (const ParamSpec& f : linkFields())
            link[f.symbol] = written(f);
        const json drawing{{"vertices", {{{"id", "h"}, {"kind", "host"}}, x}}, {"edges", {link}}};
        INFO(drawing.dump());
        const Topology t = topologyFromJson(drawing);
        for (const ParamSpec& f : vertexFields(kind))
            CHECK(vertexFieldValue(t.vertex(1), f.symbol) == f.defaultValue);
        for (const ParamSpec& f : linkFields())
            CHECK(linkFieldValue(t.link(0), f.symbol) == f.defaultValue);
        CHECK_THROWS_AS(vertexField(kind, "colour"), ModelError);
    }
}
