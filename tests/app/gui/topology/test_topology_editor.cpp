// The topology editor driven as a user would: palette drops and clicks,
// links drawn with the mouse, moves, rubber-band selection, delete, undo and
// redo.
#include "TopologyTestUtil.h"

#include "app/gui/Selection.h"
#include "app/gui/canvas/BlockCanvas.h"
#include "app/gui/canvas/BlockNode.h"
#include "app/gui/topology/PaletteButton.h"
#include "app/gui/topology/TopologyLayout.h"
#include "model/topology/generators/GeneratorRegistry.h"
#include "app/gui/topology/TopologyView.h"
#include "model/document/EditOps.h"

#include <QDropEvent>
#include <QGraphicsScene>
#include <QMimeData>
#include <QSignalSpy>
#include <QUndoStack>
#include <catch2/catch.hpp>

#include <memory>

using namespace cs;
using namespace cs::app;
using namespace cs::app::testutil;
using nlohmann::json;

namespace {

struct Fixture : ShownEditor {
    Fixture() : ShownEditor(1000, 700) {}
    QWidget* viewport() { return editor.view()->viewport(); }
    std::size_t vertexCount() const
    {
        const json& t = model.doc().topology;
        return t.is_object() && t.contains("vertices") ? t["vertices"].size() : 0;
    }
    // Drops a palette payload of `kind` at a view position: enter, move,
    // drop, as the platform's drag loop delivers them.
    void drop(VertexKind kind, QPoint at)
    {
        std::unique_ptr<QMimeData> mime(vertexMimeData(kind));
        QDragEnterEvent enter(at, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(viewport(), &enter);
        REQUIRE(enter.isAccepted());
        QDragMoveEvent move(at, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(viewport(), &move);
        REQUIRE(move.isAccepted());
        QDropEvent dropEv(at, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(viewport(), &dropEv);
        REQUIRE(dropEv.isAccepted());
    }
    void dragMouse(QPoint from, QPoint to, Qt::KeyboardModifiers mods = Qt::NoModifier,
                   Qt::MouseButton button = Qt::LeftButton)
    {
        QTest::mousePress(viewport(), button, mods, from);
        for (int i = 1; i <= 5; ++i)
            QTest::mouseMove(viewport(), from + (to - from) * i / 5);
        QTest::mouseRelease(viewport(), button, mods, to);
    }
};

// A star of n hosts placed through the model as the generator dialog does.
void placeStar(DocumentModel& m, int n)
{
    std::map<std::string, QPointF> pos{{"sw0", {0, 0}}};
    for (int i = 0; i < n; ++i)
        pos["h" + std::to_string(i)] = {-150.0 + 100.0 * i, 150.0};
    REQUIRE(m.setTopology("star", json{{"generator", "star"}, {"params", {{"n", n}}}}, pos).isEmpty());
}

} // namespace

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
    CHECK(f.model.doc().topology.is_null()); // a drag alone adds nothing

    const QPoint at(300, 250);
    const QPointF sceneAt = f.editor.view()->mapToScene(at);
    f.drop(VertexKind::Host, at);

    // One host, h0, at the drop point; one undo step. A lone host is not a
    // valid network yet, and the editor says why.
    REQUIRE(f.vertexCount() == 1);
    CHECK(f.model.doc().topology["vertices"][0] == json{{"id", "h0"}, {"kind", "host"}});
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
    CHECK(f.model.doc().topology.is_null());
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
    CHECK(f.model.doc().topology["vertices"][1] == json{{"id", "sw0"}, {"kind", "switch"}});
    CHECK(f.model.doc().topology["vertices"][2]["id"] == "seg0");
    CHECK(f.model.doc().topology["vertices"][2]["bandwidth"] == 1.25e7); // 100 Mbit/s = 1.25e7 B/s
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
    REQUIRE(f.model.doc().topology["edges"].size() == 1);
    CHECK(f.model.doc().topology["edges"][0] ==
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
    REQUIRE(f.model.doc().topology["edges"].size() == 2);
    CHECK(f.model.doc().topology["edges"][1] ==
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
        CHECK(f.model.doc().topology["edges"].size() == 2);
    }

    // Dragging onto empty space or onto the same item adds nothing.
    const auto edges = f.model.doc().topology["edges"];
    f.dragMouse(viewPos(f.editor, "h0"), QPoint(900, 650), Qt::ShiftModifier);
    f.dragMouse(viewPos(f.editor, "h0"), viewPos(f.editor, "h0") + QPoint(3, 0), Qt::NoModifier, Qt::RightButton);
    CHECK(f.model.doc().topology["edges"] == edges);

    // In select mode a plain drag from h0 moves it instead of linking.
    const QPointF h0 = f.editor.vertexItem("h0")->pos();
    f.dragMouse(viewPos(f.editor, "h0"), viewPos(f.editor, "h0") + QPoint(0, 60));
    CHECK(f.model.doc().topology["edges"] == edges);
    CHECK(f.editor.vertexItem("h0")->pos() != h0);

    // Undo takes back the move, then the bonded link.
    f.model.undoStack()->undo();
    f.model.undoStack()->undo();
    CHECK(f.model.doc().topology["edges"].size() == 1);
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
    CHECK(f.model.doc().topology["edges"].size() == 3);
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
    CHECK(f.model.doc().topology["vertices"].empty());
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
    const json before = f.model.doc().topology;
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

TEST_CASE("the topology editor keeps its items when an unrelated design value changes", "[gui][topology][inplace]")
{
    Fixture f;
    f.model.loadPreset("acc-fft");
    REQUIRE(f.model.topology() != nullptr);
    // The 16-host star of 000 §5: 17 vertices, 16 links.
    std::vector<VertexItem*> vertices;
    for (int i = 0; f.editor.vertexItem(i); ++i)
        vertices.push_back(f.editor.vertexItem(i));
    std::vector<LinkItem*> links;
    for (int i = 0; f.editor.linkItem(i); ++i)
        links.push_back(f.editor.linkItem(i));
    REQUIRE(vertices.size() == 17);
    REQUIRE(links.size() == 16);
    QSignalSpy topo(&f.model, &DocumentModel::topologyChanged);

    // The matrix size is no part of the network.
    REQUIRE(f.model.setDesignParam("rows", 2048).isEmpty());
    f.model.undoStack()->undo();
    f.model.undoStack()->redo();
    CHECK(topo.count() == 0);
    for (std::size_t i = 0; i < vertices.size(); ++i)
        CHECK(f.editor.vertexItem(static_cast<int>(i)) == vertices[i]);
    for (std::size_t i = 0; i < links.size(); ++i)
        CHECK(f.editor.linkItem(static_cast<int>(i)) == links[i]);

    // A generator parameter is: the star is regenerated with 8 hosts.
    REQUIRE(f.model.setValue({"topology", "n"}, 8).isEmpty());
    CHECK(topo.count() == 1);
    int n = 0;
    while (f.editor.vertexItem(n))
        ++n;
    CHECK(n == 9);
}

// The editor keeps the items of what an edit did not remove. (The first link
// of a drawing gives it a unit for its rates, and the second makes it a
// network the models read: both used to rebuild the scene.)
TEST_CASE("drawing a link and moving an item keep every item drawn, on both canvases",
          "[gui][topology][inplace]")
{
    Fixture f;
    BlockCanvas canvas(&f.model, &f.selection);
    f.drop(VertexKind::Host, QPoint(250, 400));
    f.drop(VertexKind::Switch, QPoint(500, 200));
    f.drop(VertexKind::Host, QPoint(750, 400));
    REQUIRE(f.vertexCount() == 3);
    std::vector<VertexItem*> vertices{f.editor.vertexItem(0), f.editor.vertexItem(1), f.editor.vertexItem(2)};
    auto* topologyNode = canvas.node("topology");
    REQUIRE(topologyNode);
    QSignalSpy topo(&f.model, &DocumentModel::topologyChanged);
    // (A mark only these items carry: a rebuilt item may reuse an address.)
    for (int i = 0; i < 3; ++i)
        vertices[static_cast<std::size_t>(i)]->setData(0, i);
    canvas::BlockNode* topologyItem = topologyNode;
    topologyItem->setData(0, "kept");
    auto sameVertices = [&] {
        for (int i = 0; i < 3; ++i) {
            CHECK(f.editor.vertexItem(i) == vertices[static_cast<std::size_t>(i)]);
            CHECK(f.editor.vertexItem(i)->data(0) == QVariant(i));
        }
        CHECK(canvas.node("topology")->data(0).toString() == "kept");
    };

    // Two links drawn with the mouse: the network changed, the items did not.
    f.dragMouse(viewPos(f.editor, "h0"), viewPos(f.editor, "sw0"), Qt::ShiftModifier);
    REQUIRE(f.model.doc().topology["edges"].size() == 1);
    sameVertices();
    LinkItem* first = f.editor.linkItem(0);
    REQUIRE(first);
    CHECK(first->labelText() == "1 Gbit/s"); // the default 125 MB/s, in the drawing's new unit
    f.dragMouse(viewPos(f.editor, "h1"), viewPos(f.editor, "sw0"), Qt::ShiftModifier);
    REQUIRE(f.model.doc().topology["edges"].size() == 2);
    CHECK(topo.count() == 2);
    REQUIRE(f.model.topology() != nullptr); // now a network the models read
    sameVertices();
    CHECK(f.editor.linkItem(0) == first);
    REQUIRE(f.editor.linkItem(1));
    CHECK((f.editor.linkItem(1)->from() == vertices[2] || f.editor.linkItem(1)->to() == vertices[2]));
    CHECK(vertices[1]->links().size() == 2); // the switch knows both
    CHECK(canvas.node("topology") == topologyNode);

    // A move: positions only.
    const QPoint from = viewPos(f.editor, "sw0");
    f.dragMouse(from, from + QPoint(60, -30));
    sameVertices();
    CHECK(f.editor.linkItem(0) == first);
    CHECK(canvas.node("topology") == topologyNode);

    // Undo of the move and the second link: the link's item goes, the rest stays.
    f.model.undoStack()->undo();
    f.model.undoStack()->undo();
    CHECK(f.model.doc().topology["edges"].size() == 1);
    CHECK(f.editor.linkItem(1) == nullptr);
    sameVertices();
    CHECK(f.editor.linkItem(0) == first);
    CHECK(vertices[1]->links().size() == 1);
    CHECK(vertices[2]->links().empty());
    CHECK(canvas.node("topology") == topologyNode);

    // Deleting h0 takes its link; the switch and h1 keep their items, now
    // first and second, and the link item is gone from the switch too.
    f.model.undoStack()->redo(); // the second link again: a new item for it
    REQUIRE(f.editor.linkItem(1));
    LinkItem* second = f.editor.linkItem(1);
    f.editor.scene()->clearSelection();
    vertices[0]->setSelected(true);
    f.editor.deleteSelected();
    REQUIRE(f.model.doc().topology["vertices"].size() == 2);
    CHECK(f.editor.vertexItem(0) == vertices[1]);
    CHECK(f.editor.vertexItem(1) == vertices[2]);
    CHECK(vertices[1]->index() == 0);
    REQUIRE(f.editor.linkItem(0) == second);
    CHECK(second->index() == 0);
    CHECK(f.editor.linkItem(1) == nullptr);
    CHECK(vertices[1]->links() == std::vector<LinkItem*>{second});
    CHECK(canvas.node("topology") == topologyNode);
    // Undo brings h0 back (a new item) with its link; the others stay.
    f.model.undoStack()->undo();
    CHECK(f.editor.vertexItem("h0") != nullptr);
    CHECK(f.editor.vertexItem("sw0") == vertices[1]);
    CHECK(f.editor.vertexItem("h1") == vertices[2]);
    CHECK(f.editor.linkItem(1) == second);
    CHECK(vertices[1]->links().size() == 2);
    CHECK(canvas.node("topology") == topologyNode);
}

TEST_CASE("a selected link is followed by its ends when the network changes, not by its index (issue 34, defect 8)",
          "[gui][topology]")
{
    DocumentModel model;
    model.setDocument(docWith(R"("topology": {
        "vertices": [{"id": "h0", "kind": "host"}, {"id": "h1", "kind": "host"}, {"id": "h2", "kind": "host"},
                     {"id": "sw0", "kind": "switch"}],
        "edges": [{"from": "h0", "to": "sw0", "bandwidth": "1Gbit/s"}, {"from": "h1", "to": "sw0", "bandwidth": "1Gbit/s"},
                  {"from": "h2", "to": "sw0", "bandwidth": "1Gbit/s"}]})"),
                      {});
    Selection selection;
    TopologyEditor editor(&model, &selection);
    selection.select(Selection::Kind::Link, "2"); // h2 - sw0
    // The link before it goes (the drawing's link 0): h2 - sw0 is now link 1, and the selection says so.
    REQUIRE(model.apply("remove a link", edit::op::removeTopologyItems({}, {0})).isEmpty());
    CHECK(selection.kind() == Selection::Kind::Link);
    INFO("selected: " << selection.key().toStdString());
    CHECK(selection.key() == "1");
    // Undo: link 2 again.
    model.undoStack()->undo();
    CHECK(selection.key() == "2");
    // A network without that link: the selection goes, so that no edit lands on another link.
    REQUIRE(model.setTopology("other", json::parse(R"({"vertices": [{"id": "h0", "kind": "host"},
        {"id": "h1", "kind": "host"}, {"id": "sw0", "kind": "switch"}, {"id": "h9", "kind": "host"}],
        "edges": [{"from": "h0", "to": "sw0", "bandwidth": "1Gbit/s"}, {"from": "h1", "to": "sw0", "bandwidth": "1Gbit/s"},
                  {"from": "h9", "to": "sw0", "bandwidth": "1Gbit/s"}]})"))
                .isEmpty());
    CHECK(selection.kind() == Selection::Kind::None);
}

TEST_CASE("a selected link is followed through a regenerate by its ends, not its index (issue 34, defect 8)",
          "[gui][topology]")
{
    // The walkthrough: after regenerating, "Link 10" was another link and an edit changed the wrong one.
    DocumentModel model;
    Selection selection;
    TopologyEditor editor(&model, &selection);
    placeStar(model, 8); // sw0, then h0..h7; link e joins h<e> and sw0
    selection.select(Selection::Kind::Link, "5");
    // The same generator with more hosts: h5 - sw0 is link 5 still, and stays selected.
    placeStar(model, 12);
    CHECK(selection.kind() == Selection::Kind::Link);
    CHECK(selection.key() == "5");
    // A fat-tree of k = 4: its link 5 joins two other vertices, and no link joins h5 and sw0. The selection
    // goes rather than land on that link.
    REQUIRE(model.setTopology("fat-tree", json{{"generator", "fat-tree"}, {"params", {{"k", 4}}}}).isEmpty());
    REQUIRE(model.drawing());
    REQUIRE(model.drawing()->edgeCount() > 5);
    CHECK(selection.kind() == Selection::Kind::None);
}

TEST_CASE("a topology edit updates the items its Change names, not every item", "[gui][topology][inplace]")
{
    // Issue 34: the editor followed an edit by matching every item of the
    // network against the new one. A property set, a vertex or a link added
    // at the end, and a removal now touch those items alone; the undo of a
    // removal (an insertion in the middle) still goes through the match.
    Fixture f;
    placeStar(f.model, 8);
    REQUIRE(f.editor.linkItem(7));
    std::vector<LinkItem*> links;
    for (int e = 0; e < 8; ++e)
        links.push_back(f.editor.linkItem(e));
    VertexItem* sw = f.editor.vertexItem("sw0");
    REQUIRE(sw);

    // (Not a second channel: the star's switch has a port a host.)
    REQUIRE(f.model.apply("Set", edit::op::setLinkProperty({3}, "duplex", false)).isEmpty());
    CHECK(f.editor.lastItemsTouched() == 1);
    CHECK_FALSE(f.editor.graph().edges[3].duplex);
    CHECK(f.editor.linkItem(3) == links[3]);
    CHECK(f.editor.linkItem(3)->labelText().contains("half"));
    REQUIRE(f.model.apply("Set", edit::op::setVertexProperty({"h2", "h5"}, "forwards", true)).isEmpty());
    CHECK(f.editor.lastItemsTouched() == 2);
    CHECK(f.editor.graph().vertices[static_cast<std::size_t>(f.editor.vertexItem("h5")->index())].forwards);

    REQUIRE(f.model.apply("Set", edit::op::setVertexProperty({"sw0"}, "ports", 16)).isEmpty());
    CHECK(f.editor.lastItemsTouched() == 1);
    CHECK(f.editor.vertexItem("sw0") == sw);

    // A host dropped and linked: one item each.
    std::string id;
    REQUIRE(f.editor.addVertex(VertexKind::Host, QPointF(400, 300), &id).isEmpty());
    CHECK(f.editor.lastItemsTouched() == 1);
    VertexItem* added = f.editor.vertexItem(id);
    REQUIRE(added);
    CHECK(added->pos() == QPointF(400, 300));
    REQUIRE(f.editor.addLink(added->index(), sw->index()).isEmpty());
    CHECK(f.editor.lastItemsTouched() == 1);
    REQUIRE(f.editor.linkItem(8));
    CHECK(sw->links().size() == 9);
    for (int e = 0; e < 8; ++e)
        CHECK(f.editor.linkItem(e) == links[static_cast<std::size_t>(e)]);
    CHECK(f.editor.vertexItem("sw0") == sw);

    // Undoing the link removes it: that item alone, and the rest stays.
    f.model.undoStack()->undo();
    CHECK(f.editor.lastItemsTouched() == 1);
    CHECK(f.editor.linkItem(8) == nullptr);
    CHECK(sw->links().size() == 8);
    // Redone, it is added at the end again from the Change.
    f.model.undoStack()->redo();
    CHECK(f.editor.lastItemsTouched() == 1);
    CHECK(sw->links().size() == 9);

    // A rate outside the drawing's unit: every label is written in the new unit.
    REQUIRE(f.model.apply("Set", edit::op::setLinkProperty({0}, "bandwidth", 12.5e6)).isEmpty()); // 100 Mbit/s
    CHECK(f.editor.lastItemsTouched() == 1);
    CHECK(f.editor.rateUnit() == f.editor.graph().rateUnit());
    CHECK(f.editor.linkItem(1)->labelText() == f.editor.rateUnit().format(1.25e8));
    CHECK(f.editor.linkItem(1) == links[1]);
}

TEST_CASE("removing a vertex deletes its item and its links' items, and the others take their new indices",
          "[gui][topology][inplace]")
{
    Fixture f;
    placeStar(f.model, 8); // h0..h7, then sw0; link e joins h<e> and sw0
    std::vector<LinkItem*> links;
    for (int e = 0; e < 8; ++e)
        links.push_back(f.editor.linkItem(e));
    VertexItem* sw = f.editor.vertexItem("sw0");
    VertexItem* h3 = f.editor.vertexItem("h3");
    REQUIRE(sw);
    REQUIRE(h3);
    const int h3Before = h3->index();
    // Every item's index, and its ends', agree with the network the document now has.
    auto consistent = [&] {
        const std::shared_ptr<const Topology> net = f.model.drawing();
        REQUIRE(net);
        REQUIRE(f.editor.graph().vertices.size() == net->vertexCount());
        REQUIRE(f.editor.graph().edges.size() == net->edgeCount());
        for (std::size_t v = 0; v < net->vertexCount(); ++v) {
            VertexItem* item = f.editor.vertexItem(net->vertex(v).id);
            REQUIRE(item);
            CHECK(item->index() == static_cast<int>(v));
        }
        for (std::size_t e = 0; e < net->edgeCount(); ++e) {
            LinkItem* l = f.editor.linkItem(static_cast<int>(e));
            REQUIRE(l);
            CHECK(l->index() == static_cast<int>(e));
            CHECK(l->from()->index() == f.editor.graph().edges[e].a);
            CHECK(l->to()->index() == f.editor.graph().edges[e].b);
        }
    };

    // h2 goes, and with it link 2: two items.
    REQUIRE(f.model.apply("Delete", edit::op::removeTopologyItems({"h2"}, {})).isEmpty());
    CHECK(f.editor.lastItemsTouched() == 2);
    CHECK(f.editor.vertexItem("h2") == nullptr);
    CHECK(f.editor.vertexItem("sw0") == sw);
    CHECK(f.editor.vertexItem("h3") == h3);
    CHECK(h3->index() == h3Before - 1);
    CHECK(sw->links().size() == 7);
    CHECK(f.editor.linkItem(2) == links[3]); // h3's link is link 2 now
    CHECK(f.editor.linkItem(6) == links[7]);
    CHECK(f.editor.linkItem(7) == nullptr);
    consistent();

    // One link alone (h5's, now link 4): one item; its host stays, unlinked.
    REQUIRE(f.model.apply("Delete", edit::op::removeTopologyItems({}, {4})).isEmpty());
    CHECK(f.editor.lastItemsTouched() == 1);
    CHECK(f.editor.linkItem(4) == links[6]);
    CHECK(f.editor.vertexItem("h5")->links().empty());
    CHECK(sw->links().size() == 6);
    consistent();

    // Undo puts them back in the middle from the undo's Change: the link alone (one item), then h2 and its
    // link (two), the kept items the same and every index after them shifted back.
    f.model.undoStack()->undo();
    CHECK(f.editor.lastItemsTouched() == 1);
    CHECK(f.editor.linkItem(3) == links[4]);
    REQUIRE(f.editor.linkItem(4)); // a new item for the link that came back, h5's
    CHECK((f.editor.linkItem(4)->from()->id() == "h5" || f.editor.linkItem(4)->to()->id() == "h5"));
    CHECK(f.editor.linkItem(5) == links[6]);
    CHECK(f.editor.vertexItem("h5")->links().size() == 1);
    consistent();
    f.model.undoStack()->undo();
    CHECK(f.editor.lastItemsTouched() == 2);
    CHECK(f.editor.vertexItem("sw0") == sw);
    CHECK(f.editor.vertexItem("h3") == h3);
    CHECK(h3->index() == h3Before);
    REQUIRE(f.editor.vertexItem("h2"));
    CHECK(f.editor.vertexItem("h2")->links().size() == 1);
    CHECK(f.editor.linkItem(3) == links[3]);
    CHECK(f.editor.linkItem(7) == links[7]);
    CHECK(sw->links().size() == 8);
    consistent();

    // Redo removes them again from the Change, as the first time.
    f.model.undoStack()->redo();
    CHECK(f.editor.lastItemsTouched() == 2);
    CHECK(f.editor.vertexItem("h2") == nullptr);
    consistent();
}
