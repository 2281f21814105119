#include "app/plots/ChartHover.h"

#include <qcustomplot.h>

#include <cmath>
#include <limits>

namespace cs::plots {

QString ChartHover::textAt(const QCustomPlot* plot, QPointF pixel, double radius) const
{
    if (!plot->axisRect()->rect().contains(pixel.toPoint()))
        return {};
    const QCPAxis* x = plot->xAxis;
    const QCPAxis* y = plot->yAxis;
    double best = std::numeric_limits<double>::infinity();
    double bestArea = best;
    const Item* hit = nullptr;
    for (const Item& it : items_) {
        // Log axes map non-positive coordinates nowhere: skip such regions.
        if ((x->scaleType() == QCPAxis::stLogarithmic && it.rect.left() <= 0) ||
            (y->scaleType() == QCPAxis::stLogarithmic && it.rect.top() <= 0))
            continue;
        const QRectF px = QRectF(QPointF(x->coordToPixel(it.rect.left()), y->coordToPixel(it.rect.top())),
                                 QPointF(x->coordToPixel(it.rect.right()), y->coordToPixel(it.rect.bottom())))
                              .normalized();
        const double dx = std::max({px.left() - pixel.x(), 0.0, pixel.x() - px.right()});
        const double dy = std::max({px.top() - pixel.y(), 0.0, pixel.y() - px.bottom()});
        const double d = std::hypot(dx, dy);
        const double area = px.width() * px.height();
        if (d > radius)
            continue;
        if (d < best - 1e-9 || (std::abs(d - best) <= 1e-9 && area < bestArea)) {
            best = d;
            bestArea = area;
            hit = &it;
        }
    }
    return hit ? hit->text : QString();
}

} // namespace cs::plots
