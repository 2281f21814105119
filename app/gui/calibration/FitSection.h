#pragma once
// The Calibration dock's "Program" page (issue 31, section 4): the inputs of a formula block marked
// "fit" fitted to the runs of the user's program that the document holds (run-app --into, Load results on
// the Verify page), as `clusterscope-cli fit` does it and through the same code (cs::calib::fitFormula,
// searchFormula):
//  - Fit fits them, off the GUI thread, with the P values to hold out; the table gives each value with its
//    95% interval and whether it may be applied, the points table each P measured against predicted (held
//    out marked, the leave-one-out prediction beside), the summary R^2, SMAPE and the leave-one-out error;
//  - Search finds the compute term the formula does not have (Extra-P's c P^a log2(P)^b, ranked by
//    leave-one-out error): the hypotheses, best first, and each P predicted by the best;
//  - Apply sets the fitted values (provenance calibrated, with the interval), or the found term as the
//    block's T_found, as one undo step. The sweep chart then draws the fitted design's curve, and the
//    Verify page its band and the measured points.
#include "model/calibration/FormulaFit.h"

#include <QFutureWatcher>
#include <QWidget>

#include <memory>
#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSplitter;
class QTableWidget;

namespace cs::app {

class DocumentModel;

namespace calibration {

struct FitOutcome {
    std::optional<calib::FormulaFitReport> fit;
    std::optional<calib::FormulaSearchReport> search;
    calib::FormulaFitOptions options;
    std::vector<std::string> runNotes; // runs of other arguments left out, or a warning (calib::runsToFit)
    QString error;
};

class FitSection : public QWidget {
    Q_OBJECT
public:
    explicit FitSection(DocumentModel* model, QWidget* parent = nullptr);
    ~FitSection() override;

    QComboBox* blockBox() const { return block_; }
    QLineEdit* holdOutEdit() const { return holdOut_; } // "P = 8"
    QCheckBox* acceptPoorFitsBox() const { return acceptPoor_; }
    QPushButton* fitButton() const { return fit_; }
    QPushButton* searchButton() const { return search_; }
    QPushButton* applyButton() const { return apply_; }
    QTableWidget* inputsTable() const { return inputs_; }
    QTableWidget* pointsTable() const { return points_; }
    QTableWidget* hypothesesTable() const { return hypotheses_; }
    QString statusText() const;
    QString summaryText() const;
    bool isRunning() const { return watcher_.isRunning(); }

public slots:
    void fit();    // fits the block's inputs marked fit
    void search(); // searches the compute term
    void apply();  // applies the shown fit or the best term: one undo step

signals:
    void finished(); // a fit or search ended (its tables are filled)

private:
    void start(bool searching);
    void onFinished();
    void fillBlocks();
    void fillFit(const calib::FormulaFitReport& r);
    void fillSearch(const calib::FormulaSearchReport& r);
    void setStatus(const QString& text, bool error = false);
    // Fits the table's columns to its width (ColumnFitter), then the splitter's heights to the rows.
    void refit(QTableWidget* t);
    void fitHeights();

    DocumentModel* model_;
    QComboBox* block_;
    QLineEdit* holdOut_;
    QCheckBox* acceptPoor_;
    QPushButton *fit_, *search_, *apply_;
    QTableWidget *inputs_, *points_, *hypotheses_;
    QSplitter* tables_ = nullptr; // the inputs' (or hypotheses') table over the points'
    QLabel *summary_, *status_;
    QFutureWatcher<std::shared_ptr<FitOutcome>> watcher_;
    std::shared_ptr<FitOutcome> shown_;
};

} // namespace calibration
} // namespace cs::app
