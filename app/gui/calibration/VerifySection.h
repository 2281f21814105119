#pragma once
// The Calibration dock's "Verify" page: the calibrated design against a live run of the application it
// models, as `clusterscope-cli verify` does it and through the same code (cs::verify::targetsOf for what
// to run, cs::runner::applicationPlans for the runs, cs::verify::verifyResults for the rows):
//  - Verify runs the application at the chosen P values on the checked nodes, in a ProbeSession (off the
//    GUI thread, with progress and Cancel); its results are stored in the document's "measured" array as
//    one undo step, beside the calibration's probe results;
//  - Load results... adds the application runs of a results file (`verify -o`, `probe -o`, a design's
//    "measured") to the document, so they show without running anything;
//  - the table gives per variant, P and quantity the prediction with its band, the measured median with
//    its 95% CI and n, the error and whether P is held out; the summary the held-out error apart;
//  - the measured points are drawn on the sweep panel's speedup and breakdown charts (VerifyDraw).
// The report is recomputed from the document off the GUI thread whenever its results or design change.
#include "app/gui/runner/SessionControls.h"
#include "model/verification/Verification.h"

#include <QFutureWatcher>
#include <QPointer>
#include <QWidget>

#include <memory>
#include <optional>

class QBoxLayout;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace cs::app {

class DocumentModel;
class NodePicker;
class ProbeSession;
class SweepPanel;

namespace calibration {

struct VerifyOutcome {
    std::optional<verify::Report> report; // none: the document holds no application run
    std::vector<std::string> skipped;     // variants no application runs, with the reason
    QString error;
};

class VerifySection : public QWidget {
    Q_OBJECT
public:
    // `sweep` may be null (no chart points then).
    VerifySection(DocumentModel* model, SweepPanel* sweep, QWidget* parent = nullptr);
    ~VerifySection() override;

    NodePicker* nodePicker() const { return nodes_; }
    QLineEdit* pointsEdit() const { return points_; } // "P = 2, 4, 8"
    QPushButton* verifyButton() const { return controls_->runButton(); }
    QPushButton* cancelButton() const { return controls_->cancelButton(); }
    QPushButton* loadButton() const { return load_; }
    QProgressBar* progressBar() const { return controls_->progressBar(); }
    QTableWidget* table() const { return table_; }
    ProbeSession* session() const { return session_; }
    QString statusText() const { return controls_->statusText(); }
    QString summaryText() const;
    // The report shown (recomputed from the document's application runs).
    const std::optional<verify::Report>& report() const { return report_; }
    bool isComparing() const { return watcher_.isRunning() || pending_; }
    // Probe parameters given to every application run (SI), e.g. a short time budget in tests.
    void setOverrides(const nlohmann::json& params) { overrides_ = params; }

    // Without a dialog: adds the application runs of a results file to the document (one undo step).
    // Returns "" or the reason.
    QString loadResultsFrom(const QString& path);

public slots:
    void run();
    void cancel() { controls_->cancel(); }
    void loadResults(); // asks for a file

signals:
    void runFinished(int ok, int failed, int cancelled);
    void reportChanged(); // the table and the charts show the document's current report

protected:
    // A narrow dock (the right column of a 1280x800 window) puts the node
    // list above the table; a wide one, beside it (issue 34, defect 12).
    void resizeEvent(QResizeEvent* event) override;

private:
    void recompute();
    void onCompared();
    void fillTable();
    void updatePoints();

    DocumentModel* model_;
    QPointer<SweepPanel> sweep_; // may go first when a window closes
    ProbeSession* session_;
    NodePicker* nodes_;
    QBoxLayout* top_ = nullptr; // the node list and the table
    QLineEdit* points_;
    QPushButton* load_;
    SessionControls* controls_;
    QTableWidget* table_;
    QLabel* summary_;
    nlohmann::json overrides_ = nlohmann::json::object();
    std::optional<verify::Report> report_;
    bool pending_ = false; // the document changed while a comparison ran: compare again when it ends
    bool pointsEdited_ = false;
    QFutureWatcher<std::shared_ptr<VerifyOutcome>> watcher_;
};

} // namespace calibration
} // namespace cs::app
