// Nodes with many cores in the GUI (issue 45), reached as a new user does: File > New, Edit > Generate a star of
// 4 hosts of 2 cores (the generator's cores, in its dialog), then the topology block's inspector, where the
// job's nodes and ranks per node are, set to 2 ranks a node. The design has no sweep, so the drawing rings the
// hosts of the job as the design has it once it is not every host at one rank each: P = 0, every host, 2 ranks
// each, 8 ranks; each ring says how many ranks
// its host holds ("2 ranks", two rings), and the tooltip names them (block order: h0 ranks 0, 1; h1 2, 3; ...).
// Then 3 nodes (topology.nodes = 3): h3 holds none. CS_SHOT_DIR keeps the picture.
#include "GeneratorWait.h"
#include "../MainWindowDriver.h"

#include "app/gui/Selection.h"
#include "app/gui/topology/JobFiguresBox.h"
#include "app/gui/topology/MetricsPanel.h"
#include "app/gui/topology/TopologyEditor.h"
#include "app/gui/topology/VertexItem.h"

#include <QAction>
#include <QLineEdit>
#include <QTest>
#include <catch2/catch.hpp>

#include <functional>

using namespace cs;
using namespace cs::app;

namespace {

bool waitFor(const std::function<bool()>& done)
{
    for (int i = 0; i < 400 && !done(); ++i)
        QTest::qWait(25);
    return done();
}

std::vector<int> rankCounts(TopologyEditor* t)
{
    std::vector<int> c;
    for (int i = 0; i < 4; ++i)
        c.push_back(t->vertexItem("h" + std::to_string(i))->placedRankCount());
    return c;
}

} // namespace

TEST_CASE("gui: a new design's star at 2 ranks a node rings each host with the ranks it holds",
          "[gui][topology][placement][ranks_per_node]")
{
    MainWindow w;
    w.resize(1280, 800);
    w.show();
    REQUIRE(QTest::qWaitForWindowExposed(&w));
    w.findChild<QAction*>("newAction")->trigger();
    w.showTab(0);
    TopologyEditor* ed = w.topologyEditor();
    ed->showGeneratorDialog();
    GeneratorDialog* dlg = ed->generatorDialog();
    REQUIRE(dlg);
    REQUIRE(dlg->selectGenerator("star"));
    REQUIRE(dlg->setParam("n", 4));
    REQUIRE(dlg->setParam("cores", 2)); // a host has cores: the generator's parameter
    app::test::acceptAndWait(dlg);
    REQUIRE(w.model()->topology());
    for (std::size_t h : w.model()->topology()->hosts())
        CHECK(w.model()->topology()->attributes(h).cores == 2);

    // One rank a host on every host, the job of a new design: nothing to ring.
    JobFiguresBox* job = w.metricsPanel()->jobFigures();
    QTest::qWait(300);
    CHECK(job->hosts().isEmpty());
    CHECK(rankCounts(ed) == std::vector<int>{0, 0, 0, 0});

    // The topology block's inspector holds the job's nodes and ranks per node.
    w.selection()->select(Selection::Kind::Block, "topology");
    QWidget* form = w.inspector()->form();
    REQUIRE(form);
    QLineEdit* perNode = form->findChild<QLineEdit*>("edit:ranks_per_node");
    QLineEdit* nodes = form->findChild<QLineEdit*>("edit:nodes");
    REQUIRE(perNode);
    REQUIRE(nodes);
    cs::test::typeInto(perNode, "2");
    REQUIRE(waitFor([&] { return job->hosts().size() == 8 && !job->isComputing(); }));
    CHECK(rankCounts(ed) == std::vector<int>{2, 2, 2, 2});
    CHECK(ed->vertexItem("h1")->toolTipText().contains("ranks 2, 3"));
    CHECK(job->title() == "Job as the design has it");

    // Three nodes of two: six ranks, h3 holds none. (The form may have been rebuilt by the edit: found again.)
    form = w.inspector()->form();
    REQUIRE(form);
    nodes = form->findChild<QLineEdit*>("edit:nodes");
    REQUIRE(nodes);
    cs::test::typeInto(nodes, "3");
    REQUIRE(waitFor([&] { return job->hosts().size() == 6 && !job->isComputing(); }));
    CHECK(rankCounts(ed) == std::vector<int>{2, 2, 2, 0});

    if (!qEnvironmentVariableIsEmpty("CS_SHOT_DIR")) {
        QTest::qWait(300);
        w.grab().save(qEnvironmentVariable("CS_SHOT_DIR") + "/ranks_per_node_rings.png");
    }
}
