// VariantSlots.h first: it has a member named `slots`, which Qt's headers
// turn into a macro.
#include "model/sweep/VariantSlots.h"

#include "app/gui/sweeppanel/FailureSummary.h"
#include "app/gui/sweeppanel/SweepPanel.h"
#include "app/document/DocumentModel.h"
#include "app/gui/sweeppanel/ChartView.h"
#include "app/gui/sweeppanel/SweepAxesEditor.h"
#include "app/plots/BreakdownChart.h"
#include "app/plots/ChartSample.h"
#include "app/plots/ParetoChart.h"
#include "app/plots/PlotExport.h"
#include "app/plots/SpeedupChart.h"
#include "app/plots/SweepCsv.h"
#include "app/plots/SweepDefaults.h"
#include "app/plots/TableSlice.h"
#include "app/plots/TornadoChart.h"
#include "app/sweep/SweepJob.h"
#include "model/core/ModelError.h"
#include "model/core/Plan.h"
#include "model/sweep/AxisResolve.h"
#include "model/document/DocumentEdits.h"
#include "model/document/PresetFolder.h"

#include <QCoreApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent>

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>

namespace cs::app {

namespace sweeppanel {
// What a background sensitivity run hands back.
struct SensitivityOutcome {
    quint64 generation = 0;
    QString variant;
    SensitivityResult result;
    QString error;
};
// What a background preparation of a finished sweep's charts hands back.
struct PreparedCharts {
    quint64 generation = 0;
    std::shared_ptr<const SweepTable> table;
    DesignDocument doc;
    plots::ChartSample sample;
    QString failures;
};
} // namespace sweeppanel

using sweeppanel::ChartView;
using sweeppanel::PreparedCharts;
using sweeppanel::SensitivityOutcome;

namespace {
constexpr int kDebounceMs = 100; // an edit burst (typing, dragging a value) starts one sweep
}

SweepPanel::SweepPanel(DocumentModel* model, QWidget* parent)
    : QWidget(parent), model_(model), job_(new SweepJob(this)), debounce_(new QTimer(this))
{
    debounce_->setSingleShot(true);
    debounce_->setInterval(kDebounceMs);

    // Left: what to sweep and how to show it. Right: the charts.
    auto* controls = new QWidget(this);
    auto* side = new QVBoxLayout(controls);
    side_ = side;
    side->setContentsMargins(0, 0, 0, 0);
    auto* axesBox = new QGroupBox(tr("Swept parameters"), controls);
    auto* axesLayout = new QVBoxLayout(axesBox);
    axesLayout->setContentsMargins(6, 6, 6, 6);
    axesEditor_ = new sweeppanel::SweepAxesEditor(axesBox);
    axesLayout->addWidget(axesEditor_);
    side->addWidget(axesBox);

    auto* form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    log_ = new QCheckBox(tr("Logarithmic axes"), controls);
    log_->setToolTip(tr("Log scale on both axes of the speedup and Pareto charts"));
    form->addRow(log_);
    breakdownAt_ = new QComboBox(controls);
    breakdownAt_->setToolTip(tr("The value of the speedup parameter (or the first swept parameter) at which "
                                "the phase breakdown and the sensitivity are shown"));
    breakdownLabel_ = new QLabel(tr("P for breakdown:"), controls);
    form->addRow(breakdownLabel_, breakdownAt_);
    baseline_ = new QComboBox(controls);
    baseline_->setObjectName("baselineSelector");
    baseline_->setToolTip(tr("What speedup is measured against: the design's serial baseline (one processor "
                             "running ordinary code, shared by every variant, as the papers measure), or each "
                             "variant against itself at the reference value. The chart's axis label says which."));
    form->addRow(tr("Speedup against:"), baseline_);
    sensVariant_ = new QComboBox(controls);
    sensVariant_->setToolTip(tr("The variant whose sensitivity the tornado chart shows"));
    form->addRow(tr("Sensitivity of:"), sensVariant_);
    side->addLayout(form);

    auto* progressRow = new QHBoxLayout;
    progress_ = new QProgressBar(controls);
    progress_->setTextVisible(true);
    cancel_ = new QPushButton(tr("Cancel"), controls);
    cancel_->setToolTip(tr("Stop the sweep; the charts keep the last result"));
    progressRow->addWidget(progress_, 1);
    progressRow->addWidget(cancel_);
    side->addLayout(progressRow);
    status_ = new QLabel(controls);
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    side->addWidget(status_);
    side->addStretch(1);
    auto* exportRow = new QHBoxLayout;
    auto* exportPlotButton = new QPushButton(tr("Export plot..."), controls);
    exportPlotButton->setToolTip(tr("Save the chart shown as PNG, SVG or PDF"));
    auto* exportCsvButton = new QPushButton(tr("Export CSV..."), controls);
    exportCsvButton->setToolTip(tr("Save the sweep table as CSV (the format of clusterscope-cli sweep --csv)"));
    exportRow->addWidget(exportPlotButton);
    exportRow->addWidget(exportCsvButton);
    side->addLayout(exportRow);
    controls->setMinimumWidth(250);
    controls->setMaximumWidth(340);

    tabs_ = new QTabWidget(this);
    const char* names[] = {QT_TR_NOOP("Speedup"), QT_TR_NOOP("Breakdown"), QT_TR_NOOP("Pareto"),
                           QT_TR_NOOP("Sensitivity")};
    for (int i = 0; i < 4; ++i) {
        charts_[i] = new ChartView(tabs_);
        tabs_->addTab(charts_[i], tr(names[i]));
    }

    // The controls scroll on their own: on a short dock (a 1280x800 window)
    // the charts keep the dock's whole height instead of scrolling with them.
    auto* controlsScroll = new QScrollArea(this);
    controlsScroll->setObjectName("sweepControlsScroll");
    controlsScroll->setWidget(controls);
    controlsScroll->setWidgetResizable(true);
    controlsScroll->setFrameShape(QFrame::NoFrame);
    controlsScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    controlsScroll->setMinimumWidth(controls->minimumWidth() + 14);
    controlsScroll->setMaximumWidth(controls->maximumWidth() + 14);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(controlsScroll);
    layout->addWidget(tabs_, 1);

    connect(debounce_, &QTimer::timeout, this, &SweepPanel::recompute);
    connect(model_, &DocumentModel::documentReset, this, [this] { onDocumentChanged(true); });
    connect(model_, &DocumentModel::designChanged, this, [this] { onDocumentChanged(false); });
    connect(axesEditor_, &sweeppanel::SweepAxesEditor::axesEdited, this, &SweepPanel::applyAxes);
    connect(job_, &SweepJob::finished, this, &SweepPanel::onFinished);
    connect(job_, &SweepJob::failed, this, &SweepPanel::onFailed);
    connect(job_, &SweepJob::cancelled, this, &SweepPanel::onCancelled);
    connect(job_, &SweepJob::progress, this, [this](qint64 done, qint64 total) {
        progress_->setRange(0, static_cast<int>(std::min<qint64>(total, 1 << 30)));
        progress_->setValue(static_cast<int>(std::min<qint64>(done, 1 << 30)));
    });
    connect(cancel_, &QPushButton::clicked, this, &SweepPanel::cancel);
    connect(log_, &QCheckBox::toggled, this, [this] { redrawSweepCharts(); });
    connect(baseline_, &QComboBox::activated, this, [this] { scheduleRecompute(); });
    connect(breakdownAt_, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (i < 0)
            return;
        at_ = breakdownAt_->itemData(i).toDouble();
        redrawBreakdown();
        startSensitivity();
    });
    connect(sensVariant_, &QComboBox::currentIndexChanged, this, [this] { startSensitivity(); });
    connect(&sensWatcher_, &QFutureWatcherBase::finished, this, &SweepPanel::onSensitivityDone);
    connect(&prepWatcher_, &QFutureWatcherBase::finished, this, &SweepPanel::onChartsPrepared);
    connect(exportPlotButton, &QPushButton::clicked, this, &SweepPanel::exportPlot);
    connect(exportCsvButton, &QPushButton::clicked, this, &SweepPanel::exportCsv);

