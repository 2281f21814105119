// Issue 48: a formula block copied and pasted on the block canvas was empty: the clipboard held its type
// ("formula") and values, not its definition, so the paste had no inputs, outputs or expressions. On the jacobi
// preset, as a user does it: click the formula block "app" on the canvas, Edit > Copy (Ctrl+C), Edit > Paste
// (Ctrl+V); the paste's formula is the original's, its formula editor applies an edit, and its outputs read as
// the original's.
#include "app/document/DocumentModel.h"
#include "app/gui/canvas/BlockCanvas.h"
#include "app/gui/canvas/BlockNode.h"
#include "app/gui/inspector/FormulaEditor.h"
#include "app/gui/inspector/Inspector.h"
#include "app/gui/mainwindow/MainWindow.h"
#include "tests/app/gui/mainwindow/WindowAt1280.h"

#include <QDir>
#include <QGraphicsView>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QTest>
#include <QUndoStack>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;

namespace {

void clickNode(MainWindow& w, const QString& name)
{
    canvas::BlockNode* n = w.blockCanvas()->node(name);
    REQUIRE(n);
    QGraphicsView* view = w.blockCanvas()->view();
    view->centerOn(n);
    QCoreApplication::processEvents();
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {},
                      view->mapFromScene(n->pos() + QPointF(n->size().width() / 2, 10)));
    QCoreApplication::processEvents();
}

// The Outputs table of the block the inspector shows: {output, value as shown}.
std::vector<std::pair<QString, QString>> shownOutputs(MainWindow& w)
{
    std::vector<std::pair<QString, QString>> out;
    auto* table = w.inspector()->form()->findChild<QTableWidget*>("outputs");
    REQUIRE(table);
    for (int r = 0; r < table->rowCount(); ++r)
        out.emplace_back(table->item(r, 0)->text().trimmed(), table->item(r, 1)->text());
    return out;
}

} // namespace

TEST_CASE("a formula block copied and pasted on the block canvas has the original's formula, applies and "
          "evaluates as the original (issue 48)",
          "[gui][canvas][clipboard][formula]")
{
    MainWindow w;
    cs::test::showAt1280x800(w);
    REQUIRE(w.openPreset("jacobi"));
    w.showTab(1);
    QCoreApplication::processEvents();
    const std::set<std::string> before = [&] {
        std::set<std::string> names;
        for (const BlockInstance& b : w.model()->doc().design.blocks())
            names.insert(b.name);
        return names;
    }();

    clickNode(w, "app");
    REQUIRE(w.blockCanvas()->node("app")->isSelected());
    const auto original = shownOutputs(w);
    QWidget* view = w.blockCanvas()->view()->viewport();
    QTest::keyClick(view, Qt::Key_C, Qt::ControlModifier);
    const int steps = w.model()->undoStack()->count();
    QTest::keyClick(view, Qt::Key_V, Qt::ControlModifier);
    // One undo step. Waited for (at most 10 s) rather than read after one pass of the event loop: under a load of
    // 16 on two cores the count was still 0 there once.
    static_cast<void>(QTest::qWaitFor([&] { return w.model()->undoStack()->count() != steps; }, 10000));
    REQUIRE(w.model()->undoStack()->count() == steps + 1);

    std::string pasted;
    for (const BlockInstance& b : w.model()->doc().design.blocks())
        if (!before.count(b.name))
            pasted = b.name;
    REQUIRE_FALSE(pasted.empty());
    const Design& d = w.model()->doc().design;
    const FormulaBlock* a = asFormula(d.block("app").block);
    const FormulaBlock* b = asFormula(d.block(pasted).block);
    REQUIRE(a);
    REQUIRE(b);
    // The same formula: every input with its unit, value, range and fit mark; every output with its expression.
    // The paste had none (the registry's empty formula).
    REQUIRE(b->definition().inputs.size() == a->definition().inputs.size());
    REQUIRE(b->definition().outputs.size() == a->definition().outputs.size());
    REQUIRE(a->definition().outputs.size() == 10); // nodes, node_ranks, k_off, k_on, r_on, T_comp, credit, T_halo, T_reduce, T
    for (std::size_t i = 0; i < a->definition().inputs.size(); ++i) {
        const FormulaInput &x = a->definition().inputs[i], &y = b->definition().inputs[i];
        INFO("input " << x.name);
        CHECK(y.name == x.name);
        CHECK(y.unit == x.unit);
        CHECK(y.value.value == x.value.value);
        CHECK(y.min == x.min);
        CHECK(y.max == x.max);
        CHECK(y.fit == x.fit);
    }
    for (std::size_t i = 0; i < a->definition().outputs.size(); ++i) {
        INFO("output " << a->definition().outputs[i].name);
        CHECK(b->definition().outputs[i].name == a->definition().outputs[i].name);
        CHECK(b->definition().outputs[i].expr == a->definition().outputs[i].expr);
    }
    // Its wires come with it: P from the design parameter, G from the topology.
    REQUIRE(d.wireInto({pasted, "P"}));
    CHECK(d.wireInto({pasted, "P"})->from.str() == "P");
    REQUIRE(d.wireInto({pasted, "G"}));
    CHECK(d.wireInto({pasted, "G"})->from.str() == "topology.G_a2a");

    // The inspector shows the paste (selected after the paste) with the original's outputs, value for value.
    REQUIRE(w.blockCanvas()->node(QString::fromStdString(pasted))->isSelected());
    clickNode(w, QString::fromStdString(pasted));
    const auto copy = shownOutputs(w);
    CHECK(copy == original);
    QDir().mkpath("/tmp/cs-gui-shots");
    w.grab().save("/tmp/cs-gui-shots/formula_paste.png");

    // Its formula editor applies an edit of the paste alone: T doubled.
    auto* editor = w.inspector()->form()->findChild<inspector::FormulaEditor*>("formulaEditor");
    REQUIRE(editor);
    REQUIRE(editor->outputsTable()->rowCount() == 10);
    int rowT = -1;
    for (int r = 0; r < 10; ++r)
        if (editor->outputsTable()->item(r, 0)->text() == "T")
            rowT = r;
    REQUIRE(rowT >= 0);
    QLineEdit* expr = editor->expressionField(rowT);
    expr->setFocus();
    expr->selectAll();
    QTest::keyClicks(expr, "2 * (T_comp + T_halo + T_reduce)");
    QCoreApplication::processEvents();
    REQUIRE(editor->applyButton()->isEnabled());
    QTest::mouseClick(editor->applyButton(), Qt::LeftButton);
    QCoreApplication::processEvents();
    CHECK(asFormula(w.model()->doc().design.block(pasted).block)->definition().outputs.size() == 10);
    for (const FormulaOutput& o : asFormula(w.model()->doc().design.block("app").block)->definition().outputs)
        if (o.name == "T")
            CHECK(o.expr == "T_comp + T_halo + T_reduce"); // the original is left as it was
    // T of the paste is now twice the original's; its phases are the same.
    const auto doubled = shownOutputs(w);
    REQUIRE(doubled.size() == original.size());
    for (std::size_t i = 0; i < original.size(); ++i)
        if (original[i].first == "T") {
            const double t0 = original[i].second.section(' ', 0, 0).toDouble();
            const double t1 = doubled[i].second.section(' ', 0, 0).toDouble();
            INFO(original[i].second.toStdString() << " then " << doubled[i].second.toStdString());
            CHECK(original[i].second.section(' ', 1) == doubled[i].second.section(' ', 1));
            CHECK(t1 == Approx(2 * t0).epsilon(1e-3));
        } else {
            CHECK(doubled[i] == original[i]);
        }
}
