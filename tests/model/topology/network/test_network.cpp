// The document's typed network (model/topology/network/Network.h): links'
// stable ids, read, written, kept through removal, undo and a save; the
// Change of an edit names items by those ids; and an edit's undo step holds
// the items it touched, not the network.
#include "model/core/ModelError.h"
#include "model/document/DocumentEdits.h"
#include "model/document/DocumentFormat.h"
#include "model/topology/io/NetworkBuild.h"
#include "model/topology/io/TopologyJson.h"
#include "model/topology/network/NetworkEdits.h"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

using namespace cs;
using nlohmann::json;

namespace {

// A star drawn as the editor saves one: sw0 first, then hosts h0..h(n-1),
// link i joining host i to the switch (so link i's id is i when the file
// gives none).
json star(int n)
{
    json t{{"vertices", json::array({{{"id", "sw0"}, {"kind", "switch"}}})}, {"edges", json::array()}};
    for (int i = 0; i < n; ++i) {
        t["vertices"].push_back({{"id", "h" + std::to_string(i)}, {"kind", "host"}});
        t["edges"].push_back({{"from", "h" + std::to_string(i)}, {"to", "sw0"}, {"bandwidth", 1.25e8}});
    }
    return t;
}

// A document with no blocks whose network is `t`, every vertex placed.
DesignDocument drawn(const json& t)
{
    DesignDocument doc;
    REQUIRE(edit::setTopology(doc, readNetwork(t)).ok());
    std::map<std::string, std::pair<double, double>> at;
    for (std::size_t v = 0; v < doc.topology.vertices().size(); ++v)
        at[doc.topology.vertices()[v].id] = {10.0 * static_cast<double>(v), 0.0};
    REQUIRE(edit::placeVertices(doc, at).ok());
    return doc;
}

std::vector<std::uint32_t> linkIds(const Network& n)
{
    std::vector<std::uint32_t> ids;
    for (const NetworkLink& l : n.links())
        ids.push_back(l.id.value);
    return ids;
}

} // namespace

TEST_CASE("network: a drawing written before links had ids gets them in link order and is written back as read",
          "[network]")
{
    // Each field as a file may write it: a rate as text, as a float, as an integer; a segment named "hub";
    // a switch without ports (as many as its links use).
    const json t = json::parse(R"({"vertices": [{"id": "sw0", "kind": "switch"}, {"id": "a", "kind": "host"},
        {"id": "b", "kind": "host", "forwards": false}, {"id": "c", "kind": "hub", "bandwidth": "10Mbit/s"}],
      "edges": [{"from": "a", "to": "sw0", "bandwidth": "1Gbit/s"},
                {"from": "b", "to": "sw0", "bandwidth": 125000000.0, "latency": 0},
                {"from": "c", "to": "sw0", "bandwidth": 125000000, "channels": 2, "duplex": true}]})");
    const Network n = readNetwork(t);
    CHECK(linkIds(n) == std::vector<std::uint32_t>{0, 1, 2});
    CHECK(n.nextLinkId() == LinkId{3});
    CHECK(n.links()[0].props.bandwidth == 1.25e8); // 1 Gbit/s = 1e9 / 8 B/s
    CHECK(n.vertices()[3].attributes.kind == VertexKind::Segment);
    // Written back byte for byte: no ids while they are 0, 1, 2 in order.
    CHECK(writeNetwork(n).dump() == t.dump());
    // The switch takes the ports its links use: 1 + 1 + 2 channels.
    CHECK(buildTopology(n).attributes(0).ports == 4);
}

TEST_CASE("network: links without an id are numbered after the largest given, and a repeated id is refused",
          "[network]")
{
    json t = star(3);
    t["edges"][1]["id"] = 7;
    CHECK(linkIds(readNetwork(t)) == std::vector<std::uint32_t>{8, 7, 9});
    t["edges"][2]["id"] = 7;
    CHECK_THROWS_WITH(readNetwork(t), "topology.edges[2].id: 7 is already used by edges[1]");
    t["edges"][2]["id"] = -1;
    CHECK_THROWS_WITH(readNetwork(t), "topology.edges[2].id: must be in [0, 4294967294], got -1");
    t["edges"][2]["id"] = 1.5;
    CHECK_THROWS_WITH(readNetwork(t), "topology.edges[2].id: must be a whole number, got 1.5");
}

