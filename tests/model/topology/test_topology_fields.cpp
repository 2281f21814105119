// The one table of a topology's rules (model/topology/graph/TopologyFields.h): each
// field's range is what the JSON reader and the validator (Topology::problems)
// refuse, in the same words; the generators' and topology.metrics' port,
// channel and rate parameters take their ranges from it; the kinds' names
// come from it.
#include "model/core/BlockRegistry.h"
#include "model/topology/generators/GeneratorRegistry.h"
#include "model/topology/graph/Topology.h"
#include "model/topology/graph/TopologyFields.h"
#include "model/topology/io/TopologyJson.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>

using namespace cs;
using nlohmann::json;

namespace {

// A value of `f` just outside its range: below (`below`) or above it.
double outside(const ParamSpec& f, bool below)
{
    if (below)
        return f.integer ? f.min - 1 : (f.min > 0 ? f.min / 2 : -1.0);
    return f.integer ? f.max + 1 : f.max * 2;
}

// What the validator says about field `key` of vertex (link) `index`; "" if nothing.
std::string validatorSays(const Topology& t, TopologyProblem::Where where, std::size_t index, const std::string& key)
{
    for (const TopologyProblem& p : t.problems())
        if (p.where == where && p.index == index && p.field == key)
            return p.message;
    return {};
}

// Host h and a vertex x of `kind` with the table's defaults, linked; field
// `key` of x (or of the link when `onLink`) set to `v`.
Topology built(VertexKind kind, const std::string& key, double v, bool onLink)
{
    VertexAttributes a;
    a.kind = kind;
    a.forwards = kind == VertexKind::Host;
    a.forwardCost = 0;
    for (const ParamSpec& f : vertexFields(kind)) {
        const double x = !onLink && f.symbol == key ? v : f.defaultValue;
        if (f.symbol == "forward_cost") a.forwardCost = x;
        if (f.symbol == "cores") a.cores = static_cast<int>(x);
        if (f.symbol == "ports") a.ports = static_cast<int>(x);
        if (f.symbol == "latency") a.latency = x;
        if (f.symbol == "bandwidth") a.bandwidth = x;
    }
    LinkProps l;
    for (const ParamSpec& f : linkFields()) {
        const double x = onLink && f.symbol == key ? v : f.defaultValue;
        if (f.symbol == "bandwidth") l.bandwidth = x;
        if (f.symbol == "latency") l.latency = x;
        if (f.symbol == "channels") l.channels = static_cast<int>(x);
        if (f.symbol == "burst") l.burst = x;
    }
    Topology t;
    t.addHost("h");
    switch (kind) {
    case VertexKind::Host: t.addHost("x", a.forwards, a.forwardCost, a.cores); break;
    case VertexKind::Switch: t.addSwitch("x", a.ports, a.latency); break;
    case VertexKind::Segment: t.addSegment("x", a.bandwidth, a.latency); break;
    }
    t.addLink(0, 1, l);
    return t;
}

json drawing(VertexKind kind, const std::string& key, double v, bool onLink)
{
    json x{{"id", "x"}, {"kind", std::string(vertexKindName(kind))}};
    // A link's field is tried on a vertex with only what it must have, so that
    // a switch takes the ports its link's channels use.
    for (const ParamSpec& f : vertexFields(kind))
        if (f.choices.empty() && (!onLink || (kind == VertexKind::Segment && f.symbol == "bandwidth")))
            x[f.symbol] = !onLink && f.symbol == key ? v : f.defaultValue;
    json link{{"from", "h"}, {"to", "x"}};
    for (const ParamSpec& f : linkFields())
        if (f.choices.empty())
            link[f.symbol] = onLink && f.symbol == key ? v : f.defaultValue;
    return {{"vertices", {{{"id", "h"}, {"kind", "host"}}, x}}, {"edges", {link}}};
}

} // namespace

TEST_CASE("a field's range is what the reader and the validator refuse, in the same words", "[topology][fields]")
{
    int checked = 0;
    for (const VertexKindTraits& k : kVertexKinds)
        for (bool onLink : {false, true})
            for (const ParamSpec& f : onLink ? linkFields() : vertexFields(k.kind)) {
                if (!f.choices.empty()) // a boolean in JSON: no number to put out of range
                    continue;
                for (bool below : {true, false}) {
                    const double v = outside(f, below);
                    const std::string words = fieldProblem(f, v);
                    INFO(k.name << (onLink ? " link." : ".") << f.symbol << " = " << v << ": " << words);
                    REQUIRE_FALSE(words.empty());
                    // Through the reader, with the path.
                    const std::string path = onLink ? "topology.edges[0]." : "topology.vertices[1].";
                    CHECK_THROWS_WITH(topologyFromJson(drawing(k.kind, f.symbol, v, onLink)), path + f.symbol + ": " + words);
                    // Through the validator, on a network built in code.
                    const Topology t = built(k.kind, f.symbol, v, onLink);
                    CHECK(validatorSays(t, onLink ? TopologyProblem::Where::Edge : TopologyProblem::Where::Vertex,
                                        onLink ? 0 : 1, f.symbol) == words);
                    // The ends of the range are taken by both.
                    const double end = below ? f.min : f.max;
                    CHECK(fieldProblem(f, end).empty());
                    CHECK_NOTHROW(topologyFromJson(drawing(k.kind, f.symbol, end, onLink)));
                    CHECK(validatorSays(built(k.kind, f.symbol, end, onLink),
                                        onLink ? TopologyProblem::Where::Edge : TopologyProblem::Where::Vertex,
                                        onLink ? 0 : 1, f.symbol)
                              .empty());
                    ++checked;
                }
            }
    // host: forward_cost, cores; switch: ports, latency; segment: bandwidth, latency;
    // a link's bandwidth, latency, channels, burst, three times: (2 + 2 + 2 + 3 x 4) x 2 ends = 36.
    CHECK(checked == 36);
}

