#pragma once
// The "Probes" dock: pick nodes (NodePicker) and a probe with its parameters
// (from the SDK's plugin list), run it through cs::runner off the GUI thread
// with a progress bar and a Cancel button (stops within a second), and see
// every job's status and reason (ResultsTable). Results are stored in the
// document's "measured" array as one undo step per run; a failed node
// (unreachable, killed agent, timeout) shows its reason and the other jobs'
// results are kept. The raw samples of the selected result are plotted
// beside the table (SamplesPlot).
#include <nlohmann/json.hpp>

#include "app/gui/runner/SessionControls.h"

#include <QWidget>

#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QPushButton;

namespace cs::app {

class DocumentModel;
class NodePicker;
class ProbeParamTable;
class ProbeSession;
class RunAppDialog;
class ResultsTable;
class SamplesPlot;

class ProbeRunPanel : public QWidget {
    Q_OBJECT
public:
    explicit ProbeRunPanel(DocumentModel* model, QWidget* parent = nullptr);

    NodePicker* nodePicker() const { return nodes_; }
    QComboBox* probeCombo() const { return probe_; }
    ProbeParamTable* paramTable() const { return params_; }
    QComboBox* pairingCombo() const { return pairing_; }
    QDoubleSpinBox* timeoutBox() const { return timeout_; }
    QPushButton* runButton() const { return controls_->runButton(); }
    QPushButton* cancelButton() const { return controls_->cancelButton(); }
    // Run my program...: opens the dialog on the checked nodes (deleted when closed).
    RunAppDialog* openRunApp();
    QProgressBar* progressBar() const { return controls_->progressBar(); }
    ResultsTable* resultsTable() const { return results_; }
    SamplesPlot* samplesPlot() const { return samples_; }
    ProbeSession* session() const { return session_; }
    QString statusText() const { return controls_->statusText(); }

    // Selects a probe by id; false when the SDK has no such probe.
    bool selectProbe(const QString& id);

public slots:
    void run();
    void cancel() { controls_->cancel(); }

signals:
    void runFinished(int ok, int failed, int cancelled);

private:
    void onProbeChanged();
    void refreshResults();
    void removeSelectedResults();
    void updateSamplesPlot();

    DocumentModel* model_;
    ProbeSession* session_;
    NodePicker* nodes_;
    QComboBox* probe_;
    QLabel* description_;
    ProbeParamTable* params_;
    QComboBox* pairing_;
    QLabel* pairingLabel_;
    QDoubleSpinBox* timeout_;
    SessionControls* controls_;
    ResultsTable* results_;
    QPushButton* removeResults_;
    QPushButton* runMine_;
    SamplesPlot* samples_;
    std::vector<nlohmann::json> shownResults_; // the selected stored results, kept selected over a refresh
    bool refreshing_ = false;
};

} // namespace cs::app
