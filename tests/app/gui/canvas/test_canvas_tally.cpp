// The block canvas touches only the items an edit names (issue 47): the
// canvas's tally (CanvasTally.h) counts the nodes and wires made, removed,
// moved, updated and redrawn since it was reset, and these tests say by hand
// which ones each edit must touch.
#include "WiredDesign.h"
#include "app/document/DocumentModel.h"
#include "app/gui/Selection.h"
#include "app/gui/canvas/BlockCanvas.h"
#include "app/gui/canvas/BlockNode.h"
#include "app/gui/canvas/PortItem.h"
#include "app/gui/canvas/WireItem.h"
#include "model/document/DocumentFormat.h"

#include <QDir>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QTest>
#include <QUndoStack>
#include <catch2/catch.hpp>

#include <memory>
#include <set>

using namespace cs;
using namespace cs::app;
using Names = std::set<QString>;

namespace {

// P feeds net, fft and s; net's five LogGP outputs feed fft; fft.T feeds s.
// Laid out in layers P | net | fft | s, so s is the rightmost node and no
// wire but its own spans it.
using test::kWiredDoc; // WiredDesign.h

// fft and s 900 apart with one long wire between them; net, unwired, far below.
const char* kLongWireDoc = R"({
  "format": "clusterscope-design", "version": 2, "name": "a long wire",
  "blocks": [
    {"name": "fft", "type": "fftw.transpose"},
    {"name": "s", "type": "speedup.efficiency"},
    {"name": "net", "type": "logp.loggp"}
  ],
  "wires": [{"from": "fft.T", "to": "s.T"}],
  "layout": {"blocks": {"fft": [0, 0], "s": [900, 0], "net": [300, 2000]}}
})";

// fft and s, no wire.
const char* kLooseDoc = R"({
  "format": "clusterscope-design", "version": 2, "name": "loose",
  "blocks": [
    {"name": "fft", "type": "fftw.transpose"},
    {"name": "s", "type": "speedup.efficiency"}
  ]
})";

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
        canvas->resetTally();
    }
    const canvas::CanvasTally& tally() const { return canvas->tally(); }
    void move(const std::string& block, QPointF to)
    {
        canvas->resetTally();
        model.moveBlocks({{block, to}});
    }
    canvas::WireItem* wire(const QString& key) const
    {
        for (QGraphicsItem* it : canvas->view()->scene()->items())
            if (it->type() == canvas::WireItem::Type && static_cast<canvas::WireItem*>(it)->key() == key)
                return static_cast<canvas::WireItem*>(it);
        return nullptr;
    }
    // Nothing made, removed or rebuilt.
    void requireNoItemCameOrWent() const
    {
        CHECK(tally().rebuilds == 0);
        CHECK(tally().nodesCreated.empty());
        CHECK(tally().nodesRemoved.empty());
        CHECK(tally().wiresCreated.empty());
        CHECK(tally().wiresRemoved.empty());
    }
};

// Whether the curve passes through the rectangle (sampled as WireItem::curve samples it).
bool crosses(const QPainterPath& path, const QRectF& r)
{
    for (int i = 1; i < 40; ++i)
        if (r.contains(path.pointAtPercent(i / 40.0)))
            return true;
    return false;
}

} // namespace

TEST_CASE("moving one block redraws that block and its wires only, and undo and redo touch the same items",
          "[gui][canvas][tally]")
{
    Fixture f(kWiredDoc);
    const QPointF start = f.canvas->node("s")->pos();
    const QPointF to = start + QPointF(0, 150);
    // The wires of s, from the document's list: into s.P from P, into s.T from fft.T; none out of s.
    const Names sWires{"P>s.P", "fft.T>s.T"};

    f.move("s", to);
    CHECK(f.canvas->node("s")->pos() == to);
    f.requireNoItemCameOrWent();
    CHECK(f.tally().nodesMoved == Names{"s"});
    CHECK(f.tally().wiresRedrawn == sWires);
    CHECK(f.tally().nodesUpdated.empty());
    CHECK(f.tally().nodesTouched() == 1);
    CHECK(f.tally().wiresTouched() == 2); // of the 9 wires

    f.canvas->resetTally();
    f.model.undoStack()->undo();
    CHECK(f.canvas->node("s")->pos() == start);
    f.requireNoItemCameOrWent();
    CHECK(f.tally().nodesMoved == Names{"s"});
    CHECK(f.tally().wiresRedrawn == sWires);
    CHECK(f.tally().nodesUpdated.empty());

    f.canvas->resetTally();
    f.model.undoStack()->redo();
    CHECK(f.canvas->node("s")->pos() == to);
    CHECK(f.tally().nodesMoved == Names{"s"});
    CHECK(f.tally().wiresRedrawn == sWires);
    f.requireNoItemCameOrWent();
}

