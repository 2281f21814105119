#include "app/gui/runner/SessionControls.h"
#include "app/gui/runner/ProbeSession.h"

#include <QLabel>
#include <QProgressBar>
#include <QPushButton>

namespace cs::app {

SessionControls::SessionControls(ProbeSession* session, const QString& runText, QWidget* parent)
    : QObject(parent), session_(session)
{
    run_ = new QPushButton(runText, parent);
    cancel_ = new QPushButton(tr("Cancel"), parent);
    cancel_->setToolTip(tr("Stop within a second; finished results are kept"));
    progress_ = new QProgressBar(parent);
    progress_->setRange(0, 1000);
    progress_->setFormat("%p%");
    status_ = new QLabel(parent);
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    connect(cancel_, &QPushButton::clicked, this, &SessionControls::cancel);
    connect(session_, &ProbeSession::progress, this, [this](double f, const QString& message) {
        if (cancelling_)
            return; // the jobs wind down as "done": the bar stays where Cancel found it
        progress_->setValue(static_cast<int>(f * 1000));
        setStatus(message);
    });
    connect(session_, &ProbeSession::finished, this, &SessionControls::onFinished);
    connect(session_, &ProbeSession::documentReplaced, this, &SessionControls::reset);
    setRunning(false);
}

void SessionControls::lockWhileRunning(const QList<QWidget*>& widgets)
{
    locked_ = widgets;
    setRunning(session_->isRunning());
}

void SessionControls::setStatus(const QString& text, bool error)
{
    status_->setText(text);
    status_->setToolTip(text); // the label may show only its first lines
    status_->setStyleSheet(error ? "color: #b00000" : "");
}

QString SessionControls::statusText() const
{
    return status_->text();
}

void SessionControls::started(const QString& text)
{
    progress_->setValue(0);
    cancelling_ = false;
    setRunning(true);
    setStatus(text);
}

void SessionControls::setIdleStatus(const QString& text, bool error)
{
    idleStatus_ = text;
    idleError_ = error;
    setStatus(text, error);
}

void SessionControls::reset()
{
    discardRun_ = session_->isRunning();
    progress_->setValue(0);
    setStatus(discardRun_ ? tr("cancelling the previous document's run...") : idleStatus_,
              !discardRun_ && idleError_);
}

void SessionControls::cancel()
{
    if (!session_->isRunning())
        return;
    cancelling_ = true;
    session_->cancel();
    cancel_->setEnabled(false);
    setStatus(tr("cancelling..."));
}

void SessionControls::setRunning(bool on)
{
    run_->setEnabled(!on);
    cancel_->setEnabled(on);
    for (QWidget* w : locked_)
        w->setEnabled(!on);
}

void SessionControls::onFinished(int ok, int failed, int cancelled)
{
    setRunning(false);
    if (discardRun_) {
        // The run was for the document that was replaced: it shows nothing here.
        discardRun_ = false;
        progress_->setValue(0);
        setStatus(idleStatus_, idleError_);
        emit finished(0, 0, ok + failed + cancelled); // nothing of it was kept
        return;
    }
    // A cancelled run stays where it stopped; a complete one shows 100%.
    if (cancelled == 0)
        progress_->setValue(progress_->maximum());
    QString text = tr("%1 of %2 jobs succeeded").arg(ok).arg(ok + failed + cancelled);
    if (failed)
        text += tr(", %1 failed").arg(failed);
    if (cancelled)
        text += tr(", %1 cancelled").arg(cancelled);
    text += finishedNote_;
    // Name the failures: a failed node must say why.
    for (const runner::JobResult& r : session_->results())
        if (!r.ok() && !r.reason.empty()) {
            text += "\n" + QString::fromStdString(r.probe + ": " + r.reason);
            break;
        }
    setStatus(text, failed > 0);
    emit finished(ok, failed, cancelled);
}

} // namespace cs::app
