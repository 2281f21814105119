// The topology editor's aggregate view of a large network: aggregates laid
// out as a grid (or a circle when nearly all are linked to each other),
// joined by one line per pair carrying the count and total rate of its
// links; double-click opens an aggregate, Up goes back.
#include "app/document/DocumentModel.h"
#include "app/gui/topology/AggregateItem.h"
#include "app/gui/topology/ItemStyle.h"
#include "app/gui/topology/TopologyEditor.h"
#include "app/gui/topology/TopologyView.h"

#include <QAction>
#include <QGraphicsLineItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QLocale>
#include <QPen>
#include <QStringList>

#include <cmath>
#include <numbers>

namespace cs::app {

namespace {
// Labels on aggregate links up to this many lines (more: tooltips only).
constexpr std::size_t kLabelledLinks = 60;
constexpr double kDx = 210, kDy = 150;
} // namespace

QString TopologyEditor::aggregatePath() const
{
    QStringList parts;
    for (std::size_t i = 1; i < aggStack_.size(); ++i)
        parts << aggStack_[i].label;
    return parts.join(QStringLiteral(" / "));
}

void TopologyEditor::openAggregate(int index)
{
    if (!aggregated_ || index < 0 || static_cast<std::size_t>(index) >= aggView_.groups.size())
        return;
    const AggregateView::Group& g = aggView_.groups[static_cast<std::size_t>(index)];
    if (!g.openable())
        return;
    aggStack_.push_back({g.members, g.openDepth, QString::fromStdString(g.label)});
    buildAggregates();
    zoomToFit();
}

void TopologyEditor::aggregateUp()
{
    if (!aggregated_ || aggStack_.size() < 2)
        return;
    aggStack_.pop_back();
    buildAggregates();
    zoomToFit();
}

void TopologyEditor::buildAggregates()
{
    const auto& t = model_->topology();
    clearScene();
    aggregated_ = true;
    if (!t || aggStack_.empty())
        return;
    const AggregateFrame& f = aggStack_.back();
    aggView_ = aggregate(*t, f.members, f.depth);
    const std::size_t n = aggView_.groups.size();

    // Places: a circle when most pairs are linked (a dragonfly's groups),
    // else switch-only aggregates in a row above a grid of those with hosts.
    std::vector<QPointF> at(n);
    if (n > 4 && aggView_.links.size() * 4 >= n * (n - 1)) {
        const double r = std::max(300.0, double(n) * kDx / (2 * std::numbers::pi));
        for (std::size_t i = 0; i < n; ++i) {
            const double a = 2 * std::numbers::pi * double(i) / double(n) - std::numbers::pi / 2;
            at[i] = {r * std::cos(a), r * std::sin(a)};
        }
    } else {
        std::vector<std::size_t> top, grid;
        for (std::size_t i = 0; i < n; ++i)
            (aggView_.groups[i].hosts ? grid : top).push_back(i);
        const std::size_t cols =
            std::max<std::size_t>(1, static_cast<std::size_t>(std::ceil(std::sqrt(double(grid.size()) * 3.0))));
        const double width = double(std::min(cols, grid.size()) - (grid.empty() ? 0 : 1)) * kDx;
        for (std::size_t j = 0; j < grid.size(); ++j)
            at[grid[j]] = {double(j % cols) * kDx, (top.empty() ? 0.0 : 1.6 * kDy) + double(j / cols) * kDy};
        const double topWidth = double(top.size() ? top.size() - 1 : 0) * kDx;
        for (std::size_t j = 0; j < top.size(); ++j)
            at[top[j]] = {(width - topWidth) / 2 + double(j) * kDx, 0.0};
    }

    std::vector<double> rates;
    for (const AggregateView::Link& l : aggView_.links)
        rates.push_back(l.rate);
    rate_ = plots::rateUnitFor(rates);
    const bool labels = aggView_.links.size() <= kLabelledLinks;
    for (const AggregateView::Link& l : aggView_.links) {
        auto* line = new QGraphicsLineItem(QLineF(at[static_cast<std::size_t>(l.a)], at[static_cast<std::size_t>(l.b)]));
        const double w = std::min(6.0, 1.0 + std::log10(double(l.count)));
        QColor c = style::linkColour(false);
        if (!labels)
            c.setAlphaF(0.35f);
        line->setPen(QPen(c, w));
        line->setZValue(0);
        const QString text = tr("%1 \u00d7 links, %2")
                                 .arg(QLocale().toString(static_cast<qulonglong>(l.count)))
                                 .arg(rate_.format(l.rate));
        line->setToolTip(QString::fromStdString(aggView_.groups[static_cast<std::size_t>(l.a)].label) +
                         QStringLiteral(" \u2013 ") +
                         QString::fromStdString(aggView_.groups[static_cast<std::size_t>(l.b)].label) +
                         QStringLiteral(": ") + text);
        scene_->addItem(line);
        if (labels) {
            auto* label = new QGraphicsSimpleTextItem(text);
            label->setFont(style::infoFont());
            label->setBrush(QColor(55, 65, 81));
            // Near the end with hosts: the lines of a tree meet at its core, where
            // labels at their middles would lie on top of each other.
            const QPointF pa = at[static_cast<std::size_t>(l.a)], pb = at[static_cast<std::size_t>(l.b)];
            const bool bHosts = aggView_.groups[static_cast<std::size_t>(l.b)].hosts > 0;
            const bool aHosts = aggView_.groups[static_cast<std::size_t>(l.a)].hosts > 0;
            const double along = aHosts == bHosts ? 0.5 : (bHosts ? 0.8 : 0.2);
            const QPointF mid = pa + (pb - pa) * along;
            label->setPos(mid - QPointF(label->boundingRect().width() / 2, label->boundingRect().height() + 2));
            label->setZValue(1);
            scene_->addItem(label);
        }
    }
    for (std::size_t i = 0; i < n; ++i) {
        auto* item = new AggregateItem(static_cast<int>(i), aggView_.groups[i], [this](int index) {
            // After the event: opening replaces the item that was clicked.
            QMetaObject::invokeMethod(this, [this, index] { openAggregate(index); }, Qt::QueuedConnection);
        });
        item->setPos(at[i]);
        scene_->addItem(item);
    }
    const QRectF around = scene_->itemsBoundingRect().adjusted(-300, -200, 300, 200);
    scene_->setSceneRect(around);
    keepRect_ = false;
    view_->setEmptyHint({});
    view_->setLegend({});
    if (upAction_)
        upAction_->setVisible(aggStack_.size() > 1);
    updateStatus();
}

} // namespace cs::app
