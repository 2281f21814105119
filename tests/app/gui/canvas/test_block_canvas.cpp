// The block canvas, driven with the mouse the way a user would: wiring by
// dragging between ports, refused wires with the model's reason, adding
// from the palette, moving, deleting, and undo/redo of each.
#include "WiredDesign.h"
#include "app/document/DocumentModel.h"
#include "app/gui/Selection.h"
#include "app/gui/canvas/BlockCanvas.h"
#include "app/gui/canvas/BlockNode.h"
#include "app/gui/canvas/BlockPalette.h"
#include "app/gui/canvas/CanvasView.h"
#include "app/gui/canvas/PortItem.h"
#include "app/gui/canvas/WireItem.h"
#include "model/document/DocumentFormat.h"

#include <QApplication>
#include <QGraphicsView>
#include <QMimeData>
#include <QTest>
#include <QUndoStack>
#include <catch2/catch.hpp>

#include <map>
#include <memory>
#include <set>

using namespace cs;
using namespace cs::app;
using canvas::PortItem;

namespace {

// LogGP network parameters wired into the FFTW 2D-FFT, whose run time feeds
// the speedup block; P is a design parameter shared by all three.
using test::kWiredDoc; // WiredDesign.h

// The same blocks with no wire between fft and s.
const char* kLooseDoc = R"({
  "format": "clusterscope-design", "version": 2, "name": "loose",
  "blocks": [
    {"name": "fft", "type": "fftw.transpose"},
    {"name": "s", "type": "speedup.efficiency"}
  ]
})";

std::string text(const DocumentModel& m)
{
    return serializeDocument(m.doc());
}

bool hasWire(const DocumentModel& m, const std::string& from, const std::string& to)
{
    for (const Wire& w : m.doc().design.wires())
        if (w.from.str() == from && w.to.str() == to)
            return true;
    return false;
}

// A canvas on screen (offscreen platform) at zoom 1, so view pixels are scene units.
struct Fixture {
    DocumentModel model;
    Selection selection;
    std::unique_ptr<BlockCanvas> canvas;

    explicit Fixture(const char* json)
    {
        model.setDocument(parseDocument(json), {});
        canvas = std::make_unique<BlockCanvas>(&model, &selection);
        canvas->resize(1400, 900);
        canvas->show();
        REQUIRE(QTest::qWaitForWindowExposed(canvas.get()));
        QCoreApplication::processEvents();
        view()->resetTransform();
        view()->centerOn(view()->scene()->itemsBoundingRect().center());
    }
    QGraphicsView* view() const { return canvas->view(); }
    QWidget* viewport() const { return canvas->view()->viewport(); }
    QPoint at(QPointF scenePos) const { return view()->mapFromScene(scenePos); }
    QPoint portAt(const QString& node, const QString& symbol, bool input) const
    {
        PortItem* p = canvas->port(node, symbol, input);
        REQUIRE(p != nullptr);
        return at(p->anchor());
    }
    // Press, move in steps, release: a user's drag in the canvas.
    void drag(QPoint from, QPoint to) const
    {
        QTest::mousePress(viewport(), Qt::LeftButton, {}, from);
        for (int i = 1; i <= 4; ++i)
            QTest::mouseMove(viewport(), from + (to - from) * i / 4);
        QTest::mouseRelease(viewport(), Qt::LeftButton, {}, to);
        QCoreApplication::processEvents();
    }
    void click(QPoint p) const
    {
        QTest::mouseClick(viewport(), Qt::LeftButton, {}, p);
        QCoreApplication::processEvents();
    }
    // A point on a node's header (its title), which moves/selects the node.
    QPoint header(const QString& node) const
    {
        canvas::BlockNode* n = canvas->node(node);
        REQUIRE(n != nullptr);
        return at(n->pos() + QPointF(n->size().width() / 2, 10));
    }
};

} // namespace

