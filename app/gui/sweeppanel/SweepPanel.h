#pragma once
#include "app/plots/BreakdownChart.h"
#include "app/plots/SpeedupChart.h"
#include "model/sweep/Sensitivity.h"
#include "model/sweep/Sweep.h"

#include <QFutureWatcher>
#include <QWidget>

#include <functional>
#include <limits>
#include <memory>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QProgressBar;
class QSpinBox;
class QPushButton;
class QTabWidget;
class QTimer;
class QVBoxLayout;
class QCustomPlot;
class QMouseEvent;

namespace cs::app {

class DocumentModel;
class SweepJob;

namespace sweeppanel {
class ChartView;
class SweepAxesEditor;
struct SensitivityOutcome;
struct PreparedCharts;
} // namespace sweeppanel

// Sweep settings and the charts: speedup against P for every variant, the
// phase breakdown, the Pareto chart and the tornado chart. Recomputed off
// the GUI thread (SweepJob) about 100 ms after each edit, cancelling the
// sweep still running; progress and a cancel button show meanwhile.
// The swept parameters are the document's sweep axes (edits to them are
// undoable document edits), or P over 1:16 when it has none.
class SweepPanel : public QWidget {
    Q_OBJECT
public:
    enum Chart { SpeedupChart, BreakdownChart, ParetoChart, TornadoChart };

    explicit SweepPanel(DocumentModel* model, QWidget* parent = nullptr);
    ~SweepPanel() override;

    // The last finished sweep's table, every point (null before the first
    // sweep's charts are drawn): what is exported, and what the breakdown,
    // the sensitivity and the overlays read.
    std::shared_ptr<const SweepTable> table() const { return table_; }
    // The points the speedup and Pareto charts draw: the table itself, or for
    // a huge sweep a sample that looks the same (plots/ChartSample.h).
    std::shared_ptr<const SweepTable> shownTable() const { return shown_; }
    SweepJob* job() const { return job_; }
    bool isComputing() const;
    QCustomPlot* plot(Chart chart) const;
    sweeppanel::ChartView* chartView(Chart chart) const;
    QTabWidget* tabs() const { return tabs_; }
    sweeppanel::SweepAxesEditor* axesEditor() const { return axesEditor_; }
    QCheckBox* logToggle() const { return log_; }
    QComboBox* breakdownSelector() const { return breakdownAt_; } // "P for breakdown"
    QLabel* breakdownLabel() const { return breakdownLabel_; }
    QComboBox* sensitivityVariant() const { return sensVariant_; }
    // How many curves per variant the speedup chart draws when a second
    // parameter is swept (each a shade of the variant's colour; when there
    // are more, evenly spaced ones, and the x axis says how many are left out).
    QSpinBox* curvesSelector() const { return curves_; }
    // What speedup is measured against: the design's serial baseline (data
    // ""), each variant against itself ("self"), or another variant (its name).
    QComboBox* baselineSelector() const { return baseline_; }
    QPushButton* cancelButton() const { return cancel_; }
    QProgressBar* progressBar() const { return progress_; }
    QString statusText() const;
    // The line above the charts that says which rows failed and why (hidden when none did): where it is
    // seen without scrolling the controls.
    QLabel* failuresBanner() const { return failures_; }
    // The value of the speedup parameter the breakdown and tornado use (NaN: none).
    double breakdownAt() const { return at_; }

    // Without a dialog: the current tab's chart (at least 800 x 500 pixels,
    // or width x height when given), and the sweep table as CSV in the format
    // of `clusterscope-cli sweep --csv`. Return "" or the reason.
    QString exportPlotTo(const QString& path, int width = 0, int height = 0);
    QString exportCsvTo(const QString& path) const;

    // ---- Overlay hook (app/gui/calibration draws measured series and the
    // uncertainty band): called each time the speedup chart is built, before
    // it is replotted; it may add graphs, items and hover points.
    using SpeedupOverlay = std::function<void(QCustomPlot* plot, plots::ChartHover& hover, const SweepTable& table,
                                              const DesignDocument& doc, const plots::SpeedupChartOptions& options)>;
    void setSpeedupOverlay(SpeedupOverlay overlay); // and redraws
    // ---- The simulation's hooks (app/gui/simulation): a second speedup
    // overlay drawn after the calibration's, the markers over the breakdown's
    // bars (one per variant at the breakdown's point, NaN = none), and room
    // for its controls below the sweep's.
    using BreakdownMarkers = std::function<std::vector<double>(const SweepTable& table, std::size_t point)>;
    void setSimulationOverlay(SpeedupOverlay overlay, BreakdownMarkers markers); // and redraws
    void addSideWidget(QWidget* widget);
    // ---- The verification's hooks (the Calibration dock's Verify page): the measured application points
    // over the speedup chart (after the calibration's overlay) and beside the breakdown's bars.
    using BreakdownOverlay = std::function<void(QCustomPlot* plot, plots::ChartHover& hover, const SweepTable& table,
                                                const DesignDocument& doc, const plots::BreakdownChartOptions& options)>;
    void setVerificationOverlay(SpeedupOverlay speedup, BreakdownOverlay breakdown); // and redraws
    // The document the shown table was computed from.
    const DesignDocument& tableDocument() const { return *tableDoc_; }
    std::shared_ptr<const DesignDocument> sharedTableDocument() const { return tableDoc_; }

