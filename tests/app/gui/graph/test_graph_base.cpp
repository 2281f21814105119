// The graph editors' base (app/gui/graph, issue 47): the block canvas and the
// topology editor draw in one GraphView, which zooms by one step within the
// range each sets, pans with the middle button and asks for a delete; and
// their clipboards are GraphClipboards that count pastes for where the next
// one lands.
#include "app/document/DocumentModel.h"
#include "app/gui/Selection.h"
#include "app/gui/canvas/BlockCanvas.h"
#include "app/gui/graph/GraphClipboard.h"
#include "app/gui/graph/GraphView.h"
#include "app/gui/topology/TopologyEditor.h"

#include <QApplication>
#include <QClipboard>
#include <QGraphicsScene>
#include <QMimeData>
#include <QSignalSpy>
#include <QTest>
#include <QWheelEvent>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;
using graph::GraphView;

namespace {

// One notch of the wheel (up: zoom in) at the centre of the view's viewport.
void wheelUp(QGraphicsView* view)
{
    QWidget* w = view->viewport();
    const QPointF local(w->width() / 2.0, w->height() / 2.0);
    QWheelEvent e(local, w->mapToGlobal(local), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                  Qt::NoScrollPhase, false);
    QApplication::sendEvent(w, &e);
}

struct ShownView {
    QGraphicsScene scene{QRectF(-5000, -5000, 10000, 10000)};
    GraphView view{&scene};
    ShownView()
    {
        view.resize(400, 300);
        view.show();
        REQUIRE(QTest::qWaitForWindowExposed(&view));
    }
};

} // namespace

TEST_CASE("a graph view zooms by one step a notch or a press, within its range", "[gui][graph]")
{
    ShownView v;
    QSignalSpy zoomed(&v.view, &GraphView::zoomed);
    v.view.setZoomRange(0.5, 2.0);
    REQUIRE(v.view.zoom() == Approx(1.0));
    v.view.zoomIn();
    CHECK(v.view.zoom() == Approx(GraphView::kZoomStep));
    v.view.zoomOut();
    CHECK(v.view.zoom() == Approx(1.0));
    wheelUp(&v.view);
    CHECK(v.view.zoom() == Approx(GraphView::kZoomStep));
    CHECK(zoomed.count() == 3);
    v.view.zoomBy(100); // held at the range's end
    CHECK(v.view.zoom() == Approx(2.0));
    v.view.zoomIn(); // already there: no zoom, no signal
    CHECK(v.view.zoom() == Approx(2.0));
    CHECK(zoomed.count() == 4);
    v.view.zoomBy(0.001);
    CHECK(v.view.zoom() == Approx(0.5));
}

TEST_CASE("a middle-button drag pans a graph view, and Delete asks for a delete", "[gui][graph]")
{
    ShownView v;
    QWidget* vp = v.view.viewport();
    const QPoint centre = vp->rect().center();
    const QPointF before = v.view.mapToScene(centre);
    QTest::mousePress(vp, Qt::MiddleButton, Qt::NoModifier, centre);
    CHECK(v.view.panning());
    for (int i = 1; i <= 4; ++i)
        QTest::mouseMove(vp, centre + QPoint(60, 40) * i / 4);
    QTest::mouseRelease(vp, Qt::MiddleButton, Qt::NoModifier, centre + QPoint(60, 40));
    CHECK_FALSE(v.view.panning());
    // The drawing moved with the mouse: what was at the centre is 60 right and 40 down of it now.
    const QPointF after = v.view.mapToScene(centre);
    CHECK(after.x() == Approx(before.x() - 60).margin(1));
    CHECK(after.y() == Approx(before.y() - 40).margin(1));

    QSignalSpy deletes(&v.view, &GraphView::deleteRequested);
    QTest::keyClick(&v.view, Qt::Key_Delete);
    QTest::keyClick(&v.view, Qt::Key_Backspace);
    CHECK(deletes.count() == 2);
}

TEST_CASE("the block canvas and the topology editor draw in graph views with the same zoom step", "[gui][graph]")
{
    DocumentModel model;
    Selection selection;
    BlockCanvas canvas(&model, &selection);
    TopologyEditor editor(&model, &selection);
    for (QWidget* w : {static_cast<QWidget*>(&canvas), static_cast<QWidget*>(&editor)}) {
        w->resize(800, 600);
        w->show();
        REQUIRE(QTest::qWaitForWindowExposed(w));
    }
    for (QGraphicsView* view : {canvas.view(), editor.view()}) {
        INFO(view->objectName().toStdString());
        REQUIRE(qobject_cast<GraphView*>(view));
        const double z = view->transform().m11();
        wheelUp(view);
        CHECK(view->transform().m11() == Approx(z * GraphView::kZoomStep));
    }
    const double z = editor.view()->transform().m11();
    editor.zoomIn();
    CHECK(editor.view()->transform().m11() == Approx(z * GraphView::kZoomStep));
}

TEST_CASE("a graph clipboard holds its piece and counts the pastes for where the next one lands", "[gui][graph]")
{
    graph::GraphClipboard clip(QStringLiteral("application/x-clusterscope-test"));
    QApplication::clipboard()->clear();
    CHECK_FALSE(clip.piece());

    const nlohmann::json piece{{"blocks", nlohmann::json::array({"a", "b"})}};
    clip.put(piece);
    REQUIRE(clip.piece());
    CHECK(*clip.piece() == piece);
    CHECK(QApplication::clipboard()->text() == QString::fromStdString(piece.dump())); // readable elsewhere
    CHECK(clip.nextOffset() == QPointF(40, 40));
    clip.pasted();
    CHECK(clip.nextOffset() == QPointF(80, 80));
    CHECK(clip.nextOffset(100) == QPointF(200, 200));
    clip.put(piece); // a new copy: its first paste beside it again
    CHECK(clip.nextOffset() == QPointF(40, 40));

    // Another editor's piece is none of this one's; bytes that are not JSON are a piece that cannot be read.
    CHECK_FALSE(graph::GraphClipboard(QStringLiteral("application/x-clusterscope-other")).piece());
    auto* mime = new QMimeData;
    mime->setData(QStringLiteral("application/x-clusterscope-test"), "{not json");
    QApplication::clipboard()->setMimeData(mime);
    REQUIRE(clip.piece());
    CHECK(clip.piece()->is_discarded());
}
