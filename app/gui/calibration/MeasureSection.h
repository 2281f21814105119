#pragma once
// The calibration panel's "Measure" part: the probe runs that would
// calibrate this design (cs::calib::calibrationPlan: probe, suggested
// settings and the inputs it can set), the nodes to run them on, and Run /
// Cancel with progress. Runs go through a ProbeSession (off the GUI thread;
// results stored in the document's "measured" array as one undo step).
#include "app/gui/runner/SessionControls.h"

#include <QMap>
#include <QVariantMap>
#include <QWidget>

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
    QPushButton* runButton() const { return controls_->runButton(); }
    QPushButton* cancelButton() const { return controls_->cancelButton(); }
    QProgressBar* progressBar() const { return controls_->progressBar(); }
    ProbeSession* session() const { return session_; }
    QString statusText() const { return controls_->statusText(); }
    // Per-job timeout (s) and probe settings that override the suggested ones
    // (SI, by probe id then parameter name), e.g. shorter runs in tests.
    void setTimeout(double seconds) { timeout_ = seconds; }
    void setOverrides(const QString& probe, const QVariantMap& params);

public slots:
    void run();
    void cancel() { controls_->cancel(); }

signals:
    void runFinished(int ok, int failed, int cancelled);

private:
    void refill();

    DocumentModel* model_;
    ProbeSession* session_;
    NodePicker* nodes_;
    QListWidget* runs_;
    SessionControls* controls_;
    double timeout_ = 120.0;
    QMap<QString, QVariantMap> overrides_;
};

} // namespace calibration
} // namespace cs::app
