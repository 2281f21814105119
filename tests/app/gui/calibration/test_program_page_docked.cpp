// Issue 48, "Cramped at 1280x800": "the Calibration dock's Program page is too small to read without floating
// it". Docked in the default layout of a 1280x800 window the page scrolled, its fitted inputs' table ran past the
// dock on the right (the Applied column read "yes (a...") and its measured-against-predicted table showed a row
// or two. The Jacobi example's runs (docs/screenshots/jacobi-fitted.json) are fitted there as a user does it
// (the tab clicked, P = 8 typed as held out, a poor fit accepted, Fit clicked), and what the page shows is
// checked: nothing to scroll, every control whole, and every cell of both tables inside its table and its text
// whole.
#include "../MainWindowDriver.h"
#include "../mainwindow/WindowAt1280.h"
#include "app/document/DocumentModel.h"
#include "app/gui/calibration/CalibrationPanel.h"
#include "app/gui/calibration/FitSection.h"
#include "model/document/DocumentFormat.h"

#include <QAbstractScrollArea>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStyle>
#include <QTabBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;

namespace {

// The widget is on show whole: not cut by its dock, a scroll area or the window.
void whole(QWidget* x, const char* what)
{
    INFO(what << " " << x->width() << "x" << x->height() << ", seen "
              << x->visibleRegion().boundingRect().width() << "x" << x->visibleRegion().boundingRect().height());
    REQUIRE(x->isVisible());
    CHECK(x->visibleRegion().boundingRect() == x->rect());
}

// Every cell of the table is inside its viewport and its text is whole in it (on one line, or wrapped when the
// table wraps, within the row's height). Returns the rows whole in view.
int cellsWhole(QTableWidget* t, const char* what)
{
    INFO(what << ": viewport " << t->viewport()->width() << "x" << t->viewport()->height());
    const int margin = t->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, t) + 1;
    int rows = 0;
    for (int r = 0; r < t->rowCount(); ++r) {
        bool rowWhole = true;
        for (int c = 0; c < t->columnCount(); ++c) {
            const QTableWidgetItem* item = t->item(r, c);
            const QString text = item ? item->text() : QString();
            const QRect cell = t->visualRect(t->model()->index(r, c));
            const QFontMetrics fm(item ? item->font() : t->font());
            const int room = cell.width() - 2 * margin;
            const QRect needs = t->wordWrap() ? fm.boundingRect(QRect(0, 0, room, 100000), Qt::TextWordWrap, text)
                                              : QRect(0, 0, fm.horizontalAdvance(text), fm.height());
            INFO("row " << r << " column " << t->horizontalHeaderItem(c)->text().toStdString() << " \""
                        << text.toStdString() << "\": cell at " << cell.x() << "," << cell.y() << " " << cell.width()
                        << "x" << cell.height() << ", its text needs " << needs.width() << "x" << needs.height());
            const bool in = t->viewport()->rect().contains(cell);
            const bool fits = needs.width() <= room && needs.height() <= cell.height();
            CHECK(in);
            CHECK(fits);
            rowWhole = rowWhole && in && fits;
        }
        rows += rowWhole ? 1 : 0;
    }
    return rows;
}

} // namespace

TEST_CASE("at 1280x800 the Calibration dock's Program page reads whole docked (issue 48, cramped)",
          "[gui][calibration]")
{
    MainWindow w;
    test::showAt1280x800(w);
    QFile f(QString(CS_SOURCE_DIR) + "/docs/screenshots/jacobi-fitted.json");
    REQUIRE(f.open(QIODevice::ReadOnly));
    w.model()->setDocument(parseDocument(f.readAll().toStdString()), {});
    w.showDesign();
    QCoreApplication::processEvents();

    auto* dock = w.findChild<QDockWidget*>("calibrationDock");
    REQUIRE(dock);
    dock->raise();
    QTest::qWait(100); // the dock takes 60% of the right column when raised (MainWindow)
    calibration::CalibrationPanel* cal = w.calibrationPanel();
    QTabBar* bar = cal->tabs()->tabBar();
    int program = -1;
    for (int i = 0; i < bar->count(); ++i)
        if (bar->tabText(i).remove('&') == "Program")
            program = i;
    REQUIRE(program >= 0);
    QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(program).center());
    QCoreApplication::processEvents();
    REQUIRE(cal->tabs()->currentIndex() == program);

    calibration::FitSection* fit = cal->fitSection();
    test::typeInto(fit->holdOutEdit(), "P = 8");
    QTest::mouseClick(fit->acceptPoorFitsBox(), Qt::LeftButton);
    REQUIRE(fit->acceptPoorFitsBox()->isChecked());
    QSignalSpy done(fit, &calibration::FitSection::finished);
    QTest::mouseClick(fit->fitButton(), Qt::LeftButton);
    REQUIRE((done.count() > 0 || done.wait(60000)));
    QTest::qWait(100);
    INFO("status: " << fit->statusText().toStdString());
    QTableWidget* inputs = fit->inputsTable();
    QTableWidget* points = fit->pointsTable();
    REQUIRE(inputs->rowCount() == 1);
    REQUIRE(points->rowCount() == 4);

    QDir().mkpath("/tmp/cs-program-page");
    w.grab().save("/tmp/cs-program-page/window.png");
    dock->grab().save("/tmp/cs-program-page/dock.png");

    // Nothing between the page and the dock scrolls.
    for (QWidget* p = fit->parentWidget(); p && p != dock; p = p->parentWidget())
        if (auto* area = qobject_cast<QAbstractScrollArea*>(p)) {
            INFO("scroll area " << area->objectName().toStdString() << ": range "
                                << area->verticalScrollBar()->maximum() << " px down, "
                                << area->horizontalScrollBar()->maximum() << " px across");
            CHECK(area->verticalScrollBar()->maximum() == 0);
            CHECK(area->horizontalScrollBar()->maximum() == 0);
        }
    // The controls, the two tables and the summary are all on show.
    whole(fit->blockBox(), "Block");
    whole(fit->holdOutEdit(), "Hold out");
    whole(fit->fitButton(), "Fit");
    whole(fit->searchButton(), "Search term");
    whole(fit->applyButton(), "Apply");
    whole(fit->acceptPoorFitsBox(), "Accept a poor fit");
    whole(inputs, "fitted inputs");
    whole(points, "measured against predicted");
    auto* summary = fit->findChild<QLabel*>("fitSummary");
    REQUIRE(summary);
    whole(summary, "summary");
    CHECK_FALSE(inputs->horizontalScrollBar()->isVisible());
    CHECK_FALSE(points->horizontalScrollBar()->isVisible());

    // Each table's every cell whole: the Applied column read "yes (a...".
    const int inputRows = cellsWhole(inputs, "fitted inputs");
    const int pointRows = cellsWhole(points, "measured against predicted");
    WARN("fitted inputs: " << inputRows << " of 1 rows whole, Applied \"" << inputs->item(0, 4)->text().toStdString()
                           << "\"; points: " << pointRows << " of 4 rows whole; dock " << dock->width() << "x"
                           << dock->height());
    CHECK(inputRows == 1);
    CHECK(pointRows == 4);
}