TEST_CASE("canvas shows blocks, design parameters and wires, laid out by topological order", "[gui][canvas]")
{
    Fixture f(kWiredDoc);
    REQUIRE(f.canvas->node("net"));
    REQUIRE(f.canvas->node("fft"));
    REQUIRE(f.canvas->node("s"));
    REQUIRE(f.canvas->node("P"));
    CHECK(f.canvas->node("P")->isParam());
    CHECK(f.canvas->node("P")->outputs().size() == 1);
    // Every input and output of the block type is a port, named by its symbol.
    CHECK(f.canvas->node("fft")->inputs().size() == 19);  // fftw.transpose: rows .. alltoall, then the piecewise k_1, L_1, G_1, k_2, L_2, G_2, then cores
    CHECK(f.canvas->node("fft")->outputs().size() == 11); // T .. steps_a2a
    CHECK(f.canvas->port("fft", "t_fft1d", true));
    CHECK(f.canvas->port("net", "G_out", false));
    CHECK(f.canvas->wireCount() == 9);
    CHECK(f.canvas->port("fft", "L", true)->isWired());
    CHECK_FALSE(f.canvas->port("fft", "rows", true)->isWired());
    // Wires are drawn above the blocks, never hidden behind one (issue 15, defect 8).
    int wires = 0;
    for (QGraphicsItem* it : f.canvas->view()->scene()->items())
        if (it->type() == canvas::WireItem::Type) {
            ++wires;
            CHECK(it->zValue() > f.canvas->node("net")->zValue());
            CHECK(it->zValue() > f.canvas->node("fft")->zValue());
        }
    CHECK(wires == 9);

    // Sources on the left, consumers to their right: P -> net -> fft -> s.
    CHECK(f.canvas->node("P")->x() < f.canvas->node("net")->x());
    CHECK(f.canvas->node("net")->x() + f.canvas->node("net")->size().width() < f.canvas->node("fft")->x());
    CHECK(f.canvas->node("fft")->x() + f.canvas->node("fft")->size().width() < f.canvas->node("s")->x());
    // Automatic positions are not written into the document (no edit on load).
    CHECK_FALSE(f.model.isModified());
    CHECK(f.model.undoStack()->count() == 0);

    // Positions in the document's layout win over the automatic layout.
    auto doc = parseDocument(kWiredDoc);
    doc.layout = {{"blocks", {{"s", {-500.0, 40.0}}, {"P", {10.0, -300.0}}}}};
    f.model.setDocument(std::move(doc), {});
    CHECK(f.canvas->node("s")->pos() == QPointF(-500, 40));
    CHECK(f.canvas->node("P")->pos() == QPointF(10, -300));
}

TEST_CASE("dragging from an output port to an input port wires two blocks, undo and redo", "[gui][canvas]")
{
    Fixture f(kLooseDoc);
    CHECK(f.canvas->wireCount() == 0);
    const int depth = f.model.undoStack()->count();
    // A wire drawn or taken away changes no node: every node item stays (issue 25).
    canvas::BlockNode* fftNode = f.canvas->node("fft");
    canvas::BlockNode* sNode = f.canvas->node("s");
    REQUIRE(fftNode);
    REQUIRE(sNode);
    // (A mark only these items carry: a rebuilt node may reuse the address.)
    fftNode->setData(0, "kept");
    sNode->setData(0, "kept");
    auto kept = [&](const char* name) { return f.canvas->node(name)->data(0).toString() == "kept"; };

    f.drag(f.portAt("fft", "T", false), f.portAt("s", "T", true));
    CHECK(kept("fft"));
    CHECK(kept("s"));
    CHECK(f.canvas->port("fft", "T", false)->isWired());

    CHECK(hasWire(f.model, "fft.T", "s.T"));
    CHECK(f.model.doc().design.wires().size() == 1);
    CHECK(f.model.undoStack()->count() == depth + 1);
    CHECK(f.canvas->wireCount() == 1);
    CHECK(f.canvas->port("s", "T", true)->isWired());
    CHECK(f.canvas->lastMessage().contains("fft.T"));

    f.model.undoStack()->undo();
    CHECK(f.model.doc().design.wires().empty());
    CHECK(f.canvas->wireCount() == 0);
    CHECK_FALSE(f.canvas->port("s", "T", true)->isWired());
    CHECK_FALSE(f.canvas->port("fft", "T", false)->isWired());
    CHECK(kept("s"));
    f.model.undoStack()->redo();
    CHECK(hasWire(f.model, "fft.T", "s.T"));
    CHECK(f.canvas->wireCount() == 1);
    CHECK(kept("fft"));

    // Backwards, from a free input to an output, wires the same way.
    f.drag(f.portAt("s", "T_ref", true), f.portAt("fft", "T_compute", false));
    CHECK(hasWire(f.model, "fft.T_compute", "s.T_ref"));
    CHECK(f.canvas->wireCount() == 2);
}

