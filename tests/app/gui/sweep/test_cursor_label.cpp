// Issue 48, defect 12: the job cursor's label on the speedup chart read only
// "P" at P = 16 (left-aligned at the cursor, it ran past the right edge and
// was clipped), and the dashed ideal line y = P / 1 ran through it. The label
// is whole inside the plot at either end of the axis, and no line shows
// through it.
#include "SweepTestSupport.h"
#include "app/document/DocumentModel.h"
#include "app/gui/sweeppanel/ChartView.h"
#include "app/gui/sweeppanel/SweepPanel.h"

#include <QDir>
#include <QImage>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
#include <catch2/catch.hpp>
#include <qcustomplot.h>

using namespace cs;
using namespace cs::app;

namespace {

QCPItemText* cursorLabel(QCustomPlot* plot)
{
    for (int i = 0; i < plot->itemCount(); ++i)
        if (plot->item(i)->objectName() == "jobCursorText")
            return qobject_cast<QCPItemText*>(plot->item(i));
    return nullptr;
}

// Pixels of the ideal line's grey (110, 110, 110), antialiased edges included, inside `r`.
int idealPixels(const QImage& image, const QRect& r)
{
    int n = 0;
    for (int y = r.top(); y <= r.bottom(); ++y)
        for (int x = r.left(); x <= r.right(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (std::abs(c.red() - c.green()) < 8 && std::abs(c.green() - c.blue()) < 8 && c.red() < 170)
                ++n;
        }
    return n;
}

} // namespace

TEST_CASE("the job cursor's label is whole and clear of the ideal line at P = 16 and P = 1 (issue 48, defect 12)",
          "[gui][sweep][cursor]")
{
    DocumentModel model;
    model.setDocument(test::fftSweepDoc(), {}); // P = 1, 2, 4, 8, 16
    SweepPanel panel(&model);
    sweeppanel::ChartView* chart = test::showSpeedupChart(panel, 1100, 480);

    for (double P : {16.0, 1.0}) {
        INFO("P = " << P);
        test::moveCursorTo(panel, P);
        REQUIRE(panel.cursorValue() == P);
        chart->replot();
        QCPItemText* label = cursorLabel(chart);
        REQUIRE(label);
        CHECK(label->text() == QString("P = %1").arg(P));
        const QRect box = QRectF(label->topLeft->pixelPosition(), label->bottomRight->pixelPosition())
                              .toAlignedRect();
        INFO("label " << box.left() << "," << box.top() << " to " << box.right() << "," << box.bottom()
                      << "; plot area " << chart->axisRect()->rect().left() << " to "
                      << chart->axisRect()->rect().right());
        // Whole inside the plot area, where it is not clipped.
        CHECK(chart->axisRect()->rect().contains(box));
        // The ideal line (and the curves) do not show through it: its box is the label's own colours.
        const QImage image = chart->grab().toImage();
        if (const char* dir = std::getenv("CS_SHOT_DIR"))
            image.save(QDir(dir).filePath(QString("cursor-label-P%1.png").arg(P)));
        CHECK(idealPixels(image, box.adjusted(1, 1, -1, -1)) == 0);
    }
}
