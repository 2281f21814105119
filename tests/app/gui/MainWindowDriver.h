#pragma once
// The main window driven as a user drives it, shared by the GUI tests that go through it step by step: the Blocks
// palette (a double-click adds a type), the selected formula block's editor, a drag from port to port on the
// block canvas, and a line edit typed into. Used by the formula block from the palette (issue 48, defect 1) and
// the README's "Your own application" walkthrough.
#include "app/document/DocumentModel.h"
#include "app/gui/canvas/BlockCanvas.h"
#include "app/gui/canvas/BlockPalette.h"
#include "app/gui/canvas/PortItem.h"
#include "app/gui/inspector/FormulaEditor.h"
#include "app/gui/inspector/Inspector.h"
#include "app/gui/mainwindow/MainWindow.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QPushButton>
#include <QTableWidget>
#include <QGraphicsView>
#include <QLineEdit>
#include <QTest>
#include <QTreeWidget>
#include <catch2/catch.hpp>

#include <string>

namespace cs::test {

// Double-clicks a block type in the Blocks palette: what a window system delivers.
inline void addFromPalette(app::MainWindow& w, const QString& type)
{
    app::canvas::BlockPalette* palette = w.blockCanvas()->palette();
    QTreeWidgetItem* item = palette->itemFor(type);
    REQUIRE(item);
    palette->scrollToItem(item);
    QCoreApplication::processEvents();
    const QPoint c = palette->visualItemRect(item).center();
    QTest::mouseClick(palette->viewport(), Qt::LeftButton, {}, c);
    QTest::mouseDClick(palette->viewport(), Qt::LeftButton, {}, c);
    QTest::mouseRelease(palette->viewport(), Qt::LeftButton, {}, c);
    QCoreApplication::processEvents();
}

// The formula editor of the block the inspector shows (nullptr: it shows none).
inline app::inspector::FormulaEditor* formulaEditor(app::MainWindow& w)
{
    QWidget* form = w.inspector()->form();
    return form ? form->findChild<app::inspector::FormulaEditor*>("formulaEditor") : nullptr;
}

// Drags from one port to another in the canvas view, in steps.
inline void dragPort(app::MainWindow& w, app::canvas::PortItem* from, app::canvas::PortItem* to)
{
    QGraphicsView* view = w.blockCanvas()->view();
    const QPoint a = view->mapFromScene(from->anchor()), b = view->mapFromScene(to->anchor());
    QTest::mousePress(view->viewport(), Qt::LeftButton, {}, a);
    for (int i = 1; i <= 4; ++i)
        QTest::mouseMove(view->viewport(), a + (b - a) * i / 4);
    QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, b);
    QCoreApplication::processEvents();
}

// In the selected formula block's editor: Add input (named x, in s), then Add output; returns the output's
// expression field, still empty, for the caller to type into its own way.
inline QLineEdit* addInputXAndOutput(app::MainWindow& w, app::inspector::FormulaEditor* editor)
{
    QTest::mouseClick(w.inspector()->form()->findChild<QPushButton*>("addFormulaInput"), Qt::LeftButton);
    editor->inputsTable()->item(0, 0)->setText("x");
    qobject_cast<QComboBox*>(editor->inputsTable()->cellWidget(0, 1))->setCurrentText("s");
    QTest::mouseClick(w.inspector()->form()->findChild<QPushButton*>("addFormulaOutput"), Qt::LeftButton);
    QLineEdit* expr = editor->expressionField(0);
    REQUIRE(expr);
    return expr;
}

// Replaces a line edit's text by typing, then Enter.
inline void typeInto(QLineEdit* e, const QString& text)
{
    e->setFocus();
    e->selectAll();
    QTest::keyClicks(e, text);
    QTest::keyClick(e, Qt::Key_Return);
    QCoreApplication::processEvents();
}

inline bool hasWire(const app::DocumentModel& m, const std::string& from, const std::string& to)
{
    for (const Wire& wire : m.doc().design.wires())
        if (wire.from.str() == from && wire.to.str() == to)
            return true;
    return false;
}

} // namespace cs::test
