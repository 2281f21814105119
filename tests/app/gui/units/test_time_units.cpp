// Issue 48, defect 14's remainder: time units in fixed-unit fields. A field with a unit of its own (a design
// parameter the document shows in us, a generator's latency in us) showed every time in that unit, as rates were
// before 57750f1: 2 ms typed read "2000 us" after Enter and after reopening, 500 ns "0.5 us". Now a time is shown
// in the unit it reads best in, as rates are; a plain number is in the unit shown; zero keeps the field's unit.
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

// A time t shown in us (5 us), bounded by [0, 1] s, fed to a formula.
const char* kDoc = R"({
  "format": "clusterscope-design", "version": 3, "name": "time parameter",
  "parameters": [{"name": "t", "unit": "s", "displayUnit": "us", "value": 5e-6, "min": 0, "max": 1,
                  "meaning": "a wait"}],
  "blocks": [{"name": "f", "type": "formula",
              "inputs": {"a": {"unit": "s", "value": 5e-6, "min": 0}},
              "outputs": {"T": {"unit": "s", "expr": "2 * a"}}}],
  "wires": [{"from": "t", "to": "f.a"}]
})";

QLineEdit* currentEdit(MainWindow& w, const QString& name)
{
    return w.inspector()->form() ? w.inspector()->form()->findChild<QLineEdit*>("edit:" + name) : nullptr;
}

double valueOf(MainWindow& w, const std::string& name)
{
    const DesignParam* p = w.model()->doc().design.findDesignParam(name);
    REQUIRE(p);
    return p->value.value;
}

} // namespace

TEST_CASE("a design parameter in us shows 2 ms typed as 2 ms and 500 ns as 500 ns, after Enter and after save "
          "and reopen (issue 48, defect 14)",
          "[gui][units][inspector]")
{
    QTemporaryDir dir;
    const QString start = dir.filePath("start.json"), saved = dir.filePath("saved.json");
    cs::test::writeDocument(start, kDoc);
    MainWindow w;
    cs::test::showAt1280x800(w);
    REQUIRE(w.openFile(start));
    QLineEdit* edit = selectParameter(w, "t");
    REQUIRE(edit);
    CHECK(edit->text() == "5 us");

    typeInto(edit, "2 ms");
    CHECK(valueOf(w, "t") == Approx(2e-3));
    REQUIRE(currentEdit(w, "t"));
    CHECK(currentEdit(w, "t")->text() == "2 ms"); // was "2000 us"
    // The valid range's fields are in the same unit: 1 s = 1000 ms.
    auto* max = w.inspector()->form()->findChild<QLineEdit*>("edit:range.max");
    REQUIRE(max);
    CHECK(max->text() == "1000 ms");

    typeInto(currentEdit(w, "t"), "500 ns");
    CHECK(valueOf(w, "t") == Approx(5e-7));
    CHECK(currentEdit(w, "t")->text() == "500 ns"); // was "0.5 us"

    typeInto(currentEdit(w, "t"), "250 ns");
    CHECK(valueOf(w, "t") == Approx(2.5e-7));
    CHECK(currentEdit(w, "t")->text() == "250 ns");

    // File > Save As, File > New, open the file again: still 250 ns.
    const auto answered = cs::test::answerNextFileDialog(saved);
    w.findChild<QAction*>("saveAsAction")->trigger();
    REQUIRE(*answered);
    w.findChild<QAction*>("newAction")->trigger();
    REQUIRE(w.openFile(saved));
    edit = selectParameter(w, "t");
    REQUIRE(edit);
    CHECK(edit->text() == "250 ns"); // was "0.25 us"

    // Zero reads in the field's own unit, not in the smallest.
    typeInto(edit, "0");
    CHECK(valueOf(w, "t") == 0.0);
    CHECK(currentEdit(w, "t")->text() == "0 us");
    w.inspector()->grab().save("/tmp/cs-gui-shots/time_units_parameter.png");
}

TEST_CASE("the Generate dialog shows a switch latency typed as 2 ms as 2 ms and 250 ns as 250 ns when it opens "
          "again (issue 48, defect 14)",
          "[gui][units][topology]")
{
    MainWindow w;
    cs::test::showAt1280x800(w);
    w.findChild<QAction*>("newAction")->trigger();
    GeneratorDialog* dialog = openGenerate(w);
    REQUIRE(dialog->selectGenerator("star"));
    auto* lat = dialog->findChild<QuantitySpinBox*>("param-switch_lat");
    REQUIRE(lat);
    CHECK(lat->text() == "1 us"); // the default, 1e-6 s
    QLineEdit* text = lat->findChild<QLineEdit*>();
    REQUIRE(text);

    auto placeWith = [&](const QString& typed) {
        text->setFocus();
        text->selectAll();
        QTest::keyClicks(text, typed);
        QTest::keyClick(text, Qt::Key_Tab);
        QCoreApplication::processEvents();
        const double si = lat->siValue();
        cs::app::test::acceptAndWait(dialog);
        REQUIRE_FALSE(dialog->isVisible());
        REQUIRE(w.model()->topology());
        dialog = openGenerate(w);
        return si;
    };
    CHECK(placeWith("2 ms") == Approx(2e-3));
    CHECK(lat->text() == "2 ms"); // was "2000 us"
    dialog->grab().save("/tmp/cs-gui-shots/time_units_generate.png");
    CHECK(placeWith("250 ns") == Approx(2.5e-7));
    CHECK(lat->text() == "250 ns"); // was "0.25 us"
    // A plain number is in the unit shown: 40 -> 40 ns.
    CHECK(placeWith("40") == Approx(4e-8));
    CHECK(lat->text() == "40 ns");
    dialog->reject();
}