    setComputing(false);
    onDocumentChanged(true);
}

SweepPanel::~SweepPanel()
{
    debounce_->stop();
    job_->cancel();
    sensWatcher_.waitForFinished();
    prepWatcher_.waitForFinished();
}

bool SweepPanel::isComputing() const
{
    return cancel_->isVisible() || job_->isRunning();
}

QCustomPlot* SweepPanel::plot(Chart chart) const
{
    return charts_[chart];
}

ChartView* SweepPanel::chartView(Chart chart) const
{
    return charts_[chart];
}

QString SweepPanel::statusText() const
{
    return status_->text();
}

void SweepPanel::scheduleRecompute()
{
    debounce_->start();
}

void SweepPanel::onDocumentChanged(bool reset)
{
    const DesignDocument& doc = model_->doc();
    axesEditor_->setAxes(doc, plots::chartAxes(doc));
    if (reset) {
        // Nothing of the last document's charts may show in the next one:
        // not its table, axes or breakdown parameter, nor a result that
        // arrives for it after the switch.
        job_->abandon();
        axesEditor_->setError({});
        clearCharts(tr("computing..."));
        at_ = std::numeric_limits<double>::quiet_NaN();
        fillBreakdownSelector();
        setStatus({});
        emit documentReplaced();
    }
    fillVariantSelector();
    if (reset)
        baseline_->clear(); // a new document starts on its own baseline
    fillBaselineSelector();
    scheduleRecompute();
}