TEST_CASE("a cyclic wire dragged with the mouse is refused with the model's reason", "[gui][canvas]")
{
    Fixture f(kWiredDoc);
    const std::string before = text(f.model);
    const int depth = f.model.undoStack()->count();

    // net feeds fft, so fft.T -> net.L (both in seconds, net.L free) closes a loop.
    f.drag(f.portAt("fft", "T", false), f.portAt("net", "L", true));

    CHECK(text(f.model) == before);
    CHECK(f.model.undoStack()->count() == depth);
    CHECK(f.canvas->wireCount() == 9);
    CHECK_FALSE(f.canvas->port("net", "L", true)->isWired());
    // The reason is Design::checkConnection's, shown in the view.
    CHECK(f.canvas->lastMessage().toStdString() ==
          "cannot connect fft.T to net.L: wiring fft.T to net.L would make a cycle");
    auto* view = static_cast<canvas::CanvasView*>(f.view());
    CHECK(view->messageVisible());
    CHECK(view->messageText() == f.canvas->lastMessage());
}

TEST_CASE("a wire between different units, or into a wired input, is refused", "[gui][canvas]")
{
    Fixture f(kWiredDoc);
    const std::string before = text(f.model);
    const int depth = f.model.undoStack()->count();

    // fft.M is a count of rows; s.T_ref is a time in seconds.
    f.drag(f.portAt("fft", "M", false), f.portAt("s", "T_ref", true));
    CHECK(text(f.model) == before);
    CHECK(f.model.undoStack()->count() == depth);
    CHECK_THAT(f.canvas->lastMessage().toStdString(),
               Catch::Contains("units differ: fft.M is in count but s.T_ref is in s"));

    // fft.L already comes from net.L_out.
    f.drag(f.portAt("net", "T_oneway", false), f.portAt("fft", "L", true));
    CHECK(text(f.model) == before);
    CHECK_THAT(f.canvas->lastMessage().toStdString(), Catch::Contains("input fft.L is already wired from net.L_out"));
    CHECK(f.canvas->wireCount() == 9);
}

TEST_CASE("dragging a wire's input end away disconnects it, undo restores it", "[gui][canvas]")
{
    Fixture f(kWiredDoc);
    REQUIRE(hasWire(f.model, "fft.T", "s.T"));
    const QPoint in = f.portAt("s", "T", true);
    f.drag(in, in + QPoint(0, 250)); // onto empty canvas below
    CHECK_FALSE(hasWire(f.model, "fft.T", "s.T"));
    CHECK(f.canvas->wireCount() == 8);
    f.model.undoStack()->undo();
    CHECK(hasWire(f.model, "fft.T", "s.T"));
    CHECK(f.canvas->wireCount() == 9);

    // Dropping it on another input moves it, as one undo step.
    const int depth = f.model.undoStack()->index();
    f.drag(f.portAt("s", "T", true), f.portAt("s", "T_ref", true));
    CHECK(hasWire(f.model, "fft.T", "s.T_ref"));
    CHECK_FALSE(hasWire(f.model, "fft.T", "s.T"));
    CHECK(f.model.undoStack()->index() == depth + 1);
    f.model.undoStack()->undo();
    CHECK(hasWire(f.model, "fft.T", "s.T"));
    CHECK_FALSE(hasWire(f.model, "fft.T", "s.T_ref"));
}

