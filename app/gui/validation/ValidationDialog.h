#pragma once
#include "model/validation/ClaimFit.h"
#include "model/validation/Validation.h"

#include <QDialog>
#include <QFutureWatcher>

#include <string>
#include <vector>

class QLabel;
class QPushButton;
class QTableWidget;

namespace cs {

// The validation report of `clusterscope-cli validate` in a dialog: every
// claim of the seed papers (presets/claims) with the paper's value, the
// model's, the relative error, fitted or predicted, and the verdict with its
// reason, then the summary counts. The work is model/validation's; this is
// only a view of it. Columns sort (numbers as numbers), the reason wraps,
// and Export... writes the table as CSV or Markdown (model/validation/ReportExport).
// "Fit to selected" is `validate --fit` on the selected rows: it fits the
// parameters that matter to those claims off the GUI thread, then shows every
// other claim as a prediction with the fitted values; the presets are not
// changed. "Presets as they are" shows the plain report again.
class ValidationDialog : public QDialog {
    Q_OBJECT
public:
    explicit ValidationDialog(const std::string& presetDirectory, QWidget* parent = nullptr);
    ~ValidationDialog() override;

    QTableWidget* table() const { return table_; }
    QString summary() const;
    // The fitted values and how the fit went, or why it could not run.
    QString fitText() const;
    QPushButton* fitButton() const { return fitButton_; }
    QPushButton* resetButton() const { return resetButton_; }
    // The claim ids of the selected rows, in the table's order.
    std::vector<std::string> selectedClaims() const;
    // Starts the fit to `ids` (the selected rows when empty); fitFinished
    // follows, also when it fails.
    void fitTo(std::vector<std::string> ids = {});

    // Writes the report to `path`: Markdown for .md, else CSV. Returns an
    // empty string, or the error naming the file.
    QString exportTo(const QString& path) const;

signals:
    void fitFinished();

private:
    void exportAsked();
    void showReport();
    void fitDone();
    void showPresets();

    struct FitOutcome {
        ClaimFitResult result;
        std::string error;
    };

    std::string presetDirectory_;
    std::vector<Claim> claims_; // the reports point into these
    ValidationReport presetsReport_;
    ValidationReport report_; // shown: the presets' or the fit's
    QTableWidget* table_ = nullptr;
    QLabel* summary_ = nullptr;
    QLabel* fitLabel_ = nullptr;
    QPushButton* fitButton_ = nullptr;
    QPushButton* resetButton_ = nullptr;
    QFutureWatcher<FitOutcome> fitWatcher_;
};

} // namespace cs
