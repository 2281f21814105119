// Issue 48, minor: "a new block's canvas position is lost on reopen". Driven as the user did it in the
// 1280x800 window: File > New, Blocks > double-click Formula, its formula applied, a second block added, the
// formula block dragged by its header; File > Save As, File > New, the file opened again: every block stands
// where it stood.
#include "../MainWindowDriver.h"
#include "../FileDialogAnswer.h"
#include "app/document/DocumentModel.h"
#include "app/gui/canvas/BlockCanvas.h"
#include "app/gui/canvas/BlockNode.h"
#include "app/gui/canvas/BlockPalette.h"
#include "app/gui/inspector/FormulaEditor.h"
#include "app/gui/inspector/Inspector.h"
#include "app/gui/mainwindow/MainWindow.h"
#include "tests/app/gui/mainwindow/WindowAt1280.h"

#include <QAction>
#include <QComboBox>
#include <QGraphicsView>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
#include <catch2/catch.hpp>

#include <map>

using namespace cs;
using namespace cs::app;
using cs::test::addFromPalette;

namespace {

// Where each node of the canvas stands, scene coordinates.
std::map<QString, QPointF> positions(MainWindow& w)
{
    std::map<QString, QPointF> out;
    for (QGraphicsItem* it : w.blockCanvas()->view()->scene()->items())
        if (it->type() == canvas::BlockNode::Type) {
            auto* n = static_cast<canvas::BlockNode*>(it);
            out[n->name()] = n->pos();
        }
    return out;
}

std::string describe(const std::map<QString, QPointF>& p)
{
    std::string s;
    for (const auto& [name, at] : p)
        s += name.toStdString() + " (" + std::to_string(at.x()) + ", " + std::to_string(at.y()) + ") ";
    return s;
}

} // namespace

TEST_CASE("blocks added from the palette, applied and dragged stand where they stood after save and reopen "
          "(issue 48, minor)",
          "[gui][canvas][formula]")
{
    MainWindow w;
    cs::test::showAt1280x800(w);
    QAction* newAct = w.findChild<QAction*>("newAction");
    newAct->trigger();
    w.showTab(1); // View > Blocks
    QCoreApplication::processEvents();

    addFromPalette(w, "formula");
    REQUIRE(w.model()->doc().design.findBlock("formula"));
    auto* editor = w.inspector()->form()->findChild<inspector::FormulaEditor*>("formulaEditor");
    REQUIRE(editor);
    QLineEdit* expr = cs::test::addInputXAndOutput(w, editor);
    expr->setFocus();
    expr->selectAll();
    QTest::keyClicks(expr, "2 * x");
    QCoreApplication::processEvents();
    REQUIRE(editor->applyButton()->isEnabled());
    QTest::mouseClick(editor->applyButton(), Qt::LeftButton);
    QCoreApplication::processEvents();
    addFromPalette(w, "speedup.efficiency");
    REQUIRE(w.model()->doc().design.findBlock("efficiency"));

    // The formula block dragged 150 px right and 90 px down by its header.
    QGraphicsView* view = w.blockCanvas()->view();
    canvas::BlockNode* f = w.blockCanvas()->node("formula");
    REQUIRE(f);
    view->centerOn(f);
    QCoreApplication::processEvents();
    const QPoint from = view->mapFromScene(f->pos() + QPointF(f->size().width() / 2, 10)), to = from + QPoint(150, 90);
    QTest::mousePress(view->viewport(), Qt::LeftButton, {}, from);
    for (int i = 1; i <= 4; ++i)
        QTest::mouseMove(view->viewport(), from + (to - from) * i / 4);
    QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, to);
    QCoreApplication::processEvents();
    const std::map<QString, QPointF> before = positions(w);
    REQUIRE(before.count("formula"));
    REQUIRE(before.count("efficiency"));

    QTemporaryDir dir;
    const QString path = dir.filePath("mine.json");
    const auto answered = test::answerNextFileDialog(path);
    w.findChild<QAction*>("saveAsAction")->trigger();
    REQUIRE(*answered);
    newAct->trigger();
    REQUIRE(w.openFile(path));
    w.showTab(1);
    QCoreApplication::processEvents();
    const std::map<QString, QPointF> after = positions(w);
    INFO("before: " << describe(before));
    INFO("after:  " << describe(after));
    CHECK(after == before);
}
