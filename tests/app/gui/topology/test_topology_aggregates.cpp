// Large networks are drawn as their structure: aggregates (pods, groups,
// racks) with their counts, joined by links that carry their count and total
// rate; double-click opens one. Counts derived from the generators' shapes.
#include "TopologyTestUtil.h"

#include "app/gui/Selection.h"
#include "app/gui/topology/AggregateItem.h"
#include "app/gui/topology/TopologyAggregates.h"
#include "app/gui/topology/VertexItem.h"
#include "model/topology/generators/GeneratorRegistry.h"

#include <QAction>
#include <QCoreApplication>
#include <QToolBar>
#include <QGraphicsPathItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;
using nlohmann::json;

namespace {

const AggregateView::Group* find(const AggregateView& v, const std::string& label)
{
    for (const auto& g : v.groups)
        if (g.label == label)
            return &g;
    return nullptr;
}

int indexOf(const AggregateView& v, const std::string& label)
{
    for (std::size_t i = 0; i < v.groups.size(); ++i)
        if (v.groups[i].label == label)
            return static_cast<int>(i);
    return -1;
}

std::vector<AggregateItem*> aggregateItems(const TopologyEditor& ed)
{
    std::vector<AggregateItem*> out;
    for (QGraphicsItem* it : ed.scene()->items())
        if (auto* a = qgraphicsitem_cast<AggregateItem*>(it))
            out.push_back(a);
    return out;
}

// The texts drawn on the scene that contain `part`.
std::vector<QGraphicsSimpleTextItem*> labelsWith(const TopologyEditor& ed, const QString& part)
{
    std::vector<QGraphicsSimpleTextItem*> out;
    for (QGraphicsItem* it : ed.scene()->items())
        if (auto* t = dynamic_cast<QGraphicsSimpleTextItem*>(it); t && t->text().contains(part))
            out.push_back(t);
    return out;
}

} // namespace

TEST_CASE("a k=24 fat-tree aggregates into pods and the cores, a pod into racks", "[gui][topology][aggregates]")
{
    // k = 24: 24 pods of k/2 = 12 edge and 12 aggregation switches and
    // (k/2)^2 = 144 hosts; (k/2)^2 = 144 cores. Each pod's 12 aggregation
    // switches have 12 core links each: 144 links of 1 Gbit/s (125e6 B/s) =
    // 1.8e10 B/s from every pod to the cores, none between pods.
    const Topology t = generate("fat-tree", {{"k", 24}});
    const AggregateView top = aggregate(t, {}, 0);
    REQUIRE(top.groups.size() == 25);
    const auto* pod3 = find(top, "pod 3");
    REQUIRE(pod3);
    CHECK(pod3->hosts == 144);
    CHECK(pod3->switches == 24);
    const auto* core = find(top, "core");
    REQUIRE(core);
    CHECK(core->switches == 144);
    CHECK(core->hosts == 0);
    REQUIRE(top.links.size() == 24);
    for (const auto& l : top.links) {
        CHECK(l.count == 144);
        CHECK(l.rate == Approx(144 * 125e6));
    }
    CHECK(top.outside == 0);
    // Pod 3 opened: 12 racks (an edge switch with its 12 hosts) and the 12
    // aggregation switches, a level without hosts, as one: one line from each
    // rack to them of 12 links, and the 144 core links leaving the pod.
    const AggregateView pod = aggregate(t, pod3->members, pod3->openDepth);
    CHECK(pod.groups.size() == 13);
    const auto* rack = find(pod, "edge3_5");
    REQUIRE(rack);
    CHECK(rack->hosts == 12);
    CHECK(rack->switches == 1);
    const auto* aggs = find(pod, "agg");
    REQUIRE(aggs);
    CHECK(aggs->switches == 12);
    REQUIRE(pod.links.size() == 12);
    CHECK(pod.links[0].count == 12);
    CHECK(pod.outside == 144);
    // The cores opened: 144 of one name split into runs of ceil(144 / 128) = 2.
    const AggregateView cores = aggregate(t, core->members, core->openDepth);
    CHECK(cores.groups.size() == 72);
    CHECK(cores.groups.front().label == "core0 \u2013 core1");
}