TEST_CASE("a block moved into a wire's way reroutes that wire too, and out of it again, and elsewhere none",
          "[gui][canvas][tally]")
{
    Fixture f(kLongWireDoc);
    canvas::WireItem* w = f.wire("fft.T>s.T");
    REQUIRE(w);
    canvas::BlockNode* net = f.canvas->node("net");
    REQUIRE(net);
    const QPointF out = w->from()->anchor(), in = w->to()->anchor();
    REQUIRE(in.x() - out.x() > 120); // long enough to be routed (WireItem::curve)
    const QPainterPath plain = w->path();

    // net centred on the middle of the wire: in its way.
    const QPointF middle = (out + in) / 2 - QPointF(net->size().width() / 2, net->size().height() / 2);
    f.move("net", middle);
    f.requireNoItemCameOrWent();
    CHECK(f.tally().nodesMoved == Names{"net"});
    CHECK(f.tally().wiresRedrawn == Names{"fft.T>s.T"}); // net has no wire of its own
    CHECK(f.wire("fft.T>s.T") == w);
    CHECK(crosses(plain, net->sceneBoundingRect()));
    CHECK_FALSE(crosses(w->path(), net->sceneBoundingRect())); // it goes round net now

    // Far below again: the wire was routed round net, so it is drawn again, plain.
    f.move("net", middle + QPointF(0, 2000));
    CHECK(f.tally().nodesMoved == Names{"net"});
    CHECK(f.tally().wiresRedrawn == Names{"fft.T>s.T"});
    CHECK(w->path() == plain);

    // Right of s, out of the wire's span: no wire is drawn again.
    f.move("net", QPointF(2000, 0));
    CHECK(f.tally().nodesMoved == Names{"net"});
    CHECK(f.tally().wiresRedrawn.empty());
    f.requireNoItemCameOrWent();
}

TEST_CASE("drawing a wire adds one item and updates its two ports, and undo removes that item", "[gui][canvas][tally]")
{
    Fixture f(kLooseDoc);
    REQUIRE(f.canvas->wireCount() == 0);
    REQUIRE(f.model.connect(Source::output({"fft", "T"}), {"s", "T"}).isEmpty());
    CHECK(f.model.lastChange().wiresAdded == std::vector<Wire>{Wire{Source::output({"fft", "T"}), Endpoint{"s", "T"}}});
    CHECK(f.tally().wiresCreated == Names{"fft.T>s.T"});
    CHECK(f.tally().wiresRemoved.empty());
    CHECK(f.tally().nodesCreated.empty());
    CHECK(f.tally().nodesRemoved.empty());
    CHECK(f.tally().nodesMoved.empty());
    CHECK(f.tally().rebuilds == 0);
    // The ends: fft.T and s.T are wired now, and s.T's tooltip says where its value comes from.
    CHECK(f.tally().nodesUpdated == Names{"fft", "s"});
    CHECK(f.tally().wiresTouched() == 1);
    CHECK(f.canvas->port("fft", "T", false)->isWired());
    CHECK(f.canvas->port("s", "T", true)->isWired());
    CHECK(f.canvas->port("s", "T", true)->toolTip().contains("wired from fft.T"));

    f.canvas->resetTally();
    f.model.undoStack()->undo();
    CHECK(f.tally().wiresRemoved == Names{"fft.T>s.T"});
    CHECK(f.tally().wiresCreated.empty());
    CHECK(f.tally().nodesCreated.empty());
    CHECK(f.tally().nodesRemoved.empty());
    CHECK(f.tally().nodesUpdated == Names{"fft", "s"});
    CHECK(f.tally().rebuilds == 0);
    CHECK(f.canvas->wireCount() == 0);
    CHECK_FALSE(f.canvas->port("s", "T", true)->isWired());
}

