#include "app/gui/topology/PaletteButton.h"
#include "app/gui/topology/ItemStyle.h"

#include <QApplication>
#include <QDrag>
#include <QMimeData>
#include <QMouseEvent>

namespace cs::app {

QMimeData* vertexMimeData(VertexKind kind)
{
    auto* mime = new QMimeData;
    mime->setData(kVertexMimeType, QByteArray(vertexKindName(kind).data()));
    return mime;
}

std::optional<VertexKind> vertexKindFromMime(const QMimeData* mime)
{
    if (!mime || !mime->hasFormat(kVertexMimeType))
        return std::nullopt;
    const QByteArray k = mime->data(kVertexMimeType);
    return vertexKindFromName(std::string_view(k.constData(), static_cast<std::size_t>(k.size())));
}

PaletteButton::PaletteButton(VertexKind kind, QWidget* parent) : QToolButton(parent), kind_(kind)
{
    const QString name = kind == VertexKind::Host ? tr("Host") : kind == VertexKind::Switch ? tr("Switch") : tr("Segment");
    setObjectName(QStringLiteral("palette-") + QString::fromUtf8(vertexKindName(kind).data()));
    setText(name);
    const QPixmap pm = style::vertexPixmap(kind, 22);
    setIcon(QIcon(pm));
    setIconSize(pm.size());
    setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    setToolTip(kind == VertexKind::Host      ? tr("Host: drag onto the topology (or click to add one)")
               : kind == VertexKind::Switch  ? tr("Switch: drag onto the topology (or click to add one)")
                                             : tr("Shared segment (hub or bus): drag onto the topology (or click)"));
}

void PaletteButton::mousePressEvent(QMouseEvent* e)
{
    if (e->button() == Qt::LeftButton) {
        pressPos_ = e->position().toPoint();
        pressed_ = true;
    }
    QToolButton::mousePressEvent(e);
}

void PaletteButton::mouseMoveEvent(QMouseEvent* e)
{
    if (pressed_ && (e->buttons() & Qt::LeftButton) &&
        (e->position().toPoint() - pressPos_).manhattanLength() >= QApplication::startDragDistance()) {
        pressed_ = false;
        setDown(false); // a drag, not a click
        auto* drag = new QDrag(this);
        drag->setMimeData(vertexMimeData(kind_));
        const QPixmap pm = style::vertexPixmap(kind_, 30);
        drag->setPixmap(pm);
        drag->setHotSpot(QPoint(pm.width() / 2, pm.height() / 2));
        emit dragStarted(kind_);
        drag->exec(Qt::CopyAction);
        return;
    }
    QToolButton::mouseMoveEvent(e);
}

} // namespace cs::app
