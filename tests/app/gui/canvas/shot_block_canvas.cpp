// Screenshots of the block canvas and the inspector, for looking at them
// (and for the README). Hidden: run with
//   cs_gui_tests "[g-canvas-shot]"   (writes PNGs to $CS_SHOT_DIR or /tmp/g-canvas)
#include "app/document/DocumentModel.h"
#include "app/gui/Selection.h"
#include "app/gui/canvas/BlockCanvas.h"
#include "app/gui/canvas/PortItem.h"
#include "app/gui/inspector/Inspector.h"
#include "app/gui/mainwindow/MainWindow.h"
#include "model/core/ModelError.h"
#include "model/core/Plan.h"
#include "model/document/DocumentFormat.h"

#include <QDir>
#include <QFileInfo>
#include <QGraphicsView>
#include <QLineEdit>
#include <QSplitter>
#include <QTest>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;

namespace {

const char* kShotDoc = R"({
  "format": "clusterscope-design", "version": 2, "name": "FFTW 2D-FFT over a LogGP network",
  "parameters": [{"name": "P", "unit": "count", "value": 8, "min": 1, "max": 1024, "meaning": "processors"}],
  "blocks": [
    {"name": "net", "type": "logp.loggp", "values": {"L": 30e-6, "o_s": 15e-6, "o_r": 20e-6, "g": 25e-6, "G": 25e-9}},
    {"name": "fft", "type": "fftw.transpose"},
    {"name": "s", "type": "speedup.efficiency", "values": {"T_ref": 0.215}}
  ],
  "wires": [
    {"from": "P", "to": "net.P"}, {"from": "P", "to": "fft.P"}, {"from": "P", "to": "s.P"},
    {"from": "net.L_out", "to": "fft.L"}, {"from": "net.o_s_out", "to": "fft.o_s"},
    {"from": "net.o_r_out", "to": "fft.o_r"}, {"from": "net.g_out", "to": "fft.g"},
    {"from": "net.G_out", "to": "fft.G"}, {"from": "fft.T", "to": "s.T"}
  ]
})";

QString shotDir()
{
    const QString dir = qEnvironmentVariableIsSet("CS_SHOT_DIR") ? qEnvironmentVariable("CS_SHOT_DIR")
                                                                  : QStringLiteral("/tmp/g-canvas");
    QDir().mkpath(dir);
    return dir;
}

} // namespace

TEST_CASE("screenshots of the block canvas and inspector", "[.][g-canvas-shot]")
{
    DocumentModel model;
    Selection selection;
    // T_ref: the same design's run time on one processor, so s.S is the speedup.
    DesignDocument doc = parseDocument(kShotDoc);
    {
        Design one = doc.design;
        one.setDesignParam("P", 1);
        Plan plan = one.compile();
        std::vector<double> v = plan.initialSlots();
        plan.runOrThrow(v.data());
        doc.design.setValue({"s", "T_ref"}, v[static_cast<std::size_t>(plan.slotOf("fft.T"))]);
    }
    model.setDocument(std::move(doc), {});
    QSplitter window(Qt::Horizontal);
    auto* canvas = new BlockCanvas(&model, &selection, &window);
    auto* inspector = new Inspector(&model, &selection, &window);
    window.addWidget(canvas);
    window.addWidget(inspector);
    window.setSizes({1100, 500});
    window.resize(1600, 950);
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    QCoreApplication::processEvents();
    canvas->zoomToFit();
    selection.select(Selection::Kind::Block, "fft");
    QCoreApplication::processEvents();
    const QString dir = shotDir();
    CHECK(window.grab().save(dir + "/canvas_inspector.png"));

    // A refused wire: drag fft.T onto net.L (a cycle).
    QWidget* vp = canvas->view()->viewport();
    const QPoint from = canvas->view()->mapFromScene(canvas->port("fft", "T", false)->anchor());
    const QPoint to = canvas->view()->mapFromScene(canvas->port("net", "L", true)->anchor());
    QTest::mousePress(vp, Qt::LeftButton, {}, from);
    for (int i = 1; i <= 4; ++i)
        QTest::mouseMove(vp, from + (to - from) * i / 4);
    CHECK(canvas->grab().save(dir + "/canvas_dragging.png")); // mid-drag: allowed and refused ports
    QTest::mouseRelease(vp, Qt::LeftButton, {}, to);
    QCoreApplication::processEvents();
    CHECK(canvas->grab().save(dir + "/canvas_refused.png"));

    // An out-of-range entry in the inspector.
    auto* rows = inspector->form()->findChild<QLineEdit*>("edit:rows");
    REQUIRE(rows);
    rows->selectAll();
    QTest::keyClicks(rows, "0");
    QTest::keyClick(rows, Qt::Key_Return);
    QCoreApplication::processEvents();
    CHECK(inspector->grab().save(dir + "/inspector_error.png"));

    // The whole fft form, outputs included.
    selection.select(Selection::Kind::Block, "fft");
    inspector->resize(520, 1750);
    QCoreApplication::processEvents();
    CHECK(inspector->grab().save(dir + "/inspector_fft_full.png"));
    window.resize(1600, 950);
    QCoreApplication::processEvents();

    selection.select(Selection::Kind::Block, "s");
    QCoreApplication::processEvents();
    CHECK(inspector->grab().save(dir + "/inspector_speedup.png"));
    selection.select(Selection::Kind::DesignParam, "P");
    QCoreApplication::processEvents();
    CHECK(window.grab().save(dir + "/canvas_param.png"));
}

TEST_CASE("screenshots of the presets in the main window's block canvas", "[.][g-canvas-shot]")
{
    const QString dir = shotDir();
    for (const QString& file : QDir(QString(CS_SOURCE_DIR) + "/presets").entryList({"*.json"})) {
        MainWindow w;
        try {
            w.model()->setDocument(loadDocument((QString(CS_SOURCE_DIR) + "/presets/" + file).toStdString()), {});
        } catch (const ModelError& e) {
            WARN(file.toStdString() << ": " << e.what());
            continue;
        }
        w.resize(1600, 1000);
        w.showTab(1);
        w.show();
        REQUIRE(QTest::qWaitForWindowExposed(&w));
        QCoreApplication::processEvents();
        w.blockCanvas()->zoomToFit();
        QCoreApplication::processEvents();
        CHECK(w.grab().save(dir + "/preset_" + QFileInfo(file).baseName() + ".png"));
    }
}
