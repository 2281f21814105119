#pragma once
#include "app/plots/RateUnit.h"

#include <QWidget>

#include <string>

class QLabel;
class QTableWidget;

namespace cs::app {
class DocumentModel;
}

namespace cs::app::inspector {

// The inspector's form for one block instance: its type and source, its
// inputs (editable through DocumentModel::setValue, read-only when wired),
// and its outputs as the design currently evaluates them.
class BlockForm : public QWidget {
    Q_OBJECT
public:
    BlockForm(DocumentModel* model, const std::string& block, QWidget* parent = nullptr);

    QTableWidget* outputs() const { return outputs_; }
    const std::string& blockName() const { return block_; }
    // After values changed alone (a designChanged whose Change lists values only): updates the
    // provenance and reset button of each input and the outputs in place,
    // keeping the editors (and the one being typed in) as they are.
    void refreshValues();
    // The evaluation error ("" when the design evaluates).
    QString evaluationError() const;

private:
    void fillOutputs();

    DocumentModel* model_;
    std::string block_;
    QTableWidget* outputs_;
    QLabel* evalError_;
    // Every bandwidth of the form, inputs and outputs, is written in this
    // one unit (chosen when the form is built, from the largest of them).
    plots::RateUnit rate_;
};

} // namespace cs::app::inspector
