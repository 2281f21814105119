#include "app/gui/simulation/SimulationPanel.h"
#include "app/gui/simulation/SimulationJob.h"
#include "app/gui/sweeppanel/SweepPanel.h"
#include "app/plots/PlotLayout.h"
#include "app/plots/PlotStyle.h"
#include "app/plots/SpeedupChart.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>

namespace cs::app {

namespace {

// The swept values of each axis in grid order (the last axis varies fastest),
// so the simulation sweeps exactly the points the charts show.
std::vector<SweepAxisValues> axesOf(const SweepTable& t)
{
    std::vector<SweepAxisValues> axes;
    for (std::size_t a = 0; a < t.axes.size(); ++a) {
        SweepAxisValues ax{t.axes[a], {}};
        for (std::size_t p = 0; p < t.points; ++p) {
            const double v = t.axis(p, a);
            if (std::find(ax.values.begin(), ax.values.end(), v) == ax.values.end())
                ax.values.push_back(v);
        }
        axes.push_back(std::move(ax));
    }
    return axes;
}

} // namespace

SimulationPanel::SimulationPanel(SweepPanel* sweep, QWidget* parent)
    : QGroupBox(tr("Simulation (SimGrid)"), parent), sweep_(sweep), job_(new SimulationJob(this))
{
    setObjectName("SimulationPanel");
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    toggle_ = new QCheckBox(tr("Simulated points"), this);
    toggle_->setToolTip(tr("Simulate the shown sweep on a SimGrid platform of the same topology and draw the "
                           "simulated values over the analytic curves and bars"));
    layout->addWidget(toggle_);
    auto* row = new QHBoxLayout;
    progress_ = new QProgressBar(this);
    progress_->setTextVisible(true);
    cancel_ = new QPushButton(tr("Cancel"), this);
    cancel_->setToolTip(tr("Stop the simulation"));
    row->addWidget(progress_, 1);
    row->addWidget(cancel_);
    layout->addLayout(row);
    status_ = new QLabel(this);
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(status_);
    setRunning(false);

    connect(toggle_, &QCheckBox::toggled, this, &SimulationPanel::onToggled);
    connect(cancel_, &QPushButton::clicked, this, &SimulationPanel::cancel);
    connect(sweep_, &SweepPanel::plotsUpdated, this, &SimulationPanel::onSweepUpdated);
    connect(sweep_, &SweepPanel::documentReplaced, this, [this] {
        // Another document: the last one's run, points and words go with it
        // (the toggle stays; the new document's first sweep simulates again).
        job_->abandon();
        setRunning(false);
        result_.reset();
        forTable_.reset();
        status_->clear();
        status_->setToolTip({});
    });
    connect(job_, &SimulationJob::progress, this, [this](qint64 done, qint64 total) {
        progress_->setRange(0, static_cast<int>(total));
        progress_->setValue(static_cast<int>(done));
    });
    connect(job_, &SimulationJob::finished, this, [this](std::shared_ptr<const sim::SimTable> t) {
        setRunning(false);
        result_ = std::move(t);
        int nSim = 0, nNot = 0;
        QString why;
        for (const sim::SimRow& r : result_->rows) {
            if (std::isfinite(r.simulated))
                ++nSim;
            else if (r.note != "not asked for") {
                ++nNot;
                if (why.isEmpty())
                    why = QString::fromStdString(r.note);
            }
        }
        QString text = tr("%1 points simulated in %2 s").arg(nSim).arg(plots::formatValue(result_->wallSeconds()));
        if (nNot > 0)
            text += tr("\n%1 not: %2").arg(nNot).arg(why);
        status_->setText(text);
        status_->setToolTip(text);
        sweep_->setSimulationOverlay(
            [this](QCustomPlot* plot, plots::ChartHover& hover, const SweepTable& table, const DesignDocument&,
                   const plots::SpeedupChartOptions& options) { draw(plot, hover, table, options); },
            [this](const SweepTable& table, std::size_t point) { return markers(table, point); });
        emit simulated();
    });
    connect(job_, &SimulationJob::failed, this, [this](const QString& message) {
        setRunning(false);
        status_->setText(tr("Simulation failed: %1").arg(message));
    });
    connect(job_, &SimulationJob::cancelled, this, [this] {
        setRunning(false);
        status_->setText(tr("Simulation cancelled"));
    });
}

SimulationPanel::~SimulationPanel()
{
    job_->cancel();
    job_->wait();
}

QString SimulationPanel::statusText() const
{
    return status_->text();
}

void SimulationPanel::setRunning(bool on)
{
    progress_->setVisible(on);
    cancel_->setVisible(on);
    if (on) {
        progress_->setRange(0, 0);
        status_->setText(tr("Simulating..."));
    }
}

void SimulationPanel::simulate()
{
    const std::shared_ptr<const SweepTable> table = sweep_->table();
    if (!table) {
        status_->setText(tr("No sweep to simulate yet"));
        return;
    }
    forTable_ = table;
    result_.reset();
    setRunning(true);
    job_->start(sweep_->tableDocument(), axesOf(*table));
}

void SimulationPanel::cancel()
{
    job_->cancel();
}

void SimulationPanel::onToggled(bool on)
{
    if (on) {
        simulate();
        return;
    }
    job_->cancel();
    result_.reset();
    status_->clear();
    sweep_->setSimulationOverlay({}, {});
}

void SimulationPanel::onSweepUpdated()
{
    // A new sweep: the points drawn belong to the old one.
    if (toggle_->isChecked() && sweep_->table() != forTable_)
        simulate();
}

bool SimulationPanel::current(const SweepTable& table) const
{
    return result_ && forTable_.get() == &table && result_->rows.size() == table.rows();
}

std::vector<double> SimulationPanel::markers(const SweepTable& table, std::size_t point) const
{
    std::vector<double> m(table.variants.size(), std::numeric_limits<double>::quiet_NaN());
    if (!current(table))
        return {};
    for (std::size_t v = 0; v < m.size(); ++v)
        m[v] = result_->rows[point * m.size() + v].simulated;
    return m;
}

void SimulationPanel::draw(QCustomPlot* plot, plots::ChartHover& hover, const SweepTable& table,
                           const plots::SpeedupChartOptions& options)
{
    drawn_ = 0;
    if (!current(table))
        return;
    const plots::SpeedupChartFrame frame = plots::speedupChartFrame(table, options);
    if (frame.xAxis < 0 || frame.yColumn < 0)
        return;
    const std::size_t nv = table.variants.size();
    double top = 0;
    for (std::size_t v = 0; v < nv; ++v) {
        QVector<double> xs, ys;
        for (std::size_t p = 0; p < table.points; ++p) {
            const sim::SimRow& r = result_->rows[p * nv + v];
            const double y = frame.bySpeedup ? r.simSpeedup : r.simulated;
            if (!std::isfinite(y))
                continue;
            const double x = frame.xColumn >= 0 ? table.at(p * nv + v, static_cast<std::size_t>(frame.xColumn))
                                                : table.axis(p, static_cast<std::size_t>(frame.xAxis));
            xs.push_back(x / frame.xScale);
            ys.push_back(y / frame.yScale);
            top = std::max(top, ys.back());
            hover.addPoint(xs.back(), ys.back(),
                           tr("%1, simulated\n%2 (analytic %3, ratio %4)\n%5 -> %6 s by %7")
                               .arg(QString::fromStdString(table.variants[v]))
                               .arg(plots::formatValue(ys.back()))
                               .arg(plots::formatValue((frame.bySpeedup ? r.speedup : r.analytic) / frame.yScale))
                               .arg(plots::formatValue(r.ratio))
                               .arg(QString::fromStdString(r.replaced))
                               .arg(plots::formatValue(r.simulatedPart))
                               .arg(QString::fromStdString(r.pattern)));
        }
        if (xs.isEmpty())
            continue;
        auto* g = plot->addGraph();
        g->setName(tr("%1 (simulated)").arg(QString::fromStdString(table.variants[v])));
        g->setLineStyle(QCPGraph::lsNone);
        const QColor c = plots::variantColor(static_cast<int>(v));
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, QPen(c.darker(160), 1.5), QBrush(c), 10));
        g->setData(xs, ys, true);
        drawn_ += static_cast<int>(xs.size());
    }
    // A simulated point above the analytic curves stays in view.
    if (top > plot->yAxis->range().upper)
        plot->yAxis->setRange(plot->yAxis->range().lower, top * 1.08);
    plots::refitLegend(plot);
}

} // namespace cs::app
