#pragma once
// Probes dock > Run my program... (issue 31, sections 3 and 6): the user's own
// program on P ranks of the checked nodes, launched as `clusterscope-cli
// run-app` launches it (app/runner/apprun), timed by its wall time less the
// launch of `true`, or by the number it prints. The exact command lines are
// shown before anything runs; Run is the consent to them. Runs go on a worker
// thread with a progress bar and Cancel; when they end, the results (failed
// ones with their reasons) are appended to the document's measured results
// as one undoable step. What was typed is remembered (QSettings) for the next
// time the dialog opens.
#include "app/runner/JobResult.h"
#include "app/runner/Node.h"
#include "app/runner/apprun/AppRun.h"

#include <QDialog>
#include <QFutureWatcher>
#include <QStringList>
#include <QTemporaryDir>

#include <atomic>
#include <memory>
#include <vector>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace cs::app {

class DocumentModel;

class RunAppDialog : public QDialog {
    Q_OBJECT
public:
    RunAppDialog(DocumentModel* model, std::vector<runner::Node> nodes, const QStringList& nodeNames,
                 QWidget* parent = nullptr);
    ~RunAppDialog() override; // cancels a run and waits for it

    QLineEdit* programEdit() const { return program_; }
    QLineEdit* atEdit() const { return at_; }
    QComboBox* timingBox() const { return timing_; }
    QLineEdit* regexEdit() const { return regex_; }
    QSpinBox* repeatBox() const { return repeat_; }
    QPlainTextEdit* commandsView() const { return commands_; }
    QPlainTextEdit* logView() const { return log_; }
    QLabel* problemLabel() const { return problem_; }
    QPushButton* runButton() const { return run_; }
    QPushButton* cancelButton() const { return cancel_; }
    QProgressBar* progressBar() const { return progress_; }

    bool isRunning() const { return watcher_.isRunning(); }
    const std::vector<runner::JobResult>& results() const { return results_; }

signals:
    // The runs ended and their results were stored (one undo step).
    void runsFinished(int ok, int failed);

private:
    // The request as typed, its commands shown; "" or why it cannot run.
    QString prepare(runner::apprun::AppRunRequest* request);
    void refresh();
    // The fields as the last dialog left them, and keeping them for the next (QSettings, "runMyProgram").
    void restoreFields();
    void rememberFields() const;
    void start();
    void done();

    DocumentModel* model_;
    std::vector<runner::Node> nodes_;
    QLineEdit* program_;
    QLineEdit* at_;
    QComboBox* timing_;
    QLineEdit* regex_;
    QSpinBox* repeat_;
    QSpinBox* timeout_;
    QPlainTextEdit* commands_;
    QPlainTextEdit* log_;
    QLabel* problem_;
    QPushButton* run_;
    QPushButton* cancel_;
    QPushButton* close_;
    QProgressBar* progress_;
    std::unique_ptr<QTemporaryDir> work_;
    std::atomic<bool> stop_{false};
    QFutureWatcher<std::vector<runner::JobResult>> watcher_;
    std::vector<runner::JobResult> results_;
    int runsTotal_ = 0;
    int runsDone_ = 0;
};

} // namespace cs::app
