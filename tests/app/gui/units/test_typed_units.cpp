// Issue 48, defect 14: "1 Gbit/s reopens as 1000 Mbit/s", and the model's refusal of a typed value gave its
// range in B/s where the field shows Gbit/s. Fields with a unit of their own (not one unit for the whole form, as
// the block and topology forms have) showed every value in that unit:
//  - a design parameter the document shows in Mbit/s: 1 Gbit/s typed, then File > Save As and open, read
//    "1000 Mbit/s";
//  - the Generate dialog's link bandwidth, in MB/s: 1 Gbit/s typed and placed read "125" MB/s when the dialog
//    opened again.
// Now a rate is shown in the unit it reads best in (or the family of the unit typed).
#include "../FileDialogAnswer.h"
#include "UnitFieldDriver.h"
#include "app/document/DocumentModel.h"
#include "app/gui/canvas/BlockCanvas.h"
#include "app/gui/canvas/BlockNode.h"
#include "app/gui/inspector/Inspector.h"
#include "app/gui/mainwindow/MainWindow.h"
#include "app/gui/topology/GeneratorDialog.h"
#include "app/gui/topology/QuantitySpinBox.h"
#include "app/gui/topology/TopologyEditor.h"
#include "tests/app/gui/mainwindow/WindowAt1280.h"
#include "tests/app/gui/topology/GeneratorWait.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QGraphicsView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;
using cs::test::openGenerate;
using cs::test::selectParameter;
using cs::test::typeInto;

namespace {

// A link rate B shown in Mbit/s (100 Mbit/s = 1.25e7 B/s), bounded by [1, 1e13] B/s, fed to a formula.
const char* kDoc = R"({
  "format": "clusterscope-design", "version": 3, "name": "rate parameter",
  "parameters": [{"name": "B", "unit": "B/s", "displayUnit": "Mbit/s", "value": 12500000, "min": 1, "max": 1e13,
                  "meaning": "link rate"}],
  "blocks": [{"name": "f", "type": "formula",
              "inputs": {"b": {"unit": "B/s", "value": 12500000, "min": 1}},
              "outputs": {"r": {"unit": "B/s", "expr": "2 * b"}}}],
  "wires": [{"from": "B", "to": "f.b"}]
})";

QString errorOf(MainWindow& w, const QString& name)
{
    auto* l = w.inspector()->form()->findChild<QLabel*>("error:" + name);
    return l && !l->isHidden() ? l->text() : QString();
}

} // namespace

TEST_CASE("a design parameter typed as 1 Gbit/s reads 1 Gbit/s after Enter and after save and reopen, and its refusal "
          "gives the range in the field's unit (issue 48, defect 14)",
          "[gui][units][inspector]")
{
    QTemporaryDir dir;
    const QString start = dir.filePath("start.json"), saved = dir.filePath("saved.json");
    cs::test::writeDocument(start, kDoc);
    MainWindow w;
    cs::test::showAt1280x800(w);
    REQUIRE(w.openFile(start));
    QLineEdit* edit = selectParameter(w, "B");
    REQUIRE(edit);
    CHECK(edit->text() == "100 Mbit/s");

    typeInto(edit, "1 Gbit/s");
    REQUIRE(w.model()->doc().design.findDesignParam("B"));
    CHECK(w.model()->doc().design.findDesignParam("B")->value.value == 1.25e8); // 1e9 bit/s / 8
    edit = w.inspector()->form()->findChild<QLineEdit*>("edit:B");
    REQUIRE(edit);
    CHECK(edit->text() == "1 Gbit/s"); // was "1000 Mbit/s"

    // File > Save As, File > New, open the file again.
    const auto answered = cs::test::answerNextFileDialog(saved);
    w.findChild<QAction*>("saveAsAction")->trigger();
    REQUIRE(*answered);
    w.findChild<QAction*>("newAction")->trigger();
    REQUIRE(w.openFile(saved));
    edit = selectParameter(w, "B");
    REQUIRE(edit);
    CHECK(edit->text() == "1 Gbit/s"); // was "1000 Mbit/s"
    // The valid range's fields are in the same unit: 1e13 B/s = 8e13 bit/s = 80000 Gbit/s.
    auto* max = w.inspector()->form()->findChild<QLineEdit*>("edit:range.max");
    REQUIRE(max);
    CHECK(max->text() == "80000 Gbit/s");
    QDir().mkpath("/tmp/cs-gui-shots");
    w.inspector()->grab().save("/tmp/cs-gui-shots/typed_units_parameter.png");

    // The model refuses 1e20 Gbit/s with its range, said in Gbit/s: 1 B/s = 8e-09 Gbit/s, 1e13 B/s = 80000 Gbit/s.
    typeInto(edit, "1e20 Gbit/s");
    const QString refusal = errorOf(w, "B");
    INFO("refusal: " << refusal.toStdString());
    CHECK(refusal.contains("B = 1e20 Gbit/s is out of range [8e-09, 80000] Gbit/s")); // was "[1, 1e+13] B/s"
    CHECK_FALSE(refusal.contains("B/s"));
    w.inspector()->grab().save("/tmp/cs-gui-shots/typed_units_refusal.png");
}

TEST_CASE("the Generate dialog shows a link bandwidth typed as 1000 Mbit/s as 1 Gbit/s when it opens again, and "
          "one typed in MB/s in MB/s (issue 48, defect 14)",
          "[gui][units][topology]")
{
    MainWindow w;
    cs::test::showAt1280x800(w);
    w.findChild<QAction*>("newAction")->trigger();
    GeneratorDialog* dialog = openGenerate(w);
    auto* list = dialog->findChild<QListWidget*>("generatorList");
    REQUIRE(list);
    for (int i = 0; i < list->count(); ++i)
        if (list->item(i)->data(Qt::UserRole).toString() == "star")
            list->setCurrentRow(i);
    auto* bw = dialog->findChild<QuantitySpinBox*>("param-bw");
    REQUIRE(bw);
    QLineEdit* text = bw->findChild<QLineEdit*>();
    REQUIRE(text);

    auto placeWith = [&](const QString& typed) {
        text->setFocus();
        text->selectAll();
        QTest::keyClicks(text, typed);
        QTest::keyClick(text, Qt::Key_Tab);
        QCoreApplication::processEvents();
        cs::app::test::acceptAndWait(dialog);
        REQUIRE_FALSE(dialog->isVisible());
        REQUIRE(w.model()->topology());
        REQUIRE(w.model()->topology()->edgeCount() > 0);
        const double placed = w.model()->topology()->link(0).bandwidth;
        dialog = openGenerate(w);
        return placed;
    };
    // 1000 Mbit/s = 1.25e8 B/s: the links have it, and the field says it as it reads best.
    CHECK(placeWith("1000 Mbit/s") == 1.25e8);
    CHECK(bw->text() == "1 Gbit/s"); // was "125" beside "MB/s"
    dialog->grab().save("/tmp/cs-gui-shots/typed_units_generate.png");
    // 160 MB/s = 1.6e8 B/s stays in bytes, the family typed.
    CHECK(placeWith("160 MB/s") == 1.6e8);
    CHECK(bw->text() == "160 MB/s");
    // A plain number is in the unit shown: 2 -> 2 MB/s = 2e6 B/s.
    CHECK(placeWith("2") == 2e6);
    CHECK(bw->text() == "2 MB/s");
    dialog->reject();
}
