#include "app/gui/mainwindow/GuiApplication.h"
#include "app/gui/mainwindow/MainWindow.h"

#include "app/gui/simulation/SimulationPanel.h"
#include "app/gui/sweeppanel/SweepPanel.h"
#include "app/gui/validation/ValidationDialog.h"
#include "model/document/PresetFolder.h"

#include <QCheckBox>

#include <QApplication>
#include <QCommandLineParser>
#include <QDockWidget>
#include <QTimer>

// Saves the whole window to `path` once the sweep panel has drawn (or after
// 10 s), then quits: how the README's screenshots are made (scripts/screenshots.sh).
// With `simulated`, it waits for the simulated points instead (or 120 s).
// `target` is what is saved: the window, or a dialog over it.
static void screenshotWhenReady(cs::app::MainWindow& w, const QString& path, QWidget* target, bool simulated)
{
    auto shoot = [target, path] {
        const bool ok = target->grab().save(path);
        QApplication::exit(ok ? 0 : 1);
    };
    if (simulated)
        QObject::connect(w.simulationPanel(), &cs::app::SimulationPanel::simulated, &w,
                         [shoot] { QTimer::singleShot(300, shoot); });
    else
        QObject::connect(w.sweepPanel(), &cs::app::SweepPanel::sensitivityUpdated, &w,
                         [shoot] { QTimer::singleShot(300, shoot); });
    QTimer::singleShot(simulated ? 120000 : 10000, &w, shoot);
}

// clusterscope [FILE | --preset NAME] [--tab N] [--size WxH] [--dock NAME] [--log] [--simulate] [--validation]
//              [--screenshot PNG]
int main(int argc, char** argv)
{
    cs::app::GuiApplication app(argc, argv);
    QApplication::setOrganizationName("ClusterScope");
    QApplication::setApplicationName("ClusterScope");
    QApplication::setApplicationVersion("0.1.0");

    QCommandLineParser parser;
    parser.setApplicationDescription("ClusterScope: a design-space explorer for computer clusters");
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption({"preset", "Open the preset NAME.", "NAME"});
    parser.addOption({"tab", "Show the topology (0) or blocks (1) tab.", "INDEX", "0"});
    parser.addOption({"size", "Resize the window to WxH pixels.", "WxH"});
    parser.addOption({"dock", "Show and enlarge the dock whose object name is NAME (e.g. sweepDock).", "NAME"});
    parser.addOption({"log", "Tick 'Logarithmic axes' in the sweep dock."});
    parser.addOption({"simulate", "Tick 'Simulated points' (SimGrid) once the sweep is drawn."});
    parser.addOption({"validation", "Open the validation report (Measure > Validate against the papers)."});
    parser.addOption({"screenshot", "Save the window (or the validation report) to PNG once the plots are drawn, then quit.",
                      "PNG"});
    parser.addPositionalArgument("file", "A design file to open.");
    parser.process(app);

    cs::app::MainWindow w;
    app.setErrorHandler([&w](const QString& what) { w.reportInternalError(what); });
    if (parser.isSet("size")) {
        const QStringList wh = parser.value("size").split('x');
        if (wh.size() == 2)
            w.resize(wh[0].toInt(), wh[1].toInt());
    }
    w.show();
    if (parser.isSet("log"))
        w.sweepPanel()->logToggle()->setChecked(true);
    if (parser.isSet("simulate"))
        QObject::connect(
            w.sweepPanel(), &cs::app::SweepPanel::plotsUpdated, &w,
            [&w] { w.simulationPanel()->toggle()->setChecked(true); }, Qt::SingleShotConnection);
    QWidget* shot = &w;
    if (parser.isSet("validation")) {
        auto* dialog = new cs::ValidationDialog(cs::presetFolder(QCoreApplication::applicationDirPath().toStdString()), &w);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
        shot = dialog;
    }
    if (parser.isSet("screenshot"))
        screenshotWhenReady(w, parser.value("screenshot"), shot, parser.isSet("simulate"));
    if (parser.isSet("screenshot") || !w.offerRecovery()) {
        if (!parser.positionalArguments().isEmpty())
            w.openFile(parser.positionalArguments().front());
        else if (parser.isSet("preset"))
            w.openPreset(parser.value("preset"));
    }
    if (parser.isSet("tab"))
        w.showTab(parser.value("tab").toInt());
    if (parser.isSet("dock")) {
        if (auto* d = w.findChild<QDockWidget*>(parser.value("dock"))) {
            d->show();
            d->raise();
            const bool bottom = w.dockWidgetArea(d) == Qt::BottomDockWidgetArea;
            w.resizeDocks({d}, {bottom ? w.height() / 2 : w.width() / 3}, bottom ? Qt::Vertical : Qt::Horizontal);
        }
    }
    return app.exec();
}
