#include "app/gui/mainwindow/BackgroundLoad.h"
#include "app/gui/runner/HostfileCache.h"
#include "app/gui/mainwindow/MainWindow.h"
#include "app/document/Autosave.h"
#include "app/document/DocumentModel.h"
#include "app/gui/Selection.h"
#include "app/gui/calibration/CalibrationPanel.h"
#include "app/gui/canvas/BlockCanvas.h"
#include "app/gui/help/HelpWindow.h"
#include "app/gui/inspector/Inspector.h"
#include "app/gui/mainwindow/RecentFiles.h"
#include "app/gui/mainwindow/PreferencesDialog.h"
#include "app/gui/mainwindow/SaveName.h"
#include "app/gui/mainwindow/StartPage.h"
#include "app/gui/runner/NodeListEditor.h"
#include "app/gui/runner/ProbeRunPanel.h"
#include "app/gui/simulation/SimulationPanel.h"
#include "app/gui/sweeppanel/SweepPanel.h"
#include "app/gui/topology/JobFiguresBox.h"
#include "app/gui/topology/MetricsPanel.h"
#include "app/gui/topology/TopologyEditor.h"
#include "app/gui/widgets/WheelGuard.h"
#include "app/runner/Node.h"
#include "app/gui/widgets/ScreenFit.h"
#include "model/core/ModelError.h"
#include "model/document/DocumentFormat.h"
#include "model/document/PresetFolder.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QUndoStack>

#include <algorithm>
#include <memory>

namespace cs::app {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), model_(new DocumentModel(this)), selection_(new Selection(this)),
      autosave_(new Autosave(model_, PreferencesDialog::autosaveIntervalMs()))
{
    setObjectName("MainWindow");
    WheelGuard::install(QCoreApplication::instance());
    // Node lists are checked on open and on paint: their hostfiles are read off this thread.
    HostfileCache::install();
    stack_ = new QStackedWidget(this);
    start_ = new StartPage(stack_);
    tabs_ = new QTabWidget(stack_);
    topology_ = new TopologyEditor(model_, selection_, tabs_);
    canvas_ = new BlockCanvas(model_, selection_, tabs_);
    tabs_->addTab(topology_, tr("&Topology"));
    tabs_->addTab(canvas_, tr("&Blocks"));
    stack_->addWidget(start_);
    stack_->addWidget(tabs_);
    setCentralWidget(stack_);

    inspector_ = new Inspector(model_, selection_, this);
    metrics_ = new MetricsPanel(model_, this);
    sweep_ = new SweepPanel(model_, this);
    simulation_ = new SimulationPanel(sweep_, sweep_);
    sweep_->addSideWidget(simulation_);
    nodes_ = new NodeListEditor(model_, this);
    probes_ = new ProbeRunPanel(model_, this);
    calibration_ = new calibration::CalibrationPanel(model_, sweep_, this);
    createDocks();
    createActions();

    status_ = new QLabel(this);
    statusBar()->addWidget(status_, 1);

    connect(start_, &StartPage::presetRequested, this, &MainWindow::openPreset);
    connect(start_, &StartPage::fileRequested, this, &MainWindow::openFile);
    connect(start_, &StartPage::newRequested, this, [this] {
        startNewDocument();
        showDesign();
    });
    connect(canvas_, &BlockCanvas::message, this, [this](const QString& t) { statusBar()->showMessage(t, 8000); });
    // The job at the sweep chart's cursor: its figures in the metrics dock,
    // its hosts ringed in the drawing.
    connect(sweep_, &SweepPanel::jobCursorMoved, this, [this](const QString& path, double value) {
        metrics_->jobFigures()->showJob(sweep_->sharedTableDocument(), path, value);
    });
    // A design without a sweep has no cursor: where its job is not every host at one rank each (its topology
    // block's ranks_per_node above 1, or its nodes set), its drawing rings the hosts of the job as the design has
    // it, after each edit (issue 45: a new design's ranks a node show as soon as they are set). A design with a
    // sweep, or a job shown for a cursor, keeps that job.
    auto* designJob = new QTimer(this);
    designJob->setSingleShot(true);
    designJob->setInterval(150);
    connect(designJob, &QTimer::timeout, this, [this] {
        JobFiguresBox* box = metrics_->jobFigures();
        if (!model_->doc().sweep.axes.empty() || box->showsCursorJob())
            return;
        const BlockInstance* topo = model_->topology() ? model_->doc().design.topology() : nullptr;
        auto valueOf = [topo](const char* input) {
            const int i = topo ? topo->spec().inputIndex(input) : -1;
            return i < 0 ? 0.0 : topo->values[static_cast<std::size_t>(i)].value;
        };
        const bool placed = valueOf("ranks_per_node") > 1 || valueOf("nodes") > 0;
        box->showDesignJob(placed ? std::make_shared<const DesignDocument>(model_->doc()) : nullptr);
    });
    for (auto signal : {&DocumentModel::designChanged, &DocumentModel::topologyChanged})
        connect(model_, signal, designJob, [designJob] { designJob->start(); });
    connect(model_, &DocumentModel::documentReset, designJob, [designJob] { designJob->start(); });
    connect(metrics_->jobFigures(), &JobFiguresBox::placedHosts, topology_, &TopologyEditor::setJobHosts);
    connect(sweep_, &SweepPanel::sweepFailed, this, [this](const QString& t) { statusBar()->showMessage(t, 8000); });
    connect(model_, &DocumentModel::modifiedChanged, this, &MainWindow::updateTitle);
    connect(model_, &DocumentModel::removedAlong, this, [this](const QString& t) { statusBar()->showMessage(t, 15000); });
    connect(model_, &DocumentModel::filePathChanged, this, &MainWindow::updateTitle);
    connect(model_, &DocumentModel::documentReset, this, &MainWindow::updateTitle);
    connect(model_->undoStack(), &QUndoStack::indexChanged, this, [this] {
        status_->setText(model_->undoStack()->undoText().isEmpty()
                             ? QString()
                             : tr("Last edit: %1").arg(model_->undoStack()->undoText()));
    });

    defaultState_ = saveState();
    QSettings settings;
    restoreGeometry(settings.value("window/geometry").toByteArray());
    restoreState(settings.value("window/state").toByteArray());
    if (!settings.contains("window/geometry")) {
        resize(sizeOnScreen(this, QSize(1280, 800))); // the whole window on a 1280x800 screen, frame and all
        resetLayout();
    }
    updateTitle();
    showStartPage();
}

