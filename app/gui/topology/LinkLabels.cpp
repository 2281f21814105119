#include "app/gui/topology/LinkLabels.h"
#include "app/gui/topology/LinkItem.h"
#include "app/gui/topology/VertexItem.h"

#include <QHash>
#include <QRectF>

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace cs::app {

namespace {

// Boxes already taken, bucketed on a square grid.
class Occupancy {
public:
    bool free(const QRectF& r) const
    {
        bool ok = true;
        visit(r, [&](std::int64_t key) {
            auto it = cells_.find(key);
            if (it != cells_.end())
                for (const QRectF& o : it->second)
                    ok = ok && !o.intersects(r);
        });
        return ok;
    }
    void add(const QRectF& r)
    {
        visit(r, [&](std::int64_t key) { cells_[key].push_back(r); });
    }

private:
    static constexpr double kCell = 80;
    template <class F>
    static void visit(const QRectF& r, F&& f)
    {
        const auto x0 = static_cast<std::int64_t>(std::floor(r.left() / kCell));
        const auto x1 = static_cast<std::int64_t>(std::floor(r.right() / kCell));
        const auto y0 = static_cast<std::int64_t>(std::floor(r.top() / kCell));
        const auto y1 = static_cast<std::int64_t>(std::floor(r.bottom() / kCell));
        for (auto x = x0; x <= x1; ++x)
            for (auto y = y0; y <= y1; ++y)
                f((x << 32) ^ (y & 0xffffffff));
    }
    std::unordered_map<std::int64_t, std::vector<QRectF>> cells_;
};

} // namespace

std::vector<LinkClass> placeLinkLabels(const std::vector<VertexItem*>& vertices, const std::vector<LinkItem*>& links)
{
    std::vector<LinkClass> classes;
    QHash<QString, std::size_t> classOf;
    for (LinkItem* l : links) {
        auto it = classOf.find(l->labelText());
        if (it == classOf.end()) {
            it = classOf.insert(l->labelText(), classes.size());
            classes.push_back({l->labelText(), 0, l->width(), l->channels()});
        }
        ++classes[*it].count;
    }
    std::stable_sort(classes.begin(), classes.end(), [](const LinkClass& a, const LinkClass& b) { return a.count > b.count; });
    if (links.empty())
        return classes;
    const QString common = classes.front().label;

    Occupancy taken;
    for (VertexItem* v : vertices)
        taken.add(v->sceneBoundingRect());
    std::vector<LinkItem*> order;
    order.reserve(links.size());
    for (LinkItem* l : links)
        if (l->labelText() != common)
            order.push_back(l);
    for (LinkItem* l : links)
        if (l->labelText() == common)
            order.push_back(l);
    for (LinkItem* l : order) {
        const LinkItem::Label mode = l->labelText() == common ? LinkItem::Label::Close : LinkItem::Label::Readable;
        bool placed = false;
        for (double t : {0.5, 0.4, 0.6, 0.3, 0.7}) {
            const QRectF box = l->labelBox(t);
            if (box.isEmpty())
                break; // too short for its label
            if (taken.free(box)) {
                taken.add(box);
                l->setLabel(mode, t);
                placed = true;
                break;
            }
        }
        if (!placed)
            l->setLabel(LinkItem::Label::Hidden);
    }
    return classes;
}

} // namespace cs::app
