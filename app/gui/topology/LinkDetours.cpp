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
constexpr std::size_t kMaxLanes = 12; // the farthest lane tried for a run clear of labels

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
    // Whether pred(v) holds for a vertex in the cell (cx, cy) or one of its eight neighbours.
    template <class Pred>
    bool anyNear(long cx, long cy, Pred&& pred) const
    {
        for (long dx = -1; dx <= 1; ++dx)
            for (long dy = -1; dy <= 1; ++dy) {
                const auto it = cells.find(cellKey(cx + dx, cy + dy));
                if (it != cells.end())
                    for (const VertexItem* v : it->second)
                        if (pred(v))
                            return true;
            }
        return false;
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
            const bool hit = anyNear(cx, cy, [&](const VertexItem* v) {
                if (v == a || v == b)
                    return false;
                const QPointF d = v->pos() - p;
                const double t = d.x() * u.x() + d.y() * u.y();
                return t > kClearance && t < len - kClearance && std::fabs(d.x() * u.y() - d.y() * u.x()) < kClearance;
            });
            if (hit)
                return true;
        }
        return false;
    }
    // Is the straight run p-q clear of every vertex's label, and of the
    // bodies of vertices other than `a` and `b`?
    bool clear(QPointF p, QPointF q, const VertexItem* a, const VertexItem* b) const
    {
        const QLineF l(p, q);
        const int steps = std::max(1, static_cast<int>(std::ceil(l.length() / (kCell / 4))));
        for (int s = 0; s <= steps; ++s) {
            const QPointF at = l.pointAt(static_cast<double>(s) / steps);
            const long cx = static_cast<long>(std::floor(at.x() / kCell)), cy = static_cast<long>(std::floor(at.y() / kCell));
            const bool hit = anyNear(cx, cy, [&](const VertexItem* v) {
                return v->labelSceneRect().adjusted(-3, -3, 3, 3).contains(at) ||
                       (v != a && v != b && v->mapRectToScene(v->body()).adjusted(-4, -4, 4, 4).contains(at));
            });
            if (hit)
                return false;
        }
        return true;
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
    // Each bridge takes the nearest lane that is free along its span and
    // whose run crosses no label (a host's name and "forwards" under it) and
    // no other vertex; lanes are kLaneGap apart, from kFirstLane out.
    for (auto& [key, spans] : lines) {
        std::sort(spans.begin(), spans.end(), [](const Span& x, const Span& y) { return x.lo < y.lo; });
        std::vector<std::vector<std::pair<double, double>>> taken; // per lane: spans in it
        for (const Span& s : spans) {
            const QLineF centres(s.link->from()->pos(), s.link->to()->pos());
            const QPointF n = QPointF(-centres.dy(), centres.dx()) / centres.length();
            auto laneFree = [&](std::size_t lane) {
                if (lane >= taken.size())
                    return true;
                return std::none_of(taken[lane].begin(), taken[lane].end(),
                                    [&](const auto& t) { return t.second > s.lo - 1.0 && t.first < s.hi + 1.0; });
            };
            auto offsetOf = [&](std::size_t lane) { return s.side * (kFirstLane + static_cast<double>(lane) * kLaneGap); };
            std::size_t chosen = kMaxLanes;
            for (std::size_t lane = 0; lane < kMaxLanes && chosen == kMaxLanes; ++lane)
                if (laneFree(lane) && grid.clear(centres.p1() + n * offsetOf(lane), centres.p2() + n * offsetOf(lane),
                                                 s.link->from(), s.link->to()))
                    chosen = lane;
            if (chosen == kMaxLanes) // nowhere clear: the first free lane
                for (chosen = 0; !laneFree(chosen); ++chosen) {
                }
            if (chosen >= taken.size())
                taken.resize(chosen + 1);
            taken[chosen].push_back({s.lo, s.hi});
            s.link->setDetour(offsetOf(chosen));
        }
    }
}

} // namespace cs::app
