#pragma once
#include "model/document/DesignDocument.h"

#include <QWidget>

#include <string>
#include <utility>
#include <vector>

class QComboBox;
class QLabel;
class QLineEdit;
class QToolButton;
class QVBoxLayout;

namespace cs::app::sweeppanel {

// The swept parameters and their values, one row each: an editable combo of
// the document's settable parameters (design parameters first, then unwired
// block inputs), the values spec ("1:16", "1,2,4,8", "1:1024:log2", "64KiB,1MiB")
// and a remove button; "Add parameter" below. Every committed change (Enter,
// focus out, a choice in the combo, add, remove) emits axesEdited with the
// whole list; the panel applies it to the document, which validates it.
class SweepAxesEditor : public QWidget {
    Q_OBJECT
public:
    explicit SweepAxesEditor(QWidget* parent = nullptr);

    // Shows `axes` and offers the settable parameters of `doc`. Rows being
    // edited are left alone when the axes did not change.
    void setAxes(const DesignDocument& doc, const std::vector<SweepAxis>& axes);
    std::vector<SweepAxis> axes() const;
    // A message under the rows ("" hides it): why an edit was not applied.
    void setError(const QString& message);
    QString error() const;

    int rowCount() const { return static_cast<int>(rows_.size()); }
    QComboBox* pathEdit(int row) const { return rows_[static_cast<std::size_t>(row)].path; }
    QLineEdit* specEdit(int row) const { return rows_[static_cast<std::size_t>(row)].spec; }
    QToolButton* removeButton(int row) const { return rows_[static_cast<std::size_t>(row)].remove; }
    QToolButton* addButton() const { return add_; }

signals:
    void axesEdited(const std::vector<cs::SweepAxis>& axes);

private:
    struct Row {
        QWidget* widget;
        QComboBox* path;
        QLineEdit* spec;
        QToolButton* remove;
    };
    void rebuild(const std::vector<SweepAxis>& axes);
    void addRow(const SweepAxis& axis);
    void commit();
    SweepAxis suggestAxis() const;
    std::string suggestValues(int candidate) const; // for candidates_[candidate]

    QVBoxLayout* rowsLayout_;
    QToolButton* add_;
    QLabel* error_;
    std::vector<Row> rows_;
    std::vector<SweepAxis> shown_;     // what the rows showed when last set or committed
    QStringList candidates_;           // settable paths
    std::vector<double> candidateValues_; // their current values (SI), for suggestions
    std::vector<std::pair<Unit, std::string>> candidateUnits_; // their units and display units
};

} // namespace cs::app::sweeppanel
