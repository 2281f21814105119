// Issue 48, defect 14: a large network's aggregate labels read GB/s at the top level and Gbit/s inside a pod.
// The totals of a k = 24 fat-tree of 1 Gbit/s links: 144 links from the cores to each pod, 18 GB/s or 144 Gbit/s;
// 12 links from a rack to its pod's aggregation switches, 1.5 GB/s or 12 Gbit/s. Under "whichever reads rounder"
// the totals alone picked bytes for the first and bits for the second; they follow the links (bits) now.
#include "../topology/TopologyTestUtil.h"
#include "UnitStrings.h"

#include "app/gui/topology/AggregateItem.h"
#include "app/plots/RateUnit.h"

#include <QDir>
#include <QGraphicsSimpleTextItem>
#include <QStringList>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;
using nlohmann::json;

namespace {

// Every text drawn on the editor's scene, joined.
QString sceneTexts(const TopologyEditor& ed)
{
    QStringList texts;
    for (QGraphicsItem* it : ed.scene()->items())
        if (auto* t = dynamic_cast<QGraphicsSimpleTextItem*>(it))
            texts << t->text();
    return texts.join(QStringLiteral(" | "));
}

} // namespace

TEST_CASE("a fat-tree's aggregate labels write their totals in the links' family at every level (issue 48, "
          "defect 14)",
          "[gui][units][topology][aggregates]")
{
    const plots::RateFamily before = plots::ratePreference();
    plots::setRatePreference(plots::RateFamily::Auto);
    testutil::ShownEditor shown(1200, 760);
    TopologyEditor& editor = shown.editor;
    REQUIRE(shown.model.setTopology("fat-tree", json{{"generator", "fat-tree"}, {"params", {{"k", 24}}}}, {})
                .isEmpty());
    REQUIRE(editor.aggregated());
    editor.zoomToFit();
    QDir().mkpath("/tmp/cs-gui-shots");
    editor.grab().save("/tmp/cs-gui-shots/aggregate_units_top.png");
    const QString top = sceneTexts(editor);
    INFO("top: " << top.toStdString());
    CHECK(top.contains("144 \u00d7 links, 144 Gbit/s"));
    CHECK(testutil::rateUnits(top) == QSet<QString>{"Gbit/s"});

    // Pod 3, opened by a double-click as the user does.
    AggregateItem* pod = nullptr;
    for (QGraphicsItem* it : editor.scene()->items())
        if (auto* a = qgraphicsitem_cast<AggregateItem*>(it);
            a && editor.aggregates().groups[static_cast<std::size_t>(a->index())].label == "pod 3")
            pod = a;
    REQUIRE(pod);
    QTest::mouseDClick(editor.view()->viewport(), Qt::LeftButton, {}, editor.view()->mapFromScene(pod->scenePos()));
    REQUIRE(testutil::waitFor([&] { return editor.aggregatePath() == "pod 3"; }, 5000));
    editor.grab().save("/tmp/cs-gui-shots/aggregate_units_pod.png");
    const QString inPod = sceneTexts(editor);
    INFO("in pod 3: " << inPod.toStdString());
    CHECK(inPod.contains("12 Gbit/s"));
    CHECK(testutil::rateUnits(inPod) == QSet<QString>{"Gbit/s"});
    plots::setRatePreference(before);
}
