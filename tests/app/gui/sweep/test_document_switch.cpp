// Opening another document starts its charts afresh: nothing of the last
// one (a right-hand axis, the breakdown's parameter, a simulation's status,
// a selected link) shows in the next.
#include "app/document/DocumentModel.h"
#include "app/gui/Selection.h"
#include "app/gui/simulation/SimulationJob.h"
#include "app/gui/simulation/SimulationPanel.h"
#include "app/gui/sweeppanel/SweepPanel.h"
#include "app/gui/topology/TopologyEditor.h"
#include "app/gui/topology/TopologyItems.h"
#include "model/document/DocumentFormat.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGraphicsScene>
#include <QLabel>
#include <QSignalSpy>
#include <QTest>
#include <catch2/catch.hpp>
#include <qcustomplot.h>

using namespace cs;
using namespace cs::app;

namespace {

// FFTW over GigE, rows swept and no speedup: the breakdown is taken along rows.
DesignDocument rowsDoc()
{
    return parseDocument(R"({
      "format": "clusterscope-design", "version": 2, "name": "first",
      "parameters": [{"name": "P", "unit": "count", "value": 4, "min": 1, "max": 64},
                     {"name": "rows", "unit": "count", "value": 1024, "min": 1, "max": 1048576}],
      "blocks": [{"name": "gige", "type": "fftw.transpose", "values": {}}],
      "wires": [{"from": "P", "to": "gige.P"}, {"from": "rows", "to": "gige.rows"}],
      "variants": [{"name": "GigE", "total": "gige.T", "overrides": {}}],
      "sweep": {"axes": [{"path": "rows", "values": "256,512,1024"}]}
    })");
}

bool waitForPlots(QSignalSpy& spy)
{
    return spy.count() > 0 || spy.wait(15000);
}

} // namespace

TEST_CASE("a new document's charts keep nothing of the last one's", "[gui][sweep][reset]")
{
    DocumentModel model;
    DesignDocument first = rowsDoc();
    first.sweep.speedupParam.clear(); // times, no speedup (the reader would pick P)
    model.setDocument(first, {});
    SweepPanel panel(&model);
    panel.resize(1100, 480);
    panel.show();
    // What the calibration overlay does for a measured latency series: its
    // own right-hand axis, for the document that has one.
    panel.setSpeedupOverlay([](QCustomPlot* plot, plots::ChartHover&, const SweepTable&, const DesignDocument& doc,
                               const plots::SpeedupChartOptions&) {
        if (doc.name != "first")
            return;
        plot->yAxis2->setVisible(true);
        plot->yAxis2->setLabel("latency (us)");
        plot->yAxis2->setRange(0, 1250);
    });
    QSignalSpy updated(&panel, &SweepPanel::plotsUpdated);
    REQUIRE(waitForPlots(updated));
    QCustomPlot* speedup = panel.plot(SweepPanel::SpeedupChart);
    REQUIRE(speedup->yAxis2->visible());
    REQUIRE(panel.breakdownLabel()->text() == "rows for breakdown:");
    // No speedup parameter: the baseline choice names none rather than "at  = 1".
    CHECK(panel.baselineSelector()->itemText(0) == "each variant at its reference point (no speedup parameter)");
    CHECK_FALSE(panel.baselineSelector()->isEnabled());

    // A new, empty document: nothing to sweep, and none of the above.
    model.newDocument();
    QTest::qWait(300); // past the debounce: the empty document's "sweep" has run
    CHECK_FALSE(speedup->yAxis2->visible());
    CHECK(speedup->yAxis2->label().isEmpty());
    CHECK(panel.breakdownLabel()->text() == "P for breakdown:");
    CHECK(panel.breakdownSelector()->count() == 0);
    CHECK_FALSE(panel.table());

    // A preset: its own chart, still without the right-hand axis.
    updated.clear();
    model.setDocument(loadDocument(std::string(CS_SOURCE_DIR) + "/presets/acc-fft.json"), {});
    REQUIRE(waitForPlots(updated));
    CHECK_FALSE(speedup->yAxis2->visible());
    CHECK(panel.breakdownLabel()->text() == "P for breakdown:");
}

TEST_CASE("a new document drops the last one's simulation and its status", "[gui][simulation][reset]")
{
    DocumentModel model;
    model.setDocument(loadDocument(std::string(CS_SOURCE_DIR) + "/presets/inic-fattree.json"), {});
    SweepPanel panel(&model);
    auto* sim = new SimulationPanel(&panel, &panel);
    panel.addSideWidget(sim);
    QSignalSpy updated(&panel, &SweepPanel::plotsUpdated);
    REQUIRE(waitForPlots(updated));
    QSignalSpy cancelled(sim->job(), &SimulationJob::cancelled);
    sim->toggle()->setChecked(true);
    sim->cancel();
    REQUIRE((cancelled.count() > 0 || cancelled.wait(30000)));
    REQUIRE(sim->statusText() == "Simulation cancelled");

    model.newDocument();
    CHECK(sim->statusText().isEmpty());
    CHECK_FALSE(sim->result());
}

TEST_CASE("a new document selects nothing in the topology editor", "[gui][topology][reset]")
{
    DocumentModel model;
    Selection selection;
    model.setDocument(loadDocument(std::string(CS_SOURCE_DIR) + "/presets/acc-fft.json"), {});
    TopologyEditor editor(&model, &selection);
    editor.resize(800, 600);
    editor.show();
    REQUIRE(editor.linkItem(2));
    selection.select(Selection::Kind::Link, "2");
    REQUIRE(editor.linkItem(2)->isSelected());

    model.setDocument(loadDocument(std::string(CS_SOURCE_DIR) + "/presets/acc-sort.json"), {});
    CHECK(selection.kind() == Selection::Kind::None);
    CHECK(editor.scene()->selectedItems().isEmpty());
}

TEST_CASE("a message-size sweep without speedup plots each variant's time, never the host count",
          "[gui][sweep]")
{
    // Berkeley NOW: a 105-host Myrinet fat-tree, five LogGP variants, mpi.k swept, no speedup parameter.
    DocumentModel model;
    model.setDocument(loadDocument(std::string(CS_SOURCE_DIR) + "/presets/berkeley-now.json"), {});
    REQUIRE(model.doc().sweep.speedupParam.empty());
    SweepPanel panel(&model);
    panel.resize(1100, 480);
    panel.show();
    QSignalSpy updated(&panel, &SweepPanel::plotsUpdated);
    REQUIRE(waitForPlots(updated));
    QCustomPlot* plot = panel.plot(SweepPanel::SpeedupChart);
    CHECK(plot->xAxis->label().startsWith("mpi.k"));
    CHECK_FALSE(plot->xAxis->label().contains("hosts"));
    REQUIRE(plot->graphCount() == 5);
    for (int g = 0; g < plot->graphCount(); ++g) {
        INFO(plot->graph(g)->name().toStdString());
        CHECK_FALSE(plot->graph(g)->name().startsWith("hosts"));
    }
    CHECK(plot->graph(0)->name() == "MPI one-way");
    CHECK(plot->yAxis->label().startsWith("T"));
}
