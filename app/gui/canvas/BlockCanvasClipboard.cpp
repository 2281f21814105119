// Copy, paste, duplicate and select all on the block canvas. The clipboard
// holds DocumentModel::copyBlocks' JSON (blocks, their set values, positions
// and the wires into them); a paste is one undo step and selects the copies.
#include "app/document/DocumentModel.h"
#include "app/gui/canvas/BlockCanvas.h"
#include "app/gui/canvas/BlockNode.h"
#include "app/gui/canvas/CanvasScene.h"

#include <QApplication>
#include <QClipboard>
#include <QMimeData>

#include <nlohmann/json.hpp>

namespace cs::app {

using namespace canvas;

namespace {
const char* kMime = "application/x-clusterscope-blocks";
constexpr double kPasteOffset = 40; // scene units: a copy lands beside its original
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
    const QByteArray bytes = QByteArray::fromStdString(model_->copyBlocks(names).dump());
    auto* mime = new QMimeData;
    mime->setData(kMime, bytes);
    mime->setText(QString::fromUtf8(bytes));
    QApplication::clipboard()->setMimeData(mime);
    return true;
}

QString BlockCanvas::paste()
{
    const QMimeData* mime = QApplication::clipboard()->mimeData();
    QString err;
    QStringList added;
    if (!mime || !mime->hasFormat(kMime)) {
        err = tr("Nothing to paste: copy blocks first");
    } else {
        const nlohmann::json piece = nlohmann::json::parse(mime->data(kMime).toStdString(), nullptr, false);
        err = piece.is_discarded() ? tr("The clipboard's blocks cannot be read")
                                   : model_->pasteBlocks(piece, QPointF(kPasteOffset, kPasteOffset), &added);
    }
    if (!err.isEmpty()) {
        showMessage(err, true);
        return err;
    }
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
