#pragma once
#include <QMainWindow>

class QStackedWidget;
class QTabWidget;
class QLabel;
class QMenu;

namespace cs::app {

class Autosave;
class HelpWindow;
class BlockCanvas;
class DocumentModel;
class Inspector;
class MetricsPanel;
class Selection;
class StartPage;
class SweepPanel;
class SimulationPanel;
class TopologyEditor;
class NodeListEditor;
class ProbeRunPanel;
class RecordingWindow;
namespace calibration {
class CalibrationPanel;
}

// The main window: a start page, the topology editor and block canvas as
// tabs, docks for the inspector, metrics and sweep plots (their layout
// persists in QSettings), menus, toolbars and a status bar.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    DocumentModel* model() const { return model_; }
    Selection* selection() const { return selection_; }
    TopologyEditor* topologyEditor() const { return topology_; }
    BlockCanvas* blockCanvas() const { return canvas_; }
    Inspector* inspector() const { return inspector_; }
    SweepPanel* sweepPanel() const { return sweep_; }
    MetricsPanel* metricsPanel() const { return metrics_; }
    SimulationPanel* simulationPanel() const { return simulation_; }
    Autosave* autosave() const { return autosave_; }
    NodeListEditor* nodeEditor() const { return nodes_; }
    ProbeRunPanel* probePanel() const { return probes_; }
    calibration::CalibrationPanel* calibrationPanel() const { return calibration_; }

    // Opening; each returns false (after telling the user) on failure.
    bool openFile(const QString& path);
    bool openPreset(const QString& name);
    // Shows the design views (instead of the start page).
    void showDesign();
    void showStartPage();
    // The tab to show: 0 = topology, 1 = blocks.
    void showTab(int index);
    // View > Reset layout: every dock back in its place and shown, sized for the window.
    void resetLayout();
    // Help > User manual (F1): the README with its screenshots.
    void showManual();
    HelpWindow* manualWindow() const { return manual_; }
    // Offers recovery files left by a crash; returns true if one was opened.
    bool offerRecovery();
    // An error nothing else caught (GuiApplication::notify): tells the user,
    // offers to save a recovery copy of unsaved work, and returns so the
    // program goes on.
    void reportInternalError(const QString& what);
    // File > Open recording...: the recordings of results file `path` in the
    // Recording window, replayed on this design. Returns the window (shown,
    // with the reason in it when the file cannot be read).
    RecordingWindow* openRecording(const QString& path);
    RecordingWindow* recordingWindow() const { return recording_; }
    // Edit > Preferences (modal); applies what was accepted.
    void showPreferences();

protected:
    void closeEvent(QCloseEvent* event) override;

private slots:
    void newDocument();
    void open();
    bool save();
    bool saveAs();
    void updateTitle();

private:
    void createActions();
    void createDocks();
    bool maybeSave();
    void startNewDocument(); // empty, with the preferred nodes
    void rebuildRecentMenu();

    DocumentModel* model_;
    Selection* selection_;
    Autosave* autosave_;
    QStackedWidget* stack_;
    StartPage* start_;
    QTabWidget* tabs_;
    TopologyEditor* topology_;
    BlockCanvas* canvas_;
    Inspector* inspector_;
    MetricsPanel* metrics_;
    SweepPanel* sweep_;
    SimulationPanel* simulation_;
    NodeListEditor* nodes_;                     // measurement: docks and the Measure menu
    ProbeRunPanel* probes_;
    calibration::CalibrationPanel* calibration_;
    QMenu* recentMenu_ = nullptr;
    QMenu* viewMenu_ = nullptr;
    QLabel* status_;
    HelpWindow* manual_ = nullptr;
    RecordingWindow* recording_ = nullptr;
    QByteArray defaultState_; // the dock arrangement before any saved one was restored
};

} // namespace cs::app
