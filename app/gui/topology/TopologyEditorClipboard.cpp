// Copy, paste, duplicate and select all in the topology editor. The
// clipboard holds a piece of explicit topology JSON (topoedit::extract) with
// the vertices' positions; a paste is one undo step (topoedit::paste gives
// the copies fresh ids) and selects what it added.
#include "app/gui/topology/TopologyEditor.h"
#include "app/document/DocumentModel.h"
#include "app/gui/topology/TopologyEdits.h"
#include "app/gui/topology/TopologyItems.h"
#include "app/gui/widgets/PasteOffset.h"
#include "model/core/ModelError.h"
#include "model/topology/io/TopologyJson.h"

#include <QApplication>
#include <QClipboard>
#include <QGraphicsScene>
#include <QMimeData>

#include <set>

namespace cs::app {

using nlohmann::json;

namespace {
const char* kMime = "application/x-clusterscope-topology";
} // namespace

json TopologyEditor::explicitTopology() const
{
    const json& t = model_->doc().topology;
    if (t.is_object() && !t.contains("generator"))
        return t;
    if (model_->topology())
        return topologyToJson(*model_->topology(), TopologyJsonForm::Explicit);
    return json{{"vertices", json::array()}, {"edges", json::array()}};
}

void TopologyEditor::selectAll()
{
    for (VertexItem* v : vertices_)
        v->setSelected(true);
    for (LinkItem* l : links_)
        l->setSelected(true);
}

bool TopologyEditor::copySelected()
{
    std::set<std::string> ids;
    for (QGraphicsItem* it : scene_->selectedItems())
        if (auto* v = qgraphicsitem_cast<VertexItem*>(it))
            ids.insert(v->id());
    if (ids.empty())
        return false;
    json clip{{"piece", topoedit::extract(explicitTopology(), ids)}, {"positions", json::object()}};
    pastes_ = 0;
    for (const std::string& id : ids)
        if (VertexItem* v = vertexItem(id))
            clip["positions"][id] = json::array({v->pos().x(), v->pos().y()});
    auto* mime = new QMimeData;
    const QByteArray bytes = QByteArray::fromStdString(clip.dump());
    mime->setData(kMime, bytes);
    mime->setText(QString::fromUtf8(bytes));
    QApplication::clipboard()->setMimeData(mime);
    return true;
}

QString TopologyEditor::paste()
{
    const QMimeData* mime = QApplication::clipboard()->mimeData();
    if (!mime || !mime->hasFormat(kMime))
        return report(tr("Nothing to paste: copy hosts, switches or segments first"));
    json clip;
    try {
        clip = json::parse(mime->data(kMime).toStdString());
    } catch (const json::exception&) {
        return report(tr("The clipboard's topology cannot be read"));
    }
    const json piece = clip.value("piece", json::object());
    // The ids the copies get: those the same paste gives on the topology the
    // edit starts from, so that their positions can go with the edit.
    std::map<std::string, std::string> renamed;
    try {
        json probe = explicitTopology();
        renamed = topoedit::paste(probe, piece);
    } catch (const ModelError& e) {
        return report(QString::fromStdString(e.what()));
    }
    auto positions = pinnedPositions();
    const json& at = clip.value("positions", json::object());
    for (const auto& [from, to] : renamed) {
        QPointF p(0, 0);
        if (auto it = at.find(from); it != at.end() && it->is_array() && it->size() == 2 && (*it)[0].is_number() &&
                                     (*it)[1].is_number())
            p = QPointF((*it)[0].get<double>(), (*it)[1].get<double>());
        positions[to] = p + pasteOffset(pastes_);
    }
    const QString err = applyTopologyEdit(
        model_, renamed.size() == 1 ? tr("Paste %1").arg(QString::fromStdString(renamed.begin()->second))
                                    : tr("Paste %1 items").arg(renamed.size()),
        edit::op::editTopology([piece](json& t) { topoedit::paste(t, piece); }),
        positions);
    if (err.isEmpty()) {
        ++pastes_; // the next paste of the same copy lands beside this one, not on it
        scene_->clearSelection();
        for (const auto& [from, to] : renamed)
            if (VertexItem* v = vertexItem(to))
                v->setSelected(true);
    }
    return report(err);
}

QString TopologyEditor::duplicateSelected()
{
    if (!copySelected())
        return report(tr("Nothing to duplicate: select hosts, switches or segments first"));
    return paste();
}

} // namespace cs::app
