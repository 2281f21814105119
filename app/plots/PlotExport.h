#pragma once
#include <QString>

#include <optional>
#include <vector>

class QCustomPlot;
class QWidget;

namespace cs::plots {

enum class ImageFormat { Png, Svg, Pdf };

// A plot item with this property set to true belongs on the screen, not in a
// figure (the job cursor the mouse leaves on the speedup chart): the exports
// below leave it out.
inline constexpr const char* kScreenOnly = "screenOnly";

// The format named by a file's extension (.png, .svg, .pdf; any case).
std::optional<ImageFormat> imageFormatFor(const QString& path);

// Renders `plots` into one image file of width x height pixels (PDF: the
// same size at 96 dpi, as vectors; SVG: vectors, view box width x height),
// each plot in an equal share: side by side for Qt::Horizontal, stacked for
// Qt::Vertical. The format follows the extension. The file is written
// atomically. Returns "" or the reason it could not be written.
QString exportPlots(const std::vector<QCustomPlot*>& plots, const QString& path, int width, int height,
                    Qt::Orientation orientation = Qt::Horizontal);

// One plot; width/height 0 take the widget's size.
QString exportPlot(QCustomPlot* plot, const QString& path, int width = 0, int height = 0);

// Asks where to export a plot (PNG, SVG or PDF), suggesting `suggestedName`;
// adds the chosen filter's extension when the name has none. "" when cancelled.
QString askPlotExportPath(QWidget* parent, const QString& suggestedName);

} // namespace cs::plots
