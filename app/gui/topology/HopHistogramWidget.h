#pragma once
#include <QRectF>
#include <QString>
#include <QWidget>

#include <cstdint>
#include <vector>

namespace cs::app {

// A small bar chart: how many ordered host pairs are h hops apart, for
// h = 1 .. diameter. Painted directly (no plot library): it is a glance, not
// a figure.
class HopHistogramWidget : public QWidget {
    Q_OBJECT
public:
    explicit HopHistogramWidget(QWidget* parent = nullptr);
    void setCounts(std::vector<std::uint64_t> count); // count[h] = pairs at h hops
    const std::vector<std::uint64_t>& counts() const { return count_; }
    QSize sizeHint() const override { return {260, 130}; }
    QSize minimumSizeHint() const override { return {160, 90}; }

    // The hop numbers written under the bars and where (widget coordinates):
    // every 1st, 2nd, 5th, 10th ... bin, whatever leaves room for the widest
    // ("100" on a 100-hop network), each inside the widget.
    struct Label {
        QRectF rect;
        QString text;
    };
    std::vector<Label> labels() const;

protected:
    void paintEvent(QPaintEvent* e) override;

private:
    QFont labelFont() const;
    QRectF barArea() const;
    std::vector<std::uint64_t> count_;
};

} // namespace cs::app
