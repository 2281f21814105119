#include "app/gui/graph/GraphClipboard.h"
#include "app/gui/widgets/PasteOffset.h"

#include <QApplication>
#include <QClipboard>
#include <QMimeData>

namespace cs::app::graph {

void GraphClipboard::put(const nlohmann::json& piece)
{
    pastes_ = 0;
    const QByteArray bytes = QByteArray::fromStdString(piece.dump());
    auto* mime = new QMimeData;
    mime->setData(mime_, bytes);
    mime->setText(QString::fromUtf8(bytes));
    QApplication::clipboard()->setMimeData(mime);
}

std::optional<nlohmann::json> GraphClipboard::piece() const
{
    const QMimeData* mime = QApplication::clipboard()->mimeData();
    if (!mime || !mime->hasFormat(mime_))
        return std::nullopt;
    return nlohmann::json::parse(mime->data(mime_).toStdString(), nullptr, false);
}

QPointF GraphClipboard::nextOffset(double step) const
{
    return pasteOffset(pastes_, step);
}

} // namespace cs::app::graph
