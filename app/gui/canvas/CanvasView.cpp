#include "app/gui/canvas/CanvasView.h"

#include <QLabel>
#include <QMimeData>
#include <QTimer>

#include <algorithm>

namespace cs::app::canvas {

CanvasView::CanvasView(QGraphicsScene* scene, QWidget* parent) : GraphView(scene, parent)
{
    setObjectName("blockCanvasView");
    setZoomRange(0.1, 4.0);
    setBackgroundBrush(QColor(0xf2, 0xf4, 0xf7));

    message_ = new QLabel(viewport());
    message_->setObjectName("canvasMessage");
    message_->setWordWrap(true);
    message_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    message_->hide();
    hide_ = new QTimer(this);
    hide_->setSingleShot(true);
    connect(hide_, &QTimer::timeout, message_, &QLabel::hide);
}

void CanvasView::showMessage(const QString& text, bool error)
{
    message_->setText(text);
    message_->setStyleSheet(error ? "QLabel { background: #fde8e8; color: #9b1c1c; border: 1px solid #e0a0a0;"
                                    " border-radius: 4px; padding: 5px 8px; }"
                                  : "QLabel { background: #eef5ff; color: #1d3b66; border: 1px solid #a9c2e6;"
                                    " border-radius: 4px; padding: 5px 8px; }");
    message_->setVisible(!text.isEmpty());
    placeMessage();
    message_->raise();
    hide_->start(error ? 8000 : 4000);
}

QString CanvasView::messageText() const
{
    return message_->text();
}

bool CanvasView::messageVisible() const
{
    return message_->isVisible();
}

void CanvasView::placeMessage()
{
    const int margin = 8;
    const int w = std::max(120, viewport()->width() - 2 * margin);
    message_->setFixedWidth(w);
    message_->adjustSize();
    message_->move(margin, viewport()->height() - message_->height() - margin);
}

void CanvasView::resizeEvent(QResizeEvent* e)
{
    GraphView::resizeEvent(e);
    placeMessage();
}

bool CanvasView::takesDrop(const QMimeData* mime) const
{
    return mime->hasFormat(kBlockTypeMime);
}

void CanvasView::dropAt(const QMimeData* mime, QPointF scenePos)
{
    emit blockTypeDropped(QString::fromUtf8(mime->data(kBlockTypeMime)), scenePos);
}

} // namespace cs::app::canvas
