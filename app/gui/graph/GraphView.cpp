#include "app/gui/graph/GraphView.h"

#include <QDragEnterEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QScrollBar>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace cs::app::graph {

GraphView::GraphView(QGraphicsScene* scene, QWidget* parent) : QGraphicsView(scene, parent)
{
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setDragMode(QGraphicsView::RubberBandDrag);
    setRubberBandSelectionMode(Qt::IntersectsItemShape);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setViewportUpdateMode(QGraphicsView::SmartViewportUpdate);
    setAcceptDrops(true);
}

void GraphView::setZoomRange(double smallest, double largest)
{
    smallest_ = smallest;
    largest_ = largest;
}

void GraphView::zoomBy(double factor)
{
    const double current = zoom();
    const double next = std::clamp(current * factor, smallest_, largest_);
    if (next == current)
        return;
    scale(next / current, next / current);
    emit zoomed();
}

void GraphView::zoomIn()
{
    zoomBy(kZoomStep);
}

void GraphView::zoomOut()
{
    zoomBy(1 / kZoomStep);
}

void GraphView::panBy(QPoint delta)
{
    horizontalScrollBar()->setValue(horizontalScrollBar()->value() - delta.x());
    verticalScrollBar()->setValue(verticalScrollBar()->value() - delta.y());
}

void GraphView::wheelEvent(QWheelEvent* e)
{
    const double steps = e->angleDelta().y() / 120.0;
    if (steps == 0.0) {
        QGraphicsView::wheelEvent(e);
        return;
    }
    zoomBy(std::pow(kZoomStep, steps));
    e->accept();
}

void GraphView::keyPressEvent(QKeyEvent* e)
{
    if (e->key() == Qt::Key_Delete || e->key() == Qt::Key_Backspace) {
        emit deleteRequested();
        e->accept();
        return;
    }
    QGraphicsView::keyPressEvent(e);
}

void GraphView::mousePressEvent(QMouseEvent* e)
{
    if (e->button() == Qt::MiddleButton) {
        panning_ = true;
        panFrom_ = e->position().toPoint();
        panAfter_ = viewport()->cursor();
        viewport()->setCursor(Qt::ClosedHandCursor);
        e->accept();
        return;
    }
    QGraphicsView::mousePressEvent(e);
}

void GraphView::mouseMoveEvent(QMouseEvent* e)
{
    if (panning_) {
        const QPoint at = e->position().toPoint();
        panBy(at - panFrom_);
        panFrom_ = at;
        e->accept();
        return;
    }
    QGraphicsView::mouseMoveEvent(e);
}

void GraphView::mouseReleaseEvent(QMouseEvent* e)
{
    if (panning_ && e->button() == Qt::MiddleButton) {
        panning_ = false;
        viewport()->setCursor(panAfter_);
        e->accept();
        return;
    }
    QGraphicsView::mouseReleaseEvent(e);
}

bool GraphView::takesDrop(const QMimeData*) const
{
    return false;
}

void GraphView::dropAt(const QMimeData*, QPointF) {}

void GraphView::dragEnterEvent(QDragEnterEvent* e)
{
    if (takesDrop(e->mimeData())) {
        e->setDropAction(Qt::CopyAction); // a palette's item is copied, never moved out of it
        e->accept();
    } else {
        e->ignore();
    }
}

void GraphView::dragMoveEvent(QDragMoveEvent* e)
{
    if (takesDrop(e->mimeData())) {
        e->setDropAction(Qt::CopyAction);
        e->accept();
    } else {
        e->ignore();
    }
}

void GraphView::dropEvent(QDropEvent* e)
{
    if (!takesDrop(e->mimeData())) {
        e->ignore();
        return;
    }
    e->setDropAction(Qt::CopyAction);
    e->accept();
    dropAt(e->mimeData(), mapToScene(e->position().toPoint()));
}

} // namespace cs::app::graph
