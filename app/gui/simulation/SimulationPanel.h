#pragma once
// The simulation's controls in the sweep panel and what it draws on its
// charts: with "Simulated points" on, the shown sweep is simulated on SimGrid
// (sim/DesignSim.h) off the GUI thread, with progress and cancel, and each
// variant's simulated values appear as diamonds over its analytic curve on
// the speedup (or time) chart and over its bar on the breakdown chart. A new
// sweep restarts the simulation; turning the toggle off cancels it and hides
// the points.
#include "app/plots/SpeedupChart.h"
#include "sim/DesignSim.h"

#include <QGroupBox>

#include <memory>

class QCheckBox;
class QCustomPlot;
class QLabel;
class QProgressBar;
class QPushButton;

namespace cs::app {

class SweepPanel;
class SimulationJob;

class SimulationPanel : public QGroupBox {
    Q_OBJECT
public:
    explicit SimulationPanel(SweepPanel* sweep, QWidget* parent = nullptr);
    ~SimulationPanel() override;

    QCheckBox* toggle() const { return toggle_; }
    QPushButton* cancelButton() const { return cancel_; }
    QProgressBar* progressBar() const { return progress_; }
    SimulationJob* job() const { return job_; }
    QString statusText() const;
    // The result drawn (null when none or stale).
    std::shared_ptr<const sim::SimTable> result() const { return result_; }
    // Simulated points drawn on the speedup chart at the last redraw.
    int pointsDrawn() const { return drawn_; }

public slots:
    void simulate(); // (re)starts the simulation of the shown sweep
    void cancel();

signals:
    void simulated(); // a result arrived and the charts were redrawn

private:
    void onToggled(bool on);
    void onSweepUpdated();
    void setRunning(bool on);
    bool current(const SweepTable& table) const; // the result belongs to this table
    std::vector<double> markers(const SweepTable& table, std::size_t point) const;
    void draw(QCustomPlot* plot, plots::ChartHover& hover, const SweepTable& table,
              const plots::SpeedupChartOptions& options);

    SweepPanel* sweep_;
    SimulationJob* job_;
    QCheckBox* toggle_;
    QProgressBar* progress_;
    QPushButton* cancel_;
    QLabel* status_;
    std::shared_ptr<const sim::SimTable> result_;
    std::shared_ptr<const SweepTable> forTable_; // the sweep the result (or the run) belongs to
    int drawn_ = 0;
};

} // namespace cs::app
