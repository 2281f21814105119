// Not a check: renders the editor (with the metrics panel beside it, as the
// main window docks it) for a few generated topologies and saves PNGs to
// look at. Hidden; run with  cs_gui_tests "[screenshot]"  (PNGs go to
// $CS_SCREENSHOT_DIR, default /tmp/g-topo).
#include "TopologyTestUtil.h"

#include "app/gui/Selection.h"
#include "app/gui/topology/GeneratorDialog.h"
#include "GeneratorWait.h"
#include "app/gui/mainwindow/MainWindow.h"
#include "app/gui/topology/MetricsPanel.h"

#include <QDir>
#include <QHBoxLayout>
#include <QUndoStack>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;
using namespace cs::app::testutil;

namespace {

QString shotDir()
{
    const QString d = qEnvironmentVariableIsEmpty("CS_SCREENSHOT_DIR") ? QStringLiteral("/tmp/g-topo")
                                                                       : qEnvironmentVariable("CS_SCREENSHOT_DIR");
    QDir().mkpath(d);
    return d;
}

void shoot(const char* file, const char* generator, const std::vector<std::pair<const char*, double>>& params,
           const std::function<void(TopologyEditor&)>& before = {})
{
    DocumentModel m;
    Selection sel;
    QWidget window;
    auto* l = new QHBoxLayout(&window);
    auto* ed = new TopologyEditor(&m, &sel, &window);
    auto* panel = new MetricsPanel(&m, &window);
    panel->setFixedWidth(330);
    l->addWidget(ed, 1);
    l->addWidget(panel);
    window.resize(1400, 820);
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    ed->showGeneratorDialog();
    GeneratorDialog* dlg = ed->generatorDialog();
    REQUIRE(dlg->selectGenerator(generator));
    for (const auto& [k, v] : params)
        REQUIRE(dlg->setParam(k, v));
    if (QByteArray(file).startsWith("dialog")) {
        REQUIRE(dlg->grab().save(shotDir() + "/" + file));
        dlg->reject();
        return;
    }
    cs::app::test::acceptAndWait(dlg);
    if (before)
        before(*ed);
    REQUIRE(waitFor([&] { return !panel->isComputing(); }));
    QTest::qWait(50);
    REQUIRE(window.grab().save(shotDir() + "/" + file));
}

} // namespace

TEST_CASE("screenshots of the topology editor", "[.screenshot]")
{
    shoot("fat-tree-k4.png", "fat-tree", {{"k", 4}});
    shoot("segment-mesh-4x4.png", "beowulf-mesh", {{"rows", 4}, {"cols", 4}});
    shoot("segment-mesh-4x4-switch.png", "beowulf-mesh", {{"rows", 4}, {"cols", 4}, {"routing", 1}});
    shoot("bonded-star.png", "star", {{"n", 6}, {"channels", 2}});
    shoot("berkeley-now.png", "gfat", {});
    shoot("torus-100x100.png", "torus", {{"k", 100}, {"dims", 2}});
    shoot("fat-tree-k4-selected.png", "fat-tree", {{"k", 4}}, [](TopologyEditor& ed) {
        ed.vertexItem("agg1_0")->setSelected(true);
        ed.vertexItem("agg1_0")->setPos(ed.vertexItem("agg1_0")->pos() + QPointF(30, 20));
        ed.zoomIn();
    });
    shoot("dialog-fat-tree.png", "fat-tree", {{"k", 4}});
}

TEST_CASE("screenshots of drawings that must not mislead", "[.screenshot-drawings]")
{
    shoot("torus-4x4.png", "torus", {{"k", 4}, {"dims", 2}});
    shoot("hypercube-3.png", "hypercube", {{"dims", 3}});
    shoot("hypercube-4.png", "hypercube", {{"dims", 4}});
    shoot("fat-tree-k24.png", "fat-tree", {{"k", 24}});
    shoot("segment-mesh-4x4-labels.png", "beowulf-mesh", {{"rows", 4}, {"cols", 4}});
}

TEST_CASE("screenshot of the main window with a placed fat-tree", "[.screenshot]")
{
    MainWindow w;
    w.resize(1500, 950);
    w.show();
    w.showTab(0);
    REQUIRE(QTest::qWaitForWindowExposed(&w));
    auto* ed = w.findChild<TopologyEditor*>();
    REQUIRE(ed);
    ed->showGeneratorDialog();
    REQUIRE(ed->generatorDialog()->selectGenerator("fat-tree"));
    cs::app::test::acceptAndWait(ed->generatorDialog());
    auto* panel = w.findChild<MetricsPanel*>();
    REQUIRE(panel);
    REQUIRE(waitFor([&] { return !panel->isComputing(); }));
    ed->vertexItem("edge1_0")->setSelected(true);
    QTest::qWait(50);
    REQUIRE(w.grab().save(shotDir() + "/mainwindow-fat-tree.png"));
}
