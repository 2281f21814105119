// Issue 48, defect 5, as the user met it at 1280x800: acc-fft swept over P and
// rows = 64:16384:log2 (9 values) drew "first 5 of 9 curves per variant"
// with no way to see 2048 to 16384, a shade scale of ticks without its
// gradient, and the rows field cut to ":16384:log2".
#include "../mainwindow/WindowAt1280.h"
#include "SweepTestSupport.h"
#include "app/gui/sweeppanel/SweepAxesEditor.h"
#include "app/gui/sweeppanel/SweepPanel.h"

#include <QComboBox>
#include <QDir>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>
#include <catch2/catch.hpp>
#include <qcustomplot.h>

#include <cstdlib>

using namespace cs;
using namespace cs::app;

namespace {

int curvesOf(QCustomPlot* plot, const QString& variant)
{
    int n = 0;
    for (int i = 0; i < plot->graphCount(); ++i)
        n += plot->graph(i)->name() == variant;
    return n;
}

bool near(QColor a, QColor b, int tolerance)
{
    return std::abs(a.red() - b.red()) <= tolerance && std::abs(a.green() - b.green()) <= tolerance &&
           std::abs(a.blue() - b.blue()) <= tolerance;
}

} // namespace

TEST_CASE("a 2-axis sweep draws every curve it can, with a control for how many, a shade gradient and its whole "
          "range in view (issue 48, defect 5)",
          "[gui][sweep]")
{
    MainWindow w;
    SweepPanel* panel = test::openPresetCharted(w, "acc-fft");
    QSignalSpy updated(panel, &SweepPanel::plotsUpdated);

    // Add parameter suggests rows; its values typed as the user did.
    auto* editor = panel->axesEditor();
    QTest::mouseClick(editor->addButton(), Qt::LeftButton);
    REQUIRE(editor->rowCount() == 2);
    REQUIRE(editor->pathEdit(1)->currentText() == "rows");
    REQUIRE((updated.count() > 0 || updated.wait(30000)));
    test::typeSweepSpec(*panel, 1, "64:16384:log2");
    QLineEdit* spec = editor->specEdit(1);
    QTest::qWait(200);
    QDir().mkpath("/tmp/cs-gui-shots");
    w.grab().save("/tmp/cs-gui-shots/sweep_curves_window.png");

    // The field shows its whole text: the text is no wider than the field less its frame and margins (a line
    // edit's size hint is 17 'x' wide plus those).
    const QFontMetrics fm = spec->fontMetrics();
    const int frame = spec->sizeHint().width() - 17 * fm.horizontalAdvance(QLatin1Char('x'));
    INFO("field " << spec->width() << " px, text " << fm.horizontalAdvance(spec->text()) << " + frame " << frame);
    CHECK(fm.horizontalAdvance(spec->text()) <= spec->width() - frame);
    // and the parameter's name beside it too ("rows").
    QComboBox* path = editor->pathEdit(1);
    CHECK(path->fontMetrics().horizontalAdvance(path->currentText()) < path->lineEdit()->width());

    // 64, 128, ..., 16384 is 9 values: 9 curves a variant, none left out.
    QCustomPlot* plot = panel->plot(SweepPanel::SpeedupChart);
    CHECK(curvesOf(plot, "INIC") == 9);
    CHECK(curvesOf(plot, "Gigabit Ethernet") == 9);
    CHECK_FALSE(plot->xAxis->label().contains("curves per variant"));
    auto* scale = plot->findChild<QCPColorScale*>();
    REQUIRE(scale);
    CHECK(scale->dataRange().lower == Approx(64).epsilon(1e-6));
    CHECK(scale->dataRange().upper == Approx(16384).epsilon(1e-6));

    // The shade scale's bar is drawn (7 px high) with its gradient: the lightest grey at the left end, the
    // darkest at the right (five variants: grey 128 shaded, plots::curveShade: light = 128 + (255 - 128) * 0.6
    // = 204.2, dark = 128 * 0.55 = 70.4; 3 px in from each end, where no tick is, about 1 level off).
    const QRect bar = scale->axis()->axisRect()->rect();
    CHECK(bar.height() == 7);
    const QImage image = plot->grab().toImage();
    const int y = bar.center().y();
    CHECK(near(image.pixelColor(bar.left() + 3, y), QColor(204, 204, 204), 3));
    CHECK(near(image.pixelColor(bar.right() - 3, y), QColor(70, 70, 70), 3));

    // Fewer, by the control: 4 of the 9, evenly spaced from the first to the last (indices round(i * 8 / 3):
    // 0, 3, 5, 8, i.e. rows 64, 512, 2048, 16384), and the x axis says so.
    QSpinBox* curves = panel->findChild<QSpinBox*>("curvesPerVariant");
    REQUIRE(curves);
    CHECK(curves->isVisibleTo(&w));
    curves->setFocus();
    curves->selectAll();
    QTest::keyClicks(curves, "4");
    QTest::keyClick(curves, Qt::Key_Return);
    QCoreApplication::processEvents();
    CHECK(curvesOf(plot, "INIC") == 4);
    CHECK(plot->xAxis->label().contains("4 of 9 curves per variant"));
    scale = plot->findChild<QCPColorScale*>();
    REQUIRE(scale);
    CHECK(scale->dataRange().lower == Approx(64).epsilon(1e-6));
    CHECK(scale->dataRange().upper == Approx(16384).epsilon(1e-6));
    panel->grab().save("/tmp/cs-gui-shots/sweep_curves_4.png");
}
