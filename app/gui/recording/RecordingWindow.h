#pragma once
// File > Open recording...: a results file's recordings (run-app --record)
// shown and replayed on the open design (issue 44, "In the GUI"): the
// communication matrix of the chosen P, one iteration per rank (compute
// against communication), a table of the prediction on the current drawing
// beside the measured runs, per recorded P, and the time against P with the
// replayed, simulated and measured series in one chart (ScalingChart.h).
// "Simulate on SimGrid" (off: it is slower) runs each P on SimGrid too, as
// `clusterscope-cli replay --simulate` does. The replays run off the GUI
// thread with progress and Cancel; an edit of the design replays again.
#include "model/prediction/Prediction.h"
#include "sim/RecordingSim.h"

#include <QDialog>

#include <map>
#include <memory>
#include <vector>

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QCPColorMap;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;
class QTimer;

namespace cs::app {

class DocumentModel;
class ReplayJob;
namespace sweeppanel {
class ChartView;
}
struct ReplayTable;

class RecordingWindow : public QDialog {
    Q_OBJECT
public:
    explicit RecordingWindow(DocumentModel* model, QWidget* parent = nullptr);
    ~RecordingWindow() override;

    // Reads the recordings of results file `path` and replays them. Returns
    // "" or why the file cannot be shown (also written in the window).
    QString openResults(const QString& path);

    QComboBox* recordingBox() const { return which_; }
    QCustomPlot* matrixPlot() const { return matrix_; }
    QCustomPlot* iterationPlot() const { return timeline_; }
    // Time against P: graphs 0 replayed, 1 simulated, 2 measured (ScalingChart.h).
    QCustomPlot* scalingPlot() const;
    QCheckBox* simulateBox() const { return simulate_; }
    QPushButton* exportButton() const { return export_; }
    QTableWidget* table() const { return table_; }
    QProgressBar* progressBar() const { return progress_; }
    QPushButton* cancelButton() const { return cancel_; }
    QPushButton* replayButton() const { return replay_; }
    QString statusText() const;
    // A file's recordings were read (openResults succeeded once).
    bool hasRecording() const { return recordings_ != nullptr; }
    // The limits a simulation must keep within (the CLI's --max-events; tests lower it).
    void setSimulationLimits(const sim::RecordingSimOptions& options) { simOptions_ = options; }
    // Writes the time-against-P chart as PNG, SVG or PDF (by the extension),
    // width x height pixels (0: the widget's, at least 800 x 500). "" or why not.
    QString exportChartTo(const QString& path, int width = 0, int height = 0);
    ReplayJob* job() const { return job_; }
    // The rows of the last replay that finished (null before one).
    std::shared_ptr<const ReplayTable> result() const { return result_; }

public slots:
    void replay(); // (re)starts the replays on the document as it is now
    void cancel();
    void exportChart(); // asks for a file

signals:
    void replayed(); // a replay finished and the table and charts were redrawn

private:
    void showRecording(int index); // the charts of recordings_[index]
    void showResult(std::shared_ptr<const ReplayTable> table);
    void setRunning(bool running);
    const rec::Prediction* rowOf(int P) const;

    DocumentModel* model_;
    ReplayJob* job_;
    std::shared_ptr<const std::vector<rec::RecordedRun>> recordings_;
    std::map<int, double> measured_;
    std::map<int, rec::MeasuredTime> measuredTimes_;
    sim::RecordingSimOptions simOptions_;
    std::shared_ptr<const ReplayTable> result_;
    QLabel* summary_;
    QComboBox* which_;
    QCustomPlot* matrix_;
    QCPColorMap* map_;
    QCustomPlot* timeline_;
    sweeppanel::ChartView* scaling_;
    QTableWidget* table_;
    QCheckBox* simulate_;
    QPushButton* export_;
    QProgressBar* progress_;
    QPushButton* cancel_;
    QPushButton* replay_;
    QLabel* status_;
    QTimer* again_; // an edit of the design replays after a pause
};

} // namespace cs::app
