#pragma once
// Runs one or more probe plans (cs::runner::RunPlan) one after another on
// the runner's worker thread, for the GUI: progress and per-job signals
// arrive on the GUI thread, cancel() stops the current job within a second
// and skips the rest, and when the session ends every result (failed and
// cancelled ones too, with their reasons) is appended to the document's
// "measured" array as ONE undoable step (edit::op::appendMeasured).
#include "app/runner/JobResult.h"
#include "app/runner/Runner.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <vector>

namespace cs::app {

class DocumentModel;

class ProbeSession : public QObject {
    Q_OBJECT
public:
    explicit ProbeSession(DocumentModel* model, QObject* parent = nullptr);
    ~ProbeSession() override; // cancels and waits for the worker

    // Checks every plan (cs::runner::planJobs) and starts the first. Returns
    // "" or the reason nothing started (a bad parameter, a node that is not
    // complete, a run already going).
    QString start(std::vector<runner::RunPlan> plans);
    void cancel();
    bool isRunning() const { return running_; }
    bool wasCancelled() const { return cancelled_; }

    // The jobs of every plan, and those that ended so far in this session.
    int jobCount() const { return totalJobs_; }
    const std::vector<runner::JobResult>& results() const { return results_; }
    // While running: the jobs of this session that ended so far (not stored yet).
    std::vector<runner::JobResult> pendingResults() const;
    // Store results in the document when the session ends (default true).
    void setStoreResults(bool on) { store_ = on; }

    // The document's nodes decide which programs run where. Before the
    // first run of a command that reaches another machine or program
    // (runner/Consent.h), start() shows the commands and runs them only
    // when allowed; an allowed command is not asked about again while the
    // program runs. The prompt returns true to allow; the default is a
    // dialog. Tests replace it.
    using ConsentPrompt = std::function<bool(const QStringList& commands)>;
    static void setConsentPrompt(ConsentPrompt prompt);

signals:
    // `fraction` of all jobs in [0, 1]; `message` names the job and what it does.
    void progress(double fraction, const QString& message);
    void jobFinished(const cs::runner::JobResult& result);
    // The session ended; its results were stored (one undo step) first.
    void finished(int ok, int failed, int cancelled);
    // Another document was opened (File > New, Open): a running session was
    // cancelled and its results will be discarded.
    void documentReplaced();

private:
    void startPlan();
    void onRunnerFinished();
    void advance(); // next plan, or the end of the session

    DocumentModel* model_;
    std::unique_ptr<runner::Runner> runner_;
    std::vector<runner::RunPlan> plans_;
    std::size_t planIndex_ = 0;
    int jobsBefore_ = 0; // jobs of the plans already run
    int totalJobs_ = 0;
    bool running_ = false;
    bool cancelled_ = false;
    bool store_ = true;
    bool discard_ = false; // the document was replaced during the session
    std::vector<runner::JobResult> results_;
};

} // namespace cs::app