TEST_CASE("a k=100 fat-tree shows its 100 pods one by one and the cores apart (issue 34, defect 9)",
          "[gui][topology][aggregates]")
{
    // k = 100: 100 pods of 50 edge and 50 aggregation switches and 50^2 =
    // 2500 hosts; 2500 cores. The pods (100) and the cores fit 128
    // aggregates: one a pod, and the cores one of their own. Before, 101 keys
    // over 48 went into buckets of three and the last read "pod 99 - core".
    const Topology t = generate("fat-tree", {{"k", 100}});
    const AggregateView top = aggregate(t, {}, 0);
    REQUIRE(top.groups.size() == 101);
    CHECK(top.groups[99].label == "pod 99");
    CHECK(top.groups[99].hosts == 2500);
    CHECK(top.groups[99].switches == 100);
    CHECK(top.groups[100].label == "core");
    CHECK(top.groups[100].switches == 2500);
    CHECK(top.groups[100].hosts == 0);
    // Each pod's 50 aggregation switches have 50 core links: 2500 a pod.
    REQUIRE(top.links.size() == 100);
    CHECK(top.links[0].count == 2500);
    // With room for 10 aggregates, the 100 pods go in buckets of
    // ceil(100 / (10 - 1)) = 12, the cores still apart.
    const AggregateView few = aggregate(t, {}, 0, 10);
    CHECK(few.groups.front().label == "pods 0\u201311");
    CHECK(few.groups.back().label == "core");
    CHECK(few.groups.size() == 10); // 9 buckets (8 of 12, one of 4) and the cores
}

TEST_CASE("a leaf-spine aggregates into its leaves with their hosts and the spines as one (issue 34, defect 9)",
          "[gui][topology][aggregates]")
{
    // 96 leaves of p = 48 hosts, 16 spines, 3:1: 48 / 3 = 16 up-links a
    // leaf, one to each spine; links of 100 Gbit/s (12.5e9 B/s). Before, the
    // leaves (ids with one number, like the cores) were one aggregate of all
    // 4608 hosts and each spine one of its own, the labels piled up.
    const Topology t = generate("leaf-spine", {{"leaves", 96}, {"spines", 16}, {"p", 48}, {"oversub", 3}});
    const AggregateView top = aggregate(t, {}, 0);
    REQUIRE(top.groups.size() == 97);
    const auto* leaf7 = find(top, "leaf7");
    REQUIRE(leaf7);
    CHECK(leaf7->hosts == 48);
    CHECK(leaf7->switches == 1);
    const auto* spines = find(top, "spine");
    REQUIRE(spines);
    CHECK(spines->switches == 16);
    CHECK(spines->hosts == 0);
    // One line a leaf, to the spines: 16 links, 16 x 12.5e9 = 2e11 B/s.
    REQUIRE(top.links.size() == 96);
    for (const auto& l : top.links) {
        CHECK(l.count == 16);
        CHECK(l.rate == Approx(2e11));
    }
    // Room for 10: the leaves in buckets of ceil(96 / 9) = 11, the spines apart.
    const AggregateView few = aggregate(t, {}, 0, 10);
    CHECK(few.groups.front().label == "leaves 0\u201310");
    CHECK(few.groups.back().label == "spine");
}

