#include "app/gui/recording/RecordingWindow.h"
#include "model/core/NumberFormat.h"
#include "app/document/DocumentModel.h"
#include "app/gui/recording/RecordingCharts.h"
#include "app/gui/recording/ReplayJob.h"
#include "app/gui/recording/ScalingChart.h"
#include "app/gui/sweeppanel/ChartView.h"
#include "app/plots/PlotExport.h"
#include "model/core/ModelError.h"
#include "model/core/RegularFile.h"
#include "model/core/Unit.h"
#include "model/document/DocumentFormat.h"
#include "model/core/StrictJson.h"
#include "model/recording/RecordingJson.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace cs::app {

namespace {

// Two panes side by side (or one above the other) that grow alike, first sized `a` and `b` pixels.
QSplitter* split(Qt::Orientation o, QWidget* first, QWidget* second, int a, int b, QWidget* parent)
{
    auto* s = new QSplitter(o, parent);
    s->addWidget(first);
    s->addWidget(second);
    s->setStretchFactor(0, 1);
    s->setStretchFactor(1, 1);
    s->setSizes({a, b});
    return s;
}

// A results file with its recordings is read whole: as large as a document may be.
constexpr std::size_t kMaxResultsBytes = std::size_t{512} << 20;

QString seconds(double s)
{
    return std::isfinite(s) ? QString::fromStdString(formatMeasured(s, "s")) : QStringLiteral("-");
}

QString percent(double f)
{
    return QString::fromStdString(formatPercent(f, 1, true));
}

} // namespace

RecordingWindow::RecordingWindow(DocumentModel* model, QWidget* parent)
    : QDialog(parent), model_(model), job_(new ReplayJob(this)), summary_(new QLabel(this)),
      which_(new QComboBox(this)), matrix_(new QCustomPlot(this)), timeline_(new QCustomPlot(this)),
      scaling_(new sweeppanel::ChartView(this)), table_(new QTableWidget(0, 7, this)),
      simulate_(new QCheckBox(tr("Simulate on SimGrid"), this)), export_(new QPushButton(tr("Export chart..."), this)),
      progress_(new QProgressBar(this)), cancel_(new QPushButton(tr("Cancel"), this)),
      replay_(new QPushButton(tr("Replay on this design"), this)), status_(new QLabel(this)), again_(new QTimer(this))
{
    setWindowTitle(tr("Recording"));
    setObjectName("recordingWindow");
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    which_->setToolTip(tr("The recording whose matrix and iteration are shown"));
    map_ = setUpCommMatrix(matrix_);
    matrix_->plotLayout()->insertRow(0);
    matrix_->plotLayout()->addElement(0, 0, new QCPTextElement(matrix_, tr("Communication matrix"),
                                                                QFont(font().family(), font().pointSize() + 1, QFont::Bold)));
    timeline_->plotLayout()->insertRow(0);
    timeline_->plotLayout()->addElement(0, 0, new QCPTextElement(timeline_, tr("One iteration per rank"),
                                                                  QFont(font().family(), font().pointSize() + 1, QFont::Bold)));
    scaling_->setObjectName("scalingPlot");
    scaling_->plotLayout()->insertRow(0);
    scaling_->plotLayout()->addElement(0, 0, new QCPTextElement(scaling_, tr("Time against P: replayed, simulated, measured"),
                                                                 QFont(font().family(), font().pointSize() + 1, QFont::Bold)));
    for (QCustomPlot* p : {matrix_, timeline_})
        p->setMinimumSize(320, 220);
    scaling_->setMinimumSize(420, 260);

    table_->setHorizontalHeaderLabels(
        {tr("P"), tr("predicted"), tr("measured"), tr("error"), tr("simulated"), tr("sim/pred"), tr("from")});
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->verticalHeader()->setVisible(false);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setMinimumHeight(120);
    table_->setToolTip(tr("Each recorded P replayed on this design's drawing with its logp.loggp block's LogGP, "
                          "beside the median of that P's timed run in the same file; simulated: the same "
                          "recording on SimGrid (Simulate on SimGrid), sim/pred = simulated / predicted"));
    simulate_->setObjectName("simulateBox");
    simulate_->setToolTip(tr("Also run each P's recording on SimGrid (one actor per rank on its placed host, the "
                             "same LogGP), as clusterscope-cli replay --simulate: slower than the analytic replay"));
    export_->setObjectName("exportChartButton");
    export_->setToolTip(tr("Save the time-against-P chart as PNG, SVG or PDF"));
    cancel_->setVisible(false);
    progress_->setVisible(false);
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* top = new QHBoxLayout;
    top->addWidget(summary_, 1);
    top->addWidget(new QLabel(tr("Show:"), this));
    top->addWidget(which_);
    QSplitter* charts = split(Qt::Horizontal, matrix_, timeline_, 500, 500, this);
    auto* run = new QHBoxLayout;
    run->addWidget(replay_);
    run->addWidget(simulate_);
    run->addWidget(progress_, 1);
    run->addWidget(cancel_);
    run->addStretch(0);
    run->addWidget(export_);
    auto* left = new QWidget(this);
    auto* bottom = new QVBoxLayout(left);
    bottom->setContentsMargins(0, 0, 0, 0);
    bottom->addWidget(table_, 1);
    bottom->addLayout(run);
    bottom->addWidget(status_);
    QSplitter* lower = split(Qt::Horizontal, left, scaling_, 560, 640, this);
    QSplitter* rows = split(Qt::Vertical, charts, lower, 380, 420, this);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(rows, 1);
    resize(1280, 800);

    connect(simulate_, &QCheckBox::toggled, this, [this] {
        if (recordings_)
            replay();
    });
    connect(export_, &QPushButton::clicked, this, &RecordingWindow::exportChart);
    connect(which_, &QComboBox::currentIndexChanged, this, &RecordingWindow::showRecording);
    connect(replay_, &QPushButton::clicked, this, &RecordingWindow::replay);
    connect(cancel_, &QPushButton::clicked, this, &RecordingWindow::cancel);
    connect(job_, &BackgroundJob::progress, this, [this](qint64 done, qint64 total) {
        progress_->setRange(0, static_cast<int>(total));
        progress_->setValue(static_cast<int>(done));
    });
    connect(job_, &ReplayJob::finished, this, &RecordingWindow::showResult);
    connect(job_, &BackgroundJob::failed, this, [this](const QString& why) {
        setRunning(false);
        status_->setText(tr("The replay failed: %1").arg(why));
    });
    connect(job_, &BackgroundJob::cancelled, this, [this] {
        setRunning(false);
        status_->setText(tr("Replay cancelled: the table shows the last replay that finished."));
    });
    // An edit of the design (its drawing, its LogGP, the placement) moves the prediction.
    again_->setSingleShot(true);
    again_->setInterval(400);
    connect(again_, &QTimer::timeout, this, &RecordingWindow::replay);
    auto edited = [this] {
        if (recordings_)
            again_->start();
    };
    connect(model_, &DocumentModel::designChanged, this, edited);
    connect(model_, &DocumentModel::topologyChanged, this, edited);
    connect(model_, &DocumentModel::documentReset, this, edited);
}

