#pragma once
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
    // The evaluation error ("" when the design evaluates).
    QString evaluationError() const;

private:
    QTableWidget* outputs_;
    QLabel* evalError_;
};

} // namespace cs::app::inspector