TEST_CASE("a dragonfly aggregates into its groups, buckets of groups when there are many",
          "[gui][topology][aggregates]")
{
    // The default dragonfly: 9 groups of 4 routers with 2 hosts each; one
    // global link of 100 Gbit/s (12.5e9 B/s) between every pair: C(9, 2) = 36.
    const Topology t = generate("dragonfly", {});
    const AggregateView v = aggregate(t, {}, 0);
    REQUIRE(v.groups.size() == 9);
    CHECK(v.groups[0].label == "group 0");
    CHECK(v.groups[0].hosts == 8);
    CHECK(v.groups[0].switches == 4);
    REQUIRE(v.links.size() == 36);
    CHECK(v.links[0].count == 1);
    CHECK(v.links[0].rate == Approx(12.5e9));
    // 65 groups (a = h = 8, one host a router): one aggregate a group (issue
    // 34, defect 9: there were 33 of two groups each).
    const Topology big = generate("dragonfly", {{"groups", 65}, {"a", 8}, {"p", 1}, {"h", 8}});
    REQUIRE(aggregate(big, {}, 0).groups.size() == 65);
    CHECK(aggregate(big, {}, 0).groups[64].label == "group 64");
    // Room for 48: buckets of ceil(65 / 48) = 2 groups, 33 aggregates, "groups 0-1" first.
    const AggregateView b = aggregate(big, {}, 0, 48);
    REQUIRE(b.groups.size() == 33);
    CHECK(b.groups[0].label == "groups 0\u20131");
    CHECK(b.groups[0].hosts == 16);
    CHECK(b.groups[32].label == "group 64");
    // A bucket opens into its groups; a group into its routers with their
    // hosts (8 racks of one router and one host).
    const AggregateView two = aggregate(big, b.groups[0].members, b.groups[0].openDepth);
    REQUIRE(two.groups.size() == 2);
    CHECK(two.groups[1].label == "group 1");
    const AggregateView routers = aggregate(big, two.groups[1].members, two.groups[1].openDepth);
    REQUIRE(routers.groups.size() == 8);
    CHECK(routers.groups[0].label == "r1_0");
    CHECK(routers.groups[0].hosts == 1);
}

TEST_CASE("a drawing without structured ids aggregates into runs in vertex order", "[gui][topology][aggregates]")
{
    // A ring of 100 forwarding hosts n0 .. n99: one name, no numbers to
    // group by: with room for 48, runs of ceil(100 / 48) = 3 vertices, 34 of
    // them; consecutive runs are joined by one ring link, the last back to
    // the first: 34 links.
    Topology t;
    for (int i = 0; i < 100; ++i)
        t.addHost("n" + std::to_string(i), true, 0);
    for (int i = 0; i < 100; ++i)
        t.addLink(static_cast<std::size_t>(i), static_cast<std::size_t>((i + 1) % 100), LinkProps{1e9, 1e-6, 1, true});
    const AggregateView v = aggregate(t, {}, 0, 48);
    REQUIRE(v.groups.size() == 34);
    CHECK(v.groups[0].label == "n0 \u2013 n2");
    CHECK(v.groups[33].label == "n99");
    CHECK(v.links.size() == 34);
}

