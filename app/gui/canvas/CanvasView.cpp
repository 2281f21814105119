#include "app/gui/canvas/CanvasView.h"

#include <QDragEnterEvent>
#include <QKeyEvent>
#include <QLabel>
#include <QMimeData>
#include <QScrollBar>
#include <QTimer>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace cs::app::canvas {

CanvasView::CanvasView(QGraphicsScene* scene, QWidget* parent) : QGraphicsView(scene, parent)
{
    setObjectName("blockCanvasView");
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setDragMode(QGraphicsView::RubberBandDrag);
    setRubberBandSelectionMode(Qt::IntersectsItemShape);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setViewportUpdateMode(QGraphicsView::SmartViewportUpdate);
    setAcceptDrops(true);
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
    QGraphicsView::resizeEvent(e);
    placeMessage();
}

void CanvasView::zoomBy(double factor)
{
    const double current = transform().m11();
    const double next = std::clamp(current * factor, 0.1, 4.0);
    scale(next / current, next / current);
}

void CanvasView::wheelEvent(QWheelEvent* e)
{
    const double steps = e->angleDelta().y() / 120.0;
    if (steps == 0.0) {
        QGraphicsView::wheelEvent(e);
        return;
    }
    zoomBy(std::pow(1.15, steps));
    e->accept();
}

void CanvasView::dragEnterEvent(QDragEnterEvent* e)
{
    if (e->mimeData()->hasFormat(kBlockTypeMime))
        e->acceptProposedAction();
    else
        QGraphicsView::dragEnterEvent(e);
}

void CanvasView::dragMoveEvent(QDragMoveEvent* e)
{
    if (e->mimeData()->hasFormat(kBlockTypeMime))
        e->acceptProposedAction();
    else
        QGraphicsView::dragMoveEvent(e);
}

void CanvasView::dropEvent(QDropEvent* e)
{
    if (!e->mimeData()->hasFormat(kBlockTypeMime)) {
        QGraphicsView::dropEvent(e);
        return;
    }
    const QString type = QString::fromUtf8(e->mimeData()->data(kBlockTypeMime));
    e->acceptProposedAction();
    emit blockTypeDropped(type, mapToScene(e->position().toPoint()));
}

void CanvasView::keyPressEvent(QKeyEvent* e)
{
    if (e->key() == Qt::Key_Delete || e->key() == Qt::Key_Backspace) {
        emit deleteRequested();
        e->accept();
        return;
    }
    QGraphicsView::keyPressEvent(e);
}

} // namespace cs::app::canvas