void SweepPanel::fillBaselineSelector()
{
    // A view setting: it changes what the sweep divides by, never the document.
    const QString keep = baseline_->currentData().toString();
    const DesignDocument& doc = model_->doc();
    const QSignalBlocker block(baseline_);
    baseline_->clear();
    // Without a speedup parameter there is nothing to be "at": the chart
    // shows times, and the selector says so (disabled) rather than " = 1".
    const std::string at = doc.sweep.speedupParam.empty()
                               ? tr("its reference point (no speedup parameter)").toStdString()
                               : doc.sweep.speedupParam + " = " + formatNumber(doc.sweep.speedupBaseline);
    // First the document's own choice (data ""), then the others.
    if (!doc.sweep.speedupAgainst.empty()) {
        baseline_->addItem(tr("serial baseline: %1").arg(QString::fromStdString(doc.sweep.speedupAgainst)), QString(""));
        baseline_->addItem(tr("each variant at %1").arg(QString::fromStdString(at)), QString(kBaselineSelf));
    } else {
        baseline_->addItem(tr("each variant at %1").arg(QString::fromStdString(at)), QString(""));
    }
    for (const Variant& v : doc.effectiveVariants())
        if (v.name != doc.sweep.speedupAgainst)
            baseline_->addItem(tr("variant %1 at %2").arg(QString::fromStdString(v.name), QString::fromStdString(at)),
                               QString::fromStdString(v.name));
    const int i = keep.isEmpty() ? 0 : baseline_->findData(keep);
    baseline_->setCurrentIndex(i >= 0 ? i : 0);
    baseline_->setEnabled(!doc.sweep.speedupParam.empty());
}

