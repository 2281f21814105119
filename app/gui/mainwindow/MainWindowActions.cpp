// The main window's menus and tool bar (MainWindow::createActions): kept apart
// from the window's docks and document handling in MainWindow.cpp.
#include "app/document/DocumentModel.h"
#include "app/gui/calibration/CalibrationPanel.h"
#include "app/gui/canvas/BlockCanvas.h"
#include "app/gui/mainwindow/MainWindow.h"
#include "app/gui/recording/RecordingWindow.h"
#include "app/gui/sweeppanel/SweepPanel.h"
#include "app/gui/topology/TopologyEditor.h"
#include "app/gui/validation/ValidationDialog.h"
#include "app/gui/widgets/WindowCommandKeys.h"
#include "model/document/PresetFolder.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QFileDialog>
#include <QMenuBar>
#include <QMessageBox>
#include <QTabWidget>
#include <QToolBar>
#include <QUndoStack>
#include <QWhatsThis>

namespace cs::app {

void MainWindow::createActions()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QToolBar* tb = addToolBar(tr("Main"));
    tb->setObjectName("mainToolbar");

    QAction* newAct = file->addAction(tr("&New"), QKeySequence::New, this, &MainWindow::newDocument);
    newAct->setObjectName("newAction");
    QAction* openAct = file->addAction(tr("&Open..."), QKeySequence::Open, this, &MainWindow::open);
    file->addAction(tr("Start &page"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H), this, &MainWindow::showStartPage);
    recentMenu_ = file->addMenu(tr("Open &Recent"));
    connect(recentMenu_, &QMenu::aboutToShow, this, &MainWindow::rebuildRecentMenu);
    QAction* openRecording = file->addAction(tr("Open recor&ding..."), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open recording"), QString(),
                                                          tr("Results with recordings (*.json);;All files (*)"));
        if (!path.isEmpty())
            this->openRecording(path);
    });
    openRecording->setObjectName("openRecordingAction");
    openRecording->setToolTip(tr("A program recorded by clusterscope-cli run-app --record: its communication matrix, "
                                 "its iterations, and its replay on this design beside the measured runs"));
    QAction* saveAct = file->addAction(tr("&Save"), QKeySequence::Save, this, &MainWindow::save);
    file->addAction(tr("Save &As..."), QKeySequence::SaveAs, this, &MainWindow::saveAs)->setObjectName("saveAsAction");
    file->addSeparator();
    QAction* exportAct =
        file->addAction(tr("&Export plot..."), QKeySequence(Qt::CTRL | Qt::Key_E), sweep_, &SweepPanel::exportPlot);
    file->addAction(tr("Export sweep &CSV..."), sweep_, &SweepPanel::exportCsv);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
    tb->addAction(newAct);
    tb->addAction(openAct);
    tb->addAction(saveAct);
    // Ctrl+E is a line edit's "end of line" with the X11 key schemes: the window's commands come first.
    auto* commandKeys = new WindowCommandKeys(this);
    for (QAction* a : {newAct, openAct, saveAct, exportAct})
        commandKeys->add(a);
    tb->addSeparator();

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = model_->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = model_->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    QAction* del = edit->addAction(tr("&Delete"), this, [this] {
        if (tabs_->currentWidget() == topology_)
            topology_->deleteSelected();
        else
            canvas_->deleteSelected();
    });
    del->setShortcuts({QKeySequence::Delete, QKeySequence(Qt::Key_Backspace)});
    // Copy, paste, duplicate and select all act on the canvas shown.
    auto onCanvas = [this](auto topologyAction, auto blockAction) {
        return [this, topologyAction, blockAction] {
            if (tabs_->currentWidget() == topology_)
                (topology_->*topologyAction)();
            else
                (canvas_->*blockAction)();
        };
    };
    QAction* copy = edit->addAction(tr("&Copy"), this, onCanvas(&TopologyEditor::copySelected, &BlockCanvas::copySelected));
    copy->setShortcut(QKeySequence::Copy);
    copy->setObjectName("copyAction");
    QAction* paste = edit->addAction(tr("&Paste"), this, onCanvas(&TopologyEditor::paste, &BlockCanvas::paste));
    paste->setShortcut(QKeySequence::Paste);
    paste->setObjectName("pasteAction");
    QAction* duplicate = edit->addAction(tr("D&uplicate"), this,
                                         onCanvas(&TopologyEditor::duplicateSelected, &BlockCanvas::duplicateSelected));
    duplicate->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    duplicate->setObjectName("duplicateAction");
    QAction* all = edit->addAction(tr("Select &all"), this, onCanvas(&TopologyEditor::selectAll, &BlockCanvas::selectAll));
    all->setShortcut(QKeySequence::SelectAll);
    all->setObjectName("selectAllAction");
    for (QAction* a : {copy, paste, duplicate, all})
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut); // the canvases' own: text fields keep Ctrl+C/V/A
    tabs_->addActions({copy, paste, duplicate, all});
    edit->addSeparator();
    edit->addAction(tr("&Generate topology..."), QKeySequence(Qt::CTRL | Qt::Key_G), topology_,
                    &TopologyEditor::showGeneratorDialog);
    edit->addSeparator();
    QAction* prefs = edit->addAction(tr("Pre&ferences..."), this, &MainWindow::showPreferences);
    prefs->setMenuRole(QAction::PreferencesRole);
    prefs->setObjectName("preferencesAction");
    // The tool bar says "Undo" and "Redo" alone, the edit in the tooltip: the stack's own actions carry it in
    // their text ("Undo Logarithmic axes"), which made the tool bar as wide as the last edit's name (issue 48,
    // minor). The Edit menu keeps those, with the shortcuts.
    auto toolFor = [this, tb](QAction* full, const QString& text, const char* name, auto canSignal) {
        auto* a = new QAction(text, this);
        a->setObjectName(name);
        a->setEnabled(full->isEnabled());
        auto tip = [a, full, text] {
            const QString what = full->text().remove(QLatin1Char('&'));
            a->setToolTip(QStringLiteral("%1 (%2)").arg(what, full->shortcut().toString(QKeySequence::NativeText)));
        };
        tip();
        connect(a, &QAction::triggered, full, &QAction::trigger);
        connect(model_->undoStack(), canSignal, a, &QAction::setEnabled);
        connect(full, &QAction::changed, a, tip);
        tb->addAction(a);
    };
    toolFor(undo, tr("Undo"), "undoToolAction", &QUndoStack::canUndoChanged);
    toolFor(redo, tr("Redo"), "redoToolAction", &QUndoStack::canRedoChanged);
    tb->addSeparator();

    viewMenu_ = menuBar()->addMenu(tr("&View"));
    QAction* zin = viewMenu_->addAction(tr("Zoom &in"), QKeySequence::ZoomIn, topology_, &TopologyEditor::zoomIn);
    QAction* zout = viewMenu_->addAction(tr("Zoom &out"), QKeySequence::ZoomOut, topology_, &TopologyEditor::zoomOut);
    QAction* fit = viewMenu_->addAction(tr("&Fit to window"), QKeySequence(Qt::CTRL | Qt::Key_0), this, [this] {
        if (tabs_->currentWidget() == topology_)
            topology_->zoomToFit();
        else
            canvas_->zoomToFit();
    });
    viewMenu_->addAction(tr("&Topology"), QKeySequence(Qt::CTRL | Qt::Key_1), this, [this] { showTab(0); });
    viewMenu_->addAction(tr("&Blocks"), QKeySequence(Qt::CTRL | Qt::Key_2), this, [this] { showTab(1); });
    QAction* reset = viewMenu_->addAction(tr("&Reset layout"), this, &MainWindow::resetLayout);
    reset->setObjectName("resetLayoutAction");
    reset->setToolTip(tr("Put every panel back where it starts, at sizes that suit the window"));
    viewMenu_->addSeparator();
    for (QDockWidget* d : findChildren<QDockWidget*>())
        viewMenu_->addAction(d->toggleViewAction());
    tb->addAction(zin);
    tb->addAction(zout);
    tb->addAction(fit);

    QMenu* measure = menuBar()->addMenu(tr("&Measure"));
    auto showDock = [this](const char* name) {
        if (auto* d = findChild<QDockWidget*>(name)) {
            d->show();
            d->raise();
        }
    };
    measure->addAction(tr("&Nodes..."), this, [showDock] { showDock("nodesDock"); });
    measure->addAction(tr("&Run probes..."), this, [showDock] { showDock("probesDock"); });
    measure->addAction(tr("&Calibrate..."), this, [this, showDock] {
        showDock("calibrationDock");
        calibration_->calibrate();
    });
    measure->addAction(tr("&Import measured CSV..."), this, [this, showDock] {
        showDock("calibrationDock");
        calibration_->importCsv();
    });
    measure->addSeparator();
    measure->addAction(tr("&Validate against the papers..."), this, [this] {
        auto* dialog = new ValidationDialog(presetFolder(QCoreApplication::applicationDirPath().toStdString()), this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
    });

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* manual = help->addAction(tr("&User manual"), QKeySequence::HelpContents, this, &MainWindow::showManual);
    manual->setObjectName("manualAction");
    QAction* whatsThis = QWhatsThis::createAction(this);
    whatsThis->setObjectName("whatsThisAction");
    help->addAction(whatsThis);
    help->addSeparator();
    help->addAction(tr("&About ClusterScope"), this, [this] {
        QMessageBox::about(this, tr("About ClusterScope"),
                           tr("<b>ClusterScope</b> %1<p>A design-space explorer for computer clusters, built on "
                              "the analytic models of the cluster papers (INIC, Maestro2 MDO, Berkeley NOW, "
                              "MultiEdge, Beowulf network architectures).</p>")
                               .arg(QApplication::applicationVersion()));
    });
}

RecordingWindow* MainWindow::openRecording(const QString& path)
{
    if (!recording_)
        recording_ = new RecordingWindow(model_, this); // one window, kept: a second file replaces the first
    recording_->openResults(path);
    recording_->show();
    recording_->raise();
    return recording_;
}

} // namespace cs::app
