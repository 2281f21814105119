#pragma once
// The aggregate view's boxes as a test reads them: every AggregateItem of the topology editor's scene in index
// order, and where one box stands on screen. Shared by the dragonfly's aggregate and job-view tests (issue 48,
// defect 10).
#include "app/gui/topology/AggregateItem.h"
#include "app/gui/topology/TopologyEditor.h"

#include <QGraphicsScene>
#include <QGraphicsView>

#include <algorithm>
#include <vector>

namespace cs::test {

inline std::vector<app::AggregateItem*> aggregateBoxes(const app::TopologyEditor& ed)
{
    std::vector<app::AggregateItem*> out;
    for (QGraphicsItem* it : ed.scene()->items())
        if (auto* a = qgraphicsitem_cast<app::AggregateItem*>(it))
            out.push_back(a);
    std::sort(out.begin(), out.end(), [](app::AggregateItem* a, app::AggregateItem* b) { return a->index() < b->index(); });
    return out;
}

// The box of an aggregate (without its name's overhang) on screen, in view pixels.
inline QRect aggregateOnScreen(const app::TopologyEditor& ed, const app::AggregateItem* a)
{
    const QRectF box(-app::AggregateItem::kWidth / 2, -app::AggregateItem::kHeight / 2, app::AggregateItem::kWidth,
                     app::AggregateItem::kHeight);
    return ed.view()->mapFromScene(a->mapRectToScene(box)).boundingRect();
}

} // namespace cs::test
