#include "app/gui/topology/LinkDetours.h"
#include "app/gui/topology/LinkItem.h"
#include "app/gui/topology/TopologyLayout.h"
#include "app/gui/topology/VertexItem.h"

#include <QLineF>
#include <QRectF>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <tuple>
#include <unordered_map>

namespace cs::app {

namespace {

constexpr double kCell = kHostSpacing;
constexpr double kClearance = kHostSpacing * 0.3; // a centre this near the line is in the way
constexpr double kFirstLane = kHostSpacing * 0.42;
constexpr double kLaneGap = 9.0;

std::int64_t cellKey(long cx, long cy)
{
    return (static_cast<std::int64_t>(cx) << 32) ^ static_cast<std::uint32_t>(cy);
}

struct Grid {
    std::unordered_map<std::int64_t, std::vector<const VertexItem*>> cells;

    explicit Grid(const std::vector<VertexItem*>& vertices)
    {
        for (const VertexItem* v : vertices)
            cells[key(v->pos())].push_back(v);
    }
    static std::int64_t key(QPointF p)
    {
        return cellKey(static_cast<long>(std::floor(p.x() / kCell)), static_cast<long>(std::floor(p.y() / kCell)));
    }
    // Does a vertex other than the ends sit on the segment a-b?
    bool blocked(const VertexItem* a, const VertexItem* b) const
    {
        const QPointF p = a->pos(), q = b->pos();
        const QLineF l(p, q);
        const double len = l.length();
        if (len < kHostSpacing * 1.5)
            return false;
        const QPointF u = QPointF(l.dx(), l.dy()) / len;
        const int steps = static_cast<int>(std::ceil(len / kCell));
        std::int64_t last = 0;
        bool first = true;
        for (int s = 0; s <= steps; ++s) {
            const QPointF at = p + u * std::min(len, s * kCell);
            const long cx = static_cast<long>(std::floor(at.x() / kCell)), cy = static_cast<long>(std::floor(at.y() / kCell));
            const std::int64_t centre = cellKey(cx, cy);
            if (!first && centre == last)
                continue;
            first = false;
            last = centre;
            for (long dx = -1; dx <= 1; ++dx)
                for (long dy = -1; dy <= 1; ++dy) {
                    const auto it = cells.find(cellKey(cx + dx, cy + dy));
                    if (it == cells.end())
                        continue;
                    for (const VertexItem* v : it->second) {
                        if (v == a || v == b)
                            continue;
                        const QPointF d = v->pos() - p;
                        const double t = d.x() * u.x() + d.y() * u.y();
                        if (t <= kClearance || t >= len - kClearance)
                            continue;
                        const double off = std::fabs(d.x() * u.y() - d.y() * u.x());
                        if (off < kClearance)
                            return true;
                    }
                }
        }
        return false;
    }
};

} // namespace

void routeDetours(const std::vector<VertexItem*>& vertices, const std::vector<LinkItem*>& links, std::size_t maxLinks)
{
    if (links.size() > maxLinks) {
        for (LinkItem* l : links)
            l->setDetour(0.0);
        return;
    }
    QRectF all;
    for (const VertexItem* v : vertices)
        all |= QRectF(v->pos(), QSizeF(0.001, 0.001));
    const QPointF middle = all.center();
    const Grid grid(vertices);

    // Blocked links by line and side: (angle, offset of the line, side) -> (span start, span end, link).
    struct Span {
        double lo, hi;
        LinkItem* link;
        double side;
    };
    std::map<std::tuple<long, long, int>, std::vector<Span>> lines;
    for (LinkItem* l : links) {
        // A tap onto a segment meets the bar beside the host, not its centre: never blocked.
        const bool tap = l->from()->kind() == VertexKind::Segment || l->to()->kind() == VertexKind::Segment;
        if (tap || !grid.blocked(l->from(), l->to())) {
            l->setDetour(0.0);
            continue;
        }
        const QPointF p = l->from()->pos(), q = l->to()->pos();
        const QLineF line(p, q);
        const QPointF u = QPointF(line.dx(), line.dy()) / line.length();
        const QPointF n(-u.y(), u.x()); // left of from -> to
        const QPointF mid = (p + q) / 2;
        const double outward = (mid - middle).x() * n.x() + (mid - middle).y() * n.y();
        const double side = outward >= 0 ? 1.0 : -1.0;
        // The same geometric line whichever way the link runs: orient u canonically.
        QPointF cu = u;
        if (cu.x() < -1e-9 || (std::fabs(cu.x()) <= 1e-9 && cu.y() < 0))
            cu = -cu;
        const QPointF cn(-cu.y(), cu.x());
        const double offset = p.x() * cn.x() + p.y() * cn.y();
        const double a = p.x() * cu.x() + p.y() * cu.y(), b = q.x() * cu.x() + q.y() * cu.y();
        const int sideOfLine = (n.x() * cn.x() + n.y() * cn.y()) * side > 0 ? 1 : -1;
        const auto key = std::make_tuple(std::lround(std::atan2(cu.y(), cu.x()) * 1000), std::lround(offset), sideOfLine);
        lines[key].push_back({std::min(a, b), std::max(a, b), l, side});
    }
    for (auto& [key, spans] : lines) {
        std::sort(spans.begin(), spans.end(), [](const Span& x, const Span& y) { return x.lo < y.lo; });
        std::vector<double> laneEnd; // where each lane is free again
        for (const Span& s : spans) {
            std::size_t lane = 0;
            while (lane < laneEnd.size() && laneEnd[lane] > s.lo - 1.0)
                ++lane;
            if (lane == laneEnd.size())
                laneEnd.push_back(s.hi);
            else
                laneEnd[lane] = s.hi;
            s.link->setDetour(s.side * (kFirstLane + static_cast<double>(lane) * kLaneGap));
        }
    }
}

} // namespace cs::app
