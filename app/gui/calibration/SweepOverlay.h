#pragma once
// What the calibration adds to the sweep panel's speedup/time chart (through
// SweepPanel::setSpeedupOverlay):
//  - measured series, from the document's probe results
//    (cs::calib::measuredSeries) or imported from CSV files, drawn over the
//    predictions with the error of each point and overall, where the series'
//    x is the chart's x axis;
//  - an uncertainty band from the calibrated parameters' confidence
//    intervals (cs::calib::uncertaintyBand), computed off the GUI thread,
//    when the design has calibrated parameters.
#include "app/gui/calibration/OverlayDraw.h"
#include "model/calibration/Calibration.h"

#include <QFutureWatcher>
#include <QObject>

#include <memory>
#include <string>
#include <vector>

namespace cs::app {

class DocumentModel;
class SweepPanel;

namespace calibration {

struct BandOutcome {
    std::string key;
    std::vector<double> lo, hi;
    std::vector<std::string> params;
    QString error;
};

// What became of one series at the last draw.
struct SeriesState {
    QString name;
    QString source;       // "probe results" or the CSV file
    bool drawn = false;
    QString note;         // why not drawn, or "mean |error| 3.1%, max 6.0% over 8 points"
    double meanAbsRelError = 0.0;
    int points = 0;
    QString sweepPath;    // not drawn because its x is this input, not the chart's: sweep it to see the series
};

class SweepOverlay : public QObject {
    Q_OBJECT
public:
    SweepOverlay(DocumentModel* model, SweepPanel* sweep, QObject* parent = nullptr);
    ~SweepOverlay() override;

    // Imported CSV series, kept in the document's "imported" section (saved with it); each call is one
    // undo step. Returns "" or why the document refused the edit.
    QString addImported(const std::vector<calib::MeasuredSeries>& series, const QString& file);
    QString clearImported();
    int importedCount() const;

    void setShowMeasured(bool on);
    void setShowBand(bool on);
    bool showMeasured() const { return showMeasured_; }
    bool showBand() const { return showBand_; }

    const std::vector<SeriesState>& seriesStates() const { return states_; }
    // The band's state at the last draw: "" (none wanted), "computing...",
    // "95% band over N calibrated parameters", or why there is none.
    QString bandNote() const { return bandNote_; }
    bool bandDrawn() const { return bandDrawn_; }
    // The note written on the chart when measured series exist but none is
    // on its x axis ("" when there is none): which input to sweep instead.
    QString chartHint() const { return chartHint_; }
    bool isComputingBand() const { return watcher_.isRunning(); }

    // True when `doc` has an input with provenance Calibrated and a CI.
    static bool hasCalibratedInputs(const DesignDocument& doc);

signals:
    void drawn(); // after each draw of the chart

private:
    void draw(QCustomPlot* plot, plots::ChartHover& hover, const SweepTable& table, const DesignDocument& doc,
              const plots::SpeedupChartOptions& options);
    void drawSeries(QCustomPlot* plot, plots::ChartHover& hover, const SweepTable& table, const DesignDocument& doc,
                    const plots::SpeedupChartOptions& options, const plots::SpeedupChartFrame& frame);
    void drawUncertainty(QCustomPlot* plot, plots::ChartHover& hover, const SweepTable& table,
                         const DesignDocument& doc, const plots::SpeedupChartFrame& frame);
    void onBandDone();

    DocumentModel* model_;
    SweepPanel* sweep_;
    bool showMeasured_ = true;
    bool showBand_ = true;
    std::vector<SeriesState> states_;
    QString bandNote_;
    QString chartHint_;
    bool bandDrawn_ = false;
    BandOutcome band_;           // the last computed band
    std::string pendingKey_;     // the band being computed
    QFutureWatcher<std::shared_ptr<BandOutcome>> watcher_;
};

} // namespace calibration
} // namespace cs::app
