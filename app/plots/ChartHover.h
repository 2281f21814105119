#pragma once
#include <QPointF>
#include <QRectF>
#include <QString>

#include <vector>

class QCustomPlot;

namespace cs::plots {

// What a chart shows under the mouse: regions in plot coordinates (x along
// plot->xAxis, y along plot->yAxis) with the text of their tooltip. A data
// point is a region of zero size; a bar segment is its rectangle.
class ChartHover {
public:
    void clear() { items_.clear(); }
    void addPoint(double x, double y, QString text) { items_.push_back({QRectF(x, y, 0, 0), std::move(text)}); }
    void addRect(const QRectF& r, QString text) { items_.push_back({r.normalized(), std::move(text)}); }
    std::size_t size() const { return items_.size(); }

    // The text of the region nearest to `pixel` (widget coordinates) within
    // `radius` pixels, or "" when there is none. Inside a rectangle counts as
    // distance 0; among overlapping regions the smaller one wins.
    QString textAt(const QCustomPlot* plot, QPointF pixel, double radius = 8.0) const;

private:
    struct Item {
        QRectF rect;
        QString text;
    };
    std::vector<Item> items_;
};

} // namespace cs::plots
