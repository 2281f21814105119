#pragma once
// The "Nodes" dock: the document's node list as a table (NodeTableModel),
// with buttons to add nodes (one at a time, or from a --nodes SPEC such as
// "local:cpu=0,local:cpu=1") and remove the selected ones. A refused edit
// shows its reason under the table; so does a node that is not complete yet.
#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;
class QToolButton;

namespace cs::app {

class DocumentModel;
class NodeTableModel;

class NodeListEditor : public QWidget {
    Q_OBJECT
public:
    explicit NodeListEditor(DocumentModel* model, QWidget* parent = nullptr);

    NodeTableModel* tableModel() const { return table_; }
    QTableView* view() const { return view_; }
    QLineEdit* specEdit() const { return spec_; }
    QPushButton* addSpecButton() const { return addSpec_; }
    QToolButton* addButton() const { return add_; }
    QPushButton* removeButton() const { return remove_; }
    QCheckBox* allFieldsToggle() const { return allFields_; }
    // The message shown under the table ("" when none).
    QString message() const;

public slots:
    void removeSelected();

private:
    void showMessage(const QString& text, bool error);
    void refreshProblem();
    void updateColumns();

    DocumentModel* model_;
    NodeTableModel* table_;
    QTableView* view_;
    QToolButton* add_;
    QPushButton* remove_;
    QLineEdit* spec_;
    QPushButton* addSpec_;
    QCheckBox* allFields_;
    QLabel* message_;
};

} // namespace cs::app
