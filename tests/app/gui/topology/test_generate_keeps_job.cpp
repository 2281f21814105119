// Issue 48, defect 7: generating a topology silently reset the job's
// placement to packed. The placement chosen in the topology block's inspector
// stays through Edit > Generate topology..., and Undo brings back the old
// network with it.
#include "app/document/DocumentModel.h"
#include "app/gui/Selection.h"
#include "app/gui/inspector/Inspector.h"
#include "app/gui/mainwindow/MainWindow.h"
#include "app/gui/topology/TopologyEditor.h"
#include "GeneratorWait.h"

#include <QAction>
#include <QComboBox>
#include <QTest>
#include <QUndoStack>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;

namespace {

void generateStar(MainWindow& w, int hosts)
{
    w.topologyEditor()->showGeneratorDialog(); // Edit > Generate topology...
    GeneratorDialog* dlg = w.topologyEditor()->generatorDialog();
    REQUIRE(dlg);
    REQUIRE(dlg->selectGenerator("star"));
    REQUIRE(dlg->setParam("n", hosts));
    test::acceptAndWait(dlg);
    REQUIRE(w.model()->topology());
    REQUIRE(w.model()->topology()->counts().hosts == static_cast<std::size_t>(hosts));
}

std::string placement(const MainWindow& w)
{
    const BlockInstance* topo = w.model()->doc().design.topology();
    REQUIRE(topo);
    const ParamSpec& spec = topo->spec().inputs.at(static_cast<std::size_t>(topo->spec().inputIndex("placement")));
    return spec.choices.at(static_cast<std::size_t>(w.model()->doc().design.value({"topology", "placement"}).value));
}

QComboBox* placementBox(MainWindow& w)
{
    w.selection()->select(Selection::Kind::Block, "topology");
    QCoreApplication::processEvents();
    QWidget* form = w.inspector()->form();
    return form ? form->findChild<QComboBox*>("edit:placement") : nullptr;
}

} // namespace

TEST_CASE("generating a topology keeps the job's placement (issue 48, defect 7)", "[gui][topology][placement]")
{
    MainWindow w;
    w.resize(1280, 800);
    w.show();
    REQUIRE(QTest::qWaitForWindowExposed(&w));
    w.findChild<QAction*>("newAction")->trigger();
    generateStar(w, 8);
    REQUIRE(placement(w) == "packed");

    // Spread, chosen in the topology block's inspector (Down on its combo).
    QComboBox* box = placementBox(w);
    REQUIRE(box);
    box->setFocus();
    QTest::keyClick(box, Qt::Key_Down);
    QCoreApplication::processEvents();
    REQUIRE(placement(w) == "spread");

    generateStar(w, 12);
    CHECK(placement(w) == "spread");
    box = placementBox(w);
    REQUIRE(box);
    CHECK(box->currentText() == "spread");

    // Undo: the 8-host star, still spread.
    w.model()->undoStack()->undo();
    REQUIRE(w.model()->topology()->counts().hosts == 8);
    CHECK(placement(w) == "spread");
}