void SweepPanel::applyAxes(const std::vector<SweepAxis>& axes)
{
    // One operation of the editing layer; the validator reads the axes as
    // every other caller does (model/sweep/AxisResolve.h).
    const QString problem = model_->apply(tr("Set swept parameters"),
                                          [&](DesignDocument& d) { return edit::setSweepAxes(d, axes); });
    QStringList why; // the messages name the axis ("P: ..."); the JSON paths say nothing more here
    if (!problem.isEmpty())
        for (const DocumentProblem& p : model_->lastProblems())
            why << QString::fromStdString(p.message);
    axesEditor_->setError(why.join("\n"));
}

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
    pendingDoc_ = doc;
    if (const QString choice = baseline_->currentData().toString(); !choice.isEmpty()) {
        try {
            chooseSpeedupBaseline(pendingDoc_, choice.toStdString());
        } catch (const ModelError&) {
            fillBaselineSelector(); // the variant went away: back to the design's own baseline
        }
    }
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
    prepWatcher_.setFuture(QtConcurrent::run([generation, table, doc = pendingDoc_] {
        auto out = std::make_shared<PreparedCharts>();
        out->generation = generation;
        out->sample = plots::sampleForCharts(doc, table);
        out->failures = failureSummary(table->errors);
        out->table = table;
        out->doc = doc;
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
    fillBreakdownSelector();
    redrawSweepCharts();
    startSensitivity();
    emit plotsUpdated();
}

void SweepPanel::onFailed(const QString& message)
{
    ++prepGeneration_;
    preparing_ = false;
    setComputing(false);
    setStatus(tr("sweep failed: %1").arg(message), true);
    clearCharts(tr("no result: %1").arg(message.left(80)));
    emit sweepFailed(message);
}

void SweepPanel::clearCharts(const QString& message)
{
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

void SweepPanel::fillBreakdownSelector()
{
    const QSignalBlocker block(breakdownAt_);
    breakdownAt_->clear();
    const std::string param = table_ ? plots::breakdownParam(tableDoc_, *table_) : std::string();
    const int a = table_ ? plots::axisIndex(*table_, param) : -1;
    breakdownAt_->setEnabled(a >= 0);
    breakdownLabel_->setText(tr("%1 for breakdown:").arg(param.empty() ? QString("P") : QString::fromStdString(param)));
    if (a < 0) {
        at_ = std::numeric_limits<double>::quiet_NaN();
        return;
    }
    // The levels, sorted, and the default were found off this thread (onFinished).
    const double keep =
        !std::isnan(at_) && std::binary_search(levels_.begin(), levels_.end(), at_) ? at_ : defaultAt_;
    // A combo box of 10^6 entries takes seconds to fill on the GUI thread and
    // cannot be used: at most kMaxBreakdownChoices, evenly spaced, and the kept one.
    constexpr std::size_t kMaxBreakdownChoices = 500;
    std::vector<double> levels;
    if (levels_.size() > kMaxBreakdownChoices) {
        const double step = static_cast<double>(levels_.size() - 1) / (kMaxBreakdownChoices - 1);
        for (std::size_t i = 0; i < kMaxBreakdownChoices; ++i)
            levels.push_back(levels_[static_cast<std::size_t>(std::lround(static_cast<double>(i) * step))]);
    } else {
        levels = levels_;
    }
    if (!std::isnan(keep) && !std::binary_search(levels.begin(), levels.end(), keep))
        levels.insert(std::lower_bound(levels.begin(), levels.end(), keep), keep);
    const plots::AxisDescription d = plots::describeParameter(tableDoc_, param);
    for (double v : levels) {
        QString text = plots::formatValue(v / d.unit.scale);
        if (!d.unit.name.isEmpty())
            text += " " + d.unit.name;
        breakdownAt_->addItem(text, v);
        if (v == keep)
            breakdownAt_->setCurrentIndex(breakdownAt_->count() - 1);
    }
    at_ = breakdownAt_->currentData().toDouble();
}

void SweepPanel::fillVariantSelector()
{
    const QSignalBlocker block(sensVariant_);
    const QString current = sensVariant_->currentText();
    sensVariant_->clear();
    for (const Variant& v : model_->doc().effectiveVariants())
        sensVariant_->addItem(QString::fromStdString(v.name));
    const int i = sensVariant_->findText(current);
    sensVariant_->setCurrentIndex(i >= 0 ? i : 0);
}

void SweepPanel::redrawSweepCharts()
{
    if (!table_)
        return;
    redrawSpeedupChart();
    charts_[ParetoChart]->setHover(plots::buildParetoChart(charts_[ParetoChart], *shown_, log_->isChecked(),
                                                            plots::totalQuantity(tableDoc_)));
    charts_[ParetoChart]->replot();
    redrawBreakdown();
}

void SweepPanel::setSpeedupOverlay(SpeedupOverlay overlay)
{
    overlay_ = std::move(overlay);
    redrawSpeedupChart();
}

void SweepPanel::setSimulationOverlay(SpeedupOverlay overlay, BreakdownMarkers markers)
{
    simOverlay_ = std::move(overlay);
    simMarkers_ = std::move(markers);
    redrawSpeedupChart();
    redrawBreakdown();
}

void SweepPanel::setVerificationOverlay(SpeedupOverlay speedup, BreakdownOverlay breakdown)
{
    verifyOverlay_ = std::move(speedup);
    verifyBreakdown_ = std::move(breakdown);
    redrawOverlaidCharts();
}

void SweepPanel::redrawOverlaidCharts()
{
    redrawSpeedupChart();
    redrawBreakdown();
}

void SweepPanel::addSideWidget(QWidget* widget)
{
    // Right under the swept parameters and the chart settings (the first two
    // items), above the progress and the status, whose text may grow.
    side_->insertWidget(2, widget);
}

void SweepPanel::redrawSpeedupChart()
{
    if (!table_)
        return;
    plots::SpeedupChartOptions o = plots::speedupOptionsFor(tableDoc_, *table_, log_->isChecked());
    o.paper = plots::paperPointsFor(tableDoc_, presetFolder(QCoreApplication::applicationDirPath().toStdString()),
                                    o.speedupParam);
    // The curves from the sample; the overlays match their own results to the whole table.
    plots::ChartHover hover = plots::buildSpeedupChart(charts_[SpeedupChart], *shown_, o);
    if (overlay_)
        overlay_(charts_[SpeedupChart], hover, *table_, tableDoc_, o);
    if (verifyOverlay_)
        verifyOverlay_(charts_[SpeedupChart], hover, *table_, tableDoc_, o);
    if (simOverlay_)
        simOverlay_(charts_[SpeedupChart], hover, *table_, tableDoc_, o);
    charts_[SpeedupChart]->setHover(std::move(hover));
    charts_[SpeedupChart]->replot();
}

void SweepPanel::redrawBreakdown()
{
    if (!table_)
        return;
    plots::BreakdownChartOptions o;
    o.param = plots::breakdownParam(tableDoc_, *table_);
    o.at = at_;
    o.total = plots::totalQuantity(tableDoc_);
    if (simMarkers_)
        o.markers = simMarkers_(*table_, plots::breakdownPoint(*table_, o));
    plots::ChartHover hover = plots::buildBreakdownChart(charts_[BreakdownChart], *table_, o);
    if (verifyBreakdown_)
        verifyBreakdown_(charts_[BreakdownChart], hover, *table_, tableDoc_, o);
    charts_[BreakdownChart]->setHover(std::move(hover));
    charts_[BreakdownChart]->replot();
}

void SweepPanel::startSensitivity()
{
    if (!table_ || table_->points == 0 || sensVariant_->currentIndex() < 0)
        return;
    // The tornado is taken at the breakdown's point: every swept parameter at its value there.
    plots::BreakdownChartOptions o;
    o.param = plots::breakdownParam(tableDoc_, *table_);
    o.at = at_;
    const std::size_t p = plots::breakdownPoint(*table_, o);
    std::vector<std::pair<std::string, double>> at;
    for (std::size_t a = 0; a < table_->axes.size(); ++a)
        at.emplace_back(table_->axes[a], table_->axis(p, a));
    const quint64 generation = ++sensGeneration_;
    const QString variant = sensVariant_->currentText();
    const DesignDocument doc = tableDoc_;
    sensWatcher_.setFuture(QtConcurrent::run([generation, variant, doc, at] {
        auto out = std::make_shared<SensitivityOutcome>();
        out->generation = generation;
        out->variant = variant;
        try {
            out->result = sensitivity(doc, variant.toStdString(), at);
        } catch (const ModelError& e) {
            out->error = QString::fromStdString(e.what());
        }
        return out;
    }));
}

void SweepPanel::onSensitivityDone()
{
    if (sensWatcher_.future().isCanceled() || !sensWatcher_.future().isValid())
        return;
    const std::shared_ptr<SensitivityOutcome> out = sensWatcher_.result();
    if (!out || out->generation != sensGeneration_)
        return; // superseded
    ChartView* c = charts_[TornadoChart];
    if (!out->error.isEmpty()) {
        plots::resetPlot(c, tr("Sensitivity (%1)").arg(out->variant));
        plots::showMessage(c, tr("no result: %1").arg(out->error.left(80)));
        c->setHover({});
    } else {
        plots::TornadoChartOptions o;
        o.variant = out->variant;
        o.doc = &tableDoc_;
        c->setHover(plots::buildTornadoChart(c, out->result, o));
    }
    c->replot();
    emit sensitivityUpdated();
}

QString SweepPanel::exportPlotTo(const QString& path, int width, int height)
{
    ChartView* c = charts_[std::max(0, tabs_->currentIndex())];
    return plots::exportPlot(c, path, width > 0 ? width : std::max(800, c->width()),
                             height > 0 ? height : std::max(500, c->height()));
}

QString SweepPanel::exportCsvTo(const QString& path) const
{
    if (!table_)
        return tr("there is no sweep result to export yet");
    std::ostringstream s;
    plots::writeSweepCsv(*table_, s);
    const std::string text = s.str();
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return tr("cannot write '%1': %2").arg(path, file.errorString());
    file.write(text.data(), static_cast<qint64>(text.size()));
    if (!file.commit())
        return tr("cannot write '%1': %2").arg(path, file.errorString());
    return {};
}

void SweepPanel::exportPlot()
{
    const QString path = plots::askPlotExportPath(this, tabs_->tabText(tabs_->currentIndex()).toLower() + ".png");
    if (path.isEmpty())
        return;
    const QString problem = exportPlotTo(path);
    if (!problem.isEmpty())
        QMessageBox::warning(this, tr("Export plot"), problem);
}

void SweepPanel::exportCsv()
{
    if (!table_) {
        QMessageBox::information(this, tr("Export CSV"), tr("There is no sweep result to export yet."));
        return;
    }
    QString path = QFileDialog::getSaveFileName(this, tr("Export sweep CSV"), "sweep.csv", tr("CSV (*.csv)"));
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += ".csv";
    const QString problem = exportCsvTo(path);
    if (!problem.isEmpty())
        QMessageBox::warning(this, tr("Export CSV"), problem);
}

} // namespace cs::app
