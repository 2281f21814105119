// Issue 48, defect 14: a range hint was in B/s for a field in Gbit/s. A link of a network of 1 Gbit/s links is
// edited in Gbit/s in the inspector; its bandwidth's range, [1, 1e13] B/s (TopologyFields), is said in Gbit/s
// too: 1 B/s = 8e-09 Gbit/s, 1e13 B/s = 80000 Gbit/s.
#include "app/document/DocumentModel.h"
#include "app/gui/Selection.h"
#include "app/gui/inspector/Inspector.h"
#include "app/gui/inspector/ValueField.h"
#include "model/document/DocumentFormat.h"

#include <QCoreApplication>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QTest>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;

namespace {

const char* kDoc = R"({
  "format": "clusterscope-design", "version": 3, "name": "two hosts",
  "parameters": [{"name": "P", "unit": "count", "value": 2, "min": 1, "max": 16}],
  "blocks": [{"name": "net", "type": "logp.loggp"}],
  "wires": [{"from": "P", "to": "net.P"}],
  "topology": {
    "vertices": [{"id": "h0", "kind": "host"}, {"id": "h1", "kind": "host"}, {"id": "sw0", "kind": "switch"}],
    "edges": [{"from": "h0", "to": "sw0", "bandwidth": "1Gbit/s"}, {"from": "h1", "to": "sw0", "bandwidth": "1Gbit/s"}]
  }
})";

} // namespace

TEST_CASE("a link's bandwidth in the inspector gives its range in the field's unit (issue 48, defect 14)",
          "[gui][units][inspector]")
{
    DocumentModel model;
    Selection selection;
    Inspector inspector{&model, &selection};
    model.setDocument(parseDocument(kDoc), {});
    inspector.resize(520, 700);
    inspector.show();
    REQUIRE(QTest::qWaitForWindowExposed(&inspector));
    selection.select(Selection::Kind::Link, "0");
    QCoreApplication::processEvents();
    QWidget* form = inspector.form();
    REQUIRE(form);
    auto* edit = form->findChild<QLineEdit*>("edit:bandwidth");
    auto* details = form->findChild<QLabel*>("details:bandwidth");
    REQUIRE(edit);
    REQUIRE(details);
    QDir().mkpath("/tmp/cs-gui-shots");
    inspector.grab().save("/tmp/cs-gui-shots/field_range_units.png");
    CHECK(edit->text() == "1 Gbit/s");
    INFO("details: " << details->text().toStdString());
    // The link rate's range is [1, 1e13] B/s (TopologyFields, the ceiling every block's network rate has):
    // 8 bit / 1e9 = 8e-09 Gbit/s to 1e13 x 8 / 1e9 = 80000 Gbit/s.
    CHECK(details->text().contains("[8e-09, 80000] Gbit/s"));
    CHECK_FALSE(details->text().contains(" B/s"));
    // The field's and the symbol's tooltip say the same.
    auto* symbol = form->findChild<QLabel*>("symbol:bandwidth");
    REQUIRE(symbol);
    for (const QString& tip : {form->findChild<QWidget*>("field:bandwidth")->toolTip(), symbol->toolTip()}) {
        INFO("tooltip: " << tip.toStdString());
        CHECK(tip.contains("[8e-09, 80000] Gbit/s"));
    }
    // A value it cannot read is refused with the range in the field's unit too.
    edit->setFocus();
    edit->selectAll();
    QTest::keyClicks(edit, "fast");
    QTest::keyClick(edit, Qt::Key_Return);
    QCoreApplication::processEvents();
    auto* error = form->findChild<QLabel*>("error:bandwidth");
    REQUIRE(error);
    const QString errors = error->text();
    INFO("error: " << errors.toStdString());
    CHECK(errors.contains("(valid range [8e-09, 80000] Gbit/s)"));
}
