// The editing layer's operations one by one, each with what it changes,
// what it refuses and what its Change says; and the promise that an edit of
// the design never copies the measured samples (they are moved into the
// edit's working copy and back, and an undo step holds only the parts the
// edit replaced).
#include "model/document/DocumentEdits.h"
#include "model/document/DesignEdits.h"
#include "model/document/DocumentFormat.h"
#include "model/topology/io/TopologyJson.h"
#include "../presets/PresetSupport.h"

#include <catch2/catch.hpp>

#include <cmath>

using namespace cs;
using nlohmann::json;

namespace {

// A mem.copy result on one node with `n` samples of 1e8 B/s (the shape
// clusterscope-cli probe -o writes; docs/format.md, measured[]).
json memcopyResult(std::size_t n)
{
    json r = json::parse(R"({
      "probe": "mem.copy", "name": "Memory copy", "nodes": ["n1"], "status": "ok", "params": {},
      "started": "2026-01-01T11:00:00Z", "duration_s": 1.0, "calibrates": [],
      "summary": {"series": {"memcpy": {"n": 3, "median": 1e8, "ci_lo": 1e8, "ci_hi": 1e8, "unit": "B/s"}}},
      "parts": [{"node": "n1", "role": "self", "rank": 0, "status": "ok",
                 "summary": {"series": {"memcpy": {"n": 3, "median": 1e8, "ci_lo": 1e8, "ci_hi": 1e8,
                                                    "unit": "B/s"}}},
                 "samples": {"memcpy": []}}]})");
    json& samples = r["parts"][0]["samples"]["memcpy"];
    for (std::size_t i = 0; i < n; ++i)
        samples.push_back(1e8);
    return r;
}

// A drawing: 16 hosts on one 32-port switch (acc-fft's P = 8 fits).
json sixteenHosts()
{
    json t{{"vertices", json::array({{{"id", "sw0"}, {"kind", "switch"}, {"ports", 32}}})}, {"edges", json::array()}};
    for (int i = 0; i < 16; ++i) {
        const std::string id = "h" + std::to_string(i);
        t["vertices"].push_back({{"id", id}, {"kind", "host"}});
        t["edges"].push_back({{"from", id}, {"to", "sw0"}, {"bandwidth", 1.25e8}});
    }
    return t;
}

} // namespace

TEST_CASE("edits of the design move the measured samples, never copy them", "[document][edit][shared]")
{
    DesignDocument doc = test::presets::loadPreset("acc-fft");
    REQUIRE(edit::setMeasured(doc, json::array({memcopyResult(1000)})).ok());
    // The address of the first sample: a copy would put it elsewhere.
    const json* first = &doc.measured[0]["parts"][0]["samples"]["memcpy"][0];

    edit::Outcome o = edit::setValue(doc, "P", 4);
    REQUIRE(o.ok());
    CHECK(&doc.measured[0]["parts"][0]["samples"]["memcpy"][0] == first);
    // The undo step holds the design as it was, not the results.
    CHECK(o.before.parts == (edit::kDesign));
    CHECK(o.before.doc.measured.is_null());
    CHECK(o.before.doc.design.findDesignParam("P")->value.value == 8); // acc-fft's P (presets/acc-fft.json)

    // A refused edit gives them back where they were.
    o = edit::setValue(doc, "P", -1);
    REQUIRE_FALSE(o.ok());
    CHECK(&doc.measured[0]["parts"][0]["samples"]["memcpy"][0] == first);

    // A topology edit and a move neither.
    REQUIRE(edit::setTopology(doc, readNetwork(sixteenHosts())).ok());
    REQUIRE(edit::moveVertices(doc, {{"h0", {1, 2}}}).ok());
    CHECK(&doc.measured[0]["parts"][0]["samples"]["memcpy"][0] == first);
    CHECK(doc.measured[0]["parts"][0]["samples"]["memcpy"].size() == 1000);

    // Undo (restore) of a design edit leaves them alone too.
    o = edit::setValue(doc, "P", 2);
    REQUIRE(o.ok());
    edit::restore(doc, o.before);
    CHECK(doc.design.findDesignParam("P")->value.value == 4);
    CHECK(&doc.measured[0]["parts"][0]["samples"]["memcpy"][0] == first);
}

