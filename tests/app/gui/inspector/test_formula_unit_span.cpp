// Issue 48, minor: "the unit-mismatch underline covers one character". An expression that computes another unit
// than its output declares was marked at its first character alone; a term that adds two units was marked as the
// whole expression, however long. Now the span at fault is marked: all of an expression whose result has the
// wrong unit, the term a unit error names where it stands (spaces as typed).
#include "app/document/DocumentModel.h"
#include "app/gui/Selection.h"
#include "app/gui/inspector/FormulaEditor.h"
#include "app/gui/inspector/Inspector.h"
#include "model/document/DocumentFormat.h"
#include "tests/model/formula/StencilBlock.h"

#include <QCoreApplication>
#include <QLineEdit>
#include <QTableWidget>
#include <QTest>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;
using Catch::Contains;

namespace {

struct Stencil {
    DocumentModel model;
    Selection selection;
    Inspector inspector{&model, &selection};

    Stencil()
    {
        model.setDocument(parseDocument(test::stencilDocument().dump()), {});
        inspector.resize(560, 1000);
        inspector.show();
        selection.select(Selection::Kind::Block, "app"); // the block clicked on the canvas
        QCoreApplication::processEvents();
    }
    inspector::FormulaEditor* editor() const
    {
        return inspector.form() ? inspector.form()->findChild<inspector::FormulaEditor*>("formulaEditor") : nullptr;
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

TEST_CASE("formula editor: a unit error marks the span at fault, not one character (issue 48, minor)",
          "[gui][inspector][formula]")
{
    Stencil f;
    REQUIRE(f.editor());
    const int r = f.row("T");

    // T is declared in s; iters (1) x w (B) computes bytes: all 9 characters of "iters * w" are at fault.
    f.type("T", "iters * w");
    CHECK_THAT(f.editor()->outputStatus(r).toStdString(), Contains("declared s"));
    CHECK(f.editor()->marked(r) == std::pair<int, int>{0, 9}); // was {0, 1}

    // The same with spaces around it: the expression, not its spaces (characters 2 to 10 of "  iters * w ").
    f.type("T", "  iters * w ");
    CHECK(f.editor()->marked(r) == std::pair<int, int>{2, 9});

    // L (s) + G (s/B) inside a longer sum: the term the message names, "L +  G" as typed, characters 18 to 23 of
    // "T_comp + iters * (L +  G)" (0-based), not the whole expression.
    f.type("T", "T_comp + iters * (L +  G)");
    CHECK_THAT(f.editor()->outputStatus(r).toStdString(), Contains("'L + G'"));
    CHECK(f.editor()->marked(r) == std::pair<int, int>{18, 6}); // was {0, 25}

    // Fixed: nothing is marked.
    f.type("T", "T_comp + T_halo");
    CHECK(f.editor()->marked(r).second == 0);
}
