// The main window's default layout on a 1280x800 screen, View > Reset
// layout (issue 15, defect 4), and Help: the user manual with its
// screenshots and "What's this" for the docks (defect 9).
#include "app/gui/help/HelpWindow.h"
#include "app/gui/mainwindow/MainWindow.h"

#include <QAction>
#include <fstream>
#include <iterator>
#include <string>
#include <QDockWidget>
#include <QHeaderView>
#include <QScrollBar>
#include <QTableWidget>
#include <QImage>
#include <QMenu>
#include <QMenuBar>
#include <QTest>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTextFragment>
#include <catch2/catch.hpp>

#include <sstream>

using namespace cs::app;

namespace {

QDockWidget* dock(MainWindow& w, const char* name)
{
    auto* d = w.findChild<QDockWidget*>(name);
    REQUIRE(d);
    return d;
}

// The window as a user first sees it: 1280x800, the drawing tab, the default layout.
void showDefault(MainWindow& w)
{
    w.resize(1280, 800);
    w.show();
    REQUIRE(QTest::qWaitForWindowExposed(&w));
    w.showTab(0);
    w.resetLayout();
    QCoreApplication::processEvents();
}

} // namespace

TEST_CASE("the default layout gives the inspector room on 1280x800, and Reset layout restores it", "[gui][layout]")
{
    MainWindow w;
    showDefault(w);

    // Every panel's smallest size fits a 1280x800 screen.
    {
        std::ostringstream needs;
        for (QDockWidget* d : w.findChildren<QDockWidget*>())
            needs << d->objectName().toStdString() << " " << d->minimumSizeHint().width() << "x"
                  << d->minimumSizeHint().height() << "; ";
        needs << "central " << w.centralWidget()->minimumSizeHint().width() << "x"
              << w.centralWidget()->minimumSizeHint().height();
        INFO(needs.str());
        CHECK(w.minimumSizeHint().width() <= 1280);
        CHECK(w.minimumSizeHint().height() <= 800);
        CHECK(w.width() == 1280);
    }

    auto check = [&] {
        QDockWidget* insp = dock(w, "inspectorDock");
        INFO("inspector " << insp->width() << "x" << insp->height());
        CHECK(insp->isVisible());
        CHECK_FALSE(insp->isFloating());
        // At least half the window's height (it was 130-190 px) and 380 px wide.
        CHECK(insp->height() >= 800 / 2);
        CHECK(insp->width() >= 380);
        // The plots keep a usable height beside it, and the views are not squeezed.
        CHECK(dock(w, "sweepDock")->height() >= 250);
        CHECK(w.centralWidget()->width() >= 500);
        CHECK(w.centralWidget()->height() >= 250);
        // Everything fits in the window.
        CHECK(insp->geometry().bottom() <= w.height());
        CHECK(insp->geometry().right() <= w.width());
    };
    check();

    // Moved about: the inspector floated, the metrics dock closed.
    dock(w, "inspectorDock")->setFloating(true);
    dock(w, "metricsDock")->hide();
    QAction* reset = w.findChild<QAction*>("resetLayoutAction");
    REQUIRE(reset);
    reset->trigger();
    QCoreApplication::processEvents();
    check();
    CHECK(dock(w, "metricsDock")->isVisible());
}

