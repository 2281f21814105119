// The inspector's formula editor (issue 31, section 6), driven as a user
// would: typing an expression shows the unit it computes, or its error with
// the characters at fault underlined; Apply replaces the definition as one
// undoable step and the block's ports follow; Revert drops what was typed.
#include "app/document/DocumentModel.h"
#include "app/gui/Selection.h"
#include "app/gui/inspector/FormulaEditor.h"
#include "app/gui/inspector/Inspector.h"
#include "model/document/DocumentFormat.h"
#include "tests/model/formula/StencilBlock.h"

#include <QCoreApplication>
#include <QDir>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QTest>
#include <QUndoStack>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;
using Catch::Contains;

namespace {

// The stencil of issue 31, with P wired from the design.
std::string stencil()
{
    return test::stencilDocument(nlohmann::json::parse(R"json({
 "parameters": [{"name": "P", "unit": "count", "value": 8, "min": 1, "max": 1024}],
 "wires": [{"from": "P", "to": "app.P"}],
 "variants": [{"name": "stencil", "total": "app.T"}]})json"))
        .dump();
}

struct Fixture {
    DocumentModel model;
    Selection selection;
    Inspector inspector{&model, &selection};

    Fixture()
    {
        model.setDocument(parseDocument(stencil()), {});
        inspector.resize(560, 1000);
        inspector.show();
        selection.select(Selection::Kind::Block, "app");
        QCoreApplication::processEvents();
    }
    inspector::FormulaEditor* editor() const
    {
        QWidget* form = inspector.form();
        return form ? form->findChild<inspector::FormulaEditor*>("formulaEditor") : nullptr;
    }
    int row(const QString& output) const
    {
        const QTableWidget* t = editor()->outputsTable();
        for (int r = 0; r < t->rowCount(); ++r)
            if (t->item(r, 0)->text() == output)
                return r;
        FAIL("no output row " << output.toStdString());
        return -1;
    }
    // Replaces an expression by typing it, as a user does.
    void type(const QString& output, const QString& text)
    {
        QLineEdit* e = editor()->expressionField(row(output));
        e->setFocus();
        e->selectAll();
        QTest::keyClicks(e, text);
        QCoreApplication::processEvents();
    }
};

} // namespace

TEST_CASE("formula editor: each expression shows the unit it computes", "[gui][inspector][formula]")
{
    Fixture f;
    REQUIRE(f.editor());
    CHECK(f.editor()->inputsTable()->rowCount() == 7);
    CHECK(f.editor()->outputsTable()->rowCount() == 3);
    // iters N^3 t_cell / P: 1 x 1 x s / 1 = s; T_halo: 1 x (s + B x s/B) = s.
    CHECK(f.editor()->outputStatus(f.row("T_comp")) == "= s");
    CHECK(f.editor()->outputStatus(f.row("T_halo")) == "= s");
    CHECK(f.editor()->marked(f.row("T")).second == 0);
    CHECK_FALSE(f.editor()->applyButton()->isEnabled()); // nothing typed yet
}

TEST_CASE("formula editor: an error is marked where it is as you type", "[gui][inspector][formula]")
{
    Fixture f;
    // An unknown name: 'T_hal' starts at character 10 (1-based) of "T_comp + T_hal".
    f.type("T", "T_comp + T_hal");
    const int r = f.row("T");
    CHECK_THAT(f.editor()->outputStatus(r).toStdString(), Contains("at 10: unknown name 'T_hal'"));
    CHECK(f.editor()->marked(r) == std::pair<int, int>{9, 5});
    CHECK_FALSE(f.editor()->applyButton()->isEnabled());
    CHECK_THAT(f.editor()->problem().toStdString(), Contains("T_hal"));
    if (const char* dir = std::getenv("CS_SHOT_DIR")) // scripts/screenshots.sh
        CHECK(f.editor()->grab().save(QDir(dir).filePath("formula-error.png")));

    // Seconds plus seconds per byte: the whole expression, both units named.
    f.type("T", "L + G");
    CHECK_THAT(f.editor()->outputStatus(r).toStdString(), Contains("s/B"));
    CHECK(f.editor()->marked(r) == std::pair<int, int>{0, 5});
    // Fixed: the marking goes and Apply lights up.
    f.type("T", "T_comp + T_halo + L");
    CHECK(f.editor()->outputStatus(r) == "= s");
    CHECK(f.editor()->marked(r).second == 0);
    CHECK(f.editor()->applyButton()->isEnabled());
    // Nothing reached the document before Apply.
    for (const FormulaOutput& o : asFormula(f.model.doc().design.block("app").block)->definition().outputs)
        if (o.name == "T")
            CHECK(o.expr == "T_comp + T_halo");
}

TEST_CASE("formula editor: Apply makes the definition the block's in one undo step, the ports follow",
          "[gui][inspector][formula]")
{
    Fixture f;
    const int steps = f.model.undoStack()->count();
    // A new output T_reduce = iters * log2(P) * L, and T includes it.
    QTest::mouseClick(f.inspector.form()->findChild<QPushButton*>("addFormulaOutput"), Qt::LeftButton);
    QTableWidget* outs = f.editor()->outputsTable();
    REQUIRE(outs->rowCount() == 4);
    outs->item(3, 0)->setText("T_reduce");
    f.type("T_reduce", "iters * log2(P) * L");
    f.type("T", "T_comp + T_halo + T_reduce");
    REQUIRE(f.editor()->applyButton()->isEnabled());
    QTest::mouseClick(f.editor()->applyButton(), Qt::LeftButton);
    QCoreApplication::processEvents();
    CHECK(f.model.undoStack()->count() == steps + 1);
    const BlockSpec& s = f.model.doc().design.block("app").spec();
    CHECK(s.outputIndex("T_reduce") >= 0);
    CHECK(f.model.doc().design.wireInto({"app", "P"}) != nullptr); // kept
    // The form is rebuilt with the new definition; its status is clean.
    REQUIRE(f.editor());
    CHECK(f.editor()->outputsTable()->rowCount() == 4);
    CHECK_FALSE(f.editor()->applyButton()->isEnabled());

    if (const char* dir = std::getenv("CS_SHOT_DIR")) { // scripts/screenshots.sh
        f.inspector.resize(560, 1100);
        QCoreApplication::processEvents();
        CHECK(f.inspector.grab().save(QDir(dir).filePath("formula-inspector.png")));
    }

    f.model.undoStack()->undo();
    QCoreApplication::processEvents();
    CHECK(f.model.doc().design.block("app").spec().outputIndex("T_reduce") < 0);
}

TEST_CASE("formula editor: Revert drops what was typed", "[gui][inspector][formula]")
{
    Fixture f;
    f.type("T_comp", "iters * N^3 * t_cell");
    CHECK(f.editor()->applyButton()->isEnabled());
    QTest::mouseClick(f.inspector.form()->findChild<QPushButton*>("revertFormula"), Qt::LeftButton);
    CHECK(f.editor()->expressionField(f.row("T_comp"))->text() == "iters * N^3 * t_cell / P");
    CHECK_FALSE(f.editor()->applyButton()->isEnabled());
}