TEST_CASE("block types from the palette are added by drop and by double-click", "[gui][canvas]")
{
    Fixture f(kLooseDoc);
    canvas::BlockPalette* palette = f.canvas->palette();
    QTreeWidgetItem* item = palette->itemFor("speedup.efficiency");
    REQUIRE(item);
    CHECK(item->parent()->text(0) == "Analysis"); // grouped by BlockSpec::category
    REQUIRE(palette->itemFor("logp.loggp"));
    CHECK(palette->itemFor("logp.loggp")->parent()->text(0) == "Network");

    // Drop: what a drag from the palette delivers to the view.
    std::unique_ptr<QMimeData> mime(palette->mimeData({item}));
    REQUIRE(mime);
    const QPoint drop(700, 700);
    const QPointF scenePos = f.view()->mapToScene(drop);
    QDragEnterEvent enter(drop, Qt::CopyAction, mime.get(), Qt::LeftButton, {});
    QApplication::sendEvent(f.viewport(), &enter);
    CHECK(enter.isAccepted());
    QDragMoveEvent move(drop, Qt::CopyAction, mime.get(), Qt::LeftButton, {});
    QApplication::sendEvent(f.viewport(), &move);
    QDropEvent dropEvent(QPointF(drop), Qt::CopyAction, mime.get(), Qt::LeftButton, {});
    QApplication::sendEvent(f.viewport(), &dropEvent);

    REQUIRE(f.model.doc().design.findBlock("efficiency"));
    CHECK(f.model.doc().design.findBlock("efficiency")->spec().id == "speedup.efficiency");
    const auto pos = f.model.blockPosition("efficiency");
    REQUIRE(pos);
    CHECK(pos->x() == Approx(scenePos.x() - 20)); // the header lands under the cursor
    CHECK(pos->y() == Approx(scenePos.y() - 12));
    REQUIRE(f.canvas->node("efficiency"));
    CHECK(f.canvas->node("efficiency")->pos() == *pos);
    CHECK(f.selection.kind() == Selection::Kind::Block);
    CHECK(f.selection.key() == "efficiency");

    // One undo step removes the block and its position.
    f.model.undoStack()->undo();
    CHECK_FALSE(f.model.doc().design.findBlock("efficiency"));
    CHECK_FALSE(f.canvas->node("efficiency"));

    // Double-click adds one too.
    QTreeWidgetItem* loggp = palette->itemFor("logp.loggp");
    palette->scrollToItem(loggp);
    QCoreApplication::processEvents();
    const QPoint c = palette->visualItemRect(loggp).center();
    // What a window system delivers: press, release, double-click, release.
    QTest::mouseClick(palette->viewport(), Qt::LeftButton, {}, c);
    QTest::mouseDClick(palette->viewport(), Qt::LeftButton, {}, c);
    QTest::mouseRelease(palette->viewport(), Qt::LeftButton, {}, c);
    REQUIRE(f.model.doc().design.findBlock("loggp"));
    CHECK(f.canvas->node("loggp"));
    CHECK(f.model.blockPosition("loggp").has_value());
}

TEST_CASE("moving a block by mouse is one undo step, undo and redo move it back and forth", "[gui][canvas]")
{
    Fixture f(kWiredDoc);
    const QPointF start = f.canvas->node("s")->pos();
    CHECK_FALSE(f.model.blockPosition("s").has_value()); // placed automatically
    const int depth = f.model.undoStack()->count();

    const QPoint grab = f.header("s");
    f.drag(grab, grab + QPoint(120, 60));

    CHECK(f.model.undoStack()->count() == depth + 1);
    const auto moved = f.model.blockPosition("s");
    REQUIRE(moved);
    CHECK(moved->x() == Approx(start.x() + 120)); // zoom 1: pixels are scene units
    CHECK(moved->y() == Approx(start.y() + 60));
    CHECK(f.canvas->node("s")->pos() == *moved);
    // The wire into s followed it.
    CHECK(f.canvas->port("s", "T", true)->anchor().x() == Approx(moved->x()));

    f.model.undoStack()->undo();
    CHECK_FALSE(f.model.blockPosition("s").has_value());
    CHECK(f.canvas->node("s")->pos() == start);
    f.model.undoStack()->redo();
    CHECK(f.canvas->node("s")->pos() == *moved);

    // A click without moving records nothing.
    f.click(f.header("s"));
    CHECK(f.model.undoStack()->count() == depth + 1);
}

