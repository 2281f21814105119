#pragma once
#include "app/plots/ChartHover.h"

#include <qcustomplot.h>

namespace cs::app::sweeppanel {

// A QCustomPlot that shows a tooltip with the values of the point or bar
// under the mouse. The chart builders (app/plots) fill it and hand back the
// hover regions, which setHover() installs.
class ChartView : public QCustomPlot {
    Q_OBJECT
public:
    explicit ChartView(QWidget* parent = nullptr);

    void setHover(plots::ChartHover hover) { hover_ = std::move(hover); }
    const plots::ChartHover& hover() const { return hover_; }
    // The tooltip text for a position in widget coordinates ("" for none).
    QString tooltipAt(QPointF pos) const { return hover_.textAt(this, pos); }
    // The text of the tooltip shown last ("" when hidden).
    QString shownTooltip() const { return shown_; }

private:
    void onMouseMove(QMouseEvent* event);
    void leaveEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

    plots::ChartHover hover_;
    QString shown_;
};

} // namespace cs::app::sweeppanel
