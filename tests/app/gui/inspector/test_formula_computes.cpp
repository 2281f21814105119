// Issue 48, defect 6: at the default layout of a 1280x800 window the formula
// block's expression editor covered the "Computes" column (the unit an
// output computes), and while typing the header scrolled to read "ress".
#include "app/gui/canvas/BlockCanvas.h"
#include "app/gui/canvas/PortItem.h"
#include "app/gui/inspector/FormulaEditor.h"
#include "app/gui/inspector/Inspector.h"
#include "../mainwindow/WindowAt1280.h"

#include <QDir>
#include <QGraphicsView>
#include <QHeaderView>
#include <QLineEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QTableWidget>
#include <QTest>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;

namespace {

// Whether column `c` of `t` lies wholly inside the table's viewport.
bool columnShows(const QTableWidget* t, int c)
{
    const int left = t->horizontalHeader()->sectionViewportPosition(c);
    return left >= 0 && left + t->horizontalHeader()->sectionSize(c) <= t->viewport()->width();
}

// Whether row r's "Computes" cell is seen: its text fits the column, and no cell widget of the row (the
// expression's line edit above all) reaches into the column.
bool computesShows(const QTableWidget* t, int r, int c)
{
    const int left = t->horizontalHeader()->sectionViewportPosition(c);
    for (int k = 0; k < c; ++k)
        if (const QWidget* w = t->cellWidget(r, k); w && w->geometry().right() >= left)
            return false;
    const QString text = t->item(r, c)->text();
    return !text.isEmpty() && t->fontMetrics().horizontalAdvance(text) < t->horizontalHeader()->sectionSize(c);
}

} // namespace

TEST_CASE("the formula editor shows the Computes column at the default layout of a 1280x800 window, also while "
          "typing (issue 48, defect 6)",
          "[gui][inspector][formula]")
{
    MainWindow w;
    test::showAt1280x800(w);
    REQUIRE(w.openPreset("jacobi"));
    w.showTab(1); // View > Blocks
    QCoreApplication::processEvents();

    // Click the formula block "app" on the canvas (at one of its ports' block: the port's parent item).
    canvas::PortItem* port = w.blockCanvas()->port("app", "T", false);
    REQUIRE(port);
    QGraphicsView* view = w.blockCanvas()->view();
    QGraphicsItem* block = port->parentItem();
    REQUIRE(block);
    view->ensureVisible(block);
    QCoreApplication::processEvents();
    // On its title bar: the middle of the block can fall on a port's label.
    const QRectF box = block->sceneBoundingRect();
    const QPoint at = view->mapFromScene(QPointF(box.center().x(), box.top() + 6));
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at);
    QCoreApplication::processEvents();
    QWidget* form = w.inspector()->form();
    REQUIRE(form);
    auto* editor = form->findChild<inspector::FormulaEditor*>("formulaEditor");
    REQUIRE(editor);
    // Scrolled to the outputs, as the user does on a short inspector.
    if (auto* area = w.inspector()->findChild<QScrollArea*>())
        area->ensureWidgetVisible(editor->outputsTable());
    QCoreApplication::processEvents();
    QDir().mkpath("/tmp/cs-gui-shots");
    w.grab().save("/tmp/cs-gui-shots/formula_computes.png");

    QTableWidget* outputs = editor->outputsTable();
    REQUIRE(outputs->rowCount() > 0);
    const int computes = 3; // Output, Unit, Expression, Computes, remove
    REQUIRE(outputs->horizontalHeaderItem(computes)->text() == "Computes");
    CHECK(columnShows(outputs, computes));
    CHECK(outputs->horizontalScrollBar()->value() == 0);
    for (int r = 0; r < outputs->rowCount(); ++r) {
        INFO("row " << r << ": " << outputs->item(r, computes)->text().toStdString());
        CHECK(computesShows(outputs, r, computes));
    }

    // Typing at the end of a long expression scrolls nothing: the header still reads "Computes" in full.
    QLineEdit* expr = editor->expressionField(0);
    expr->setFocus();
    expr->end(false);
    QTest::keyClicks(expr, " + 0 * P");
    QCoreApplication::processEvents();
    w.grab().save("/tmp/cs-gui-shots/formula_computes_typing.png");
    CHECK(outputs->horizontalScrollBar()->value() == 0);
    CHECK(columnShows(outputs, computes));
    CHECK(columnShows(outputs, 0));
    CHECK(computesShows(outputs, 0, computes));
}