TEST_CASE("clicking selects, Delete removes the selected blocks with their wires, undo restores", "[gui][canvas]")
{
    Fixture f(kWiredDoc);
    f.click(f.header("fft"));
    CHECK(f.selection.kind() == Selection::Kind::Block);
    CHECK(f.selection.key() == "fft");
    f.click(f.header("P"));
    CHECK(f.selection.kind() == Selection::Kind::DesignParam);
    CHECK(f.selection.key() == "P");
    // An outside selection (e.g. from the inspector) is mirrored.
    f.selection.select(Selection::Kind::Block, "net");
    CHECK(f.canvas->node("net")->isSelected());
    CHECK_FALSE(f.canvas->node("P")->isSelected());

    f.click(f.header("s"));
    const std::string before = text(f.model);
    QTest::keyClick(f.view(), Qt::Key_Delete);
    CHECK_FALSE(f.model.doc().design.findBlock("s"));
    CHECK_FALSE(hasWire(f.model, "fft.T", "s.T"));
    CHECK_FALSE(f.canvas->node("s"));
    CHECK(f.canvas->wireCount() == 7);
    CHECK(f.selection.kind() == Selection::Kind::None);

    f.model.undoStack()->undo();
    CHECK(text(f.model) == before);
    CHECK(f.canvas->node("s"));
    CHECK(f.canvas->wireCount() == 9);
}

TEST_CASE("rubber-band selection picks several blocks, deleting them is one undo step", "[gui][canvas]")
{
    Fixture f(kWiredDoc);
    const QRectF all = f.view()->scene()->itemsBoundingRect();
    const std::string before = text(f.model);
    const int depth = f.model.undoStack()->count();
    // From empty space above-left of everything to below-right of everything.
    f.drag(f.at(all.topLeft() - QPointF(20, 20)), f.at(all.bottomRight() + QPointF(20, 20)));
    CHECK(f.canvas->node("net")->isSelected());
    CHECK(f.canvas->node("fft")->isSelected());
    CHECK(f.canvas->node("s")->isSelected());
    CHECK(f.model.undoStack()->count() == depth); // selecting is not an edit

    f.canvas->deleteSelected();
    CHECK(f.model.doc().design.blocks().empty());
    CHECK(f.model.doc().design.designParams().size() == 1); // parameters are not blocks
    CHECK(f.model.undoStack()->count() == depth + 1);
    f.model.undoStack()->undo();
    CHECK(text(f.model) == before);
    CHECK(f.canvas->wireCount() == 9);
}

TEST_CASE("arranging automatically stores every position as one undo step", "[gui][canvas]")
{
    Fixture f(kWiredDoc);
    f.canvas->arrangeAutomatically();
    CHECK(f.model.undoStack()->count() == 1);
    for (const char* name : {"P", "net", "fft", "s"}) {
        const auto p = f.model.blockPosition(name);
        REQUIRE(p);
        CHECK(f.canvas->node(name)->pos() == *p);
    }
    f.model.undoStack()->undo();
    CHECK_FALSE(f.model.blockPosition("fft").has_value());
}

TEST_CASE("a value edit updates the canvas in place: every node and wire item survives", "[gui][canvas][inplace]")
{
    Fixture f(kWiredDoc);
    std::map<QString, canvas::BlockNode*> before;
    for (const char* n : {"P", "net", "fft", "s"})
        before[n] = f.canvas->node(n);
    std::set<QGraphicsItem*> wiresBefore;
    for (QGraphicsItem* it : f.view()->scene()->items())
        if (it->type() == canvas::WireItem::Type)
            wiresBefore.insert(it);
    REQUIRE(wiresBefore.size() == 9);

    // A design parameter's value: its node shows the new number.
    REQUIRE(f.model.setDesignParam("P", 16).isEmpty());
    CHECK_FALSE(f.model.lastChange().structure);
    for (const auto& [name, n] : before)
        CHECK(f.canvas->node(name) == n);
    CHECK(f.canvas->port("P", "P", false)->label() == "16");

    // A block input's value: its tooltip says the new value.
    REQUIRE(f.model.setValue({"s", "T_ref"}, 4).isEmpty());
    for (const auto& [name, n] : before)
        CHECK(f.canvas->node(name) == n);
    CHECK(f.canvas->port("s", "T_ref", true)->toolTip().contains("value: 4 s"));

    // Undo and redo are value changes too.
    f.model.undoStack()->undo();
    f.model.undoStack()->undo();
    CHECK(f.canvas->port("P", "P", false)->label() == "8");
    for (const auto& [name, n] : before)
        CHECK(f.canvas->node(name) == n);
    std::set<QGraphicsItem*> wiresAfter;
    for (QGraphicsItem* it : f.view()->scene()->items())
        if (it->type() == canvas::WireItem::Type)
            wiresAfter.insert(it);
    CHECK(wiresAfter == wiresBefore);

    // A structural edit still re-reads the design: the new block has a node.
    QString added;
    REQUIRE(f.model.addBlock("speedup.efficiency", {600, 0}, &added).isEmpty());
    CHECK(f.canvas->node(added) != nullptr);
}

