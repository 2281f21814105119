// A network too large to draw item by item is drawn as a summary: one box
// per kind with its count, the links between kinds; no item per vertex.
#include "TopologyTestUtil.h"

#include "app/gui/Selection.h"
#include "app/gui/topology/MetricsPanel.h"
#include "app/gui/topology/TopologySummary.h"
#include "app/gui/topology/VertexItem.h"

#include <QGraphicsScene>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;
using nlohmann::json;

TEST_CASE("a star of 300,000 hosts is drawn as a summary, not 300,000 items", "[gui][topology][hostile]")
{
    DocumentModel model;
    Selection selection;
    TopologyEditor editor(&model, &selection);
    editor.resize(900, 600);
    editor.show();
    REQUIRE(QTest::qWaitForWindowExposed(&editor));
    REQUIRE(model.setTopology("star", json{{"generator", "star"}, {"params", {{"n", 300000}}}}, {}).isEmpty());
    REQUIRE(model.topology());

    TopologySummary* s = editor.summary();
    REQUIRE(s);
    CHECK(s->count(VertexKind::Host) == 300000);
    CHECK(s->count(VertexKind::Switch) == 1);
    CHECK(s->links(VertexKind::Host, VertexKind::Switch) == 300000);
    CHECK(editor.vertexItem(0) == nullptr);
    std::size_t items = 0;
    for (QGraphicsItem* it : editor.view()->scene()->items())
        items += qgraphicsitem_cast<VertexItem*>(it) ? 1 : 0;
    CHECK(items == 0);
    CHECK((editor.message().contains("300,000 hosts") || editor.message().contains("300000 hosts")));
    // It paints, zooms and fits like any drawing.
    editor.zoomToFit();
    CHECK_FALSE(editor.view()->viewport()->grab().isNull());

    // Back to a small network: items again.
    REQUIRE(model.setTopology("star", json{{"generator", "star"}, {"params", {{"n", 8}}}}, {}).isEmpty());
    CHECK(editor.summary() == nullptr);
    CHECK(editor.vertexItem(0) != nullptr);
}

TEST_CASE("the metrics panel does not start metrics that would run for more than about a minute",
          "[gui][topology][hostile]")
{
    DocumentModel model;
    MetricsPanel panel(&model);
    REQUIRE(model.setTopology("cube", json{{"generator", "hypercube"}, {"params", {{"dims", 14}}}}, {}).isEmpty());
    CHECK(panel.status().startsWith("Not computed here: the metrics of a topology of 16384 hosts"));
    CHECK(panel.value("hosts") == "16384");
    CHECK(panel.value("diameter") == QStringLiteral("\u2013"));
}
