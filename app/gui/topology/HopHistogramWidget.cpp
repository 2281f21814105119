#include "app/gui/topology/HopHistogramWidget.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>

namespace cs::app {

HopHistogramWidget::HopHistogramWidget(QWidget* parent) : QWidget(parent)
{
    setObjectName("hopHistogram");
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
}

void HopHistogramWidget::setCounts(std::vector<std::uint64_t> count)
{
    count_ = std::move(count);
    std::uint64_t total = 0;
    QStringList tip;
    for (std::size_t h = 1; h < count_.size(); ++h)
        total += count_[h];
    for (std::size_t h = 1; h < count_.size(); ++h)
        if (count_[h])
            tip << tr("%1 hops: %2 pairs (%3%)").arg(h).arg(count_[h]).arg(100.0 * count_[h] / total, 0, 'f', 1);
    setToolTip(tip.join('\n'));
    update();
}

QFont HopHistogramWidget::labelFont() const
{
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() * 0.9);
    return f;
}

QRectF HopHistogramWidget::barArea() const
{
    // Room below for a line of labels in the font they are written in.
    return QRectF(rect()).adjusted(6, 18, -6, -(QFontMetricsF(labelFont()).height() + 4));
}

std::vector<HopHistogramWidget::Label> HopHistogramWidget::labels() const
{
    std::vector<Label> out;
    if (count_.size() < 2)
        return out;
    const QRectF area = barArea();
    const std::size_t bins = count_.size() - 1; // h = 1 .. diameter
    const double slot = area.width() / static_cast<double>(bins);
    const QFontMetricsF fm(labelFont());
    const double room = fm.horizontalAdvance(QString::number(bins)) + 8;
    std::size_t step = 1;
    for (std::size_t m = 1; slot * static_cast<double>(step) < room; m *= 10)
        for (std::size_t s : {m, 2 * m, 5 * m})
            if (slot * static_cast<double>(step) < room)
                step = s;
    for (std::size_t i = 0; i < bins; ++i) {
        if ((i + 1) % step != 0 && !(step == 1 && slot >= room))
            continue;
        // Centred under its bar, as wide as the label needs (a bar may be
        // 2 px wide), and moved in where the last bar's label would run off.
        const double centre = area.left() + (static_cast<double>(i) + 0.5) * slot;
        const double left = std::clamp(centre - room / 2, 0.0, std::max(0.0, width() - room));
        out.push_back({QRectF(left, area.bottom() + 2, room, fm.height()), QString::number(i + 1)});
    }
    return out;
}

void HopHistogramWidget::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QRectF area = barArea();
    p.setPen(palette().color(QPalette::WindowText));
    const QFont f = labelFont();
    p.setFont(f);
    p.drawText(QRectF(rect()).adjusted(6, 0, -6, 0), Qt::AlignTop | Qt::AlignLeft, tr("Host pairs by hops"));
    if (count_.size() < 2) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(area, Qt::AlignCenter, tr("no data"));
        return;
    }
    const std::size_t bins = count_.size() - 1; // h = 1 .. diameter
    const std::uint64_t top = std::max<std::uint64_t>(1, *std::max_element(count_.begin() + 1, count_.end()));
    const double slot = area.width() / static_cast<double>(bins);
    const double bar = std::max(1.0, slot * 0.7);
    for (std::size_t i = 0; i < bins; ++i) {
        const double h = area.height() * static_cast<double>(count_[i + 1]) / static_cast<double>(top);
        p.fillRect(QRectF(area.left() + i * slot + (slot - bar) / 2, area.bottom() - h, bar, h), QColor(0x25, 0x63, 0xeb));
    }
    for (const Label& l : labels())
        p.drawText(l.rect, Qt::AlignHCenter | Qt::AlignTop, l.text);
    p.setPen(QColor(0x9c, 0xa3, 0xaf));
    p.drawLine(area.bottomLeft(), area.bottomRight());
}

} // namespace cs::app
