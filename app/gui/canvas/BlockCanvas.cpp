#include "app/gui/canvas/BlockCanvas.h"

#include <QGraphicsView>
#include <QVBoxLayout>

namespace cs::app {

// Placeholder until the block canvas lands.
BlockCanvas::BlockCanvas(DocumentModel*, Selection*, QWidget* parent) : QWidget(parent)
{
    auto* l = new QVBoxLayout(this);
    l->addWidget(new QGraphicsView(this));
}
QGraphicsView* BlockCanvas::view() const { return findChild<QGraphicsView*>(); }
void BlockCanvas::zoomToFit() {}
void BlockCanvas::deleteSelected() {}

} // namespace cs::app
