// Copy, paste, duplicate and select all in the topology editor. The
// clipboard (graph::GraphClipboard) holds a piece of the drawing (topoedit::extract), written and
// read back by the topology's one writer and reader (TopologyJson.h), with
// the vertices' positions; a paste is one undo step (edit::pasteTopology
// gives the copies fresh ids) and selects what it added.
#include "app/gui/topology/TopologyEditor.h"
#include "app/document/DocumentModel.h"
#include "app/gui/topology/TopologyEdits.h"
#include "app/gui/topology/TopologyItems.h"
#include "app/gui/topology/TopologyScene.h"
#include "model/core/ModelError.h"
#include "model/document/DocumentEdits.h"
#include "model/topology/io/TopologyJson.h"

#include <QGraphicsScene>

#include <set>

namespace cs::app {

using nlohmann::json;

namespace {

// What the editor's edits work on: the document's drawing, or the drawing a
// generated network becomes when edited (`storage` then holds it).
const Network& drawingOf(const DesignDocument& doc, Network& storage)
{
    if (doc.topology.isDrawn())
        return doc.topology;
    storage = edit::drawnTopology(doc);
    return storage;
}

} // namespace

void TopologyEditor::selectAll()
{
    for (std::size_t v = 0; v < scene_->vertexCount(); ++v)
        scene_->vertexItem(static_cast<int>(v))->setSelected(true);
    for (std::size_t l = 0; l < scene_->linkCount(); ++l)
        scene_->linkItem(static_cast<int>(l))->setSelected(true);
}

bool TopologyEditor::copySelected()
{
    std::set<std::string> ids;
    for (QGraphicsItem* it : scene_->scene()->selectedItems())
        if (auto* v = qgraphicsitem_cast<VertexItem*>(it))
            ids.insert(v->id());
    if (ids.empty())
        return false;
    Network storage;
    const Network piece = topoedit::extract(drawingOf(model_->doc(), storage), ids);
    json clip{{"piece", writeNetwork(piece, {.job = false, .linkIds = false})}, {"positions", json::object()}};
    for (const std::string& id : ids)
        if (VertexItem* v = vertexItem(id))
            clip["positions"][id] = json::array({v->pos().x(), v->pos().y()});
    clipboard_.put(clip);
    return true;
}

QString TopologyEditor::paste()
{
    const std::optional<json> held = clipboard_.piece();
    if (!held)
        return report(tr("Nothing to paste: copy hosts, switches or segments first"));
    if (held->is_discarded())
        return report(tr("The clipboard's topology cannot be read"));
    const json& clip = *held;
    // The ids the copies get: those the same paste gives on the drawing the
    // edit starts from, so that their positions can go with the edit.
    Network piece;
    std::vector<std::pair<std::string, std::string>> renamed;
    try {
        piece = readNetwork(clip.value("piece", json::object()), "clipboard");
        if (!piece.isDrawn())
            return report(tr("The clipboard's topology holds no vertices"));
        Network storage;
        renamed = topoedit::pastedIds(drawingOf(model_->doc(), storage), piece);
    } catch (const ModelError& e) {
        return report(QString::fromStdString(e.what()));
    }
    auto positions = scene_->pinnedPositions();
    const json& at = clip.value("positions", json::object());
    for (const auto& [from, to] : renamed) {
        QPointF p(0, 0);
        if (auto it = at.find(from); it != at.end() && it->is_array() && it->size() == 2 && (*it)[0].is_number() &&
                                     (*it)[1].is_number())
            p = QPointF((*it)[0].get<double>(), (*it)[1].get<double>());
        positions[to] = p + clipboard_.nextOffset();
    }
    const QString err = applyTopologyEdit(
        model_, renamed.size() == 1 ? tr("Paste %1").arg(QString::fromStdString(renamed.front().second))
                                    : tr("Paste %1 items").arg(renamed.size()),
        edit::op::pasteTopology(std::move(piece)), positions);
    if (err.isEmpty()) {
        clipboard_.pasted(); // the next paste of the same copy lands beside this one, not on it
        scene_->scene()->clearSelection();
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
