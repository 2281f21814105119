// The topology editor's edits: each is one undo step through the document
// (applyTopologyEdit), and pins the automatic positions first so nothing jumps.
#include "app/gui/topology/TopologyEditor.h"
#include "app/document/DocumentModel.h"
#include "app/gui/topology/TopologyEdits.h"
#include "app/gui/topology/TopologyItems.h"
#include "app/gui/topology/TopologyScene.h"
#include "app/gui/topology/TopologyToolbar.h"
#include "app/gui/topology/TopologyView.h"

#include <QGraphicsScene>

#include <set>

namespace cs::app {

QString TopologyEditor::report(const QString& err)
{
    if (err.isEmpty()) {
        error_.clear();
        updateStatus();
    } else {
        showMessage(err, true);
    }
    return err;
}

QString TopologyEditor::addVertex(VertexKind kind, QPointF scenePos, std::string* idOut)
{
    // The smallest free id (h3, sw0, seg1): the ids the model will hand the
    // edit are the ones on the scene.
    const std::string prefix = topoedit::idPrefix(kind);
    std::string id;
    for (int i = 0; id.empty() || scene_->vertexItem(id); ++i)
        id = prefix + std::to_string(i);
    auto positions = scene_->pinnedPositions();
    positions[id] = scenePos;
    const QString name = kind == VertexKind::Host ? tr("host") : kind == VertexKind::Switch ? tr("switch") : tr("segment");
    const QString err = applyTopologyEdit(
        model_, tr("Add %1 %2").arg(name, QString::fromStdString(id)),
        edit::op::addVertex(id, kind), positions);
    if (idOut)
        *idOut = err.isEmpty() ? id : std::string();
    return report(err);
}

QString TopologyEditor::addLink(int from, int to)
{
    if (!vertexItem(from) || !vertexItem(to) || from == to)
        return {};
    const std::string a = vertexItem(from)->id(), b = vertexItem(to)->id();
    const double bw = newLinkBandwidth();
    const int ch = newLinkChannels();
    return report(applyTopologyEdit(
        model_, tr("Link %1 \u2013 %2").arg(QString::fromStdString(a), QString::fromStdString(b)),
        edit::op::addLink(a, b, bw, ch), scene_->pinnedPositions()));
}

void TopologyEditor::setNewLinkDefaults(double bandwidth, int channels)
{
    toolbar_->setNewLinkDefaults(bandwidth, channels);
}

double TopologyEditor::newLinkBandwidth() const
{
    return toolbar_->newLinkBandwidth();
}

int TopologyEditor::newLinkChannels() const
{
    return toolbar_->newLinkChannels();
}

void TopologyEditor::setLinkMode(bool on)
{
    toolbar_->setLinkMode(on);
    view_->setLinkMode(on);
}

void TopologyEditor::deleteSelected()
{
    std::set<std::string> ids;
    std::set<LinkId> links;
    for (QGraphicsItem* it : scene_->scene()->selectedItems()) {
        if (auto* v = qgraphicsitem_cast<VertexItem*>(it))
            ids.insert(v->id());
        else if (auto* l = qgraphicsitem_cast<LinkItem*>(it))
            links.insert(model_->doc().topology.linkIdAt(static_cast<std::size_t>(l->index())));
    }
    if (ids.empty() && links.empty())
        return;
    const std::size_t n = ids.size() + links.size();
    const QString text = n == 1 ? (ids.empty() ? tr("Delete link") : tr("Delete %1").arg(QString::fromStdString(*ids.begin())))
                                : tr("Delete %1 items").arg(n);
    auto pinned = scene_->pinnedPositions();
    for (const std::string& id : ids)
        pinned.erase(id);
    report(applyTopologyEdit(model_, text, edit::op::removeTopologyItems(ids, links), pinned));
}

void TopologyEditor::onMoveFinished(const std::map<int, QPointF>& moved)
{
    std::map<std::string, QPointF> to;
    for (const auto& [v, p] : moved)
        if (VertexItem* item = vertexItem(v))
            to.emplace(item->id(), p);
    if (!to.empty())
        model_->moveVertices(to);
}

} // namespace cs::app
