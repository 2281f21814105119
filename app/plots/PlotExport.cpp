#include "app/plots/PlotExport.h"
#include "model/core/AtomicFile.h"

#include <QBuffer>
#include <QFileDialog>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <qcustomplot.h>

namespace cs::plots {

namespace {

// Draws each plot into its share of a width x height canvas.
void paintPlots(QCPPainter& painter, const std::vector<QCustomPlot*>& plots, int width, int height,
                Qt::Orientation orientation)
{
    const int n = static_cast<int>(plots.size());
    for (int i = 0; i < n; ++i) {
        const int x0 = orientation == Qt::Horizontal ? width * i / n : 0;
        const int x1 = orientation == Qt::Horizontal ? width * (i + 1) / n : width;
        const int y0 = orientation == Qt::Vertical ? height * i / n : 0;
        const int y1 = orientation == Qt::Vertical ? height * (i + 1) / n : height;
        QCustomPlot* plot = plots[static_cast<std::size_t>(i)];
        std::vector<QCPAbstractItem*> hidden;
        for (int k = 0; k < plot->itemCount(); ++k)
            if (QCPAbstractItem* item = plot->item(k); item->visible() && item->property(kScreenOnly).toBool()) {
                item->setVisible(false);
                hidden.push_back(item);
            }
        painter.save();
        painter.translate(x0, y0);
        plot->toPainter(&painter, x1 - x0, y1 - y0);
        painter.restore();
        for (QCPAbstractItem* item : hidden)
            item->setVisible(true);
    }
}

} // namespace

std::optional<ImageFormat> imageFormatFor(const QString& path)
{
    const QString ext = QFileInfo(path).suffix().toLower();
    if (ext == "png")
        return ImageFormat::Png;
    if (ext == "svg")
        return ImageFormat::Svg;
    if (ext == "pdf")
        return ImageFormat::Pdf;
    return std::nullopt;
}

QString exportPlots(const std::vector<QCustomPlot*>& plots, const QString& path, int width, int height,
                    Qt::Orientation orientation)
{
    const auto format = imageFormatFor(path);
    if (!format)
        return QString("cannot tell the image format of '%1': use .png, .svg or .pdf").arg(path);
    if (plots.empty())
        return "nothing to export";
    if (width < 16 || height < 16 || width > 20000 || height > 20000)
        return QString("image size %1 x %2 must be between 16 and 20000 pixels").arg(width).arg(height);

    // Drawn into memory, then saved as every file is (model/core/AtomicFile.h):
    // the file keeps its permissions, a link stays a link.
    QBuffer file;
    file.open(QIODevice::WriteOnly);

    bool painted = false;
    switch (*format) {
    case ImageFormat::Png: {
        QImage image(width, height, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::white);
        QCPPainter painter;
        if (painter.begin(&image)) {
            painter.setMode(QCPPainter::pmNoCaching);
            paintPlots(painter, plots, width, height, orientation);
            painter.end();
            painted = image.save(&file, "PNG");
        }
        break;
    }
    case ImageFormat::Svg: {
        // QCustomPlot 2.1 has no saveSvg: the same drawing through QSvgGenerator.
        QSvgGenerator svg;
        svg.setOutputDevice(&file);
        svg.setResolution(96); // the resolution text sizes are laid out for, as in PNG
        svg.setSize(QSize(width, height));
        svg.setViewBox(QRect(0, 0, width, height));
        svg.setTitle("ClusterScope plot");
        QCPPainter painter;
        if (painter.begin(&svg)) {
            painter.setMode(QCPPainter::pmVectorized);
            painter.setMode(QCPPainter::pmNoCaching);
            painter.fillRect(QRect(0, 0, width, height), Qt::white);
            paintPlots(painter, plots, width, height, orientation);
            painted = painter.end();
        }
        break;
    }
    case ImageFormat::Pdf: {
        // What QCustomPlot::savePdf does, for several plots on one page:
        // one page exactly the canvas size, at 96 dpi so text sizes match the PNG.
        QPdfWriter pdf(&file);
        pdf.setCreator("ClusterScope");
        pdf.setTitle("ClusterScope plot");
        pdf.setResolution(96);
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        pdf.setPageSize(QPageSize(QSizeF(width * 72.0 / 96.0, height * 72.0 / 96.0), QPageSize::Point, QString(),
                                  QPageSize::ExactMatch));
        QCPPainter painter;
        if (painter.begin(&pdf)) {
            painter.setMode(QCPPainter::pmVectorized);
            painter.setMode(QCPPainter::pmNoCaching);
            paintPlots(painter, plots, width, height, orientation);
            painted = painter.end();
        }
        break;
    }
    }
    if (!painted)
        return QString("cannot render the plot into '%1'").arg(path);
    const QByteArray& bytes = file.buffer();
    if (const std::string e = tryWriteFileAtomically(
            path.toStdString(), std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
        !e.empty())
        return QString("cannot write '%1': %2").arg(path, QString::fromStdString(e));
    return {};
}

QString exportPlot(QCustomPlot* plot, const QString& path, int width, int height)
{
    return exportPlots({plot}, path, width > 0 ? width : plot->width(), height > 0 ? height : plot->height());
}

QString askPlotExportPath(QWidget* parent, const QString& suggestedName)
{
    QString filter;
    QString path = QFileDialog::getSaveFileName(parent, QObject::tr("Export plot"), suggestedName,
                                                QObject::tr("PNG image (*.png);;SVG image (*.svg);;PDF document (*.pdf)"),
                                                &filter);
    if (!path.isEmpty() && !imageFormatFor(path))
        path += filter.contains("svg") ? ".svg" : filter.contains("pdf") ? ".pdf" : ".png";
    return path;
}

} // namespace cs::plots
