#pragma once
#include <QDialog>

#include <string>

class QLabel;
class QTableWidget;

namespace cs {

// The validation report of `clusterscope-cli validate` in a dialog: every
// claim of the seed papers (presets/claims) with the paper's value, the
// model's, the relative error, fitted or predicted, and the verdict with its
// reason, then the summary counts. The work is model/validation's; this is
// only a view of it.
class ValidationDialog : public QDialog {
    Q_OBJECT
public:
    explicit ValidationDialog(const std::string& presetDirectory, QWidget* parent = nullptr);

    QTableWidget* table() const { return table_; }
    QString summary() const;

private:
    QTableWidget* table_ = nullptr;
    QLabel* summary_ = nullptr;
};

} // namespace cs
