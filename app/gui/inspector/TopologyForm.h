#pragma once
#include <QString>
#include <QStringList>
#include <QWidget>

namespace cs {
class Topology;
}
namespace cs::app {
class DocumentModel;
}

namespace cs::app::inspector {

// The inspector's form for a topology vertex (host, switch, segment) or a
// link, read from DocumentModel::drawing(): a drawing in progress that
// does not make a usable network yet is edited too, the problem said below. Properties are edited through
// edit::setVertexProperty and edit::setLinkProperty (one undo step; a
// generated topology becomes an explicit one). With several items selected
// (Selection::keys) the form shows the first and an edit applies to all of
// its kind.
class TopologyForm : public QWidget {
    Q_OBJECT
public:
    enum class What { Vertex, Link };
    TopologyForm(DocumentModel* model, What what, const QStringList& keys, QWidget* parent = nullptr);

private:
    void buildVertex(DocumentModel* model, const Topology& t, const QStringList& ids);
    void buildLink(DocumentModel* model, const Topology& t, const QStringList& indexes);
};

} // namespace cs::app::inspector
