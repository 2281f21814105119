// Issue 48, "Cramped at 1280x800": "the Inspector needs constant scrolling". Each input took four or five lines
// (its field, then its range and meaning wrapped over two, then its source over one or two), so the inspector's
// viewport in the default layout of a 1280x800 window showed four inputs at most of a block's 18 to 25, and the
// form was wider than the viewport, so that none of them was whole.
// The block is clicked on the canvas as a user does, and the inputs whose row (symbol, field or wire, buttons,
// provenance, the line under it) lies whole in the viewport are counted. Nothing is lost: the line under each
// field starts with the range and the meaning, and its tooltip holds the range, meaning, source and what the
// topology can supply.
#include "../mainwindow/WindowAt1280.h"
#include "app/document/DocumentModel.h"
#include "app/gui/Selection.h"
#include "app/gui/canvas/BlockCanvas.h"
#include "app/gui/canvas/BlockNode.h"
#include "app/gui/inspector/Inspector.h"
#include "app/gui/widgets/InspectorText.h"

#include <QDir>
#include <QDockWidget>
#include <QGraphicsView>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QTest>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;

namespace {

// Clicks the block's title on the Blocks canvas.
void clickBlock(MainWindow& w, const QString& name)
{
    w.showTab(1);
    QCoreApplication::processEvents();
    canvas::BlockNode* node = w.blockCanvas()->node(name);
    REQUIRE(node);
    QGraphicsView* view = w.blockCanvas()->view();
    const QRectF r = node->sceneBoundingRect();
    view->centerOn(r.center());
    QCoreApplication::processEvents();
    const QPoint at = view->mapFromScene(QPointF(r.center().x(), r.top() + 8));
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at);
    QCoreApplication::processEvents();
    REQUIRE(w.selection()->kind() == Selection::Kind::Block);
    REQUIRE(w.selection()->key() == name);
}

// The inputs of `block` whose every widget lies whole in the inspector's viewport.
int inputsInView(MainWindow& w, const std::string& block, QStringList& seen)
{
    auto* scroll = w.inspector()->findChild<QScrollArea*>(QString(), Qt::FindDirectChildrenOnly);
    REQUIRE(scroll);
    REQUIRE(scroll->verticalScrollBar()->value() == 0);
    QWidget* viewport = scroll->viewport();
    QWidget* form = w.inspector()->form();
    REQUIRE(form);
    int whole = 0;
    for (const ParamSpec& p : w.model()->doc().design.block(block).spec().inputs) {
        const QString sym = QString::fromStdString(p.symbol);
        QRect row;
        int parts = 0;
        for (const char* part : {"symbol", "field", "wired", "reset", "override", "useTopology", "provenance",
                                 "details"})
            if (auto* x = form->findChild<QWidget*>(QString(part) + ":" + sym); x && x->isVisible()) {
                row |= QRect(x->mapTo(viewport, QPoint(0, 0)), x->size());
                ++parts;
            }
        INFO("input " << sym.toStdString() << " at " << row.x() << "," << row.y() << " " << row.width() << "x"
                       << row.height());
        CHECK(parts >= 3);
        if (viewport->rect().contains(row)) {
            ++whole;
            seen << sym;
        }
    }
    return whole;
}

} // namespace

TEST_CASE("at 1280x800 the Inspector shows most of a block's inputs without scrolling (issue 48, cramped)",
          "[gui][inspector]")
{
    MainWindow w;
    test::showAt1280x800(w);
    REQUIRE(w.openPreset("acc-fft"));
    QCoreApplication::processEvents();
    auto* dock = w.findChild<QDockWidget*>("inspectorDock");
    REQUIRE(dock);
    QDir().mkpath("/tmp/cs-inspector-density");

    // net (logp.loggp, 25 inputs, two wired from the topology) and fftw (fftw.transpose, 18 inputs, eight wired from
    // net and the design parameters).
    for (const char* block : {"net", "fftw"}) {
        clickBlock(w, block);
        QTest::qWait(50);
        const std::size_t inputs = w.model()->doc().design.block(block).spec().inputs.size();
        QStringList seen;
        const int whole = inputsInView(w, block, seen);
        auto* scroll = w.inspector()->findChild<QScrollArea*>(QString(), Qt::FindDirectChildrenOnly);
        INFO(block << ": " << whole << " of " << inputs << " inputs whole in the inspector's "
                   << scroll->viewport()->width() << "x" << scroll->viewport()->height() << " px viewport ("
                   << seen.join(", ").toStdString() << "); the form is " << w.inspector()->form()->height()
                   << " px tall; dock " << dock->width() << "x" << dock->height());
        w.grab().save(QString("/tmp/cs-inspector-density/window-%1.png").arg(block));
        dock->grab().save(QString("/tmp/cs-inspector-density/inspector-%1.png").arg(block));
        // None before: each input took 76 px (at most four in the 383 px viewport), and the rows ran past the
        // viewport's right edge (a wired input's "<- topology.a2a_bw (...)" made the form 394 px wide in 385 px).
        // Now about 40 px an input, inside the viewport: seven.
        CHECK(whole >= 7);
        WARN(block << ": " << whole << " of " << inputs << " inputs whole in view");

        // Nothing is lost: the line under a field gives the range and meaning, its tooltip all of it.
        for (const ParamSpec& p : w.model()->doc().design.block(block).spec().inputs) {
            const QString sym = QString::fromStdString(p.symbol);
            auto* details = w.inspector()->form()->findChild<QLabel*>("details:" + sym);
            REQUIRE(details);
            INFO("input " << sym.toStdString() << ": " << details->text().toStdString() << " / tooltip "
                          << details->toolTip().toStdString());
            // As plain text or as HTML.
            const auto has = [](const QString& in, const std::string& what) {
                const QString t = QString::fromStdString(what);
                return in.contains(t) || in.contains(t.toHtmlEscaped());
            };
            if (p.unit != Unit::BytesPerSecond) { // a rate's range is in the form's one rate unit
                const std::string range = inspector::rangeText(p).toStdString();
                CHECK(has(details->text(), range));
                CHECK(has(details->toolTip(), range));
            }
            CHECK(has(details->toolTip(), p.meaning));
            CHECK(has(details->toolTip(), p.source));
            if (!p.topology.empty())
                CHECK(details->toolTip().contains("topology." + QString::fromStdString(p.topology)));
        }
    }
}
