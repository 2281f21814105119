#pragma once
// The aggregate view's boxes as a test reads them: every AggregateItem of the topology editor's scene in index
// order, and where one box stands on screen. Shared by the dragonfly's aggregate and job-view tests (issue 48,
// defect 10).
#include "GeneratorWait.h"
#include "app/document/DocumentModel.h"
#include "app/gui/mainwindow/MainWindow.h"
#include "app/gui/topology/AggregateItem.h"
#include "app/gui/topology/GeneratorDialog.h"
#include "app/gui/topology/TopologyEditor.h"

#include <QAction>
#include <QTest>
#include <catch2/catch.hpp>

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

// File > New, then Edit > Generate topology...: issue 48's dragonfly of 1059 groups (a = 2, p = 1, h = 529: 2,118
// hosts), which the editor draws aggregated.
inline void generateDragonfly1059(app::MainWindow& w)
{
    w.findChild<QAction*>("newAction")->trigger();
    w.showTab(0);
    app::TopologyEditor* ed = w.topologyEditor();
    ed->showGeneratorDialog();
    app::GeneratorDialog* dlg = ed->generatorDialog();
    REQUIRE(dlg);
    REQUIRE(dlg->selectGenerator("dragonfly"));
    REQUIRE(dlg->setParam("groups", 1059));
    REQUIRE(dlg->setParam("a", 2));
    REQUIRE(dlg->setParam("p", 1));
    REQUIRE(dlg->setParam("h", 529));
    app::test::acceptAndWait(dlg);
    REQUIRE(w.model()->topology());
    REQUIRE(ed->aggregated());
}

} // namespace cs::test