TEST_CASE("the editor draws a k=24 fat-tree as aggregates that open on double-click", "[gui][topology][aggregates]")
{
    testutil::ShownEditor shown(1200, 760);
    DocumentModel& model = shown.model;
    TopologyEditor& editor = shown.editor;
    REQUIRE(model.setTopology("fat-tree", json{{"generator", "fat-tree"}, {"params", {{"k", 24}}}}, {}).isEmpty());
    // 3456 hosts + 720 switches = 4176 vertices > 3000: aggregates, no items.
    REQUIRE(editor.aggregated());
    CHECK(aggregateItems(editor).size() == 25);
    CHECK(testutil::drawnItems(editor) == 0);
    CHECK(editor.message().contains("25 aggregates"));
    QAction* up = editor.findChild<QAction*>("aggregateUp");
    REQUIRE(up);
    CHECK_FALSE(up->isVisible());
    editor.zoomToFit();
    const QString shots = qEnvironmentVariable("CS_SHOT_DIR");
    if (!shots.isEmpty())
        editor.grab().save(shots + "/aggregates_fat_tree_k24.png");
    // The cores' 24 lines carry the same figures: said once, beside the
    // cores and above every box, not a label a line piled up (defect 9).
    CHECK(labelsWith(editor, "to each of the 24 others: 144 \u00d7 links").size() == 1);
    CHECK(labelsWith(editor, "\u00d7 links").size() == 1);
    for (QGraphicsSimpleTextItem* l : labelsWith(editor, "\u00d7 links"))
        CHECK(l->topLevelItem()->zValue() > aggregateItems(editor).front()->zValue());
    // The cores' lines run down a gap between columns and along rails between the rows: none passes
    // through a box but its own two ends' (they ran straight across the rows above their pod, defect 9).
    {
        std::vector<QRectF> boxes;
        for (AggregateItem* a : aggregateItems(editor))
            boxes.push_back(a->mapRectToScene(QRectF(-AggregateItem::kWidth / 2, -AggregateItem::kHeight / 2,
                                                     AggregateItem::kWidth, AggregateItem::kHeight)));
        int lines = 0, crossings = 0;
        for (QGraphicsItem* i : editor.scene()->items()) {
            auto* line = qgraphicsitem_cast<QGraphicsPathItem*>(i);
            if (!line)
                continue;
            ++lines;
            const QPainterPath path = line->mapToScene(line->path());
            const QPointF from = path.pointAtPercent(0), to = path.pointAtPercent(1);
            for (const QRectF& b : boxes) {
                if (b.contains(from) || b.contains(to))
                    continue;
                for (int k = 0; k <= 2000; ++k)
                    if (b.contains(path.pointAtPercent(k / 2000.0))) {
                        ++crossings;
                        break;
                    }
            }
        }
        CHECK(lines == 24);
        CHECK(crossings == 0);
    }

    const int pod3 = indexOf(editor.aggregates(), "pod 3");
    REQUIRE(pod3 >= 0);
    // A double-click on the item opens it (after the event).
    AggregateItem* item = nullptr;
    for (AggregateItem* a : aggregateItems(editor))
        if (a->index() == pod3)
            item = a;
    REQUIRE(item);
    QGraphicsView* view = editor.view();
    const QPoint at = view->mapFromScene(item->scenePos());
    QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, at);
    REQUIRE(testutil::waitFor([&] { return editor.aggregatePath() == "pod 3"; }, 5000));
    CHECK(aggregateItems(editor).size() == 13); // 12 racks and the aggregation switches
    CHECK(up->isVisible());
    CHECK(editor.message().contains("in pod 3"));
    {
        // Issue 34, defect 6: in a dock as narrow as the 1280x800 layout gives it, Up is a button on the
        // toolbar, not an entry of its overflow menu.
        editor.resize(420, 600);
        QCoreApplication::processEvents();
        auto* bar = editor.findChild<QToolBar*>("topologyToolbar");
        REQUIRE(bar);
        QWidget* button = bar->widgetForAction(up);
        REQUIRE(button);
        CHECK(button->isVisible());
        CHECK(bar->rect().contains(button->geometry()));
        editor.resize(1200, 760);
        QCoreApplication::processEvents();
    }
    if (!shots.isEmpty())
        editor.grab().save(shots + "/aggregates_fat_tree_pod3.png");
    editor.aggregateUp();
    CHECK(editor.aggregatePath().isEmpty());
    CHECK(aggregateItems(editor).size() == 25);

    // Back to a small network: items, no aggregates.
    REQUIRE(model.setTopology("star", json{{"generator", "star"}, {"params", {{"n", 8}}}}, {}).isEmpty());
    CHECK_FALSE(editor.aggregated());
    CHECK(aggregateItems(editor).empty());
    CHECK(editor.vertexItem(0) != nullptr);
    CHECK_FALSE(up->isVisible());
}

TEST_CASE("a 65-group dragonfly is drawn as its 65 groups, the global links bundled and said once",
          "[gui][topology][aggregates]")
{
    // a = 8 routers of p = 8 hosts a group, h = 8 global links a router: 65
    // groups, 65 * 8 * 9 = 4680 vertices (> 3000: aggregates), one global
    // link between every pair of groups, C(65, 2) = 2080 lines.
    testutil::ShownEditor shown(1200, 760);
    DocumentModel& model = shown.model;
    TopologyEditor& editor = shown.editor;
    REQUIRE(model
                .setTopology("dragonfly", json{{"generator", "dragonfly"},
                                               {"params", {{"groups", 65}, {"a", 8}, {"p", 8}, {"h", 8}}}},
                             {})
                .isEmpty());
    REQUIRE(editor.aggregated());
    CHECK(aggregateItems(editor).size() == 65);
    REQUIRE(editor.aggregates().links.size() == 2080);
    CHECK(labelsWith(editor, "every pair of the 65 aggregates: 1 link, ").size() == 1);
    CHECK(labelsWith(editor, " link").size() == 1); // no label a line
    editor.zoomToFit();
    if (const QString shots = qEnvironmentVariable("CS_SHOT_DIR"); !shots.isEmpty())
        editor.grab().save(shots + "/aggregates_dragonfly_65.png");
}