MainWindow::~MainWindow() = default;

void MainWindow::createDocks()
{
    // `mayScroll` false: a panel that fits any height itself (its pages take
    // what the dock has) and must not be laid out at its preferred height
    // inside a scroll area.
    auto dock = [this](QWidget* w, const QString& title, const QString& name, Qt::DockWidgetArea area,
                       const QString& whatsThis, bool mayScroll = true) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWhatsThis(whatsThis); // Help > What's This, or Shift+F1, then a click on the panel
        w->setWhatsThis(whatsThis);
        if (mayScroll && (w->minimumSizeHint().width() > 400 || w->minimumSizeHint().height() > 250)) {
            // A big panel scrolls rather than force the window past a 1280x800 screen
            // or squeeze the inspector.
            auto* scroll = new QScrollArea(d);
            scroll->setObjectName(name + "Scroll");
            scroll->setWidget(w);
            scroll->setWidgetResizable(true);
            scroll->setFrameShape(QFrame::NoFrame);
            scroll->setWhatsThis(whatsThis);
            d->setWidget(scroll);
        } else {
            d->setWidget(w);
        }
        addDockWidget(area, d);
        return d;
    };
    dock(inspector_, tr("Inspector"), "inspectorDock", Qt::RightDockWidgetArea,
         tr("<b>Inspector</b><p>The selected block, design parameter, host, switch, segment or link. Each input "
            "shows its symbol, value and unit, valid range, meaning, the paper it comes from and its provenance "
            "(default, set by you, wired, calibrated). Type a value with a unit (<i>15 us</i>, <i>80 MiB/s</i>) "
            "and press Enter; a value out of range is refused with the reason. Every change is one Undo step. "
            "The wheel scrolls the form; click a field first to change it with the wheel.</p>"));
    auto* m = dock(metrics_, tr("Topology metrics"), "metricsDock", Qt::RightDockWidgetArea,
                   tr("<b>Topology metrics</b><p>What the drawn network gives the models: host count, "
                      "diameter, average hops, bisection bandwidth and link load under a traffic pattern, "
                      "with the hop-count histogram. They follow every edit of the topology.</p>"));
    auto* sw = dock(sweep_, tr("Sweep and plots"), "sweepDock", Qt::BottomDockWidgetArea,
                    tr("<b>Sweep and plots</b><p>Vary one or more parameters over values or ranges "
                       "(<i>P = 1:64</i>) and see speedup, time, the time breakdown and sensitivity for every "
                       "variant. A point the models refuse is left out and the status line says why. Export "
                       "the plot or the table from the File menu.</p>"));
    // Measurement: nodes and probes share the bottom area with the plots;
    // calibration sits on the right, next to the sweep chart it draws on.
    tabifyDockWidget(sw, dock(nodes_, tr("Nodes"), "nodesDock", Qt::BottomDockWidgetArea,
                              tr("<b>Nodes</b><p>The machines probes run on: a local process, SSH, mpirun or "
                                 "srun, with the CPUs to pin to. They are saved with the design.</p>")));
    tabifyDockWidget(sw, dock(probes_, tr("Probes"), "probesDock", Qt::BottomDockWidgetArea,
                              tr("<b>Probes</b><p>Run a measurement (latency, bandwidth, LogGP, memory copy, "
                                 "FFT, sort, collectives) on the checked nodes. Results are stored in the design "
                                 "with their raw samples, plotted beside the table with the median and its 95% "
                                 "interval. Cancel stops within a second and keeps what finished.</p>")));
    tabifyDockWidget(m, dock(calibration_, tr("Calibration"), "calibrationDock", Qt::RightDockWidgetArea,
                             tr("<b>Calibration</b><p>Fit the design's inputs to the stored probe results: "
                                "each fitted value with its 95% interval, the fit's R\u00b2 and its error on "
                                "held-out points. Apply sets them as one Undo step; the sweep chart then shows "
                                "the measured points and a 95% band around the prediction.</p>"),
                             false));
    sw->raise();
    m->raise();
    // The Calibration page needs more height than the metrics beside it: when
    // its tab is chosen it gets at least 60% of the column (the inspector the
    // rest), unless the user made it taller already.
    auto* cal = findChild<QDockWidget*>("calibrationDock");
    connect(cal, &QDockWidget::visibilityChanged, this, [this, cal](bool visible) {
        auto* inspector = findChild<QDockWidget*>("inspectorDock");
        if (!visible || cal->isFloating() || !inspector || !inspector->isVisible() || inspector->isFloating() ||
            dockWidgetArea(cal) != dockWidgetArea(inspector))
            return;
        const int column = inspector->height() + cal->height();
        if (cal->height() < column * 60 / 100)
            QTimer::singleShot(0, this, [this, cal, inspector, column] {
                resizeDocks({inspector, cal}, {column * 40 / 100, column * 60 / 100}, Qt::Vertical);
            });
    });
    // The right column runs the full height, beside the plots rather than
    // above them: the inspector keeps its room however tall the plots are.
    setCorner(Qt::TopRightCorner, Qt::RightDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
}

