// The topology scene's aggregate view of a large network: aggregates laid
// out as a grid (or a circle when nearly all are linked to each other),
// joined by one line per pair carrying the count and total rate of its
// links; double-click opens an aggregate, Up goes back.
#include "app/document/DocumentModel.h"
#include "app/gui/topology/AggregateItem.h"
#include "app/gui/topology/ItemStyle.h"
#include "app/gui/topology/TopologyScene.h"
#include "app/gui/topology/TopologyView.h"

#include <QGraphicsPathItem>
#include <QGraphicsRectItem>
#include <QPainterPath>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QLocale>
#include <QPen>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace cs::app {

namespace {
// Labels on aggregate links up to this many lines (more: tooltips only).
constexpr std::size_t kLabelledLinks = 60;
constexpr double kDx = 210, kDy = 150;
// A grid without lines between its boxes (aggregates all linked to each other) packs them closer, with room
// above it for the label that says how they are linked.
constexpr double kDenseDx = 190, kDenseDy = 112, kSummaryRoom = 70;
} // namespace

QString TopologyScene::aggregatePath() const
{
    QStringList parts;
    for (std::size_t i = 1; i < aggStack_.size(); ++i)
        parts << aggStack_[i].label;
    return parts.join(QStringLiteral(" / "));
}

void TopologyScene::openAggregate(int index)
{
    if (!aggregated_ || index < 0 || static_cast<std::size_t>(index) >= aggView_.groups.size())
        return;
    const AggregateView::Group& g = aggView_.groups[static_cast<std::size_t>(index)];
    if (!g.openable())
        return;
    aggStack_.push_back({g.members, g.openDepth, QString::fromStdString(g.label)});
    buildAggregates();
    emit levelChanged();
}

void TopologyScene::aggregateUp()
{
    if (!aggregated_ || aggStack_.size() < 2)
        return;
    aggStack_.pop_back();
    buildAggregates();
    emit levelChanged();
}

double TopologyScene::readableZoom() const
{
    double readable = 0;
    for (const AggregateItem* a : aggItems_)
        readable = std::max(readable, a->readableZoom());
    return readable;
}

void TopologyScene::buildAggregates()
{
    const auto& t = model_->topology();
    clearScene();
    aggregated_ = true;
    gridColumns_ = 0;
    if (!t || aggStack_.empty())
        return;
    const AggregateFrame& f = aggStack_.back();
    aggView_ = aggregate(*t, f.members, f.depth, kMaxAggregates, kMaxBuckets);
    drawAggregates();
}

std::size_t TopologyScene::denseGridColumns() const
{
    const std::size_t n = aggView_.groups.size();
    if (n == 0)
        return 0;
    // The number of columns that shows the grid largest in the view.
    const QSizeF vp = view_->viewport()->width() > 100 && view_->viewport()->height() > 100
                          ? QSizeF(view_->viewport()->size())
                          : QSizeF(1000, 640);
    auto extent = [&](std::size_t cols) {
        const std::size_t rows = (n + cols - 1) / cols;
        return QSizeF(double(cols - 1) * kDenseDx + AggregateItem::kWidth + 60,
                      double(rows - 1) * kDenseDy + AggregateItem::kHeight + 60 + kSummaryRoom);
    };
    std::size_t cols = 1;
    double best = 0;
    for (std::size_t c = 1; c <= n; ++c) {
        const QSizeF e = extent(c);
        if (const double s = std::min(vp.width() / e.width(), vp.height() / e.height()); s > best)
            best = s, cols = c;
    }
    // Fit stops at the zoom the names need (TopologyEditor::zoomToFit): when that is larger, as many columns as the view
    // is wide at it, the rows scrolled.
    double readable = 0;
    for (const AggregateView::Group& g : aggView_.groups)
        readable = std::max(readable, AggregateItem::readableZoom(QString::fromStdString(g.label)));
    if (best < readable) {
        cols = 1;
        for (std::size_t c = 2; c <= n && extent(c).width() * readable <= vp.width(); ++c)
            cols = c;
    }
    return cols;
}

void TopologyScene::reflowAggregates()
{
    // The dense grid is shaped to the view it was drawn in: a wider or narrower view (the window, a dock
    // resized) draws it again with the columns that view takes, the job's marks kept (issue 48, defect 10:
    // the grid kept the columns of the first view, a scroll bar across a wider one).
    if (!aggregated_ || gridColumns_ == 0 || denseGridColumns() == gridColumns_)
        return;
    drawAggregates();
}

