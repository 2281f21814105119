// A sweep beyond a design parameter's range says why in its status line, the
// reason that applies to most failed rows first; the range is edited in the
// inspector as one undoable design edit (issue 15, defect 3).
#include "SweepTestSupport.h"
#include "app/document/DocumentModel.h"
#include "app/gui/Selection.h"
#include "app/gui/inspector/Inspector.h"
#include "app/gui/sweeppanel/FailureSummary.h"
#include "app/gui/sweeppanel/SweepPanel.h"
#include "model/document/DocumentFormat.h"
#include "model/document/EditOps.h"

#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
#include <QUndoStack>
#include <catch2/catch.hpp>

#include <cstdlib>

using namespace cs;
using namespace cs::app;

namespace {

// The shared FFT design, P's range [1, 64] and the sweep running P over 1:64.
const std::string kDoc = test::fftSweepDesign("1:64");

void type(QLineEdit* e, const QString& text)
{
    e->setFocus();
    e->selectAll();
    QTest::keyClicks(e, text);
    QTest::keyClick(e, Qt::Key_Return);
    QCoreApplication::processEvents();
}

} // namespace

TEST_CASE("failure reasons are grouped and the most common comes first", "[gui][sweep]")
{
    CHECK(failureSummary({}).isEmpty());
    // Rows 2 and 4 fail for one reason, rows 10, 11 and 12 for another that differs only in its numbers.
    const std::vector<std::pair<std::size_t, std::string>> errors = {
        {2, "rows = 1024 is not divisible by P = 3"},
        {4, "rows = 1024 is not divisible by P = 5"},
        {10, "P = 17 is out of range [1, 16]"},
        {11, "P = 18 is out of range [1, 16]"},
        {12, "P = 19 is out of range [1, 16]"},
        {13, "no route"},
    };
    CHECK(failureSummary(errors).toStdString() ==
          "6 rows failed: 3 because P = 17 to 19 is out of range [1, 16]; 3 for 2 other reasons, e.g. rows = 1024 is "
          "not divisible by P = 3 to 5");
    CHECK(failureSummary({{0, "a"}, {1, "b"}}).toStdString() == "2 rows failed: 1 because a; 1 because b");
}

TEST_CASE("a P range edited in the inspector cuts a P = 1:64 sweep at 16 and the status says why", "[gui][sweep]")
{
    DocumentModel model;
    model.setDocument(parseDocument(kDoc), {});
    Selection selection;
    Inspector inspector(&model, &selection);
    inspector.resize(480, 900);
    inspector.show();
    selection.select(Selection::Kind::DesignParam, "P");
    QCoreApplication::processEvents();

    auto* maxEdit = inspector.form()->findChild<QLineEdit*>("edit:range.max");
    REQUIRE(maxEdit);
    CHECK(maxEdit->text() == "64");
    // A max below the value (4) is refused with the reason, and nothing changes.
    type(maxEdit, "2");
    auto* err = inspector.form()->findChild<QLabel*>("error:range.max");
    REQUIRE(err);
    // The editing layer's one range rule (edit::setParameterRange, then the validator) says why.
    CHECK(err->text().toStdString() == "parameters[0].value: design parameter P = 4 is out of range [1, 2]");
    CHECK(model.doc().design.findDesignParam("P")->spec.max == 64);

    maxEdit = inspector.form()->findChild<QLineEdit*>("edit:range.max");
    type(maxEdit, "16");
    CHECK(model.doc().design.findDesignParam("P")->spec.max == 16);
    CHECK(model.undoStack()->undoText() == "Set range of P to [1, 16]");
    model.undoStack()->undo();
    CHECK(model.doc().design.findDesignParam("P")->spec.max == 64);
    model.undoStack()->redo();
    REQUIRE(model.doc().design.findDesignParam("P")->spec.max == 16);
    // The range survives save and load.
    const DesignDocument reread = parseDocument(serializeDocument(model.doc()));
    CHECK(reread.design.findDesignParam("P")->spec.max == 16);

    SweepPanel panel(&model);
    QSignalSpy updated(&panel, &SweepPanel::plotsUpdated);
    REQUIRE((updated.count() > 0 || updated.wait(20000)));
    REQUIRE(panel.table()->points == 64);
    // P = 17 .. 64 is 48 points, each failing for both variants: 96 rows,
    // more than the P <= 16 that do not divide rows = 1024 (P = 3, 5, 6, 7,
    // 9 .. 15: 11 points, at most 22 rows).
    INFO(panel.statusText().toStdString());
    // The numbers that differ between the rows are given as their span, not the first row's.
    CHECK(panel.statusText().contains("96 because design parameter P = 17 to 64 is out of range [1, 16]"));
}

TEST_CASE("failed rows are said above the charts, in view without scrolling (issue 34, defect 3)", "[gui][sweep]")
{
    DocumentModel model;
    // P's range cut to [1, 16] while the sweep runs P over 1:64: 48 points fail for both variants.
    std::string text = kDoc;
    const std::string wide = "\"max\": 64";
    text.replace(text.find(wide), wide.size(), "\"max\": 16");
    model.setDocument(parseDocument(text), {});
    SweepPanel panel(&model);
    test::showCharts(panel, 1000, 420); // a short dock: the controls scroll
    // The banner says so, above the charts.
    QLabel* banner = panel.failuresBanner();
    REQUIRE(banner);
    CHECK(banner->isVisible());
    CHECK(banner->text().contains("because design parameter P = 17 to 64 is out of range [1, 16]"));
    auto* tabs = panel.findChild<QTabWidget*>();
    REQUIRE(tabs);
    CHECK(banner->mapTo(&panel, QPoint(0, 0)).y() < tabs->mapTo(&panel, QPoint(0, 0)).y());
    CHECK(banner->mapTo(&panel, QPoint(0, banner->height())).y() <= panel.height());
    if (const char* dir = std::getenv("CS_SHOT_DIR")) // looked at: the banner over the charts
        panel.grab().save(QString::fromUtf8(dir) + "/sweep_failures_banner.png");
    // A sweep with no failed row hides it: P over the powers of two only.
    QSignalSpy updated(&panel, &SweepPanel::plotsUpdated);
    REQUIRE(model.apply("Sweep powers of two", edit::op::setSweepAxes({{"P", "1,2,4,8,16"}})).isEmpty());
    REQUIRE(updated.wait(20000));
    QCoreApplication::processEvents();
    CHECK(!banner->isVisible());
}
