// Issue 48, defect 1: a formula block added from the palette in a new design
// could never be applied ("block formula is not one the design defines"); it
// worked only after save and reopen. Driven through the main window as a user
// does it: File > New, Blocks > double-click Formula, input x (s), output
// y1 = 2 * x, Apply formula; then wire y1 into a speedup block on the canvas,
// sweep x, save with File > Save As and open the file again.
#include "../FileDialogAnswer.h"
#include "../MainWindowDriver.h"
#include "app/document/DocumentModel.h"
#include "app/gui/canvas/BlockCanvas.h"
#include "app/gui/canvas/BlockPalette.h"
#include "app/gui/canvas/PortItem.h"
#include "app/gui/inspector/FormulaEditor.h"
#include "app/gui/inspector/Inspector.h"
#include "app/gui/mainwindow/MainWindow.h"
#include "app/gui/sweeppanel/SweepAxesEditor.h"
#include "app/gui/sweeppanel/SweepPanel.h"

#include <QAction>
#include <QComboBox>
#include <QGraphicsView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTreeWidget>
#include <QUndoStack>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;
using cs::test::addFromPalette;
using cs::test::dragPort;
using cs::test::formulaEditor;
using cs::test::hasWire;
using cs::test::typeInto;

TEST_CASE("a formula block from the palette in a new design is applied, wired, swept, saved and reopened "
          "(issue 48, defect 1)",
          "[gui][inspector][formula]")
{
    MainWindow w;
    w.resize(1280, 800);
    w.show();
    REQUIRE(QTest::qWaitForWindowExposed(&w));
    QAction* newAct = w.findChild<QAction*>("newAction");
    REQUIRE(newAct);
    newAct->trigger();
    w.showTab(1); // View > Blocks
    QCoreApplication::processEvents();

    addFromPalette(w, "formula");
    REQUIRE(w.model()->doc().design.findBlock("formula"));
    inspector::FormulaEditor* editor = formulaEditor(w);
    REQUIRE(editor);

    // Input x in seconds, output y1 = 2 * x.
    QTest::mouseClick(w.inspector()->form()->findChild<QPushButton*>("addFormulaInput"), Qt::LeftButton);
    REQUIRE(editor->inputsTable()->rowCount() == 1);
    editor->inputsTable()->item(0, 0)->setText("x");
    auto* unit = qobject_cast<QComboBox*>(editor->inputsTable()->cellWidget(0, 1));
    REQUIRE(unit);
    unit->setCurrentText("s");
    QTest::mouseClick(w.inspector()->form()->findChild<QPushButton*>("addFormulaOutput"), Qt::LeftButton);
    REQUIRE(editor->outputsTable()->rowCount() == 1);
    QLineEdit* expr = editor->expressionField(0);
    expr->setFocus();
    expr->selectAll();
    QTest::keyClicks(expr, "2 * x");
    QCoreApplication::processEvents();
    CHECK(editor->outputStatus(0) == "= s");
    REQUIRE(editor->applyButton()->isEnabled());
    const int steps = w.model()->undoStack()->count();
    QTest::mouseClick(editor->applyButton(), Qt::LeftButton);
    QCoreApplication::processEvents();

    // Applied: one undo step, the ports are the new ones, no refusal shown.
    CHECK(w.model()->undoStack()->count() == steps + 1);
    const BlockSpec& spec = w.model()->doc().design.block("formula").spec();
    REQUIRE(spec.inputIndex("x") >= 0);
    REQUIRE(spec.outputIndex("y1") >= 0);
    editor = formulaEditor(w);
    REQUIRE(editor);
    const QLabel* status = editor->findChild<QLabel*>("formulaStatus");
    REQUIRE(status);
    CHECK_FALSE(status->text().contains("not one the design defines"));
    CHECK_FALSE(editor->applyButton()->isEnabled());

    // Wired on the canvas: y1 into a speedup block's total time.
    addFromPalette(w, "speedup.efficiency");
    REQUIRE(w.model()->doc().design.findBlock("efficiency"));
    w.blockCanvas()->zoomToFit();
    QCoreApplication::processEvents();
    canvas::PortItem* y1 = w.blockCanvas()->port("formula", "y1", false);
    canvas::PortItem* t = w.blockCanvas()->port("efficiency", "T", true);
    REQUIRE(y1);
    REQUIRE(t);
    dragPort(w, y1, t);
    REQUIRE(hasWire(*w.model(), "formula.y1", "efficiency.T"));

    // Swept: x over 1, 2 and 4 s in the sweep panel's axis row.
    SweepPanel* sweep = w.sweepPanel();
    sweeppanel::SweepAxesEditor* axes = sweep->axesEditor();
    if (axes->rowCount() == 0)
        QTest::mouseClick(axes->addButton(), Qt::LeftButton);
    REQUIRE(axes->rowCount() >= 1);
    QSignalSpy plotted(sweep, &SweepPanel::plotsUpdated);
    typeInto(axes->pathEdit(0)->lineEdit(), "formula.x");
    typeInto(axes->specEdit(0), "1,2,4");
    CHECK(axes->error().isEmpty());
    REQUIRE(w.model()->doc().sweep.axes.size() >= 1);
    CHECK(w.model()->doc().sweep.axes[0].path == "formula.x");
    // Waits for the sweep of these axes (an earlier one may finish first).
    for (int i = 0; i < 20 && !(sweep->table() && sweep->table()->axes.size() >= 1 &&
                                 sweep->table()->axes[0] == "formula.x" && !sweep->isComputing());
         ++i)
        plotted.wait(2000);
    const auto table = sweep->table();
    REQUIRE(table);
    REQUIRE(table->axes[0] == "formula.x");
    CHECK(table->points == 3);
    CHECK(table->errors.empty());
    // The design's total is y1 = 2 x at each point.
    const int T = table->column("T");
    REQUIRE(T >= 0);
    REQUIRE(table->variants.size() == 1);
    CHECK(table->at(0, static_cast<std::size_t>(T)) == Approx(2.0));
    CHECK(table->at(1, static_cast<std::size_t>(T)) == Approx(4.0));
    CHECK(table->at(2, static_cast<std::size_t>(T)) == Approx(8.0));

    // Saved with File > Save As (its dialog answered as the user does), then opened again.
    QTemporaryDir dir;
    const QString path = dir.filePath("mine.json");
    const auto answered = test::answerNextFileDialog(path);
    QAction* saveAs = w.findChild<QAction*>("saveAsAction");
    REQUIRE(saveAs);
    saveAs->trigger();
    REQUIRE(*answered);
    REQUIRE(QFile::exists(path));
    CHECK_FALSE(w.model()->isModified());
    newAct->trigger();
    CHECK_FALSE(w.model()->doc().design.findBlock("formula"));
    REQUIRE(w.openFile(path));
    const BlockInstance* reopened = w.model()->doc().design.findBlock("formula");
    REQUIRE(reopened);
    const FormulaBlock* f = asFormula(reopened->block);
    REQUIRE(f);
    REQUIRE(f->definition().inputs.size() == 1);
    CHECK(f->definition().inputs[0].name == "x");
    CHECK(f->definition().inputs[0].unit == Unit::Seconds);
    REQUIRE(f->definition().outputs.size() == 1);
    CHECK(f->definition().outputs[0].expr == "2 * x");
    CHECK(hasWire(*w.model(), "formula.y1", "efficiency.T"));
    REQUIRE(w.model()->doc().sweep.axes.size() >= 1);
    CHECK(w.model()->doc().sweep.axes[0].path == "formula.x");
}