RecordingWindow::~RecordingWindow() = default;

QString RecordingWindow::openResults(const QString& path)
{
    std::vector<rec::RecordedRun> runs;
    try {
        const nlohmann::json j = parseStrictJson(readRegularFile(path.toStdString(), kMaxResultsBytes, "the results file"));
        runs = rec::recordingsFromJson(j);
        measured_ = rec::measuredByP(j);
        measuredTimes_ = rec::measuredTimesByP(j);
    } catch (const DocumentError& e) {
        status_->setText(tr("%1 is not JSON: %2").arg(path, QString::fromUtf8(e.what())));
        return status_->text();
    } catch (const std::exception& e) { // ModelError, and std::invalid_argument of readRegularFile
        status_->setText(tr("%1: %2").arg(path, QString::fromUtf8(e.what())));
        return status_->text();
    }
    if (runs.empty()) {
        status_->setText(tr("%1 holds no recordings (clusterscope-cli run-app --record writes them)").arg(path));
        return status_->text();
    }
    recordings_ = std::make_shared<const std::vector<rec::RecordedRun>>(std::move(runs));
    result_.reset();
    setWindowTitle(tr("Recording: %1").arg(QFileInfo(path).fileName()));
    const rec::RecordedRun& first = recordings_->front();
    QString Ps;
    for (const rec::RecordedRun& r : *recordings_)
        Ps += (Ps.isEmpty() ? "" : ", ") + QString::number(r.P);
    summary_->setText(tr("<b>%1</b> recorded at P = %2 (%3 timed run(s) in the file)")
                          .arg(QString::fromStdString(first.program.empty() ? "a program" : first.program).toHtmlEscaped(),
                               Ps)
                          .arg(measured_.size()));
    {
        const QSignalBlocker block(which_);
        which_->clear();
        for (const rec::RecordedRun& r : *recordings_)
            which_->addItem(tr("P = %1").arg(r.P));
        which_->setCurrentIndex(which_->count() - 1); // the largest is the most telling
    }
    table_->setRowCount(0);
    showRecording(which_->currentIndex());
    plots::ChartHover hover;
    drawScaling(scaling_, hover, nullptr, measuredTimes_);
    scaling_->setHover(std::move(hover));
    replay();
    return {};
}

QString RecordingWindow::statusText() const
{
    return status_->text();
}

