// The topology editor's selection: the scene's selected items and the shared Selection (the inspector's) kept
// in step both ways, and the selected links followed by their ends when another network renumbers them.
#include "app/gui/topology/TopologyEditor.h"
#include "app/document/DocumentModel.h"
#include "app/gui/Selection.h"
#include "app/gui/topology/TopologyItems.h"
#include "app/gui/topology/TopologyScene.h"
#include "app/gui/topology/TopologyView.h"

#include <QGraphicsScene>

#include <algorithm>
#include <set>

namespace cs::app {

void TopologyEditor::onSceneSelection()
{
    // (Not called while the scene rebuilds: TopologyScene::selectionChanged comes once, after it.)
    if (syncing_ || !selection_)
        return;
    QGraphicsScene* scene = scene_->scene();
    const QList<QGraphicsItem*> items = scene->selectedItems();
    if (items.isEmpty()) {
        if (selection_->kind() == Selection::Kind::Vertex || selection_->kind() == Selection::Kind::Link)
            selection_->clear();
        return;
    }
    auto keyOf = [](QGraphicsItem* it, Selection::Kind* kind) -> QString {
        if (auto* v = qgraphicsitem_cast<VertexItem*>(it)) {
            *kind = Selection::Kind::Vertex;
            return QString::fromStdString(v->id());
        }
        if (auto* l = qgraphicsitem_cast<LinkItem*>(it)) {
            *kind = Selection::Kind::Link;
            return QString::number(l->index());
        }
        *kind = Selection::Kind::None;
        return {};
    };
    // The one shown: the current one if it is still selected, else the one
    // under the mouse, else the first. The others of its kind come with it,
    // in the scene's order, so that an edit applies to all of them.
    Selection::Kind kind = Selection::Kind::None;
    QString primary;
    for (QGraphicsItem* it : items) {
        Selection::Kind k;
        const QString key = keyOf(it, &k);
        if (k == selection_->kind() && key == selection_->key()) {
            kind = k;
            primary = key;
        }
    }
    if (primary.isEmpty()) {
        QGraphicsItem* first = scene->mouseGrabberItem() && scene->mouseGrabberItem()->isSelected()
                                   ? scene->mouseGrabberItem()
                                   : items.front();
        primary = keyOf(first, &kind);
    }
    if (kind == Selection::Kind::None)
        return;
    QStringList keys{primary};
    for (QGraphicsItem* it : items) {
        Selection::Kind k;
        const QString key = keyOf(it, &k);
        if (k == kind && !keys.contains(key))
            keys << key;
    }
    syncing_ = true;
    selection_->selectMany(kind, keys);
    syncing_ = false;
}

std::optional<std::pair<std::string, std::string>> TopologyEditor::linkEnds(std::size_t index) const
{
    // The network, or the drawing in progress.
    const std::shared_ptr<const Topology> t = model_->drawing();
    if (!t || index >= t->edgeCount())
        return std::nullopt;
    const auto [a, b] = t->endpoints(index);
    return std::pair{std::string(t->id(a)), std::string(t->id(b))};
}

void TopologyEditor::resolveLinkSelection(const std::vector<std::pair<std::string, std::string>>& ends)
{
    // A link is selected by its index in the network's link order, and another network (a generator run
    // again, a link removed before it) may put another link at that index (issue 34, defect 8). The selection
    // follows the links by their ends, or goes when one of them is gone.
    if (!selection_ || ends.empty())
        return;
    QStringList keys;
    std::set<std::size_t> used;
    const std::size_t count = model_->drawing() ? model_->drawing()->edgeCount() : 0;
    for (const auto& [a, b] : ends) {
        bool found = false;
        for (std::size_t e = 0; e < count && !found; ++e) {
            const auto now = linkEnds(e);
            if (!now)
                break;
            if (!used.count(e) && ((now->first == a && now->second == b) || (now->first == b && now->second == a))) {
                used.insert(e);
                keys << QString::number(e);
                found = true;
            }
        }
        if (!found) {
            selection_->clear();
            return;
        }
    }
    selection_->selectMany(Selection::Kind::Link, keys);
}

void TopologyEditor::onSelectionChanged()
{
    // The selected links' ends, to find them again in another network (resolveLinkSelection).
    selectedLinkEnds_.clear();
    if (selection_->kind() == Selection::Kind::Link)
        for (const QString& key : selection_->keys())
            if (const auto ends = linkEnds(static_cast<std::size_t>(key.toULongLong())))
                selectedLinkEnds_.push_back(*ends);
    if (syncing_)
        return;
    std::vector<QGraphicsItem*> want;
    for (const QString& key : selection_->keys()) {
        QGraphicsItem* it = nullptr;
        if (selection_->kind() == Selection::Kind::Vertex)
            it = vertexItem(key.toStdString());
        else if (selection_->kind() == Selection::Kind::Link)
            it = linkItem(key.toInt());
        if (it)
            want.push_back(it);
    }
    const QList<QGraphicsItem*> now = scene_->scene()->selectedItems();
    if (static_cast<std::size_t>(now.size()) == want.size() &&
        std::all_of(want.begin(), want.end(), [](QGraphicsItem* it) { return it->isSelected(); }))
        return;
    syncing_ = true;
    scene_->scene()->clearSelection();
    for (QGraphicsItem* it : want)
        it->setSelected(true);
    if (!want.empty())
        view_->ensureVisible(want.front());
    syncing_ = false;
}

} // namespace cs::app
