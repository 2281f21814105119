// Issue 48, minor: "focus jumps to the sweep's P field after Apply formula". Apply rebuilds the inspector's
// form, the button that had the focus went with the old one, and Qt gave the focus to the next widget of the
// window: the sweep panel's field. Typing on then wrote into the sweep. Now the focus stays in the inspector.
// Driven as the user does: File > New, Blocks > double-click Formula, an input and an output typed, Apply
// formula clicked; then a value typed into an input of a block and Enter.
#include "../MainWindowDriver.h"
#include "app/document/DocumentModel.h"
#include "app/gui/canvas/BlockCanvas.h"
#include "app/gui/canvas/BlockPalette.h"
#include "app/gui/inspector/FormulaEditor.h"
#include "app/gui/inspector/Inspector.h"
#include "app/gui/mainwindow/MainWindow.h"
#include "app/gui/sweeppanel/SweepPanel.h"
#include "tests/app/gui/mainwindow/WindowAt1280.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QTest>
#include <QTreeWidget>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;
using cs::test::addFromPalette;
using cs::test::formulaEditor;

namespace {

// Where the keyboard goes: the widget with the focus, described for a failure.
std::string focusName()
{
    QWidget* f = QApplication::focusWidget();
    if (!f)
        return "nothing";
    std::string s = f->metaObject()->className() + std::string(" '") + f->objectName().toStdString() + "'";
    for (QWidget* p = f->parentWidget(); p; p = p->parentWidget())
        if (!p->objectName().isEmpty())
            return s + " in '" + p->objectName().toStdString() + "'";
    return s;
}

bool inInspector(MainWindow& w)
{
    QWidget* f = QApplication::focusWidget();
    return f && (f == w.inspector() || w.inspector()->isAncestorOf(f));
}

} // namespace

TEST_CASE("the focus stays in the inspector after Apply formula, not on the sweep's field (issue 48, minor)",
          "[gui][inspector][formula][focus]")
{
    MainWindow w;
    cs::test::showAt1280x800(w);
    w.activateWindow();
    REQUIRE(QTest::qWaitForWindowActive(&w));
    w.findChild<QAction*>("newAction")->trigger();
    w.showTab(1); // View > Blocks
    QCoreApplication::processEvents();
    addFromPalette(w, "formula");
    REQUIRE(w.model()->doc().design.findBlock("formula"));
    inspector::FormulaEditor* editor = formulaEditor(w);
    REQUIRE(editor);

    QLineEdit* expr = cs::test::addInputXAndOutput(w, editor);
    QTest::mouseClick(expr, Qt::LeftButton);
    expr->selectAll();
    QTest::keyClicks(expr, "2 * x");
    QCoreApplication::processEvents();
    REQUIRE(editor->applyButton()->isEnabled());
    QTest::mouseClick(editor->applyButton(), Qt::LeftButton);
    QCoreApplication::processEvents();
    REQUIRE(w.model()->doc().design.block("formula").spec().outputIndex("y1") >= 0); // applied

    INFO("the focus is on " << focusName());
    CHECK(inInspector(w)); // was the sweep panel's path field
    // What is typed next goes nowhere in the sweep: its rows are as they were.
    const auto axes = w.model()->doc().sweep.axes;
    if (QWidget* f = QApplication::focusWidget())
        QTest::keyClicks(f, "zz");
    QCoreApplication::processEvents();
    CHECK(w.model()->doc().sweep.axes.size() == axes.size());
    for (QLineEdit* e : w.sweepPanel()->findChildren<QLineEdit*>())
        CHECK_FALSE(e->text().contains("zz"));
}
