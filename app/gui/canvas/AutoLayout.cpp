#include "app/gui/canvas/AutoLayout.h"

#include <QRectF>

#include <algorithm>
#include <limits>

namespace cs::app::canvas {

namespace {
constexpr double kColumnGap = 90.0;
constexpr double kRowGap = 30.0;
constexpr double kMaxColumnHeight = 760.0;
} // namespace

std::map<QString, QPointF> layeredLayout(const std::vector<LayoutNode>& nodes, const std::vector<LayoutEdge>& edges)
{
    const std::size_t n = nodes.size();
    std::map<QString, std::size_t> index;
    for (std::size_t i = 0; i < n; ++i)
        index[nodes[i].name] = i;

    std::vector<std::vector<std::size_t>> sources(n), targets(n);
    for (const LayoutEdge& e : edges) {
        auto f = index.find(e.from), t = index.find(e.to);
        if (f == index.end() || t == index.end() || f->second == t->second)
            continue;
        sources[t->second].push_back(f->second);
        targets[f->second].push_back(t->second);
    }

    // Columns: the longest path from a source (Kahn's order; the design
    // guarantees there is no cycle, but stay finite if there were one).
    const bool anyParam = std::any_of(nodes.begin(), nodes.end(), [](const LayoutNode& x) { return x.param; });
    std::vector<int> layer(n, 0), indeg(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
        indeg[i] = static_cast<int>(sources[i].size());
        layer[i] = nodes[i].param ? 0 : (anyParam ? 1 : 0);
    }
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < n; ++i)
        if (indeg[i] == 0)
            order.push_back(i);
    for (std::size_t k = 0; k < order.size(); ++k)
        for (std::size_t t : targets[order[k]]) {
            layer[t] = std::max(layer[t], layer[order[k]] + 1);
            if (--indeg[t] == 0)
                order.push_back(t);
        }
    for (std::size_t i = 0; i < n; ++i)
        if (indeg[i] > 0)
            order.push_back(i);

    const int columns = n ? *std::max_element(layer.begin(), layer.end()) + 1 : 0;
    std::vector<double> columnWidth(static_cast<std::size_t>(columns), 0.0);
    for (std::size_t i = 0; i < n; ++i)
        columnWidth[static_cast<std::size_t>(layer[i])] =
            std::max(columnWidth[static_cast<std::size_t>(layer[i])], nodes[i].size.width());

    // Already-placed nodes stay; new ones go below all of them.
    QRectF placed;
    for (const LayoutNode& x : nodes)
        if (x.pos)
            placed |= QRectF(*x.pos, x.size);
    const QPointF origin = placed.isNull() ? QPointF(0, 0) : QPointF(placed.left(), placed.bottom() + 60.0);

    std::vector<QPointF> pos(n);
    std::vector<char> done(n, 0);
    for (std::size_t i = 0; i < n; ++i)
        if (nodes[i].pos) {
            pos[i] = *nodes[i].pos;
            done[i] = 1;
        }

    std::map<QString, QPointF> out;
    double x = origin.x();
    for (int c = 0; c < columns; ++c) {
        // This column's new nodes, ordered by the mean height of their sources.
        std::vector<std::pair<double, std::size_t>> col;
        for (std::size_t k = 0; k < order.size(); ++k) {
            const std::size_t i = order[k];
            if (layer[i] != c || done[i])
                continue;
            double sum = 0.0;
            int count = 0;
            for (std::size_t s : sources[i])
                if (done[s]) {
                    sum += pos[s].y() + nodes[s].size.height() / 2;
                    ++count;
                }
            // Unfed nodes keep their design order, at the top (stable sort).
            const double want = count ? sum / count - nodes[i].size.height() / 2
                                      : std::numeric_limits<double>::lowest();
            col.push_back({want, i});
        }
        std::stable_sort(col.begin(), col.end(), [](const auto& a, const auto& b) { return a.first < b.first; });

        // A tall column wraps into several side by side, so that a design of
        // many independent blocks does not become one thin tower.
        double maxHeight = kMaxColumnHeight;
        for (const auto& [want, i] : col)
            maxHeight = std::max(maxHeight, nodes[i].size.height());
        std::vector<std::vector<std::pair<double, std::size_t>>> parts;
        double used = 0.0;
        for (const auto& entry : col) {
            const double h = nodes[entry.second].size.height();
            if (parts.empty() || used + h > maxHeight) {
                parts.emplace_back();
                used = 0.0;
            }
            parts.back().push_back(entry);
            used += h + kRowGap;
        }

        double partX = x;
        for (const auto& part : parts) {
            double width = 0.0, nextY = origin.y();
            for (const auto& [want, i] : part) {
                const double y = std::max(want, nextY);
                pos[i] = QPointF(partX, y);
                nextY = y + nodes[i].size.height() + kRowGap;
                width = std::max(width, nodes[i].size.width());
                done[i] = 1;
                out[nodes[i].name] = pos[i];
            }
            partX += width + kColumnGap;
        }
        const double layerWidth = std::max(columnWidth[static_cast<std::size_t>(c)], partX - kColumnGap - x);
        x += layerWidth + kColumnGap;
    }
    return out;
}

} // namespace cs::app::canvas