TEST_CASE("network: link ids survive a removal, its undo and redo, and a save and reopen", "[network][edit]")
{
    DesignDocument doc = drawn(star(8));
    const std::string before = serializeDocument(doc);
    edit::Outcome o = edit::removeTopologyItems(doc, {"h2"}, {});
    REQUIRE(o.ok());
    // Host h2's link was link 2; the others keep theirs, link 3 now at index 2.
    CHECK(linkIds(doc.topology) == std::vector<std::uint32_t>{0, 1, 3, 4, 5, 6, 7});
    const std::string after = serializeDocument(doc);

    // Saved with their ids, read back with them.
    const json saved = json::parse(after);
    CHECK(saved["topology"]["edges"][2]["id"] == 3);
    const DesignDocument reopened = parseDocument(after);
    CHECK(linkIds(reopened.topology) == linkIds(doc.topology));
    CHECK(reopened.topology == doc.topology);
    // A new link takes the next id after the largest: 8, not the freed 2.
    DesignDocument more = reopened;
    REQUIRE(edit::addLink(more, "h0", "sw0", 1.25e8, 1).ok());
    CHECK(more.topology.links().back().id == LinkId{8});

    // Undo puts h2 and link 2 back in their places; redo takes them out again.
    const edit::UndoEntry step = edit::undoEntry(doc, std::move(o));
    edit::undo(doc, step);
    CHECK(linkIds(doc.topology) == std::vector<std::uint32_t>{0, 1, 2, 3, 4, 5, 6, 7});
    CHECK(serializeDocument(doc) == before);
    edit::redo(doc, step);
    CHECK(serializeDocument(doc) == after);
}

TEST_CASE("network: removing a host of a 1,000-host star names that host and its link, nothing else",
          "[network][edit]")
{
    DesignDocument doc = drawn(star(1000));
    const edit::Outcome o = edit::removeTopologyItems(doc, {"h500"}, {});
    REQUIRE(o.ok());
    const edit::Change& c = o.change;
    CHECK(c.verticesRemoved == std::vector<std::string>{"h500"});
    CHECK(c.linksRemoved == std::vector<LinkId>{LinkId{500}}); // link i joins host i
    CHECK(c.verticesAdded.empty());
    CHECK(c.linksAdded.empty());
    CHECK(c.verticesSet.empty());
    CHECK(c.linksSet.empty());
    CHECK_FALSE(c.wholeTopology());
    CHECK_FALSE(c.structure); // the drawn block keeps its ports
    // Undoing it adds back exactly those two.
    CHECK(c.inverse().verticesAdded == c.verticesRemoved);
    CHECK(c.inverse().linksAdded == c.linksRemoved);
    CHECK(c.inverse().verticesRemoved.empty());
    // Its position went with it.
    CHECK_FALSE(doc.layout["vertices"].contains("h500"));
}

TEST_CASE("network: an edit's undo step holds the items it touched, whatever the drawing's size", "[network][edit]")
{
    // The same edits on a star of 1,000 and of 10,000 hosts: a host removed (the host, its link and its
    // position), three links' rate set (three links before and after). Their undo steps are the same size,
    // well under a kilobyte: neither holds the network nor the layout.
    std::vector<std::size_t> sizes;
    for (int n : {1000, 10000}) {
        DesignDocument doc = drawn(star(n));
        edit::Outcome removal = edit::removeTopologyItems(doc, {"h7"}, {});
        REQUIRE(removal.ok());
        CHECK(removal.before.parts == 0); // no part kept whole: the design is built anew from the network
        const edit::UndoEntry removed = edit::undoEntry(doc, std::move(removal));
        edit::Outcome set = edit::setLinkProperty(doc, {LinkId{1}, LinkId{2}, LinkId{3}}, "bandwidth", 1.25e9);
        REQUIRE(set.ok());
        const edit::UndoEntry rate = edit::undoEntry(doc, std::move(set));
        sizes.push_back(removed.bytes());
        sizes.push_back(rate.bytes());
        CHECK(removed.bytes() < 1024);
        CHECK(rate.bytes() < 2048);
        // Both undone, the network is the one drawn.
        edit::undo(doc, rate);
        edit::undo(doc, removed);
        CHECK(doc.topology == readNetwork(star(n)));
    }
    CHECK(sizes[0] == sizes[2]);
    CHECK(sizes[1] == sizes[3]);
}

