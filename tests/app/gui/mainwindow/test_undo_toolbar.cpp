// Issue 48, minor: "undo/redo labels make the toolbar very wide". The tool bar's Undo button read
// "Undo Logarithmic axes" (QUndoStack's action, whose text names the last edit), and the tool bar grew with each
// edit's name. Now its buttons read "Undo" and "Redo", the edit in their tooltips; the Edit menu keeps the names.
#include "app/document/DocumentModel.h"
#include "app/gui/mainwindow/MainWindow.h"
#include "app/gui/sweeppanel/SweepPanel.h"
#include "tests/app/gui/mainwindow/WindowAt1280.h"

#include <QAbstractButton>
#include <QCheckBox>
#include <QMenuBar>
#include <QTest>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;

namespace {

// The main tool bar's button whose text starts with `word` ("Undo"), as the user sees it.
QToolButton* toolButton(MainWindow& w, const QString& word)
{
    auto* tb = w.findChild<QToolBar*>("mainToolbar");
    REQUIRE(tb);
    for (QToolButton* b : tb->findChildren<QToolButton*>())
        if (b->isVisible() && b->text().startsWith(word))
            return b;
    return nullptr;
}

} // namespace

TEST_CASE("the tool bar's Undo and Redo stay one word wide whatever the edit, named in their tooltips "
          "(issue 48, minor)",
          "[gui][mainwindow][undo]")
{
    MainWindow w;
    SweepPanel* sweep = cs::test::openPresetCharted(w, "jacobi");
    auto* tb = w.findChild<QToolBar*>("mainToolbar");
    REQUIRE(tb);
    QToolButton* undo = toolButton(w, "Undo");
    REQUIRE(undo);
    const int toolbarWidth = tb->sizeHint().width(), undoWidth = undo->sizeHint().width();

    // The sweep panel's "Logarithmic axes" clicked: one edit, so named on the undo stack.
    QCheckBox* log = nullptr;
    for (QCheckBox* c : sweep->findChildren<QCheckBox*>())
        if (c->text() == "Logarithmic axes")
            log = c;
    REQUIRE(log);
    const QString edit = log->isChecked() ? "Linear axes" : "Logarithmic axes";
    QTest::mouseClick(log, Qt::LeftButton);
    QCoreApplication::processEvents();
    REQUIRE(w.model()->undoStack()->undoText() == edit);

    undo = toolButton(w, "Undo");
    REQUIRE(undo);
    INFO("the Undo button reads \"" << undo->text().toStdString() << "\"");
    CHECK(undo->text() == "Undo"); // was "Undo Logarithmic axes"
    CHECK(undo->isEnabled());
    CHECK(undo->toolTip().contains(edit));
    CHECK(undo->sizeHint().width() == undoWidth);
    CHECK(tb->sizeHint().width() == toolbarWidth);

    // Undone from the tool bar, as the user clicks it: Redo names it, as wide as before.
    QTest::mouseClick(undo, Qt::LeftButton);
    QCoreApplication::processEvents();
    CHECK(w.model()->undoStack()->undoText().isEmpty());
    QToolButton* redo = toolButton(w, "Redo");
    REQUIRE(redo);
    CHECK(redo->text() == "Redo");
    CHECK(redo->isEnabled());
    CHECK(redo->toolTip().contains(edit));
    CHECK(tb->sizeHint().width() == toolbarWidth);
    CHECK_FALSE(toolButton(w, "Undo")->isEnabled());

    // The Edit menu keeps the edit's name.
    bool named = false;
    for (QAction* a : w.menuBar()->actions())
        if (a->menu() && a->text() == "&Edit")
            for (QAction* item : a->menu()->actions())
                named = named || item->text().remove('&') == "Redo " + edit;
    CHECK(named);
}
