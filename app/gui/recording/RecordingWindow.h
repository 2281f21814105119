#pragma once
// File > Open recording...: a results file's recordings (run-app --record)
// shown and replayed on the open design (issue 44, "In the GUI"): the
// communication matrix of the chosen P, one iteration per rank (compute
// against communication), and a table of the prediction on the current
// drawing beside the measured runs, per recorded P. The replays run off the
// GUI thread with progress and Cancel; an edit of the design replays again.
#include "model/recording/Prediction.h"

#include <QDialog>

#include <map>
#include <memory>
#include <vector>

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
    QTableWidget* table() const { return table_; }
    QProgressBar* progressBar() const { return progress_; }
    QPushButton* cancelButton() const { return cancel_; }
    QPushButton* replayButton() const { return replay_; }
    QString statusText() const;
    ReplayJob* job() const { return job_; }
    // The rows of the last replay that finished (null before one).
    std::shared_ptr<const ReplayTable> result() const { return result_; }

public slots:
    void replay(); // (re)starts the replays on the document as it is now
    void cancel();

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
    std::shared_ptr<const ReplayTable> result_;
    QLabel* summary_;
    QComboBox* which_;
    QCustomPlot* matrix_;
    QCPColorMap* map_;
    QCustomPlot* timeline_;
    QTableWidget* table_;
    QProgressBar* progress_;
    QPushButton* cancel_;
    QPushButton* replay_;
    QLabel* status_;
    QTimer* again_; // an edit of the design replays after a pause
};

} // namespace cs::app