void TopologyScene::drawAggregates()
{
    const auto& t = model_->topology();
    clearScene();
    gridColumns_ = 0;
    if (!t)
        return;
    const std::size_t n = aggView_.groups.size();

    // Places: a circle when most pairs are linked (a dragonfly's groups) and
    // they are few; when they are many, a grid as wide as the view is for its
    // height, without a line a pair (a grey disc of 1,953 chords said nothing a
    // label cannot, and the circle fitted to the view left each box 3 px
    // wide: issue 48, defect 10); else switch-only aggregates in a row above a
    // grid of those with hosts.
    std::vector<QPointF> at(n);
    std::vector<long> rowOf(n, -1); // the grid row of an aggregate with hosts; -1 for the row above
    double firstRowY = 0;
    const bool dense = n > 4 && aggView_.links.size() * 4 >= n * (n - 1);
    const bool circle = dense && n <= kCircleMost;
    const bool denseGrid = dense && !circle;
    double gridWidth = 0;
    if (denseGrid) {
        const std::size_t cols = denseGridColumns();
        gridColumns_ = cols;
        for (std::size_t i = 0; i < n; ++i)
            at[i] = {double(i % cols) * kDenseDx, double(i / cols) * kDenseDy};
        gridWidth = double(std::min(cols, n) - 1) * kDenseDx;
    } else if (circle) {
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
        firstRowY = top.empty() ? 0.0 : 1.6 * kDy;
        for (std::size_t j = 0; j < grid.size(); ++j) {
            at[grid[j]] = {double(j % cols) * kDx, firstRowY + double(j / cols) * kDy};
            rowOf[grid[j]] = static_cast<long>(j / cols);
        }
        const double topWidth = double(top.size() ? top.size() - 1 : 0) * kDx;
        for (std::size_t j = 0; j < top.size(); ++j)
            at[top[j]] = {(width - topWidth) / 2 + double(j) * kDx, 0.0};
    }

    std::vector<double> rates;
    for (const AggregateView::Link& l : aggView_.links)
        rates.push_back(l.rate);
    // Totals in the family of the network's links (or the preference), with the prefix the totals need: under
    // Auto the totals alone chose bytes at the top of a k = 24 fat-tree (144 x 1 Gbit/s: 18 GB/s) and bits in a
    // pod (12 x 1 Gbit/s: 12 Gbit/s), two conventions for one network (issue 48, defect 14).
    rate_ = plots::rateUnitForTotals(rates, ViewGraph::rateUnitOf(*t, plots::ratePreference()).family());
    auto linkText = [this](const AggregateView::Link& l) {
        if (l.count == 1)
            return tr("1 link, %1").arg(rate_.format(l.rate));
        return tr("%1 \u00d7 links, %2").arg(QLocale().toString(static_cast<qulonglong>(l.count))).arg(rate_.format(l.rate));
    };
    // Lines with the same count and rate from one aggregate to many (the
    // cores to every pod, the spines to every leaf, every pair of a
    // dragonfly's groups) are said once, beside that aggregate or in the
    // middle of the circle, instead of a label a line piled up where the
    // lines meet (issue 34, defect 9).
    bool allSame = !aggView_.links.empty();
    for (const AggregateView::Link& l : aggView_.links)
        allSame = allSame && l.count == aggView_.links.front().count && l.rate == aggView_.links.front().rate;
    std::vector<std::size_t> degree(n, 0);
    for (const AggregateView::Link& l : aggView_.links)
        ++degree[static_cast<std::size_t>(l.a)], ++degree[static_cast<std::size_t>(l.b)];
    const std::size_t hub = static_cast<std::size_t>(std::max_element(degree.begin(), degree.end()) - degree.begin());
    const bool star = allSame && !dense && n > 0 && degree[hub] == aggView_.links.size() && aggView_.links.size() > 3;
    const bool labels = !denseGrid && !(allSame && (circle || star)) && aggView_.links.size() <= kLabelledLinks;
    // A label said once for many lines is drawn large enough to read when the whole layout is fitted to the view.
    double extent = 0;
    for (const QPointF& p : at)
        extent = std::max({extent, std::abs(p.x() - at.front().x()), std::abs(p.y() - at.front().y())});
    const double summaryScale = std::max(1.0, extent / 700.0);
    auto addLabel = [this](const QString& text, QPointF centre, double scale = 1.0) {
        // On its line, above the boxes, on a white backing so the line does not run through it.
        auto* label = new QGraphicsSimpleTextItem(text);
        label->setFont(style::infoFont());
        label->setBrush(QColor(55, 65, 81));
        const QRectF r = label->boundingRect();
        auto* back = new QGraphicsRectItem(r.adjusted(-3, -1, 3, 1));
        back->setBrush(QColor(255, 255, 255, 230));
        back->setPen(Qt::NoPen);
        back->setScale(scale);
        back->setPos(centre - r.center() * scale);
        back->setZValue(3);
        label->setParentItem(back);
        scene_->addItem(back);
    };
    const QPointF centre(0, 0);
    for (const AggregateView::Link& l : aggView_.links) {
        if (denseGrid)
            break; // said once, above the grid
        const QPointF pa = at[static_cast<std::size_t>(l.a)], pb = at[static_cast<std::size_t>(l.b)];
        QPainterPath path(pa);
        const long rowA = rowOf[static_cast<std::size_t>(l.a)], rowB = rowOf[static_cast<std::size_t>(l.b)];
        if (circle) {
            // Bundled: every chord bends towards the middle of the circle.
            path.quadTo(centre + ((pa + pb) / 2 - centre) * 0.25, pb);
        } else if ((rowA < 0) != (rowB < 0)) {
            // From the row above (the cores, the spines) to a box of the grid: down to the rail above the
            // grid, along it to the nearest gap between columns, down the gap to the rail above the box's row,
            // along that rail and down into the box. The lines share their trunks and rails and never cross a
            // box (they ran straight across the rows above theirs, issue 34 defect 9).
            const QPointF from = rowA < 0 ? pa : pb, to = rowA < 0 ? pb : pa;
            const long row = std::max(rowA, rowB);
            const double rail0 = firstRowY - kDy / 2, rail = firstRowY + double(row) * kDy - kDy / 2;
            const double gap = (std::floor(from.x() / kDx) + 0.5) * kDx;
            path = QPainterPath(from);
            path.lineTo(from.x(), rail0);
            path.lineTo(gap, rail0);
            path.lineTo(gap, rail);
            path.lineTo(to.x(), rail);
            path.lineTo(to);
        } else {
            path.lineTo(pb);
        }
        auto* line = new QGraphicsPathItem(path);
        const double w = std::min(6.0, 1.0 + std::log10(double(l.count)));
        QColor c = style::linkColour(false);
        if (!labels && aggView_.links.size() > kLabelledLinks)
            c.setAlphaF(circle ? 0.18f : 0.35f);
        line->setPen(QPen(c, w));
        line->setBrush(Qt::NoBrush);
        line->setZValue(0);
        const QString text = linkText(l);
        line->setToolTip(QString::fromStdString(aggView_.groups[static_cast<std::size_t>(l.a)].label) +
                         QStringLiteral(" \u2013 ") +
                         QString::fromStdString(aggView_.groups[static_cast<std::size_t>(l.b)].label) +
                         QStringLiteral(": ") + text);
        scene_->addItem(line);
        if (labels) {
            // Near the end with hosts: the lines of a tree meet at its core, where
            // labels at their middles would lie on top of each other.
            const bool bHosts = aggView_.groups[static_cast<std::size_t>(l.b)].hosts > 0;
            const bool aHosts = aggView_.groups[static_cast<std::size_t>(l.a)].hosts > 0;
            const double along = aHosts == bHosts ? 0.5 : (bHosts ? 0.75 : 0.25);
            addLabel(text, path.pointAtPercent(along));
        }
    }
    if (allSame && circle)
        addLabel(tr("every pair of the %1 aggregates: %2").arg(n).arg(linkText(aggView_.links.front())), centre,
                 summaryScale);
    else if (denseGrid) {
        // Above the grid, as large as the row of boxes is readable: how the pairs are linked, the spread of
        // their counts and totals when buckets of unequal size make them differ.
        const std::size_t pairs = n * (n - 1) / 2;
        QString how;
        if (allSame) {
            how = linkText(aggView_.links.front());
        } else {
            std::size_t fewest = aggView_.links.front().count, most = fewest;
            double low = aggView_.links.front().rate, high = low;
            for (const AggregateView::Link& l : aggView_.links) {
                fewest = std::min(fewest, l.count), most = std::max(most, l.count);
                low = std::min(low, l.rate), high = std::max(high, l.rate);
            }
            how = tr("%1 to %2 links, %3 to %4")
                      .arg(QLocale().toString(static_cast<qulonglong>(fewest)))
                      .arg(QLocale().toString(static_cast<qulonglong>(most)))
                      .arg(rate_.format(low))
                      .arg(rate_.format(high));
        }
        const QString which = aggView_.links.size() == pairs
                                  ? tr("every pair of the %1 aggregates").arg(n)
                                  : tr("%1 of the %2 pairs of aggregates")
                                        .arg(QLocale().toString(static_cast<qulonglong>(aggView_.links.size())))
                                        .arg(QLocale().toString(static_cast<qulonglong>(pairs)));
        const double scale = 2.0;
        addLabel(tr("%1: %2").arg(which, how), QPointF(gridWidth / 2, -AggregateItem::kHeight / 2 - kSummaryRoom / 2),
                 scale);
    }
    else if (star)
        addLabel(tr("to each of the %1 others: %2").arg(aggView_.links.size()).arg(linkText(aggView_.links.front())),
                 at[hub] + QPointF(0, -kDy * 0.3 * summaryScale - 20), summaryScale);
    for (std::size_t i = 0; i < n; ++i) {
        auto* item = new AggregateItem(static_cast<int>(i), aggView_.groups[i], [this](int index) {
            // After the event: opening replaces the item that was clicked.
            QMetaObject::invokeMethod(this, [this, index] { openAggregate(index); }, Qt::QueuedConnection);
        });
        item->setPos(at[i]);
        scene_->addItem(item);
        aggItems_.push_back(item);
    }
    applyJobHosts();
    const QRectF around = scene_->itemsBoundingRect().adjusted(-300, -200, 300, 200);
    scene_->setSceneRect(around);
    keepRect_ = false;
    view_->setEmptyHint({});
    view_->setLegend({});
    emit upAvailable(aggStack_.size() > 1);
    emit itemsChanged();
}

} // namespace cs::app
