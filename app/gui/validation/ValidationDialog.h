#pragma once
#include "model/validation/Validation.h"

#include <QDialog>

#include <string>
#include <vector>

class QLabel;
class QTableWidget;

namespace cs {

// The validation report of `clusterscope-cli validate` in a dialog: every
// claim of the seed papers (presets/claims) with the paper's value, the
// model's, the relative error, fitted or predicted, and the verdict with its
// reason, then the summary counts. The work is model/validation's; this is
// only a view of it. Columns sort (numbers as numbers), the reason wraps,
// and Export... writes the table as CSV or Markdown (model/validation/ReportExport).
class ValidationDialog : public QDialog {
    Q_OBJECT
public:
    explicit ValidationDialog(const std::string& presetDirectory, QWidget* parent = nullptr);

    QTableWidget* table() const { return table_; }
    QString summary() const;
    // Writes the report to `path`: Markdown for .md, else CSV. Returns an
    // empty string, or the error naming the file.
    QString exportTo(const QString& path) const;

private:
    void exportAsked();

    std::vector<Claim> claims_; // the report points into these
    ValidationReport report_;
    QTableWidget* table_ = nullptr;
    QLabel* summary_ = nullptr;
};

} // namespace cs
