#pragma once
// The inspector's editor of a formula block's definition (issue 31, section
// 6): its inputs (name, unit, default, whether `fit` fits it) and its outputs
// (name, declared unit, expression). Every keystroke checks the definition
// as the document reader would: each expression shows the unit it computes,
// or its error, with the characters at fault underlined in the field. Apply
// replaces the definition as one undoable edit (edit::setFormula), after
// which the block's ports are the new ones; Revert drops what was typed.
#include "model/formula/FormulaBlock.h"

#include <QGroupBox>
#include <QString>

#include <string>

class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;

namespace cs::app {
class DocumentModel;
}

namespace cs::app::inspector {

class FormulaEditor : public QGroupBox {
    Q_OBJECT
public:
    FormulaEditor(DocumentModel* model, const std::string& block, QWidget* parent = nullptr);

    // The definition as typed now (what Apply would write).
    FormulaDefinition definition() const;
    // The problem with it as the block would report it ("" when it builds).
    QString problem() const { return problem_; }
    // The status shown beside output `row`'s expression ("= s", or the error).
    QString outputStatus(int row) const;
    // The expression field of output `row`, and the span it marks as the error (start, length; -1 when none).
    QLineEdit* expressionField(int row) const;
    std::pair<int, int> marked(int row) const;

    QTableWidget* inputsTable() const { return inputs_; }
    QTableWidget* outputsTable() const { return outputs_; }
    QPushButton* applyButton() const { return apply_; }

    // Adds an empty input or output row (the + buttons).
    void addInput(const FormulaInput& in);
    void addOutput(const FormulaOutput& out);

private:
    // Checks what is typed; `edited`: by the user (Apply and Revert light up).
    void check(bool edited = true);
    void markError(int row, int start, int length);
    // An "x" in `column` of `row` that removes its row (the row is found again when clicked).
    void addRemoveButton(QTableWidget* table, int row, int column, const QString& tip);
    void applyDefinition();

    DocumentModel* model_;
    std::string block_;
    QTableWidget* inputs_;
    QTableWidget* outputs_;
    QLabel* status_;
    QPushButton* apply_;
    QPushButton* revert_;
    QString problem_;
    bool filling_ = false;
    bool dirty_ = false;
};

} // namespace cs::app::inspector
