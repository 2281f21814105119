// The sweep panel: its controls, and what it reads from the document (the
// swept parameters, the variants, the baseline). Running a sweep is in
// SweepPanelRun.cpp, the charts and their export in SweepPanelCharts.cpp.
#include "app/gui/sweeppanel/SweepPanel.h"
#include "app/document/DocumentModel.h"
#include "app/gui/sweeppanel/ChartView.h"
#include "app/gui/sweeppanel/SweepAxesEditor.h"
#include "app/gui/sweeppanel/SweepPanelResults.h"
#include "app/plots/SweepDefaults.h"
#include "app/sweep/SweepJob.h"
#include "model/core/Plan.h"
#include "model/document/DocumentEdits.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSignalBlocker>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace cs::app {

using sweeppanel::ChartView;

namespace {
constexpr int kDebounceMs = 100; // an edit burst (typing, dragging a value) starts one sweep
constexpr int kMaxCurves = 64;   // shades of one colour beyond this cannot be told apart
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
    curves_ = new QSpinBox(controls);
    curves_->setObjectName("curvesPerVariant");
    curves_->setRange(1, kMaxCurves);
    curves_->setValue(plots::kDefaultCurves);
    curves_->setToolTip(tr("Curves per variant. When a second parameter is swept, each of its values is a curve "
                           "of its own in a shade of the variant's colour. At most this many are drawn per "
                           "variant; of more, evenly spaced ones from the first to the last, and the x axis "
                           "says how many."));
    // Beside the log toggle: a row of its own pushed the simulation's toggle below the fold at 1280x800.
    auto* curvesLabel = new QLabel(tr("Curves:"), controls);
    curvesLabel->setToolTip(curves_->toolTip());
    curvesLabel->setBuddy(curves_);
    auto* chartRow = new QHBoxLayout;
    chartRow->addWidget(log_);
    chartRow->addStretch(1);
    chartRow->addWidget(curvesLabel);
    chartRow->addWidget(curves_);
    form->addRow(chartRow);
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
    // On a row of its own: beside its label the baseline's name ("serial baseline: serial FFTW at P = 1")
    // was cut to "serial baseline: ser" in the dock of a 1280x800 window (issue 34, defect 12).
    form->addRow(new QLabel(tr("Speedup against:"), controls));
    form->addRow(baseline_);
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
    exportPlotButton->setObjectName("exportPlotButton");
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
    connect(charts_[SpeedupChart], &QCustomPlot::mouseMove, this, &SweepPanel::onSpeedupMouse);

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
    // Failed rows are said above the charts, not only in the status line under the controls (on a short dock
    // that is below the fold).
    failures_ = new QLabel(this);
    failures_->setObjectName("sweepFailures");
    // One line a message, cut at the right, the whole text in its tooltip and in the status line: a wrapped
    // label gives the panel a height for its width, which the sweep dock's scroll area then lays the panel
    // out at (its preferred height, not its least), and a one-line banner scrolled the chart's x axis 42 px
    // out of view at 1280x800 (issue 48).
    failures_->setWordWrap(false);
    failures_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    failures_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    failures_->setStyleSheet("QLabel { color: #8a1f11; background: #fdecea; border: 1px solid #f5c2bd; "
                             "border-radius: 3px; padding: 3px 6px; }");
    failures_->hide();
    auto* right = new QVBoxLayout;
    right->setContentsMargins(0, 0, 0, 0);
    right->addWidget(failures_);
    right->addWidget(tabs_, 1);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(controlsScroll);
    layout->addLayout(right, 1);

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
    // Logarithmic axes are kept with the document (layout.charts.log, one undo step), so a saved,
    // reopened or recovered design draws as it did; the box follows the document (undo, another file).
    connect(log_, &QCheckBox::toggled, this, [this](bool on) {
        if (edit::logAxes(model_->doc()) != on)
            model_->apply(on ? tr("Logarithmic axes") : tr("Linear axes"),
                          edit::op::setLogAxes(on));
        redrawSweepCharts();
    });
    auto followLog = [this] {
        const bool on = edit::logAxes(model_->doc());
        if (log_->isChecked() != on) {
            const QSignalBlocker quiet(log_);
            log_->setChecked(on);
            redrawSweepCharts();
        }
    };
    connect(model_, &DocumentModel::documentReset, this, followLog);
    connect(model_, &DocumentModel::layoutChanged, this, followLog);
    connect(baseline_, &QComboBox::activated, this, [this] { scheduleRecompute(); });
    connect(breakdownAt_, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (i < 0)
            return;
        at_ = breakdownAt_->itemData(i).toDouble();
        redrawBreakdown();
        startSensitivity();
    });
    connect(sensVariant_, &QComboBox::currentIndexChanged, this, [this] { startSensitivity(); });
    connect(curves_, &QSpinBox::valueChanged, this, [this] {
        // A sampled table holds the points of the curves it was sampled for: sampled again.
        if (table_ && shown_ != table_ && !isComputing())
            onFinished(table_);
        else
            redrawSpeedupChart();
    });
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

void SweepPanel::applyAxes(const std::vector<SweepAxis>& axes)
{
    // One operation of the editing layer; the validator reads the axes as
    // every other caller does (model/document/AxisResolve.h).
    const QString problem = model_->apply(tr("Set swept parameters"), edit::op::setSweepAxes(axes));
    QStringList why; // the messages name the axis ("P: ..."); the JSON paths say nothing more here
    if (!problem.isEmpty())
        for (const DocumentProblem& p : model_->lastProblems())
            why << QString::fromStdString(p.message);
    axesEditor_->setError(why.join("\n"));
}

void SweepPanel::addSideWidget(QWidget* widget)
{
    // Right under the swept parameters and the chart settings (the first two
    // items), above the progress and the status, whose text may grow.
    side_->insertWidget(2, widget);
}

} // namespace cs::app