TEST_CASE("the ports, channels and rate rules in words", "[topology][fields]")
{
    const ParamSpec& ports = vertexField(VertexKind::Switch, "ports");
    const ParamSpec& channels = linkField("channels");
    const ParamSpec& rate = linkField("bandwidth");
    CHECK(fieldProblem(ports, 0) == "must be in [1, 1e+09], got 0");
    CHECK(fieldProblem(ports, 1e9 + 1) == "must be in [1, 1e+09], got 1000000001");
    CHECK(fieldProblem(channels, 0) == "must be in [1, 1e+06], got 0");
    CHECK(fieldProblem(channels, 1e6 + 1) == "must be in [1, 1e+06], got 1000001");
    // A rate is first positive, then in [1 B/s, 1e13 B/s] (80 Tbit/s = 8e13 bit/s / 8).
    CHECK(fieldProblem(rate, -5) == "must be > 0, got -5");
    CHECK(fieldProblem(rate, 0.5) == "must be in [1, 1e+13] B/s, got 0.5");
    CHECK(fieldProblem(rate, 2e13) == "must be in [1, 1e+13] B/s, got 2e+13");
    CHECK(fieldProblem(rate, 80e12 / 8).empty());
    CHECK(fieldProblem(vertexField(VertexKind::Segment, "bandwidth"), 2e13) == "must be in [1, 1e+13] B/s, got 2e+13");
    CHECK(fieldProblem(linkField("latency"), -1) == "must be >= 0, got -1");
}

TEST_CASE("the generators' ports, channels and rates take the table's ranges", "[topology][fields]")
{
    const ParamSpec& ports = vertexField(VertexKind::Switch, "ports");
    const ParamSpec& channels = linkField("channels");
    const ParamSpec& rate = linkField("bandwidth");
    auto same = [&](const ParamSpec& p) {
        INFO(p.symbol);
        if (p.symbol == "ports") {
            CHECK(p.min == 0); // 0: as many as the links need
            CHECK(p.max == ports.max);
        } else if (p.symbol == "channels" || p.symbol == "trunk") {
            CHECK(p.min == channels.min);
            CHECK(p.max == kMaxGeneratorChannels);
            // 64 x 64 channels a generated link can carry stay in the field's range.
            CHECK(channels.accepts(kMaxGeneratorChannels * kMaxGeneratorChannels));
        } else if (p.symbol == "bw") {
            CHECK(p.min == rate.min);
            CHECK(p.max == rate.max);
            CHECK(p.unit == rate.unit);
        }
    };
    int seen = 0;
    for (const Generator* g : GeneratorRegistry::builtin().all())
        for (const ParamSpec& p : g->spec().params) {
            same(p);
            seen += p.symbol == "ports" || p.symbol == "channels" || p.symbol == "bw";
        }
    CHECK(seen > 14 * 2); // every generator has bw and channels; six have ports
    for (const ParamSpec& p : BlockRegistry::builtin().get("topology.metrics").spec().inputs)
        same(p);
}

TEST_CASE("the kinds' names come from the one table", "[topology][fields]")
{
    REQUIRE(kVertexKinds.size() == 3);
    for (const VertexKindTraits& k : kVertexKinds) {
        CHECK(vertexKindName(k.kind) == k.name);
        CHECK(vertexKindFromName(k.name) == k.kind);
        CHECK(&vertexKindTraits(k.kind) == &k);
    }
    CHECK(vertexKindTraits(VertexKind::Switch).plural == "switches");
    CHECK(vertexKindNoun(VertexKind::Switch, 1) == "switch");
    CHECK(vertexKindNoun(VertexKind::Switch, 0) == "switches");
    CHECK(vertexKindNoun(VertexKind::Host, 2) == vertexKindTraits(VertexKind::Host).plural);
    CHECK(countedVertices(1, VertexKind::Segment) == "1 segment");
    CHECK(countedVertices(12, VertexKind::Host) == "12 hosts");
    CHECK(vertexKindFromName("hub") == VertexKind::Segment);
    CHECK(vertexKindFromName("bus") == VertexKind::Segment);
    CHECK_FALSE(vertexKindFromName("router"));
}

TEST_CASE("the keys the reader takes come from the one table", "[topology][fields]")
{
    for (const VertexKindTraits& k : kVertexKinds) {
        INFO(k.name);
        // What an object of the kind takes, as the reader says when a key is none of them.
        std::string takes = "id, kind";
        for (const ParamSpec& f : vertexFields(k.kind))
            takes += ", " + f.symbol;
        json d = drawing(k.kind, "", 0, false);
        d["vertices"][1]["colour"] = 1;
        CHECK_THROWS_WITH(topologyFromJson(d),
                          "topology.vertices[1].colour: unknown key \"colour\" (this object takes " + takes + ")");
    }
    std::string takes = "id, from, to";
    for (const ParamSpec& f : linkFields())
        takes += ", " + f.symbol;
    json d = drawing(VertexKind::Switch, "", 0, false);
    d["edges"][0]["colour"] = 1;
    CHECK_THROWS_WITH(topologyFromJson(d),
                      "topology.edges[0].colour: unknown key \"colour\" (this object takes " + takes + ")");
}
