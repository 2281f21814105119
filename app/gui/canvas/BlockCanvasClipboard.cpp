// Copy, paste, duplicate and select all on the block canvas. The clipboard
// (graph::GraphClipboard) holds DocumentModel::copyBlocks' JSON (blocks, their
// set values, positions and the wires into them); a paste is one undo step and
// selects the copies.
#include "app/document/DocumentModel.h"
#include "app/gui/canvas/BlockCanvas.h"
#include "app/gui/canvas/BlockNode.h"
#include "app/gui/canvas/CanvasScene.h"

#include <nlohmann/json.hpp>

namespace cs::app {

using namespace canvas;

namespace {
// Between a paste and what it was pasted from; and the height of a copied block no longer drawn here.
constexpr double kPasteMargin = 24, kBlockHeight = 120;
} // namespace

void BlockCanvas::selectAll()
{
    for (QGraphicsItem* it : scene_->items())
        if (it->flags() & QGraphicsItem::ItemIsSelectable)
            it->setSelected(true);
}

bool BlockCanvas::copySelected()
{
    QStringList names;
    for (QGraphicsItem* it : scene_->selectedItems())
        if (it->type() == BlockNode::Type && !static_cast<BlockNode*>(it)->isParam())
            names << static_cast<BlockNode*>(it)->name();
    if (names.isEmpty())
        return false;
    // Every copy with the position it is drawn at: a block laid out automatically has none in the document,
    // and its copy would otherwise be laid out anew, possibly on top of the original.
    nlohmann::json piece = model_->copyBlocks(names);
    for (nlohmann::json& b : piece["blocks"])
        if (!b.contains("pos")) {
            const QPointF p = positionOf(QString::fromStdString(b["name"].get<std::string>()));
            b["pos"] = nlohmann::json::array({p.x(), p.y()});
        }
    clipboard_.put(piece);
    return true;
}

QString BlockCanvas::paste()
{
    const std::optional<nlohmann::json> clip = clipboard_.piece();
    QString err;
    QStringList added;
    if (!clip) {
        err = tr("Nothing to paste: copy blocks first");
    } else {
        const nlohmann::json& piece = *clip;
        // Down and to the right by the height of what was copied and a margin: clear of it, and each further
        // paste of the same copy clear of the one before (40 px put a block almost on top of its original:
        // issue 48, defect 10).
        QRectF copied;
        if (!piece.is_discarded() && piece.contains("blocks") && piece["blocks"].is_array())
            for (const nlohmann::json& b : piece["blocks"])
                if (b.contains("name") && b["name"].is_string())
                    if (BlockNode* n = node(QString::fromStdString(b["name"].get<std::string>())))
                        copied |= QRectF(n->pos(), n->size());
        const double step = (copied.isEmpty() ? kBlockHeight : copied.height()) + kPasteMargin;
        err = piece.is_discarded() ? tr("The clipboard's blocks cannot be read")
                                   : model_->pasteBlocks(piece, clipboard_.nextOffset(step), &added);
    }
    if (!err.isEmpty()) {
        showMessage(err, true);
        return err;
    }
    clipboard_.pasted(); // the next paste of the same copy lands beside this one, not on it
    scene_->clearSelection();
    for (const QString& n : added)
        if (BlockNode* node = this->node(n))
            node->setSelected(true);
    showMessage(tr("Pasted %1").arg(added.join(", ")), false);
    return {};
}

QString BlockCanvas::duplicateSelected()
{
    if (!copySelected()) {
        const QString err = tr("Nothing to duplicate: select blocks first");
        showMessage(err, true);
        return err;
    }
    return paste();
}

} // namespace cs::app
