#include "app/gui/mainwindow/BackgroundLoad.h"
#include "app/gui/mainwindow/GuiApplication.h"
#include "app/gui/mainwindow/MainWindow.h"
#include "app/gui/recording/RecordingWindow.h"

#include "app/gui/simulation/SimulationPanel.h"
#include "app/gui/sweeppanel/SweepPanel.h"
#include "app/gui/validation/ValidationDialog.h"
#include "model/core/Version.h"
#include "model/document/PresetFolder.h"

#include <QCheckBox>

#include <QApplication>
#include <QUndoStack>

#include "app/document/DocumentModel.h"
#include <QCommandLineParser>
#include <QDockWidget>
#include <QTimer>

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>

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

// Saves the Recording window to `path` once it has replayed (with `simulated`, once it has also simulated on
// SimGrid, Simulate on SimGrid ticked after the first replay), or after 180 s, then quits.
static void recordingShotWhenReady(cs::app::RecordingWindow* r, const QString& path, bool simulated)
{
    auto shoot = [r, path] { QApplication::exit(r->grab().save(path) ? 0 : 1); };
    auto replays = std::make_shared<int>(0);
    QObject::connect(r, &cs::app::RecordingWindow::replayed, r, [=] {
        if (++*replays == 1 && simulated)
            r->simulateBox()->setChecked(true); // replays again, simulated
        else
            QTimer::singleShot(300, shoot);
    });
    QTimer::singleShot(180000, r, shoot);
}

// clusterscope [FILE | --preset NAME] [--recording RUNS] [--tab N] [--size WxH] [--dock NAME] [--log]
//              [--simulate] [--validation] [--screenshot PNG] [--quit-after MS]
static int runGui(int argc, char** argv)
{
    cs::app::GuiApplication app(argc, argv);
    QApplication::setOrganizationName("ClusterScope");
    QApplication::setApplicationName("ClusterScope");
    // "0.1.0 (commit 318b3b8)": --version and Help > About show both.
    QApplication::setApplicationVersion(
        QStringLiteral("%1 (commit %2)").arg(QLatin1String(cs::programVersion()), QLatin1String(cs::programCommit())));

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
    parser.addOption({"recording",
                      "Open the recordings of RUNS (a results file of run-app --record) in the Recording window, replayed "
                      "on the design (File > Open recording...). With --screenshot, that window is saved once replayed "
                      "(with --simulate, once simulated on SimGrid too).",
                      "RUNS"});
    parser.addOption({"screenshot", "Save the window (or the validation report) to PNG once the plots are drawn, then quit.",
                      "PNG"});
    parser.addOption({"quit-after",
                      "Quit MS milliseconds after starting, with status 0 when the file or preset opened, else 1 "
                      "(a smoke test of an installed program; no recovery is offered).",
                      "MS"});
    parser.addPositionalArgument("file", "A design file to open.");
    parser.process(app);

    // --quit-after: the timer runs from here, so that it also ends a dialog that opening raised (an error
    // box offscreen has no one to close it). QApplication::exit ends every running event loop; if it
    // fires before app.exec(), main returns at once instead of starting a loop no one would end.
    bool opened = true, quitting = false;
    std::function<void()> quitAfter;
    if (parser.isSet("quit-after")) {
        bool ok = false;
        const int ms = parser.value("quit-after").toInt(&ok);
        if (!ok || ms < 0) {
            std::fprintf(stderr, "clusterscope: --quit-after: '%s' is not a number of milliseconds\n",
                         qPrintable(parser.value("quit-after")));
            return 2;
        }
        // A load still running when it fires is let finish (BackgroundLoad.h, loadInProgress): the timer looks
        // again every 50 ms, and ends the error box that a failed load raises after it.
        quitAfter = [&] {
            if (cs::app::loadInProgress()) {
                QTimer::singleShot(50, &app, quitAfter);
                return;
            }
            quitting = true;
            QApplication::exit(opened ? 0 : 1);
        };
        QTimer::singleShot(ms, &app, quitAfter);
    }

    cs::app::MainWindow w;
    app.setErrorHandler([&w](const QString& what) { w.reportInternalError(what); });
    if (parser.isSet("size")) {
        const QStringList wh = parser.value("size").split('x');
        if (wh.size() == 2)
            w.resize(wh[0].toInt(), wh[1].toInt());
    }
    w.show();
    if (parser.isSet("log")) {
        w.sweepPanel()->logToggle()->setChecked(true);
        w.model()->undoStack()->setClean(); // a view for a screenshot, not an edit to save
    }
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
    if (parser.isSet("screenshot") && !parser.isSet("recording"))
        screenshotWhenReady(w, parser.value("screenshot"), shot, parser.isSet("simulate"));
    if (parser.isSet("screenshot") || parser.isSet("quit-after") || !w.offerRecovery()) {
        if (!parser.positionalArguments().isEmpty())
            opened = w.openFile(parser.positionalArguments().front());
        else if (parser.isSet("preset"))
            opened = w.openPreset(parser.value("preset"));
    }
    const bool asked = !parser.positionalArguments().isEmpty() || parser.isSet("preset");
    if (!opened && asked && (parser.isSet("quit-after") || parser.isSet("screenshot"))) {
        std::fprintf(stderr, "clusterscope: could not open %s\n",
                     qPrintable(parser.positionalArguments().isEmpty() ? parser.value("preset")
                                                                       : parser.positionalArguments().front()));
        // A screenshot run has nobody to close the error box: the shot's timer ended the box's loop, and the
        // window's own loop would then wait for good. It ends here, failed.
        if (parser.isSet("screenshot"))
            return 1;
    }
    if (parser.isSet("recording")) {
        // After the design: the recording is replayed on it. The window shows the reason when the file cannot
        // be read, so a screenshot still shows what went wrong.
        cs::app::RecordingWindow* r = w.openRecording(parser.value("recording"));
        if (parser.isSet("size"))
            r->resize(w.size());
        if (!r->hasRecording()) {
            // Said on the terminal too; a screenshot run saves the window with the reason and ends, failed, rather
            // than wait for a replay that will not come.
            std::fprintf(stderr, "clusterscope: --recording: %s\n", qPrintable(r->statusText()));
            opened = false;
            if (parser.isSet("screenshot")) {
                (void)r->grab().save(parser.value("screenshot"));
                return 1;
            }
        } else if (parser.isSet("screenshot")) {
            recordingShotWhenReady(r, parser.value("screenshot"), parser.isSet("simulate"));
        }
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
    if (quitting)
        return opened ? 0 : 1;
    return app.exec();
}

int main(int argc, char** argv)
{
    const int status = runGui(argc, argv);
    // A load the user cancelled runs on in its thread (BackgroundLoad.h) and would meet the program's statics
    // being destroyed: the window and the application are gone by now, so end without destroying them.
    if (cs::app::loadThreadsAlive()) {
        std::fflush(nullptr);
        std::_Exit(status);
    }
    return status;
}