TEST_CASE("removing a block removes its item and its wires alone, and undo makes them again", "[gui][canvas][tally]")
{
    Fixture f(kWiredDoc);
    REQUIRE(f.model.removeBlocks({"s"}).isEmpty());
    CHECK(f.tally().nodesRemoved == Names{"s"});
    CHECK(f.tally().wiresRemoved == Names{"P>s.P", "fft.T>s.T"});
    CHECK(f.tally().nodesCreated.empty());
    CHECK(f.tally().wiresCreated.empty());
    CHECK(f.tally().rebuilds == 0);
    // fft.T feeds nothing now; P still feeds net and fft, so its port is as it was.
    CHECK(f.tally().nodesUpdated == Names{"fft"});
    CHECK(f.canvas->wireCount() == 7); // 9 - 2

    f.canvas->resetTally();
    f.model.undoStack()->undo();
    CHECK(f.tally().nodesCreated == Names{"s"});
    CHECK(f.tally().wiresCreated == Names{"P>s.P", "fft.T>s.T"});
    CHECK(f.tally().nodesRemoved.empty());
    CHECK(f.tally().wiresRemoved.empty());
    CHECK(f.tally().nodesUpdated == Names{"fft"});
    CHECK(f.tally().rebuilds == 0);
    CHECK(f.canvas->wireCount() == 9);
}

TEST_CASE("only a document loaded or replaced rebuilds the canvas", "[gui][canvas][tally]")
{
    Fixture f(kLooseDoc);
    REQUIRE(f.model.connect(Source::output({"fft", "T"}), {"s", "T"}).isEmpty());
    REQUIRE(f.model.setValue({"fft", "rows"}, 4096).isEmpty());
    QString added;
    REQUIRE(f.model.addBlock("logp.loggp", {0, 600}, &added).isEmpty());
    REQUIRE(f.model.removeBlocks({"s"}).isEmpty());
    while (f.model.undoStack()->canUndo())
        f.model.undoStack()->undo();
    CHECK(f.tally().rebuilds == 0);
    f.model.setDocument(parseDocument(kWiredDoc), {});
    CHECK(f.tally().rebuilds == 1);
    CHECK(f.tally().nodesCreated.count("net") == 1);
}

// For looking at what a move draws (hidden): cs_gui_tests "[g-canvas-move-shot]" writes
// canvas_moved_s.png and canvas_moved_into_wire.png to $CS_SHOT_DIR or /tmp/g-canvas.
TEST_CASE("screenshots of the canvas after moves", "[.][g-canvas-move-shot]")
{
    const QString dir = qEnvironmentVariableIsSet("CS_SHOT_DIR") ? qEnvironmentVariable("CS_SHOT_DIR")
                                                                  : QStringLiteral("/tmp/g-canvas");
    QDir().mkpath(dir);
    {
        Fixture f(kWiredDoc);
        f.move("s", f.canvas->node("s")->pos() + QPointF(0, 150));
        f.canvas->zoomToFit();
        QCoreApplication::processEvents();
        CHECK(f.canvas->grab().save(dir + "/canvas_moved_s.png"));
    }
    Fixture f(kLongWireDoc);
    canvas::WireItem* w = f.wire("fft.T>s.T");
    REQUIRE(w);
    canvas::BlockNode* net = f.canvas->node("net");
    const QPointF middle = (w->from()->anchor() + w->to()->anchor()) / 2 -
                           QPointF(net->size().width() / 2, net->size().height() / 2);
    f.move("net", middle);
    f.canvas->zoomToFit();
    QCoreApplication::processEvents();
    CHECK(f.canvas->grab().save(dir + "/canvas_moved_into_wire.png"));
}