TEST_CASE("adding and removing a block adds or removes its item alone: every other node and wire item survives",
          "[gui][canvas][inplace]")
{
    Fixture f(kWiredDoc);
    const auto wireItems = [&] {
        std::set<QGraphicsItem*> items;
        for (QGraphicsItem* it : f.view()->scene()->items())
            if (it->type() == canvas::WireItem::Type)
                items.insert(it);
        return items;
    };
    // The wire items that do not touch a block, as its ports' wires list them.
    const auto wiresAway = [&](const std::set<QGraphicsItem*>& items, const char* block) {
        std::set<QGraphicsItem*> kept = items;
        for (canvas::WireItem* w : f.canvas->node(block)->wires())
            kept.erase(w);
        return kept;
    };
    std::map<QString, canvas::BlockNode*> before;
    for (const char* n : {"P", "net", "fft", "s"})
        before[n] = f.canvas->node(n);
    const std::set<QGraphicsItem*> wiresBefore = wireItems();
    REQUIRE(wiresBefore.size() == 9);
    const std::set<QGraphicsItem*> awayFromS = wiresAway(wiresBefore, "s");
    REQUIRE(awayFromS.size() < wiresBefore.size()); // s is wired

    // Added: one new node, at the position the edit gave it; the others and every wire item stay. (A block with
    // no input that counts the job's ranks: adding speedup.efficiency would wire P into its P, one wire more.)
    QString added;
    REQUIRE(f.model.addBlock("comm.halo", {600, 0}, &added).isEmpty());
    CHECK(f.model.lastChange().blocksAdded == std::vector<std::string>{added.toStdString()});
    REQUIRE(f.canvas->node(added) != nullptr);
    CHECK(f.canvas->node(added)->pos() == QPointF(600, 0));
    for (const auto& [name, n] : before)
        CHECK(f.canvas->node(name) == n);
    CHECK(wireItems() == wiresBefore);

    // Removed: its node and the wire items into and out of it go; the rest stay.
    REQUIRE(f.model.removeBlocks({"s"}).isEmpty());
    CHECK(f.model.lastChange().blocksRemoved == std::vector<std::string>{"s"});
    CHECK(f.canvas->node("s") == nullptr);
    for (const char* n : {"P", "net", "fft"})
        CHECK(f.canvas->node(n) == before[n]);
    CHECK(f.canvas->node(added) != nullptr);
    CHECK(wireItems() == awayFromS);

    // Undo of the removal adds it back (a new item, with its wires); the other items stay.
    f.model.undoStack()->undo();
    REQUIRE(f.canvas->node("s") != nullptr);
    for (const char* n : {"P", "net", "fft"})
        CHECK(f.canvas->node(n) == before[n]);
    const std::set<QGraphicsItem*> restored = wireItems();
    CHECK(restored.size() == 9);
    for (QGraphicsItem* w : awayFromS)
        CHECK(restored.count(w) == 1);
    CHECK(f.canvas->wireCount() == 9);

    // Undo of the addition removes its node alone.
    canvas::BlockNode* s = f.canvas->node("s");
    f.model.undoStack()->undo();
    CHECK(f.canvas->node(added) == nullptr);
    CHECK(f.canvas->node("s") == s);
    CHECK(wireItems() == restored);

    // A paste adds the copies' nodes alone.
    REQUIRE(f.canvas->node("net"));
    const nlohmann::json piece = f.model.copyBlocks({"net"});
    QStringList pasted;
    REQUIRE(f.model.pasteBlocks(piece, {40, 40}, &pasted).isEmpty());
    REQUIRE(pasted.size() == 1);
    CHECK(f.canvas->node(pasted.front()) != nullptr);
    CHECK(f.canvas->node("s") == s);
    for (const char* n : {"P", "net", "fft"})
        CHECK(f.canvas->node(n) == before[n]);
}
