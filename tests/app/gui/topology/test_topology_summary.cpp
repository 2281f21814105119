// A network too large to draw item by item is drawn as a summary: one box
// per kind with its count, the links between kinds; no item per vertex.
#include "TopologyTestUtil.h"

#include "app/gui/Selection.h"
#include "app/gui/topology/MetricsPanel.h"
#include "app/gui/topology/TopologySummary.h"
#include "app/gui/topology/VertexItem.h"
#include "model/core/Plan.h"
#include "model/topology/io/TopologyJson.h"

#include <QGraphicsScene>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;
using nlohmann::json;

TEST_CASE("a star of 300,000 hosts is drawn as aggregates, not 300,000 items", "[gui][topology][hostile]")
{
    DocumentModel model;
    Selection selection;
    TopologyEditor editor(&model, &selection);
    editor.resize(900, 600);
    editor.show();
    REQUIRE(QTest::qWaitForWindowExposed(&editor));
    REQUIRE(model.setTopology("star", json{{"generator", "star"}, {"params", {{"n", 300000}}}}, {}).isEmpty());
    REQUIRE(model.topology());

    // Every host hangs off the one switch: no structure in the ids, so runs
    // in vertex order, more than 128 of them, so at most 64 (a run's name,
    // "h0 - h4687", is long: issue 48, defect 10): runs of ceil(300001 / 64)
    // = 4688 vertices, ceil(300001 / 4688) = 64 aggregates (4688 x 63 =
    // 295344 < 300001).
    REQUIRE(editor.aggregated());
    CHECK(editor.summary() == nullptr);
    CHECK(editor.aggregates().groups.size() == 64);
    std::size_t hosts = 0;
    for (const auto& g : editor.aggregates().groups)
        hosts += g.hosts;
    CHECK(hosts == 300000);
    CHECK(editor.vertexItem(0) == nullptr);
    std::size_t items = 0;
    for (QGraphicsItem* it : editor.view()->scene()->items())
        items += qgraphicsitem_cast<VertexItem*>(it) ? 1 : 0;
    CHECK(items == 0);
    CHECK((editor.message().contains("300,001 vertices") || editor.message().contains("300001 vertices")));
    // It paints, zooms and fits like any drawing.
    editor.zoomToFit();
    CHECK_FALSE(editor.view()->viewport()->grab().isNull());

    // Back to a small network: items again.
    REQUIRE(model.setTopology("star", json{{"generator", "star"}, {"params", {{"n", 8}}}}, {}).isEmpty());
    CHECK_FALSE(editor.aggregated());
    CHECK(editor.vertexItem(0) != nullptr);
}

TEST_CASE("a generated network whose metrics would run for more than about a minute is refused in words",
          "[gui][topology][hostile]")
{
    DocumentModel model;
    MetricsPanel panel(&model);
    REQUIRE(model.setTopology("star", json{{"generator", "star"}, {"params", {{"n", 8}}}}, {}).isEmpty());
    const Network before = model.doc().topology;
    // A 1448 x 1448 mesh: 2096704 hosts, 2 x 1447 x 1448 = 4190512 links;
    // its reflections leave C(724 + 1, 2) = 262450 orbit roots, each a search
    // of 2096704 + 2 x 4190512 steps: 2.74993e12, at 3.4e-9 s a step
    // (TopologyBudget.cpp) times 2.4 for searches past kCacheSize, 22439 s,
    // the rest a few seconds: 6.2 h > 60 s.
    const QString err = model.setTopology("mesh", json{{"generator", "mesh"}, {"params", {{"k", 1448}, {"dims", 2}}}}, {});
    CHECK(err.contains("generator mesh: the metrics of a topology of 2096704 hosts and 4190512 links would take "
                       "about 6.2 h (one BFS per root), more than the 60 s allowed"));
    CHECK(model.doc().topology == before);
    CHECK(panel.value("hosts") == "8");
}