void MainWindow::resetLayout()
{
    restoreState(defaultState_);
    for (QDockWidget* d : findChildren<QDockWidget*>()) {
        d->setFloating(false);
        d->show();
    }
    findChild<QDockWidget*>("sweepDock")->raise();
    findChild<QDockWidget*>("metricsDock")->raise();
    // Sizes that suit 1280x800 and grow with the window: the right column a
    // third of the width, the inspector 60% of its height (metrics and
    // calibration below it), the plots 45% of the height under the views, so
    // that the drawing, the canvas and a readable chart show at once.
    const int w = std::max(width(), 1000);
    const int h = std::max(height() - menuBar()->height() - statusBar()->height(), 600);
    resizeDocks({findChild<QDockWidget*>("inspectorDock")}, {std::max(380, w * 30 / 100)}, Qt::Horizontal);
    resizeDocks({findChild<QDockWidget*>("inspectorDock"), findChild<QDockWidget*>("metricsDock")},
                {h * 60 / 100, h * 40 / 100}, Qt::Vertical);
    resizeDocks({findChild<QDockWidget*>("sweepDock")}, {h * 45 / 100}, Qt::Vertical);
}

void MainWindow::showManual()
{
    if (!manual_)
        manual_ = new HelpWindow(this);
    manual_->show();
    manual_->raise();
    manual_->activateWindow();
}