    // ---- The job cursor: the speedup chart's x value nearest the mouse (a
    // sweep axis, such as P, and one of its values). It stays where the mouse
    // leaves it, drawn as a dashed line, so that the drawing can keep
    // highlighting that job's hosts (SweepPanelCursor.cpp).
    QString cursorPath() const { return cursorPath_; }
    double cursorValue() const { return cursorValue_; }
    // Puts the cursor on the sweep's value nearest `value` (NaN: removes it).
    void setCursorValue(double value);

public slots:
    void redrawSpeedupChart(); // e.g. when the overlay's data changed
    void redrawOverlaidCharts(); // the speedup and breakdown charts (the verification's points changed)
    void exportPlot(); // asks for a file: PNG, SVG or PDF
    void exportCsv();
    void recompute();  // starts a sweep of the document now
    void cancel();     // stops the running sweep; the charts keep the last result

signals:
    void plotsUpdated();       // charts redrawn from a newly finished sweep
    void sensitivityUpdated(); // tornado chart redrawn
    void sweepFailed(const QString& message);
    void sweepCancelled();
    // A new document replaced the one the charts showed (before its first sweep).
    void documentReplaced();
    // The job cursor moved to `value` of the design's `path` (path "" and NaN: removed).
    void jobCursorMoved(const QString& path, double value);

private:
    void scheduleRecompute();
    void onDocumentChanged(bool reset);
    void applyAxes(const std::vector<SweepAxis>& axes);
    void onFinished(std::shared_ptr<const SweepTable> table);
    void onChartsPrepared();
    void onFailed(const QString& message);
    void onCancelled();
    void clearCharts(const QString& message); // drops the table; each chart shows `message`
    void setComputing(bool on);
    void setStatus(const QString& text, bool error = false);
    void fillBreakdownSelector();
    void fillVariantSelector();
    void fillBaselineSelector();
    void redrawSweepCharts();
    void redrawBreakdown();
    void startSensitivity();
    void onSensitivityDone();
    QString cursorAxis() const;           // the speedup chart's x axis path, "" without a table
    void onSpeedupMouse(QMouseEvent* e);  // the job cursor follows the mouse
    void drawJobCursor();                 // after each rebuild of the speedup chart

    DocumentModel* model_;
    SweepJob* job_;
    QTimer* debounce_;
    sweeppanel::SweepAxesEditor* axesEditor_;
    QCheckBox* log_;
    QLabel* breakdownLabel_;
    QComboBox* breakdownAt_;
    QComboBox* sensVariant_;
    QSpinBox* curves_;
    QComboBox* baseline_;
    QProgressBar* progress_;
    QPushButton* cancel_;
    QLabel* status_;
    QLabel* failures_;
    QTabWidget* tabs_;
    sweeppanel::ChartView* charts_[4];

    std::shared_ptr<const SweepTable> table_;
    std::shared_ptr<const SweepTable> shown_;
    std::vector<double> levels_; // the breakdown axis's distinct values, sorted
    double defaultAt_ = std::numeric_limits<double>::quiet_NaN();
    // A finished sweep's charts are prepared off the GUI thread (sample,
    // levels, failure summary); a newer sweep or document drops the result.
    QFutureWatcher<std::shared_ptr<sweeppanel::PreparedCharts>> prepWatcher_;
    quint64 prepGeneration_ = 0;
    bool preparing_ = false;
    // The document the running sweep evaluates, and the one the shown table
    // was computed from: copied once from the model, then shared by pointer
    // with the workers (a copy of a document of 300,000 parameters takes
    // about a second of the GUI thread's time, and a sweep made four).
    std::shared_ptr<const DesignDocument> pendingDoc_ = std::make_shared<const DesignDocument>();
    std::shared_ptr<const DesignDocument> tableDoc_ = std::make_shared<const DesignDocument>();
    double at_ = std::numeric_limits<double>::quiet_NaN();
    QFutureWatcher<std::shared_ptr<sweeppanel::SensitivityOutcome>> sensWatcher_;
    quint64 sensGeneration_ = 0;
    SpeedupOverlay overlay_;
    SpeedupOverlay simOverlay_;
    BreakdownMarkers simMarkers_;
    SpeedupOverlay verifyOverlay_;
    BreakdownOverlay verifyBreakdown_;
    QVBoxLayout* side_ = nullptr;
    QString cursorPath_;
    double cursorValue_ = std::numeric_limits<double>::quiet_NaN();
};

} // namespace cs::app
