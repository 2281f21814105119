// Issue 48, "cramped at 1280x800": the Probes dock's node list cut its text, "No nodes yet: add the" (of "No
// nodes yet: add them in the Nodes panel"). In the default 1280x800 window, with the Probes dock's tab clicked,
// the line is whole inside the list.
#include "app/document/DocumentModel.h"
#include "app/gui/mainwindow/MainWindow.h"
#include "app/gui/runner/NodePicker.h"
#include "tests/app/gui/mainwindow/WindowAt1280.h"

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QScrollBar>
#include <QTabBar>
#include <QTest>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;

namespace {

// Clicks the tab of the bottom docks that reads `title`, as the user raises a dock.
void clickDockTab(MainWindow& w, const QString& title)
{
    for (QTabBar* bar : w.findChildren<QTabBar*>())
        for (int i = 0; i < bar->count(); ++i)
            if (bar->tabText(i) == title && bar->isVisible()) {
                QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(i).center());
                QCoreApplication::processEvents();
                return;
            }
    FAIL("no dock tab " << title.toStdString());
}

// Whether each item's text is whole in the list's viewport: the item inside it across, and as tall as the text
// wrapped at the item's width needs. A failure names the first that is not.
bool linesWhole(const NodePicker& list, std::string* first)
{
    const QRect viewport = list.viewport()->rect();
    for (int i = 0; i < list.count(); ++i) {
        const QListWidgetItem* item = list.item(i);
        const QRect r = list.visualItemRect(item);
        // The text beside the check box (its indicator and spacing, at most 30 px) and the item's margins.
        const int textWidth = r.width() - (item->flags() & Qt::ItemIsUserCheckable ? 30 : 0) - 8;
        const QRect need = list.fontMetrics().boundingRect(QRect(0, 0, std::max(textWidth, 1), 10000),
                                                           Qt::TextWordWrap, item->text());
        if (r.left() < 0 || r.right() > viewport.right() || need.width() > textWidth || need.height() > r.height()) {
            *first = item->text().toStdString() + ": item " + std::to_string(r.width()) + " x " +
                     std::to_string(r.height()) + " px at x = " + std::to_string(r.left()) + ", text " +
                     std::to_string(need.width()) + " x " + std::to_string(need.height()) + " px, viewport " +
                     std::to_string(viewport.width()) + " px wide";
            return false;
        }
    }
    return true;
}

} // namespace

TEST_CASE("the Probes dock's node list shows each line whole at 1280x800 (issue 48, cramped)",
          "[gui][runner][layout]")
{
    MainWindow w;
    cs::test::showAt1280x800(w);
    w.findChild<QAction*>("newAction")->trigger();
    w.showDesign();
    clickDockTab(w, "Probes");
    auto* dock = w.findChild<QDockWidget*>("probesDock");
    REQUIRE(dock);
    REQUIRE(dock->isVisible());
    auto* list = dock->findChild<NodePicker*>("nodePicker");
    REQUIRE(list);
    REQUIRE(list->isVisible());
    REQUIRE(list->count() == 1);
    CHECK(list->item(0)->text().simplified() == "No nodes yet: add them in the Nodes panel");
    std::string first;
    CHECK(linesWhole(*list, &first));
    INFO(first);
    CHECK(first.empty()); // was "No nodes yet: add the" in 180 px
    QDir().mkpath("/tmp/cs-gui-shots");
    dock->grab().save("/tmp/cs-gui-shots/probes_dock_no_nodes.png");

}
