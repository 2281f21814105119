#pragma once
// The calibration panel's "Measure" part: the probe runs that would
// calibrate this design (cs::calib::calibrationPlan: probe, suggested
// settings and the inputs it can set), the nodes to run them on, and Run /
// Cancel with progress. Runs go through a ProbeSession (off the GUI thread;
// results stored in the document's "measured" array as one undo step).
#include <QMap>
#include <QVariantMap>
#include <QWidget>

class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;

namespace cs::app {

class DocumentModel;
class NodePicker;
class ProbeSession;

namespace calibration {

class MeasureSection : public QWidget {
    Q_OBJECT
public:
    explicit MeasureSection(DocumentModel* model, QWidget* parent = nullptr);

    NodePicker* nodePicker() const { return nodes_; }
    QListWidget* runList() const { return runs_; }
    QPushButton* runButton() const { return run_; }
    QPushButton* cancelButton() const { return cancel_; }
    QProgressBar* progressBar() const { return progress_; }
    ProbeSession* session() const { return session_; }
    QString statusText() const;
    // Per-job timeout (s) and probe settings that override the suggested ones
    // (SI, by probe id then parameter name), e.g. shorter runs in tests.
    void setTimeout(double seconds) { timeout_ = seconds; }
    void setOverrides(const QString& probe, const QVariantMap& params);

public slots:
    void run();
    void cancel();

signals:
    void runFinished(int ok, int failed, int cancelled);

private:
    void refill();
    void setRunning(bool on);
    void setStatus(const QString& text, bool error = false);

    DocumentModel* model_;
    ProbeSession* session_;
    NodePicker* nodes_;
    QListWidget* runs_;
    QPushButton* run_;
    QPushButton* cancel_;
    QProgressBar* progress_;
    QLabel* status_;
    double timeout_ = 120.0;
    QMap<QString, QVariantMap> overrides_;
};

} // namespace calibration
} // namespace cs::app