void MainWindow::showDesign()
{
    stack_->setCurrentWidget(tabs_);
}

void MainWindow::showStartPage()
{
    start_->refresh();
    stack_->setCurrentWidget(start_);
}

void MainWindow::showTab(int index)
{
    showDesign();
    tabs_->setCurrentIndex(index);
}

bool MainWindow::openFile(const QString& path)
{
    if (!maybeSave())
        return false;
    try {
        // Read and checked off the GUI thread (BackgroundLoad.h); only the result is applied here.
        std::optional<DesignDocument> doc =
            loadInBackground(this, tr("Opening %1...").arg(QFileInfo(path).fileName()),
                             [file = path.toStdString()] { return loadDocumentTold(file); });
        if (!doc)
            return false;
        model_->setDocument(std::move(*doc), QFileInfo(path).absoluteFilePath());
    } catch (const ModelError& e) {
        QMessageBox::warning(this, tr("Cannot open %1").arg(QFileInfo(path).fileName()), QString::fromStdString(e.what()));
        RecentFiles::remove(path);
        return false;
    }
    RecentFiles::add(model_->filePath());
    showDesign();
    // A rank count set apart from the job's, and unknown keys kept in the record sections: named, not hidden.
    if (const auto& w = model_->doc().warnings; !w.empty())
        statusBar()->showMessage(QString::fromStdString(w.front()) +
                                     (w.size() > 1 ? tr(" (and %1 more warnings)").arg(w.size() - 1) : QString()),
                                 15000);
    else
        statusBar()->clearMessage(); // another file's warnings are not this one's
    return true;
}

bool MainWindow::openPreset(const QString& name)
{
    if (!maybeSave())
        return false;
    try {
        const std::string file = presetFolder(QCoreApplication::applicationDirPath().toStdString()) + "/" +
                                 (name.endsWith(".json") ? name.toStdString() : name.toStdString() + ".json");
        std::optional<DesignDocument> doc =
            loadInBackground(this, tr("Opening preset %1...").arg(name), [file] { return loadDocument(file); });
        if (!doc)
            return false;
        model_->setDocument(std::move(*doc), {});
    } catch (const ModelError& e) {
        QMessageBox::warning(this, tr("Cannot open preset %1").arg(name), QString::fromStdString(e.what()));
        return false;
    }
    showDesign();
    return true;
}

bool MainWindow::offerRecovery()
{
    const QStringList files = Autosave::pending(autosave_->folder());
    if (files.isEmpty())
        return false;
    const QString file = files.front();
    const QString original = Autosave::originalPath(file);
    const auto answer = QMessageBox::question(
        this, tr("Recover unsaved work?"),
        tr("ClusterScope did not exit cleanly last time. Unsaved changes to %1 were kept.\n\nRecover them?")
            .arg(original.isEmpty() ? tr("an untitled design") : original),
        QMessageBox::Yes | QMessageBox::Discard, QMessageBox::Yes);
    if (answer != QMessageBox::Yes) {
        QFile::remove(file);
        return false;
    }
    try {
        std::optional<DesignDocument> doc = loadInBackground(this, tr("Recovering..."),
                                                             [f = file.toStdString()] { return loadDocument(f); });
        if (!doc)
            return false;
        model_->setDocument(std::move(*doc), QFileInfo(file).absoluteFilePath());
    } catch (const ModelError& e) {
        QMessageBox::warning(this, tr("Cannot recover"), QString::fromStdString(e.what()));
        return false;
    }
    // The recovered text is unsaved work: it stays unsaved (no undo makes it
    // clean), Save points at the original file (or asks, when it was
    // untitled), and the recovery file stays until the work is saved or
    // explicitly discarded.
    DesignDocument doc = model_->doc();
    model_->setRecoveredDocument(std::move(doc), original);
    autosave_->adopt(file);
    showDesign();
    return true;
}

