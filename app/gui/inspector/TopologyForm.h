#pragma once
#include <QString>
#include <QWidget>

namespace cs::app {
class DocumentModel;
}

namespace cs::app::inspector {

// The inspector's form for a topology vertex (host, switch, segment) or a
// link, read from DocumentModel::topology(). Properties are edited through
// DocumentModel::editTopology on the explicit topology JSON (one undo step;
// a generated topology becomes an explicit one).
class TopologyForm : public QWidget {
    Q_OBJECT
public:
    enum class What { Vertex, Link };
    TopologyForm(DocumentModel* model, What what, const QString& key, QWidget* parent = nullptr);

private:
    void buildVertex(DocumentModel* model, const QString& id);
    void buildLink(DocumentModel* model, const QString& index);
};

} // namespace cs::app::inspector
