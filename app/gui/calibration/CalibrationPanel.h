#pragma once
// The "Calibration" dock: measure (MeasureSection), fit the
// design's calibratable inputs to the document's probe results
// (cs::calib::calibrate, off the GUI thread), see the fitted values with
// their 95% intervals, R² and SMAPE and the held-out validation error, apply
// them (ONE undo step that restores values, provenance and the calibration
// record), revert inputs to their defaults, and see measured series (from
// the results, or imported from CSV) over the predictions on the sweep
// chart with an uncertainty band (SweepOverlay).
#include "model/calibration/Calibration.h"

#include <QFutureWatcher>
#include <QWidget>

#include <memory>
#include <optional>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QScrollArea;
class QPushButton;
class QTabWidget;
class QTableWidget;

namespace cs::app {

class DocumentModel;
class SweepPanel;

namespace calibration {

class MeasureSection;
class SweepOverlay;
class VerifySection;
class FitSection;

struct CalibrationOutcome {
    calib::CalibrationReport report;
    QString error;
};

class CalibrationPanel : public QWidget {
    Q_OBJECT
public:
    // `sweep` may be null (no chart overlay then).
    CalibrationPanel(DocumentModel* model, SweepPanel* sweep, QWidget* parent = nullptr);
    ~CalibrationPanel() override;

    MeasureSection* measure() const { return measure_; }
    // The Verify page: the calibrated design against a live run of its application.
    VerifySection* verify() const { return verify_; }
    // The "Program" page: a formula block's inputs fitted to runs of the user's program.
    FitSection* fitSection() const { return fit_; }
    SweepOverlay* overlay() const { return overlay_; }
    QPushButton* calibrateButton() const { return calibrate_; }
    QPushButton* applyButton() const { return apply_; }
    QPushButton* revertButton() const { return revert_; }
    QPushButton* importButton() const { return import_; }
    // The explicit choice to apply values that fail the quality limits.
    QCheckBox* acceptPoorFitsBox() const { return acceptPoor_; }
    // Lets the calibrated values stand where the drawn network overrides them.
    QPushButton* preferCalibratedButton() const { return preferCalibrated_; }
    QString warningsText() const;
    QDoubleSpinBox* holdOutBox() const { return holdOut_; }
    QTableWidget* paramTable() const { return params_; }
    QTableWidget* validationTable() const { return validation_; }
    QTableWidget* seriesTable() const { return series_; }
    QTabWidget* tabs() const { return tabs_; }
    QString statusText() const;
    QString summaryText() const;
    bool isCalibrating() const { return watcher_.isRunning(); }
    // The report shown (fresh from calibrate(), or the last applied one from the document).
    const std::optional<calib::CalibrationReport>& report() const { return report_; }

    // Without a dialog: imports a CSV of measured points; "" or the reason.
    QString importCsvFrom(const QString& path);

public slots:
    void calibrate();      // fits on the document's measured results
    void apply();          // applies the shown report: one undo step
    void revertToDefaults(); // the selected fitted inputs, else every calibrated input: one undo step
    void importCsv();      // asks for a file
    void preferCalibrated(); // sets each disagreement's choice so the calibrated value stands: one undo step

signals:
    void calibrated();     // a new report is shown
    void applied();

protected:
    void resizeEvent(QResizeEvent* e) override;

private:
    // The status and summary area as tall as its text, up to five lines (it scrolls beyond).
    void fitNotes();
    void onCalibrated();
    void showReport(const calib::CalibrationReport& report, const QString& origin);
    // The report's warnings and the inputs calibrated on another network than the one drawn now.
    void refreshWarnings();
    void setWarnings(const QStringList& lines); // under the fitted values, and the Fitted tab's sign
    void showStoredReport(); // the document's last applied calibration, if any
    // "Fitted 2 input(s); Apply can set 1 of them, 1 not (net.L is wired ...)".
    QString fittedStatus(const calib::CalibrationReport& report) const;
    void refreshSeries();
    void setStatus(const QString& text, bool error = false);
    void updateButtons();

    DocumentModel* model_;
    MeasureSection* measure_;
    VerifySection* verify_;
    FitSection* fit_;
    SweepOverlay* overlay_ = nullptr;
    QPushButton* calibrate_;
    QDoubleSpinBox* holdOut_;
    QLabel* status_;
    QLabel* summary_;
    QScrollArea* notes_ = nullptr;
    QTabWidget* tabs_;
    QTableWidget* params_;
    QTableWidget* validation_;
    QTableWidget* series_;
    QLabel* warnings_;
    QLabel* warningsTitle_; // "Warnings (3)" above them
    QPushButton* apply_;
    QPushButton* revert_;
    QCheckBox* acceptPoor_;
    QPushButton* preferCalibrated_;
    QPushButton* import_;
    QPushButton* clearImported_;
    QCheckBox* showMeasured_;
    QCheckBox* showBand_;
    QLabel* bandNote_;
    std::optional<calib::CalibrationReport> report_;
    bool reportApplied_ = false;
    int generation_ = 0;    // counts documents opened, so a fit started on one is not shown on the next
    int fitGeneration_ = 0; // the document the running fit belongs to
    QFutureWatcher<std::shared_ptr<CalibrationOutcome>> watcher_;
};

} // namespace calibration
} // namespace cs::app