void MainWindow::reportInternalError(const QString& what)
{
    QMessageBox box(QMessageBox::Critical, tr("Internal error"),
                    tr("ClusterScope met an error it did not expect. The program goes on, but what you were "
                       "doing may not have finished.\n\n%1")
                        .arg(what),
                    QMessageBox::NoButton, this);
    box.setObjectName("internalErrorBox");
    QPushButton* saveCopy =
        model_->isModified() ? box.addButton(tr("Save a recovery copy"), QMessageBox::AcceptRole) : nullptr;
    box.addButton(tr("Continue"), QMessageBox::RejectRole);
    box.exec();
    if (!saveCopy || box.clickedButton() != saveCopy)
        return;
    const QString err = autosave_->saveNow();
    statusBar()->showMessage(err.isEmpty() ? tr("Recovery copy saved to %1; it is offered at the next start.")
                                                 .arg(autosave_->recoveryPath())
                                           : tr("Could not save a recovery copy: %1").arg(err),
                             10000);
}

void MainWindow::newDocument()
{
    if (!maybeSave())
        return;
    startNewDocument();
    showDesign();
}

void MainWindow::startNewDocument()
{
    model_->newDocument();
    // The nodes the preferences name (checked when they were set; a list
    // that no longer expands, say an allocation that ended, is left out).
    const QString nodes = PreferencesDialog::defaultNodeList();
    if (nodes.isEmpty())
        return;
    try {
        model_->apply(tr("Default nodes"), edit::op::setNodes(runner::nodesToJson(runner::parseNodeSpec(nodes.toStdString()))));
        model_->undoStack()->clear(); // a new document starts with them and no history
    } catch (const std::invalid_argument& e) {
        statusBar()->showMessage(tr("The default nodes were left out: %1").arg(QString::fromStdString(e.what())), 8000);
    }
}

void MainWindow::showPreferences()
{
    PreferencesDialog dialog(this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    autosave_->setInterval(PreferencesDialog::autosaveIntervalMs());
    // The views write rates and sizes in the units chosen: they re-read the document.
    edit::Change reread;
    reread.parts = edit::kDesign | edit::kTopology;
    reread.structure = true;
    reread.reread = true;
    emit model_->topologyChanged(reread); // names no item: the network is read as a whole
    emit model_->designChanged(reread);
    inspector_->refresh();
}

void MainWindow::open()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open design"), QString(),
                                                      tr("ClusterScope designs (*.json);;All files (*)"));
    if (!path.isEmpty())
        openFile(path);
}

bool MainWindow::save()
{
    if (model_->filePath().isEmpty())
        return saveAs();
    const QString err = model_->save(model_->filePath());
    if (!err.isEmpty()) {
        QMessageBox::warning(this, tr("Save failed"), err);
        return false;
    }
    statusBar()->showMessage(tr("Saved %1").arg(model_->filePath()), 3000);
    return true;
}

bool MainWindow::saveAs()
{
    const QString proposed = model_->filePath().isEmpty() ? proposedSaveName(model_->displayName())
                                                          : model_->filePath();
    QString path = QFileDialog::getSaveFileName(this, tr("Save design"), proposed,
                                                tr("ClusterScope designs (*.json)"));
    if (path.isEmpty())
        return false;
    if (!path.endsWith(".json"))
        path += ".json";
    const QString err = model_->save(path);
    if (!err.isEmpty()) {
        QMessageBox::warning(this, tr("Save failed"), err);
        return false;
    }
    RecentFiles::add(model_->filePath());
    return true;
}

bool MainWindow::maybeSave()
{
    if (!model_->isModified())
        return true;
    const auto answer = QMessageBox::warning(this, tr("Unsaved changes"),
                                             tr("%1 has unsaved changes. Save them?").arg(model_->displayName()),
                                             QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

void MainWindow::rebuildRecentMenu()
{
    recentMenu_->clear();
    for (const QString& p : RecentFiles::list())
        recentMenu_->addAction(QFileInfo(p).fileName(), this, [this, p] { openFile(p); })->setToolTip(p);
    if (recentMenu_->isEmpty())
        recentMenu_->addAction(tr("(none)"))->setEnabled(false);
}

void MainWindow::updateTitle()
{
    setWindowTitle(QString("%1%2 - ClusterScope").arg(model_->displayName(), model_->isModified() ? "*" : ""));
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    autosave_->discard();
    QSettings settings;
    settings.setValue("window/geometry", saveGeometry());
    settings.setValue("window/state", saveState());
    event->accept();
}

} // namespace cs::app
