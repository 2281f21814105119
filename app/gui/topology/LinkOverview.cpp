#include "app/gui/topology/LinkOverview.h"
#include "app/gui/topology/ItemStyle.h"
#include "app/gui/topology/LinkItem.h"
#include "app/gui/topology/VertexItem.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>

namespace cs::app {

LinkOverview::LinkOverview(const std::vector<VertexItem*>* vertices, const std::vector<LinkItem*>* links)
    : vertices_(vertices), links_(links)
{
    setFlag(ItemUsesExtendedStyleOption); // exposedRect: draw only what is exposed
    setZValue(0.25);                       // over the links' layer, under vertices
    setAcceptedMouseButtons(Qt::NoButton);
}

void LinkOverview::setRect(const QRectF& r)
{
    if (r == rect_)
        return;
    prepareGeometryChange();
    rect_ = r;
}

void LinkOverview::linkMoved(const QRectF& before, const QRectF& after)
{
    if (isVisible())
        update(before.united(after));
}

void LinkOverview::paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const QRectF ex = option->exposedRect;
    const double lod = option->levelOfDetailFromTransform(p->worldTransform());
    const bool aa = p->testRenderHint(QPainter::Antialiasing);
    p->setRenderHint(QPainter::Antialiasing, false);

    lines_.clear();
    for (const LinkItem* l : *links_) {
        const QLineF ln = l->line();
        const double x0 = std::min(ln.x1(), ln.x2()), x1 = std::max(ln.x1(), ln.x2());
        const double y0 = std::min(ln.y1(), ln.y2()), y1 = std::max(ln.y1(), ln.y2());
        if (x1 >= ex.left() && x0 <= ex.right() && y1 >= ex.top() && y0 <= ex.bottom())
            lines_.push_back(ln);
    }
    p->setPen(QPen(style::linkColour(false), 0)); // cosmetic hairline
    p->drawLines(lines_.data(), static_cast<int>(lines_.size()));

    if (lod < 0.22) { // the vertex items draw nothing at this zoom
        for (auto& b : boxes_)
            b.clear();
        for (const VertexItem* v : *vertices_) {
            const QRectF r = v->body().translated(v->pos());
            if (!r.intersects(ex))
                continue;
            boxes_[v->isSelected() ? 3 : static_cast<int>(v->kind())].push_back(r);
        }
        p->setPen(Qt::NoPen);
        for (int k = 0; k < 4; ++k) {
            if (boxes_[k].empty())
                continue;
            p->setBrush(k == 3 ? style::selected() : style::border(static_cast<VertexKind>(k)));
            p->drawRects(boxes_[k].data(), static_cast<int>(boxes_[k].size()));
        }
    }
    p->setRenderHint(QPainter::Antialiasing, aa);
}

} // namespace cs::app
