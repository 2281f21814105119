// Issue 48, defect 4: an exported plot (PNG, SVG) had the job cursor in it,
// the dashed line the mouse left on the speedup chart, with its "P = 16" label
// clipped at the right edge. The cursor is the screen's, not the figure's: an
// export with the cursor on the chart is the export without it, and the
// cursor is still on the screen afterwards.
#include "../FileDialogAnswer.h"
#include "SweepTestSupport.h"
#include "app/document/DocumentModel.h"
#include "app/gui/sweeppanel/ChartView.h"
#include "app/gui/sweeppanel/SweepPanel.h"
#include "model/document/DocumentFormat.h"

#include <QApplication>
#include <QFile>
#include <QImage>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <catch2/catch.hpp>
#include <qcustomplot.h>

using namespace cs;
using namespace cs::app;

namespace {

// Export plot..., its dialog answered with `path` as the user does.
void exportThroughDialog(SweepPanel& panel, const QString& path)
{
    auto* button = panel.findChild<QPushButton*>("exportPlotButton");
    REQUIRE(button);
    const auto answered = test::answerNextFileDialog(path);
    QTest::mouseClick(button, Qt::LeftButton);
    REQUIRE(*answered);
    REQUIRE(QFile::exists(path));
}

QByteArray contents(const QString& path)
{
    QFile f(path);
    REQUIRE(f.open(QIODevice::ReadOnly));
    return f.readAll();
}

bool hasCursor(const QCustomPlot* plot)
{
    for (int i = 0; i < plot->itemCount(); ++i)
        if (plot->item(i)->objectName().startsWith("jobCursor") && plot->item(i)->visible())
            return true;
    return false;
}

} // namespace

TEST_CASE("an exported plot has no job cursor in it (issue 48, defect 4)", "[gui][sweep][export]")
{
    DocumentModel model;
    model.setDocument(test::fftSweepDoc(), {});
    SweepPanel panel(&model);
    sweeppanel::ChartView* chart = test::showSpeedupChart(panel, 1100, 480);

    QTemporaryDir dir;
    const QString plainPng = dir.filePath("plain.png"), plainSvg = dir.filePath("plain.svg");
    exportThroughDialog(panel, plainPng);
    exportThroughDialog(panel, plainSvg);

    // The mouse leaves the cursor at the last P, by the right edge.
    test::moveCursorTo(panel, 16.0, -2);
    REQUIRE(panel.cursorValue() == 16);
    REQUIRE(hasCursor(chart));

    const QString cursorPng = dir.filePath("cursor.png"), cursorSvg = dir.filePath("cursor.svg");
    exportThroughDialog(panel, cursorPng);
    exportThroughDialog(panel, cursorSvg);
    CHECK_FALSE(contents(cursorSvg).contains("P = 16"));
    const bool sameSvg = contents(cursorSvg) == contents(plainSvg);
    CHECK(sameSvg);
    const bool samePng = QImage(cursorPng) == QImage(plainPng);
    CHECK(samePng);
    // Still on the screen.
    CHECK(hasCursor(chart));
    CHECK(panel.cursorValue() == 16);
}
