// The topology editor driven as a user would: palette drops and clicks,
// links drawn with the mouse, moves, rubber-band selection, delete, undo and
// redo. (What an edit does to the items drawn: test_topology_inplace.cpp.)
#include "EditorFixture.h"

#include "app/gui/Selection.h"
#include "app/gui/topology/PaletteButton.h"
#include "app/gui/topology/TopologyLayout.h"
#include "model/topology/generators/GeneratorRegistry.h"
#include "app/gui/topology/TopologyView.h"

#include <QDropEvent>
#include <QGraphicsScene>
#include <QMimeData>
#include <QSignalSpy>
#include <QUndoStack>
#include <catch2/catch.hpp>

using namespace cs::app::testutil; // and what EditorFixture.h names: cs, cs::app, json, Fixture

TEST_CASE("dragging a host from the palette onto the scene adds it, undo removes it", "[gui][topology]")
{
    Fixture f;
    auto* host = f.editor.findChild<PaletteButton*>("palette-host");
    REQUIRE(host);

    // Pressing on the palette entry and moving past the drag distance starts
    // a drag of a host (the offscreen platform has no drag loop, so the drop
    // is delivered below as the platform would deliver it).
    QSignalSpy started(host, &PaletteButton::dragStarted);
    QTest::mousePress(host, Qt::LeftButton, Qt::NoModifier, QPoint(10, 10));
    QTest::mouseMove(host, QPoint(40, 30));
    QTest::mouseRelease(host, Qt::LeftButton, Qt::NoModifier, QPoint(40, 30));
    REQUIRE(started.count() == 1);
    CHECK(started.front().front().value<VertexKind>() == VertexKind::Host);
    CHECK(f.model.doc().topology.isNone()); // a drag alone adds nothing

    const QPoint at(300, 250);
    const QPointF sceneAt = f.editor.view()->mapToScene(at);
    f.drop(VertexKind::Host, at);

    // One host, h0, at the drop point; one undo step. A lone host is not a
    // valid network yet, and the editor says why.
    REQUIRE(f.vertexCount() == 1);
    CHECK(writeNetwork(f.model.doc().topology)["vertices"][0] == json{{"id", "h0"}, {"kind", "host"}});
    REQUIRE(f.model.vertexPosition("h0"));
    CHECK(f.model.vertexPosition("h0")->x() == Approx(sceneAt.x()));
    CHECK(f.model.vertexPosition("h0")->y() == Approx(sceneAt.y()));
    REQUIRE(f.editor.vertexItem("h0"));
    CHECK(f.editor.vertexItem("h0")->pos() == *f.model.vertexPosition("h0"));
    CHECK(f.model.undoStack()->count() == 1);
    CHECK_FALSE(f.model.topology() != nullptr);
    CHECK(f.model.topologyError().contains("host 'h0' is disconnected"));
    CHECK(f.editor.message().contains("Not a valid network yet"));

    f.model.undoStack()->undo();
    CHECK(f.model.doc().topology.isNone());
    CHECK(f.editor.vertexItem("h0") == nullptr);
    CHECK(drawnItems(f.editor) == 0);
    f.model.undoStack()->redo();
    CHECK(f.vertexCount() == 1);
    REQUIRE(f.editor.vertexItem("h0"));
    CHECK(f.editor.vertexItem("h0")->pos() == *f.model.vertexPosition("h0"));

    // A payload the editor does not know is refused.
    QMimeData other;
    other.setText("host");
    QDragEnterEvent enter(at, Qt::CopyAction, &other, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(f.viewport(), &enter);
    CHECK_FALSE(enter.isAccepted());

    // Click-to-add: a click on the switch entry adds sw0 in the view, on a
    // free spot; segments get the default shared 100 Mbit/s.
    QTest::mouseClick(f.editor.findChild<PaletteButton*>("palette-switch"), Qt::LeftButton);
    QTest::mouseClick(f.editor.findChild<PaletteButton*>("palette-segment"), Qt::LeftButton);
    REQUIRE(f.vertexCount() == 3);
    CHECK(writeNetwork(f.model.doc().topology)["vertices"][1] == json{{"id", "sw0"}, {"kind", "switch"}});
    CHECK(writeNetwork(f.model.doc().topology)["vertices"][2]["id"] == "seg0");
    CHECK(writeNetwork(f.model.doc().topology)["vertices"][2]["bandwidth"] == 1.25e7); // 100 Mbit/s = 1.25e7 B/s
    REQUIRE(f.editor.vertexItem("sw0"));
    REQUIRE(f.editor.vertexItem("seg0"));
    CHECK(f.editor.vertexItem("sw0")->pos() != f.editor.vertexItem("seg0")->pos());
    CHECK(f.model.undoStack()->count() == 3);
}

TEST_CASE("connecting a link between two items by mouse adds an edge", "[gui][topology]")
{
    Fixture f;
    f.drop(VertexKind::Host, QPoint(250, 400));
    f.drop(VertexKind::Switch, QPoint(500, 200));
    f.drop(VertexKind::Host, QPoint(750, 400));
    REQUIRE(f.vertexCount() == 3);
    const int before = f.model.undoStack()->count();

    // Shift-drag from h0 to sw0 draws a link with the toolbar's defaults
    // (1 Gbit/s = 1.25e8 B/s, one channel).
    f.dragMouse(viewPos(f.editor, "h0"), viewPos(f.editor, "sw0"), Qt::ShiftModifier);
    REQUIRE(writeNetwork(f.model.doc().topology)["edges"].size() == 1);
    CHECK(writeNetwork(f.model.doc().topology)["edges"][0] ==
          json{{"from", "h0"}, {"to", "sw0"}, {"bandwidth", 1.25e8}, {"channels", 1}});
    CHECK(f.model.undoStack()->count() == before + 1);
    REQUIRE(f.editor.linkItem(0));
    CHECK(f.editor.linkItem(0)->labelText() == "1 Gbit/s");
    CHECK_FALSE(f.model.topology() != nullptr); // h1 is still alone

    // Link mode with bonded defaults: right-drag and the link tool both draw;
    // the link shows its bandwidth and channel count.
    f.editor.setNewLinkDefaults(1.25e7, 2);
    f.editor.setLinkMode(true);
    f.dragMouse(viewPos(f.editor, "h1"), viewPos(f.editor, "sw0"));
    f.editor.setLinkMode(false);
    REQUIRE(writeNetwork(f.model.doc().topology)["edges"].size() == 2);
    CHECK(writeNetwork(f.model.doc().topology)["edges"][1] ==
          json{{"from", "h1"}, {"to", "sw0"}, {"bandwidth", 1.25e7}, {"channels", 2}});
    // In the drawing's one unit: the largest rate, 1 Gbit/s, makes it Gbit/s,
    // so 1.25e7 B/s = 1e8 bit/s reads 0.1 Gbit/s.
    CHECK(f.editor.linkItem(1)->labelText() == QString::fromUtf8("0.1 Gbit/s \u00d72"));
    // Now a valid network: two hosts on a switch with 1 + 2 = 3 ports used.
    REQUIRE(f.model.topology() != nullptr);
    CHECK(f.model.topology()->counts().links == 2);
    CHECK(f.model.topology()->attributes(*f.model.topology()->find("sw0")).ports == 3);
    CHECK(f.editor.message().isEmpty());

    // Escape drops a link being drawn.
    {
        const QPoint from = viewPos(f.editor, "h0"), to = viewPos(f.editor, "h1");
        QTest::mousePress(f.viewport(), Qt::LeftButton, Qt::ShiftModifier, from);
        QTest::mouseMove(f.viewport(), (from + to) / 2);
        QTest::mouseMove(f.viewport(), to);
        QTest::keyClick(f.editor.view(), Qt::Key_Escape);
        QTest::mouseRelease(f.viewport(), Qt::LeftButton, Qt::ShiftModifier, to);
        CHECK(writeNetwork(f.model.doc().topology)["edges"].size() == 2);
    }

    // Dragging onto empty space or onto the same item adds nothing.
    const auto edges = writeNetwork(f.model.doc().topology)["edges"];
    f.dragMouse(viewPos(f.editor, "h0"), QPoint(900, 650), Qt::ShiftModifier);
    f.dragMouse(viewPos(f.editor, "h0"), viewPos(f.editor, "h0") + QPoint(3, 0), Qt::NoModifier, Qt::RightButton);
    CHECK(writeNetwork(f.model.doc().topology)["edges"] == edges);

    // In select mode a plain drag from h0 moves it instead of linking.
    const QPointF h0 = f.editor.vertexItem("h0")->pos();
    f.dragMouse(viewPos(f.editor, "h0"), viewPos(f.editor, "h0") + QPoint(0, 60));
    CHECK(writeNetwork(f.model.doc().topology)["edges"] == edges);
    CHECK(f.editor.vertexItem("h0")->pos() != h0);

    // Undo takes back the move, then the bonded link.
    f.model.undoStack()->undo();
    f.model.undoStack()->undo();
    CHECK(writeNetwork(f.model.doc().topology)["edges"].size() == 1);
    CHECK_FALSE(f.model.topology() != nullptr);
    CHECK(f.editor.linkItem(1) == nullptr);
}

TEST_CASE("moving items records one undo step, undo and redo restore positions", "[gui][topology]")
{
    Fixture f;
    placeStar(f.model, 4);
    f.editor.zoomToFit();
    REQUIRE(f.editor.vertexItem("sw0"));
    const QPointF start = f.editor.vertexItem("sw0")->pos();
    CHECK(start == QPointF(0, 0));
    const int depth = f.model.undoStack()->count();

    const QPoint from = viewPos(f.editor, "sw0");
    f.dragMouse(from, from + QPoint(80, -40));
    const QPointF moved = f.editor.vertexItem("sw0")->pos();
    CHECK(moved != start);
    REQUIRE(f.model.vertexPosition("sw0"));
    CHECK(*f.model.vertexPosition("sw0") == moved);
    CHECK(f.model.undoStack()->count() == depth + 1);
    // Its links follow it.
    for (LinkItem* l : f.editor.vertexItem("sw0")->links())
        CHECK((l->from()->pos() == moved || l->to()->pos() == moved));

    f.model.undoStack()->undo();
    CHECK(*f.model.vertexPosition("sw0") == start);
    CHECK(f.editor.vertexItem("sw0")->pos() == start);
    f.model.undoStack()->redo();
    CHECK(f.editor.vertexItem("sw0")->pos() == moved);

    // Rubber band over h0 and h1, then drag one: both move, one undo step.
    f.editor.scene()->clearSelection();
    const QPoint h0 = viewPos(f.editor, "h0"), h1 = viewPos(f.editor, "h1");
    f.dragMouse(QPoint(h0.x() - 30, h0.y() - 30), QPoint(h1.x() + 30, h1.y() + 40));
    REQUIRE(f.editor.scene()->selectedItems().size() >= 2);
    CHECK(f.editor.vertexItem("h0")->isSelected());
    CHECK(f.editor.vertexItem("h1")->isSelected());
    CHECK_FALSE(f.editor.vertexItem("h2")->isSelected());
    const QPointF p0 = f.editor.vertexItem("h0")->pos(), p1 = f.editor.vertexItem("h1")->pos();
    const int d2 = f.model.undoStack()->count();
    f.dragMouse(h0, h0 + QPoint(0, 50));
    CHECK(f.model.undoStack()->count() == d2 + 1);
    CHECK(f.model.undoStack()->undoText() == "Move 2 items");
    const QPointF dp = f.editor.vertexItem("h0")->pos() - p0;
    CHECK(dp.y() > 0);
    CHECK(f.editor.vertexItem("h1")->pos() - p1 == dp);
    f.model.undoStack()->undo();
    CHECK(f.editor.vertexItem("h0")->pos() == p0);
    CHECK(f.editor.vertexItem("h1")->pos() == p1);
}

TEST_CASE("selecting sets the shared selection, delete and undo", "[gui][topology]")
{
    Fixture f;
    placeStar(f.model, 4);
    f.editor.zoomToFit();

    // Clicking a host selects Vertex h2.
    QTest::mouseClick(f.viewport(), Qt::LeftButton, Qt::NoModifier, viewPos(f.editor, "h2"));
    CHECK(f.selection.kind() == Selection::Kind::Vertex);
    CHECK(f.selection.key() == "h2");
    // Another view selecting a vertex selects its item here.
    f.selection.select(Selection::Kind::Vertex, "h1");
    CHECK(f.editor.vertexItem("h1")->isSelected());
    CHECK_FALSE(f.editor.vertexItem("h2")->isSelected());

    // Delete h1 (the Delete key in the view): its link goes with it; still
    // a valid star of 3.
    QTest::keyClick(f.editor.view(), Qt::Key_Delete);
    REQUIRE(f.model.topology() != nullptr);
    CHECK(f.model.topology()->counts().hosts == 3);
    CHECK(f.model.topology()->counts().links == 3);
    CHECK(f.editor.vertexItem("h1") == nullptr);
    f.model.undoStack()->undo();
    REQUIRE(f.model.topology() != nullptr);
    CHECK(f.model.topology()->counts().hosts == 4);
    CHECK(f.model.topology()->counts().links == 4);
    REQUIRE(f.editor.vertexItem("h1"));
    CHECK(f.editor.vertexItem("h1")->pos() == QPointF(-50, 150)); // placeStar: -150 + 100 x 1

    // Clicking the middle of link 3 (h3 - sw0) selects Link "3"; deleting it
    // leaves h3 alone, which the model reports; undo restores the link.
    LinkItem* l3 = f.editor.linkItem(3);
    REQUIRE(l3);
    f.editor.scene()->clearSelection();
    const QPointF mid = (l3->from()->pos() + l3->to()->pos()) / 2;
    QTest::mouseClick(f.viewport(), Qt::LeftButton, Qt::NoModifier, viewPos(f.editor, mid));
    CHECK(f.selection.kind() == Selection::Kind::Link);
    CHECK(f.selection.key() == "3");
    f.editor.deleteSelected();
    CHECK_FALSE(f.model.topology() != nullptr);
    CHECK(f.model.topologyError().contains("host 'h3' is disconnected"));
    CHECK(writeNetwork(f.model.doc().topology)["edges"].size() == 3);
    CHECK(f.editor.vertexItem("h3") != nullptr); // still drawn
    f.model.undoStack()->undo();
    REQUIRE(f.model.topology() != nullptr);
    CHECK(f.model.topology()->counts().links == 4);

    // Rubber band over everything, delete, one undo step brings it all back.
    const QRect all = f.viewport()->rect().adjusted(2, 2, -2, -2);
    f.dragMouse(all.topLeft(), all.bottomRight());
    CHECK(f.editor.scene()->selectedItems().size() == 9); // 5 vertices + 4 links
    const int depth = f.model.undoStack()->index();
    f.editor.deleteSelected();
    CHECK(writeNetwork(f.model.doc().topology)["vertices"].empty());
    CHECK(drawnItems(f.editor) == 0);
    CHECK(f.model.undoStack()->index() == depth + 1);
    CHECK(f.model.undoStack()->undoText() == "Delete 9 items");
    f.model.undoStack()->undo();
    REQUIRE(f.model.topology() != nullptr);
    CHECK(f.model.topology()->counts().hosts == 4);
}

TEST_CASE("a refused edit changes nothing and shows the model's reason", "[gui][topology]")
{
    Fixture f;
    // A star generated with exactly n x channels = 4 ports: a fifth link to
    // sw0 does not fit.
    placeStar(f.model, 4);
    std::string id;
    CHECK(f.editor.addVertex(VertexKind::Host, {300, 150}, &id).isEmpty());
    CHECK(id == "h4");
    const Network before = f.model.doc().topology;
    const int depth = f.model.undoStack()->count();
    const QString why = f.editor.addLink(f.editor.vertexItem("h4")->index(), f.editor.vertexItem("sw0")->index());
    CHECK(why.contains("switch 'sw0' uses 5 ports"));
    CHECK(f.model.undoStack()->count() == depth);
    CHECK(f.model.doc().topology == before);
    CHECK(f.editor.message() == why);
}

TEST_CASE("a large topology is drawn as a batched overview when zoomed far out", "[gui][topology]")
{
    Fixture f;
    // A 54 x 54 torus: 2916 hosts (under the 3000 vertices above which the
    // editor draws aggregates) and 2 x 2916 = 5832 links, 54 x 64 = 3456 px
    // wide: fitted into a 1000 px view it is zoomed below 0.3 (1000 / 3456 = 0.29).
    const ViewGraph g = ViewGraph::fromTopology(generate("torus", {{"k", 54}, {"dims", 2}}));
    const std::vector<QPointF> pos = autoLayout(g);
    std::map<std::string, QPointF> positions;
    for (std::size_t i = 0; i < g.vertices.size(); ++i)
        positions.emplace(g.vertices[i].id, pos[i]);
    REQUIRE(f.model.setTopology("torus", json{{"generator", "torus"}, {"params", {{"k", 54}, {"dims", 2}}}}, positions)
                .isEmpty());
    f.editor.zoomToFit();
    CHECK(f.editor.view()->transform().m11() < 0.3);
    CHECK(f.editor.overviewShown());
    CHECK_FALSE(f.editor.linkItem(0)->isVisible());
    REQUIRE_FALSE(f.editor.aggregated());
    CHECK(drawnItems(f.editor) == 2916 + 5832);

    // Dragging a host still works there, as one undo step.
    const QPoint at = viewPos(f.editor, "h30_30");
    const QPointF before = f.editor.vertexItem("h30_30")->pos();
    f.dragMouse(at, at + QPoint(20, 10));
    CHECK(f.editor.vertexItem("h30_30")->pos() != before);
    CHECK(*f.model.vertexPosition("h30_30") == f.editor.vertexItem("h30_30")->pos());
    CHECK(f.model.undoStack()->undoText() == "Move item");

    // Zooming in brings back the link items.
    for (int i = 0; i < 12 && f.editor.view()->transform().m11() < 0.3; ++i)
        f.editor.zoomIn();
    CHECK(f.editor.view()->transform().m11() >= 0.3);
    CHECK_FALSE(f.editor.overviewShown());
    CHECK(f.editor.linkItem(0)->isVisible());
    f.editor.zoomToFit();
    CHECK(f.editor.overviewShown());
}