TEST_CASE("the metrics panel does not start metrics that would run for more than about a minute",
          "[gui][topology][hostile]")
{
    // A drawn ring of 100000 forwarding hosts: no generator, so no
    // symmetry, and every host is a root: 100000 x (100000 + 2 x 100000) =
    // 3e10 steps, at 3.4e-9 s a step (TopologyBudget.cpp) times 2.4 for
    // searches of 300000 steps (past kCacheSize), 244.8 s, and 0.89 s more
    // (a cut search over 200000 vertices and links at 4.3e-6 s, 0.86 s; the
    // core links, flows, passes and building 0.03 s): 245.7 s > 60 s, in
    // minutes from 120 s on: 4.1 min.
    // The design takes the drawing (work is never refused) and says at
    // evaluation why it cannot use it; the panel does not start.
    json drawn{{"vertices", json::array()}, {"edges", json::array()}};
    for (int i = 0; i < 100000; ++i) {
        drawn["vertices"].push_back({{"id", "h" + std::to_string(i)}, {"kind", "host"}, {"forwards", true}});
        drawn["edges"].push_back({{"from", "h" + std::to_string(i)}, {"to", "h" + std::to_string((i + 1) % 100000)},
                                  {"bandwidth", 1e9}, {"latency", 1e-6}});
    }
    DocumentModel model;
    MetricsPanel panel(&model);
    const QString err = model.setTopology("drawn star", drawn, {});
    INFO(err.toStdString());
    REQUIRE(err.isEmpty());
    CHECK(panel.status().startsWith("Not computed here: the metrics of a topology of 100000 hosts"));
    CHECK(panel.value("hosts") == "100000");
    CHECK(panel.value("diameter") == QStringLiteral("\u2013"));
    const Plan plan = model.doc().design.compile();
    std::vector<double> values = plan.initialSlots();
    CHECK_THROWS_WITH(plan.runOrThrow(values.data()),
                      Catch::Contains("the drawn topology is too large to evaluate here: the metrics of a topology "
                                      "of 100000 hosts and 100000 links would take about 4.1 min"));
}

// The summary of a drawing counts its vertices by kind as the reader takes
// them: "hub" and "bus" are segments (TopologyJson.h), not hosts. It counted
// them as hosts before the kinds had one owner (vertexKindOf).
TEST_CASE("the summary of a drawing counts hubs and buses as segments, as the reader does", "[gui][topology]")
{
    const json drawing = json::parse(R"({
        "vertices": [{"id": "h0", "kind": "host"}, {"id": "h1", "kind": "host"}, {"id": "h2", "kind": "host"},
                     {"id": "hub0", "kind": "hub", "bandwidth": "10Mbit/s"},
                     {"id": "bus0", "kind": "bus", "bandwidth": "10Mbit/s"},
                     {"id": "sw0", "kind": "switch"}],
        "edges": [{"from": "h0", "to": "hub0", "bandwidth": "10Mbit/s"},
                  {"from": "h1", "to": "bus0", "bandwidth": "10Mbit/s"},
                  {"from": "hub0", "to": "sw0", "bandwidth": "10Mbit/s"},
                  {"from": "bus0", "to": "sw0", "bandwidth": "10Mbit/s"},
                  {"from": "h2", "to": "sw0", "bandwidth": "10Mbit/s"}]})");
    const TopologyCounts read = topologyFromJson(drawing).counts();
    REQUIRE(read.hosts == 3);    // h0, h1, h2
    REQUIRE(read.segments == 2); // hub0, bus0
    REQUIRE(read.switches == 1); // sw0

    const TopologySummary summary(topologyFromJson(drawing, "topology", TopologyCheck::Structure)); // as drawn
    CHECK(summary.count(VertexKind::Host) == read.hosts);
    CHECK(summary.count(VertexKind::Segment) == read.segments);
    CHECK(summary.count(VertexKind::Switch) == read.switches);
    CHECK(summary.totalLinks() == 5);
    CHECK(summary.text().contains("3 hosts"));
    CHECK(summary.text().contains("2 segments"));
}