// Issue 25, defect 4: at 1280x800 the Calibration dock showed its apply
// buttons only after scrolling (and a sideways scroll bar), and the Probes
// dock scrolled sideways over the probe parameter table.
TEST_CASE("the Calibration and Probes docks fit a 1280x800 window", "[gui][layout][docks]")
{
    MainWindow w;
    showDefault(w);

    QDockWidget* cal = dock(w, "calibrationDock");
    cal->raise();
    QTest::qWait(50);
    QCoreApplication::processEvents();
    INFO("calibration dock " << cal->width() << "x" << cal->height());
    // Raised, it takes most of the right column; nothing in it scrolls the dock.
    CHECK(cal->height() >= dock(w, "inspectorDock")->height());
    CHECK(w.findChild<QWidget*>("calibrationDockScroll") == nullptr);
    for (const char* name : {"applyCalibration", "calibrateButton", "acceptPoorFits"}) {
        auto* b = cal->findChild<QWidget*>(name);
        REQUIRE(b);
        const QRect r(b->mapTo(cal, QPoint(0, 0)), b->size());
        INFO(name << " at " << r.x() << "," << r.y() << " " << r.width() << "x" << r.height());
        CHECK(b->isVisible());
        CHECK(cal->rect().contains(r));
    }

    QDockWidget* probes = dock(w, "probesDock");
    probes->raise();
    QTest::qWait(50);
    QCoreApplication::processEvents();
    auto* scroll = w.findChild<QAbstractScrollArea*>("probesDockScroll");
    if (scroll)
        CHECK_FALSE(scroll->horizontalScrollBar()->isVisible());
    auto* params = probes->findChild<QTableWidget*>("probeParams");
    REQUIRE(params);
    // Every column but the last (Meaning, also a tooltip) is in sight.
    const int shown = params->viewport()->width();
    int used = 0;
    for (int c = 0; c + 1 < params->columnCount(); ++c)
        used += params->columnWidth(c);
    INFO("columns " << used << " px in " << shown << " px");
    CHECK(used <= shown);
    CHECK(params->viewport()->height() >= 4 * params->verticalHeader()->defaultSectionSize());
}

TEST_CASE("Help shows the user manual with its screenshots, and the docks say what they are", "[gui][help]")
{
    MainWindow w;
    QAction* manual = w.findChild<QAction*>("manualAction");
    REQUIRE(manual);
    CHECK(manual->shortcut() == QKeySequence(QKeySequence::HelpContents));
    manual->trigger();
    QCoreApplication::processEvents(); // laid out at its size: the images fit that width
    HelpWindow* help = w.manualWindow();
    REQUIRE(help);
    CHECK(help->isVisible());
    QTextDocument* doc = help->browser()->document();
    // The manual starts with the first task, not with building the program.
    const QString text = doc->toPlainText();
    CHECK(text.contains("Open a design and read its speedup"));
    CHECK(text.indexOf("Open a design") < text.indexOf("Measure real nodes"));
    CHECK_FALSE(text.contains("make test"));
    // Its screenshots, each loaded from the resource, at the text's width
    // (readable, not thumbnails: a 1280-px shot fills the window's text).
    int images = 0;
    for (QTextBlock b = doc->begin(); b.isValid(); b = b.next())
        for (auto it = b.begin(); !it.atEnd(); ++it)
            if (it.fragment().charFormat().isImageFormat()) {
                const QTextImageFormat f = it.fragment().charFormat().toImageFormat();
                INFO(f.name().toStdString());
                const QImage img = doc->resource(QTextDocument::ImageResource, QUrl(f.name())).value<QImage>();
                CHECK_FALSE(img.isNull());
                CHECK(f.width() > 0);
                CHECK(f.width() <= help->browser()->viewport()->width());
                CHECK(f.width() >= std::min<double>(img.width(), help->browser()->viewport()->width() - 60));
                ++images;
            }
    // Every screenshot the manual shows, each drawn.
    std::ifstream manualFile(std::string(CS_SOURCE_DIR) + "/docs/manual.md");
    const std::string manualText((std::istreambuf_iterator<char>(manualFile)), std::istreambuf_iterator<char>());
    int shown = 0;
    for (std::size_t at = manualText.find("](screenshots/"); at != std::string::npos;
         at = manualText.find("](screenshots/", at + 1))
        ++shown;
    CHECK(shown >= 10);
    CHECK(images == shown);
    if (const char* dir = std::getenv("CS_SHOT_DIR")) {
        help->browser()->verticalScrollBar()->setValue(help->browser()->verticalScrollBar()->maximum() / 3);
        CHECK(help->grab().save(QString(dir) + "/manual.png"));
    }

    CHECK(w.findChild<QAction*>("whatsThisAction"));
    for (const char* name : {"inspectorDock", "metricsDock", "sweepDock", "nodesDock", "probesDock",
                             "calibrationDock"}) {
        INFO(name);
        CHECK(dock(w, name)->whatsThis().size() > 80);
        CHECK(dock(w, name)->widget()->whatsThis() == dock(w, name)->whatsThis());
    }
}