TEST_CASE("network: a copied piece pastes with fresh ids and new link ids", "[network][edit]")
{
    DesignDocument doc = drawn(star(3));
    const Network piece = topoedit::extract(doc.topology, {"sw0", "h1"});
    REQUIRE(piece.vertices().size() == 2);
    REQUIRE(piece.links().size() == 1); // h1 - sw0; the others have an end outside
    const auto ids = topoedit::pastedIds(doc.topology, piece);
    CHECK(ids == std::vector<std::pair<std::string, std::string>>{{"sw0", "sw1"}, {"h1", "h3"}});
    const edit::Outcome o = edit::pasteTopology(doc, piece);
    REQUIRE(o.ok());
    CHECK(o.change.verticesAdded == std::vector<std::string>{"sw1", "h3"});
    CHECK(o.change.linksAdded == std::vector<LinkId>{LinkId{3}});
    CHECK(doc.topology.vertices()[doc.topology.links().back().from].id == "h3");
    CHECK(doc.topology.vertices()[doc.topology.links().back().to].id == "sw1");
}

TEST_CASE("network: a patch undone step by step gives the network back", "[network]")
{
    Network n = readNetwork(star(6));
    const Network start = n;
    NetworkPatch p;
    topoedit::remove(n, p, {"h1", "h4"}, {LinkId{5}});
    const std::string added = topoedit::addVertex(n, p, VertexKind::Segment);
    topoedit::addLink(n, p, *n.vertexIndex(added), 0, 1e6, 2);
    NetworkLink faster = n.links()[0];
    faster.props.bandwidth = 2.5e8;
    p.replaceLink(n, 0, faster);
    p.setJob(n, json{{"placement", "spread"}});
    const Network end = n;
    CHECK(n.vertices().size() == 6); // 7 - 2 + 1
    CHECK(linkIds(n) == std::vector<std::uint32_t>{0, 2, 3, 6});
    p.undo(n);
    CHECK(n == start);
    p.redo(n);
    CHECK(n == end);
}

TEST_CASE("network: a host's cores is kept as written, set by an edit, undone, and refused out of range",
          "[network][edit][cores]")
{
    // Stated on one host, left out (not stated) on the other: written back as read.
    json t = star(2);
    t["vertices"][1]["cores"] = 16;
    const Network n = readNetwork(t);
    CHECK(n.vertices()[1].attributes.cores == 16);
    CHECK(n.vertices()[2].attributes.cores == 0);
    CHECK(writeNetwork(n).dump() == t.dump());
    CHECK(buildTopology(n).attributes(1).cores == 16);
    CHECK_THROWS_WITH(readNetwork(json::parse(R"({"vertices": [{"id": "h", "kind": "host", "cores": 2.5}]})")),
                      "topology.vertices[0].cores: must be a whole number, got 2.5");
    CHECK_THROWS_AS(readNetwork(json::parse(R"({"vertices": [{"id": "h", "kind": "host", "cores": -1}]})")),
                    ModelError);

    // Set on h1 by the editing layer, the graph built with it; its undo gives the file back.
    DesignDocument doc = drawn(t);
    const std::string before = serializeDocument(doc);
    edit::Outcome o = edit::setVertexProperty(doc, {"h1"}, "cores", 8);
    REQUIRE(o.ok());
    CHECK(json::parse(serializeDocument(doc))["topology"]["vertices"][2]["cores"] == 8);
    CHECK(buildTopology(doc.topology).attributes(2).cores == 8);
    const edit::UndoEntry step = edit::undoEntry(doc, std::move(o));
    edit::undo(doc, step);
    CHECK(serializeDocument(doc) == before);
    CHECK_FALSE(json::parse(before)["topology"]["vertices"][2].contains("cores"));
    CHECK_FALSE(edit::setVertexProperty(doc, {"h1"}, "cores", 1e6).ok());
}
