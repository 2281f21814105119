// The Calibration dock's "Fit program" page (issue 31, sections 4 and 6): the stencil's t_cell fitted to runs
// of the program stored in the document, off the GUI thread, P = 8 held out and predicted; Apply as one undo
// step; the compute term searched when the formula has none; and each bad input named.
#include "app/document/DocumentModel.h"
#include "app/gui/calibration/CalibrationPanel.h"
#include "app/gui/calibration/FitSection.h"
#include "model/document/DocumentFormat.h"
#include "tests/model/formula/StencilBlock.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;
using nlohmann::json;

namespace {

// The times the stencil (StencilBlock.h) takes with t_cell = 5e-9 s, by hand:
//   T_comp = 50 x 96^3 x 5e-9 / P = 0.221184 / P
//   T_halo = 300 (4e-6 + 8 x 9216 x 8e-10 / P^(2/3)) = 1.2e-3 + 0.01769472 / P^(2/3)
//   P = 1:  0.221184 + 0.0012 + 0.01769472                  = 0.24007872
//   P = 2:  0.110592 + 0.0012 + 0.01769472 / 1.58740105     = 0.12293898
//   P = 4:  0.055296 + 0.0012 + 0.01769472 / 2.51984210     = 0.06351815
//   P = 8:  0.027648 + 0.0012 + 0.01769472 / 4              = 0.03327168
//   P = 16: 0.013824 + 0.0012 + 0.01769472 / 6.34960421     = 0.01781074
const double kP[] = {1, 2, 4, 8, 16};
const double kT[] = {0.24007872, 0.12293898, 0.06351815, 0.03327168, 0.01781074};

// An app.run result as run-app stores it: P ranks, the median of T with a CI of +-1%, 3 runs.
json runAt(double P, double T)
{
    return {{"probe", "app.run"},
            {"status", "ok"},
            {"params", {{"P", P}}},
            {"summary", {{"series", {{"T", {{"median", T}, {"ci_lo", 0.99 * T}, {"ci_hi", 1.01 * T}, {"n", 3}}}}}}}};
}

// The stencil with t_cell at 2.5e-9 s and the runs at the first `n` P values in its measured results.
DesignDocument stencilWithRuns(int n)
{
    DesignDocument d = parseDocument(test::stencilDocument().dump());
    d.measured = json::array();
    for (int i = 0; i < n; ++i)
        d.measured.push_back(runAt(kP[i], kT[i]));
    return d;
}

bool finish(calibration::FitSection& fit, QPushButton* button)
{
    QSignalSpy done(&fit, &calibration::FitSection::finished);
    button->click();
    return done.wait(60000);
}

} // namespace

TEST_CASE("Fit program: the stencil's t_cell fitted to the stored runs, P = 8 held out, applied as one undo step",
          "[gui][calibration][fit]")
{
    DocumentModel model;
    model.setDocument(stencilWithRuns(4), {});
    calibration::CalibrationPanel panel(&model, nullptr);
    calibration::FitSection& fit = *panel.fitSection();
    REQUIRE(fit.blockBox()->count() == 1);
    CHECK(fit.blockBox()->currentText() == "app");
    fit.holdOutEdit()->setText("P = 8");
    REQUIRE(finish(fit, fit.fitButton()));
    INFO(fit.statusText().toStdString());
    REQUIRE(fit.inputsTable()->rowCount() == 1);
    CHECK(fit.inputsTable()->item(0, 0)->text() == "app.t_cell");
    // The runs were made with t_cell = 5e-9 s (to 7 digits), shown in its unit with four digits (issue 48).
    CHECK(fit.inputsTable()->item(0, 1)->text() == "5 ns");
    CHECK(fit.inputsTable()->item(0, 4)->text().startsWith("yes"));
    REQUIRE(fit.pointsTable()->rowCount() == 4);
    CHECK(fit.pointsTable()->item(3, 0)->text() == "8");
    CHECK(fit.pointsTable()->item(3, 4)->text() == "held out");
    CHECK(fit.pointsTable()->item(0, 4)->text().isEmpty());
    CHECK(fit.summaryText().contains("R² 1,")); // 1 to four digits
    CHECK(fit.summaryText().contains("held out"));

    // Apply: the fitted value, calibrated, as one undo step.
    REQUIRE(fit.applyButton()->isEnabled());
    fit.applyButton()->click();
    const ParamValue v = model.doc().design.value({"app", "t_cell"});
    CHECK(v.value == Approx(5e-9).epsilon(1e-6));
    CHECK(v.provenance.kind == ProvenanceKind::Calibrated);
    CHECK_FALSE(fit.applyButton()->isEnabled());
    model.undoStack()->undo();
    CHECK(model.doc().design.value({"app", "t_cell"}).value == Approx(2.5e-9));
}

TEST_CASE("Fit program: the compute term searched when the formula lacks it, and applied as T_found",
          "[gui][calibration][fit]")
{
    DocumentModel model;
    model.setDocument(stencilWithRuns(5), {});
    calibration::FitSection fit(&model);
    REQUIRE(finish(fit, fit.searchButton()));
    INFO(fit.statusText().toStdString());
    // With t_cell at 0 the design gives T_halo alone, so the runs leave 0.221184 / P: the term c P^-1 with
    // c = 0.221184 s ranks first.
    REQUIRE(fit.hypothesesTable()->rowCount() >= 1);
    const QString best = fit.hypothesesTable()->item(0, 0)->text();
    INFO(best.toStdString());
    // The formula prints four significant digits: 0.221184 -> 0.2212.
    CHECK(best.endsWith("0.2212 * P^-1"));
    REQUIRE(fit.pointsTable()->rowCount() == 5);
    REQUIRE(fit.applyButton()->isEnabled());
    fit.applyButton()->click();
    INFO(fit.statusText().toStdString());
    CHECK(model.doc().design.block("app").block->spec().outputIndex("T_found") >= 0);
}

TEST_CASE("Fit program: no runs, a bad hold-out and too few points for a search are each named", "[gui][calibration][fit]")
{
    DocumentModel model;
    model.setDocument(stencilWithRuns(0), {});
    calibration::FitSection fit(&model);
    fit.fitButton()->click();
    CHECK(fit.statusText().contains("No runs of your program"));
    CHECK_FALSE(fit.isRunning());

    model.setDocument(stencilWithRuns(4), {});
    fit.holdOutEdit()->setText("P = eight");
    fit.fitButton()->click();
    CHECK(fit.statusText().startsWith("Hold out:"));
    CHECK_FALSE(fit.isRunning());

    // Four node counts: Extra-P's search needs five.
    fit.holdOutEdit()->clear();
    REQUIRE(finish(fit, fit.searchButton()));
    CHECK(fit.statusText().contains("5"));
    CHECK_FALSE(fit.applyButton()->isEnabled());
    // The document is as it was.
    CHECK(model.doc().design.value({"app", "t_cell"}).value == Approx(2.5e-9));
}
