#pragma once
// A checkable list of the document's nodes, to pick the ones a probe runs
// on. Follows the document; a node keeps its check mark (by name) across
// edits, and new nodes come checked.
#include "app/runner/Node.h"

#include <QListWidget>

#include <set>
#include <string>

namespace cs::app {

class DocumentModel;

class NodePicker : public QListWidget {
    Q_OBJECT
public:
    explicit NodePicker(DocumentModel* model, QWidget* parent = nullptr);

    // The checked nodes, parsed (throws std::invalid_argument naming the
    // node when the document's list cannot be used).
    std::vector<runner::Node> checkedNodes() const;
    QStringList checkedNames() const;
    void setChecked(const QString& name, bool on);
    // "" or why the document's node list cannot be run.
    QString problem() const { return problem_; }

signals:
    void selectionChanged();

private:
    void reread();

    DocumentModel* model_;
    std::set<std::string> unchecked_; // names the user unchecked
    QString problem_;
};

} // namespace cs::app
