// The sweep panel's charts: speedup, breakdown, Pareto and tornado drawn
// from the last finished sweep with the overlays of calibration,
// verification and simulation, the breakdown's point, and their export.
#include "app/gui/sweeppanel/SweepPanel.h"
#include "model/core/AtomicFile.h"
#include "app/gui/sweeppanel/ChartView.h"
#include "app/gui/sweeppanel/SweepPanelResults.h"
#include "app/plots/BreakdownChart.h"
#include "app/plots/ParetoChart.h"
#include "app/plots/PlotExport.h"
#include "app/plots/PlotLayout.h"
#include "app/plots/RateUnit.h"
#include "app/plots/SpeedupChart.h"
#include "app/plots/SweepCsv.h"
#include "app/plots/SweepDefaults.h"
#include "app/plots/TableSlice.h"
#include "app/plots/TornadoChart.h"
#include "model/core/ModelError.h"
#include "model/core/OutOfMemory.h"
#include "model/document/PresetFolder.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTabWidget>
#include <QtConcurrent>

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

namespace cs::app {

using sweeppanel::ChartView;
using sweeppanel::SensitivityOutcome;

void SweepPanel::fillBreakdownSelector()
{
    const QSignalBlocker block(breakdownAt_);
    breakdownAt_->clear();
    const std::string param = table_ ? plots::breakdownParam(*tableDoc_, *table_) : std::string();
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
    const plots::AxisDescription d = plots::describeParameter(*tableDoc_, param);
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

void SweepPanel::redrawSweepCharts()
{
    if (!table_)
        return;
    redrawSpeedupChart();
    charts_[ParetoChart]->setHover(plots::buildParetoChart(charts_[ParetoChart], *shown_, log_->isChecked(),
                                                            plots::totalQuantity(*tableDoc_), plots::formatOptions()));
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

void SweepPanel::redrawSpeedupChart()
{
    if (!table_)
        return;
    plots::SpeedupChartOptions o = plots::speedupOptionsFor(*tableDoc_, *table_, log_->isChecked());
    o.maxGroups = curves_->value();
    o.format = plots::formatOptions();
    o.paper = plots::paperPointsFor(*tableDoc_, presetFolder(QCoreApplication::applicationDirPath().toStdString()),
                                    o.speedupParam);
    // The curves from the sample; the overlays match their own results to the whole table.
    plots::ChartHover hover = plots::buildSpeedupChart(charts_[SpeedupChart], *shown_, o);
    if (overlay_)
        overlay_(charts_[SpeedupChart], hover, *table_, *tableDoc_, o);
    if (verifyOverlay_)
        verifyOverlay_(charts_[SpeedupChart], hover, *table_, *tableDoc_, o);
    if (simOverlay_)
        simOverlay_(charts_[SpeedupChart], hover, *table_, *tableDoc_, o);
    charts_[SpeedupChart]->setHover(std::move(hover));
    drawJobCursor();
    charts_[SpeedupChart]->replot();
}

void SweepPanel::redrawBreakdown()
{
    if (!table_)
        return;
    plots::BreakdownChartOptions o;
    o.param = plots::breakdownParam(*tableDoc_, *table_);
    o.at = at_;
    o.total = plots::totalQuantity(*tableDoc_);
    o.format = plots::formatOptions();
    if (simMarkers_)
        o.markers = simMarkers_(*table_, plots::breakdownPoint(*table_, o));
    plots::ChartHover hover = plots::buildBreakdownChart(charts_[BreakdownChart], *table_, o);
    if (verifyBreakdown_)
        verifyBreakdown_(charts_[BreakdownChart], hover, *table_, *tableDoc_, o);
    charts_[BreakdownChart]->setHover(std::move(hover));
    charts_[BreakdownChart]->replot();
}

void SweepPanel::startSensitivity()
{
    if (!table_ || table_->points == 0 || sensVariant_->currentIndex() < 0)
        return;
    // The tornado is taken at the breakdown's point: every swept parameter at its value there.
    plots::BreakdownChartOptions o;
    o.param = plots::breakdownParam(*tableDoc_, *table_);
    o.at = at_;
    const std::size_t p = plots::breakdownPoint(*table_, o);
    std::vector<std::pair<std::string, double>> at;
    for (std::size_t a = 0; a < table_->axes.size(); ++a)
        at.emplace_back(table_->axes[a], table_->axis(p, a));
    const quint64 generation = ++sensGeneration_;
    const QString variant = sensVariant_->currentText();
    const std::shared_ptr<const DesignDocument> doc = tableDoc_;
    sensWatcher_.setFuture(QtConcurrent::run([generation, variant, doc, at] {
        auto out = std::make_shared<SensitivityOutcome>();
        out->generation = generation;
        out->variant = variant;
        try {
            out->result = sensitivity(*doc, variant.toStdString(), at);
        } catch (const std::bad_alloc&) {
            out->error = QString::fromUtf8(kOutOfMemory);
        } catch (const std::exception& e) { // ModelError above all
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
        o.doc = tableDoc_.get();
        o.format = plots::formatOptions();
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
    if (const std::string e = tryWriteFileAtomically(path.toStdString(), s.str()); !e.empty())
        return tr("cannot write '%1': %2").arg(path, QString::fromStdString(e));
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