TEST_CASE("results sections are set whole and checked by shape", "[document][edit]")
{
    DesignDocument doc = test::presets::loadPreset("acc-fft");
    const std::string start = serializeDocument(doc);

    // A measured entry without its probe is refused with its path.
    json bad = memcopyResult(2);
    bad.erase("probe");
    edit::Outcome o = edit::setMeasured(doc, json::array({bad}));
    REQUIRE_FALSE(o.ok());
    CHECK(o.problems[0].path.rfind("measured[0]", 0) == 0);
    CHECK(serializeDocument(doc) == start);

    o = edit::setMeasured(doc, json::array({memcopyResult(2)}));
    REQUIRE(o.ok());
    CHECK(o.change.parts == edit::kResults);
    CHECK_FALSE(o.change.structure);
    CHECK(o.before.doc.measured == json::array()); // acc-fft has none

    // Nodes: a name, and a transport the format knows.
    o = edit::setNodes(doc, json::array({{{"name", "n1"}, {"transport", "local"}}}));
    REQUIRE(o.ok());
    CHECK(doc.nodes.size() == 1);
    o = edit::setNodes(doc, json::array({42}));
    REQUIRE_FALSE(o.ok());
    CHECK(o.problems[0].path.rfind("nodes[0]", 0) == 0);
    CHECK(doc.nodes.size() == 1);

    // Imported series: x and y of one length.
    o = edit::setImported(doc, json::array({{{"name", "s"}, {"x", {1, 2}}, {"y", {1}}}}));
    REQUIRE_FALSE(o.ok());
    CHECK(o.problems[0].path.rfind("imported[0]", 0) == 0);

    // Several sections at once, one change of the results.
    o = edit::op::setMeasured(json::array()).then(edit::op::setNodes(json::array()))(doc);
    REQUIRE(o.ok());
    CHECK(doc.measured.empty());
    CHECK(doc.nodes.empty());
    CHECK(o.change.parts == edit::kResults);
}