void RecordingWindow::replay()
{
    if (!recordings_)
        return;
    again_->stop();
    setRunning(true);
    status_->setText(simulate_->isChecked()
                         ? tr("Replaying %1 recording(s) on the design, and on SimGrid...").arg(recordings_->size())
                         : tr("Replaying %1 recording(s) on the design...").arg(recordings_->size()));
    job_->start(model_->doc(), recordings_, measured_, simulate_->isChecked(), simOptions_);
}

void RecordingWindow::cancel()
{
    job_->cancel();
}

void RecordingWindow::setRunning(bool running)
{
    progress_->setVisible(running);
    cancel_->setVisible(running);
    replay_->setEnabled(!running);
    if (running) {
        progress_->setRange(0, 0); // busy until the first count arrives
        progress_->setValue(0);
    }
}

const rec::Prediction* RecordingWindow::rowOf(int P) const
{
    if (result_)
        for (const rec::Prediction& r : result_->rows)
            if (r.P == P)
                return &r;
    return nullptr;
}

void RecordingWindow::showRecording(int index)
{
    if (!recordings_ || index < 0 || static_cast<std::size_t>(index) >= recordings_->size())
        return;
    const rec::RecordedRun& run = (*recordings_)[static_cast<std::size_t>(index)];
    drawCommMatrix(matrix_, map_, run.recording);
    drawIterations(timeline_, rec::iterations(run.recording), rowOf(run.P));
}

void RecordingWindow::showResult(std::shared_ptr<const ReplayTable> table)
{
    setRunning(false);
    result_ = std::move(table);
    table_->setRowCount(static_cast<int>(result_->rows.size()));
    int row = 0;
    for (std::size_t i = 0; i < result_->rows.size(); ++i) {
        const rec::Prediction& p = result_->rows[i];
        const double simulated = i < result_->simulated.size() ? result_->simulated[i].seconds : NAN;
        const QStringList cells{QString::number(p.P), seconds(p.predicted), seconds(p.measured), percent(p.error),
                                seconds(simulated),
                                std::isfinite(simulated) ? QString::number(simulated / p.predicted, 'f', 3) : "-",
                                p.synthesized ? tr("synthesised from P = %1").arg(p.recordedAt) : tr("recorded")};
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            item->setTextAlignment(c == 6 ? Qt::AlignLeft | Qt::AlignVCenter : Qt::AlignRight | Qt::AlignVCenter);
            table_->setItem(row, c, item);
        }
        ++row;
    }
    QString text;
    if (!result_->rows.empty()) {
        const rec::DesignNetwork& n = result_->rows.front().net;
        text = n.placement.empty()
                   ? tr("LogGP from %1; the design has no topology: no contention between messages.")
                         .arg(QString::fromStdString(n.loggpBlock))
                   : tr("LogGP from %1 on the design's drawing, the job placed %2. error = (predicted - measured) / "
                        "measured.")
                         .arg(QString::fromStdString(n.loggpBlock), QString::fromStdString(n.placement));
    }
    if (!result_->rows.empty())
        text += result_->rows.front().timed
                    ? tr(" predicted: from the end of the first barrier of all ranks to the end of the last, the span a "
                         "program times itself in (its setup left out; clusterscope-cli replay --whole prices the "
                         "whole run).")
                    : tr(" predicted: the whole run (fewer than two barriers of all ranks were recorded).");
    if (result_->simulate && result_->notSimulated.empty())
        text += tr(" simulated: the recording on SimGrid (flow level, the same LogGP).");
    if (!result_->notSimulated.empty()) {
        const QString why = QString::fromStdString(result_->notSimulated);
        text += (text.isEmpty() ? "" : "\n") + tr("Not simulated on SimGrid: %1").arg(why) +
                (why.contains("the limit is") ? tr(" (clusterscope-cli replay's --max-events).") : QString("."));
    }
    for (const std::string& e : result_->errors)
        text += (text.isEmpty() ? "" : "\n") + QString::fromStdString(e);
    status_->setText(text);
    showRecording(which_->currentIndex());
    plots::ChartHover hover;
    drawScaling(scaling_, hover, result_.get(), measuredTimes_);
    scaling_->setHover(std::move(hover));
    emit replayed();
}

QCustomPlot* RecordingWindow::scalingPlot() const
{
    return scaling_;
}

QString RecordingWindow::exportChartTo(const QString& path, int width, int height)
{
    return plots::exportPlot(scaling_, path, width > 0 ? width : std::max(800, scaling_->width()),
                             height > 0 ? height : std::max(500, scaling_->height()));
}

void RecordingWindow::exportChart()
{
    const QString path = plots::askPlotExportPath(this, "recording-time-against-P.png");
    if (path.isEmpty())
        return;
    const QString problem = exportChartTo(path);
    status_->setText(problem.isEmpty() ? tr("Chart written to %1").arg(path) : problem);
}

} // namespace cs::app
