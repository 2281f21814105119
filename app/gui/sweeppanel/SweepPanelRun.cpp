// The sweep panel's runs: a sweep of the document off the GUI thread, its
// result prepared for the charts off it too, cancel, failure, and what the
// status line says meanwhile.
#include "app/gui/sweeppanel/SweepPanel.h"
#include "app/document/DocumentModel.h"
#include "app/gui/sweeppanel/ChartView.h"
#include "app/gui/sweeppanel/FailureSummary.h"
#include "app/gui/sweeppanel/SweepPanelResults.h"
#include "app/plots/ChartSample.h"
#include "app/plots/PlotLayout.h"
#include "app/plots/SweepDefaults.h"
#include "app/sweep/SweepJob.h"
#include "model/core/ModelError.h"
#include "model/core/OutOfMemory.h"
#include "model/sweep/RankCounts.h"
#include "model/document/AxisResolve.h"

#include <QComboBox>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTimer>
#include <QtConcurrent>

#include <limits>

namespace cs::app {

using sweeppanel::ChartView;
using sweeppanel::PreparedCharts;

void SweepPanel::recompute()
{
    debounce_->stop();
    const DesignDocument& doc = model_->doc();
    std::vector<SweepAxisValues> axes;
    try {
        axes = resolveAxes(doc.design, plots::chartAxes(doc));
    } catch (const ModelError& e) {
        job_->cancel();
        onFailed(QString::fromStdString(e.what()));
        return;
    }
    if (axes.empty()) {
        // Not an error: a new design has nothing to sweep yet.
        job_->cancel();
        clearCharts(tr("add a parameter to sweep"));
        setComputing(false);
        setStatus(tr("Nothing to sweep: add a parameter above."));
        return;
    }
    // The one copy, with the baseline chosen here (a view's choice, not an edit); the workers share it.
    std::shared_ptr<const DesignDocument> pending;
    if (const QString choice = baseline_->currentData().toString(); !choice.isEmpty()) {
        try {
            pending = std::make_shared<const DesignDocument>(withSpeedupBaseline(doc, choice.toStdString()));
        } catch (const ModelError&) {
            fillBaselineSelector(); // the variant went away: back to the design's own baseline
        }
    }
    if (!pending)
        pending = std::make_shared<const DesignDocument>(doc);
    pendingDoc_ = std::move(pending);
    ++prepGeneration_; // a finished sweep's charts still being prepared are not shown
    preparing_ = false;
    progress_->setRange(0, 0); // busy until the first progress report
    setComputing(true);
    setStatus(tr("computing..."));
    job_->start(pendingDoc_, std::move(axes));
}

void SweepPanel::cancel()
{
    debounce_->stop();
    if (preparing_) {
        // The sweep is done; only its charts were being prepared.
        ++prepGeneration_;
        preparing_ = false;
        onCancelled();
        return;
    }
    if (job_->isRunning() || cancel_->isVisible())
        job_->cancel();
}

void SweepPanel::setComputing(bool on)
{
    progress_->setVisible(on);
    cancel_->setVisible(on);
    cancel_->setEnabled(on);
}

void SweepPanel::setStatus(const QString& text, bool error)
{
    status_->setText(text);
    status_->setStyleSheet(error ? "color: #b00000" : "");
}

void SweepPanel::onFinished(std::shared_ptr<const SweepTable> table)
{
    // Everything that grows with the table (the charts' sample, the sorted
    // levels, the summary of millions of failed rows) is done off this
    // thread: a 10^6-point sweep held it for 16 s. The progress bar and
    // Cancel stay until the charts are drawn.
    const quint64 generation = ++prepGeneration_;
    preparing_ = true;
    progress_->setRange(0, 0);
    setStatus(tr("drawing %1 points...").arg(table->points));
    prepWatcher_.setFuture(QtConcurrent::run([generation, table, doc = pendingDoc_, curves = curves_->value()] {
        auto out = std::make_shared<PreparedCharts>();
        out->generation = generation;
        // An exception here would wait in the future for result() to throw it
        // on the GUI thread, the panel stuck at "drawing": it is the run's
        // failure instead.
        try {
            out->sample = plots::sampleForCharts(*doc, table, curves);
            out->failures = failureSummary(table->errors);
            for (const std::string& w : rankCountWarnings(*doc, *table))
                out->warnings += (out->warnings.isEmpty() ? "" : "\n") + tr("warning: %1").arg(QString::fromStdString(w));
            out->table = table;
            out->doc = doc;
        } catch (const std::bad_alloc&) {
            out->error = QString::fromUtf8(kOutOfMemory);
        } catch (const std::exception& e) {
            out->error = QString::fromStdString(e.what());
        }
        return out;
    }));
}

void SweepPanel::onChartsPrepared()
{
    if (prepWatcher_.future().isCanceled() || !prepWatcher_.future().isValid())
        return;
    const std::shared_ptr<PreparedCharts> out = prepWatcher_.result();
    if (!out || out->generation != prepGeneration_ || !preparing_)
        return; // superseded, or cancelled
    preparing_ = false;
    if (!out->error.isEmpty()) {
        onFailed(out->error);
        return;
    }
    table_ = out->table;
    shown_ = out->sample.shown;
    levels_ = std::move(out->sample.levels);
    defaultAt_ = out->sample.defaultAt;
    tableDoc_ = std::move(out->doc);
    setComputing(false);
    QString text = tr("%1 points x %2 variants").arg(table_->points).arg(table_->variants.size());
    if (shown_ != table_)
        text += tr(" (the charts draw %1 of the points, chosen to look the same; Export CSV writes all)")
                    .arg(shown_->points);
    if (!out->failures.isEmpty())
        text += "; " + out->failures;
    setStatus(text, false);
    // A rank count set apart from the job's is never silent: told above the rows that failed.
    const QString banner = out->warnings + (out->warnings.isEmpty() || out->failures.isEmpty() ? "" : "\n") + out->failures;
    failures_->setText(banner);
    failures_->setToolTip(banner);
    failures_->setVisible(!banner.isEmpty());
    fillBreakdownSelector();
    // The job cursor stays on its value in the new sweep and is told again:
    // the design it shows the job of has changed.
    const double cursor = cursorValue_;
    cursorValue_ = std::numeric_limits<double>::quiet_NaN();
    cursorPath_.clear();
    redrawSweepCharts();
    if (!std::isnan(cursor))
        setCursorValue(cursor);
    startSensitivity();
    emit plotsUpdated();
}

void SweepPanel::onFailed(const QString& message)
{
    ++prepGeneration_;
    preparing_ = false;
    setComputing(false);
    setStatus(tr("sweep failed: %1").arg(message), true);
    failures_->setText(tr("sweep failed: %1").arg(message));
    failures_->setToolTip(failures_->text());
    failures_->show();
    clearCharts(tr("no result: %1").arg(message.left(80)));
    emit sweepFailed(message);
}

void SweepPanel::clearCharts(const QString& message)
{
    if (!std::isnan(cursorValue_)) {
        cursorValue_ = std::numeric_limits<double>::quiet_NaN();
        cursorPath_.clear();
        emit jobCursorMoved({}, cursorValue_);
    }
    table_.reset();
    shown_.reset();
    levels_.clear();
    defaultAt_ = std::numeric_limits<double>::quiet_NaN();
    ++prepGeneration_;
    preparing_ = false;
    for (ChartView* c : charts_) {
        plots::resetPlot(c, {});
        plots::showMessage(c, message);
        c->setHover({});
        c->replot();
    }
    ++sensGeneration_; // a tornado still computing belongs to the old design
}

void SweepPanel::onCancelled()
{
    setComputing(false);
    setStatus(table_ ? tr("sweep cancelled; the charts show the previous result") : tr("sweep cancelled"));
    emit sweepCancelled();
}

} // namespace cs::app