TEST_CASE("topology operations: add, link, set properties of several, remove with their positions",
          "[document][edit][topology]")
{
    DesignDocument doc = test::presets::loadPreset("acc-fft");
    edit::Outcome whole = edit::setTopology(doc, readNetwork(sixteenHosts()));
    REQUIRE(whole.ok());
    CHECK(whole.change.wholeTopology()); // a view reads the network anew

    // Two edits as one: the items of both, by id; one added by the first and removed by the second is neither.
    whole = edit::andThen(doc, edit::setLinkProperty(doc, {LinkId{0}}, "latency", 1e-6),
                          [&] { return edit::setVertexProperty(doc, {"h0"}, "forwards", false); });
    REQUIRE(whole.ok());
    CHECK(whole.change.linksSet == std::vector<LinkId>{LinkId{0}});
    CHECK(whole.change.verticesSet == std::vector<std::string>{"h0"});
    whole = edit::andThen(doc, edit::addVertex(doc, "extra", VertexKind::Host),
                          [&] { return edit::removeTopologyItems(doc, {"extra"}, {}); });
    REQUIRE(whole.ok());
    CHECK(whole.change.wholeTopology());

    // A host named by the layer (the first free "h") and one named by the caller.
    edit::Outcome o = edit::addVertex(doc, "", VertexKind::Host);
    REQUIRE(o.ok());
    CHECK(o.change.verticesAdded == std::vector<std::string>{"h16"});
    CHECK(o.change.verticesSet.empty());
    CHECK(o.change.linksSet.empty());
    CHECK_FALSE(o.change.wholeTopology());
    // A drawing's block keeps its ports: the canvases keep their items.
    CHECK_FALSE(o.change.structure);
    CHECK(edit::addVertex(doc, "h16", VertexKind::Host).problems.at(0).kind == ProblemKind::Duplicate);
    CHECK(edit::addVertex(doc, "bad id", VertexKind::Host).problems.at(0).kind == ProblemKind::BadName);

    o = edit::addLink(doc, "h16", "sw0", 1.25e7, 2);
    REQUIRE(o.ok());
    CHECK(o.change.linksAdded == std::vector<LinkId>{LinkId{16}});
    CHECK(doc.topology.links()[16].props.channels == 2);
    CHECK(edit::addLink(doc, "h16", "nowhere", 1.25e8, 1).problems.at(0).kind == ProblemKind::NotFound);

    // Three links at once, one edit; a link that is not there is refused and nothing changes.
    o = edit::setLinkProperty(doc, {LinkId{0}, LinkId{1}, LinkId{16}}, "bandwidth", 1.25e9);
    REQUIRE(o.ok());
    for (int e : {0, 1, 16})
        CHECK(doc.topology.links()[e].props.bandwidth == 1.25e9);
    CHECK(o.change.linksSet == std::vector<LinkId>{LinkId{0}, LinkId{1}, LinkId{16}});
    CHECK(o.change.linksAdded.empty());
    o = edit::setLinkProperty(doc, {LinkId{0}, LinkId{70}}, "bandwidth", 1.0);
    REQUIRE_FALSE(o.ok());
    CHECK(doc.topology.links()[0].props.bandwidth == 1.25e9);
    o = edit::setVertexProperty(doc, {"h0", "h1"}, "forwards", true);
    REQUIRE(o.ok());
    CHECK(doc.topology.vertices()[1].attributes.forwards); // h0 (sw0 is first)
    CHECK(doc.topology.vertices()[2].attributes.forwards);
    CHECK(edit::setVertexProperty(doc, {"h0"}, "id", "x").problems.at(0).kind == ProblemKind::BadValue);

    // Positions: moved one by one, or placed all anew.
    REQUIRE(edit::moveVertices(doc, {{"h16", {5, 6}}, {"sw0", {0, 0}}}).ok());
    CHECK(doc.layout["vertices"]["h16"] == json::array({5, 6}));
    CHECK(edit::moveVertices(doc, {{"h16", {std::nan(""), 0}}}).problems.at(0).kind == ProblemKind::BadValue);

    // Removing h16 takes its link and its position; the undo step has all three back.
    const std::string beforeRemove = serializeDocument(doc);
    o = edit::removeTopologyItems(doc, {"h16"}, {});
    REQUIRE(o.ok());
    CHECK(doc.topology.links().size() == 16);
    CHECK_FALSE(doc.layout["vertices"].contains("h16"));
    CHECK(o.patch.layout.size() == 1); // the position, as a step of the layout
    // The link that went with h16 is named, by its id; undoing adds both back.
    CHECK(o.change.verticesRemoved == std::vector<std::string>{"h16"});
    CHECK(o.change.linksRemoved == std::vector<LinkId>{LinkId{16}});
    CHECK(o.change.inverse().verticesAdded == o.change.verticesRemoved);
    CHECK(o.change.inverse().linksAdded == o.change.linksRemoved);
    CHECK(o.change.inverse().verticesRemoved.empty());
    edit::undo(doc, edit::undoEntry(doc, std::move(o)));
    CHECK(serializeDocument(doc) == beforeRemove);
    CHECK(edit::removeTopologyItems(doc, {}, {LinkId{90}}).problems.at(0).kind == ProblemKind::NotFound);

    o = edit::placeVertices(doc, {{"h0", {1, 1}}});
    REQUIRE(o.ok());
    CHECK(doc.layout["vertices"].size() == 1); // every other position went
}

TEST_CASE("andThen: two operations as one, the first put back when the second is refused", "[document][edit]")
{
    DesignDocument doc = test::presets::loadPreset("acc-fft");
    const std::string start = serializeDocument(doc);
    edit::Outcome o = edit::andThen(doc, edit::setValue(doc, "P", 4), [&] { return edit::setValue(doc, "P", -1); });
    REQUIRE_FALSE(o.ok());
    CHECK(serializeDocument(doc) == start);

    o = edit::andThen(doc, edit::setValue(doc, "P", 4), [&] { return edit::moveBlocks(doc, {{"inic", {3, 4}}}); });
    REQUIRE(o.ok());
    CHECK(o.change.parts == (edit::kDesign | edit::kLayout));
    CHECK(o.change.values == std::vector<std::string>{"P"});
    CHECK(o.change.movedBlocks == std::vector<std::string>{"inic"});
    edit::undo(doc, edit::undoEntry(doc, std::move(o)));
    CHECK(serializeDocument(doc) == start);
}
