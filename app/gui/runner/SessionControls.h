#pragma once
// The controls of a panel that runs a ProbeSession (the Probes dock, the
// Calibration dock's Measure page): a Run button, Cancel, a progress bar and
// a status line, created as children of `parent` for the panel to lay out.
// Progress and its message follow the session; Cancel stops it within a
// second and keeps what finished; while it runs, Run and the widgets given
// to lockWhileRunning() are disabled. When the session ends the status says
// how many jobs succeeded, failed and were cancelled, then `finishedNote`,
// and names the first failure's reason; then finished() is emitted.
#include <QList>
#include <QObject>
#include <QString>

class QLabel;
class QProgressBar;
class QPushButton;
class QWidget;

namespace cs::app {

class ProbeSession;

class SessionControls : public QObject {
    Q_OBJECT
public:
    SessionControls(ProbeSession* session, const QString& runText, QWidget* parent);

    QPushButton* runButton() const { return run_; }
    QPushButton* cancelButton() const { return cancel_; }
    QProgressBar* progressBar() const { return progress_; }
    QLabel* statusLabel() const { return status_; }

    void lockWhileRunning(const QList<QWidget*>& widgets);
    // Appended to the end-of-session summary ("; results stored in the document").
    void setFinishedNote(const QString& note) { finishedNote_ = note; }
    void setStatus(const QString& text, bool error = false);
    QString statusText() const;
    // After session->start() succeeded: progress 0, controls locked, `text` shown.
    void started(const QString& text);
    // The status shown when nothing has run for this document (a note such as
    // "no probe plugins"): set now, and again by reset().
    void setIdleStatus(const QString& text, bool error = false);
    // Another document: progress 0 and the idle status, nothing of the last run.
    void reset();

public slots:
    void cancel();

signals:
    void finished(int ok, int failed, int cancelled);

private:
    void setRunning(bool on);
    void onFinished(int ok, int failed, int cancelled);

    ProbeSession* session_;
    QPushButton* run_;
    QPushButton* cancel_;
    QProgressBar* progress_;
    QLabel* status_;
    QList<QWidget*> locked_;
    QString finishedNote_;
    QString idleStatus_;
    bool idleError_ = false;
    bool discardRun_ = false;
    bool cancelling_ = false; // Cancel was pressed: progress no longer moves the bar // the running session belonged to the previous document
};

} // namespace cs::app
