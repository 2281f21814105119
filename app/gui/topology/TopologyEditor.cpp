#include "app/gui/topology/TopologyEditor.h"

#include <QGraphicsView>
#include <QVBoxLayout>

namespace cs::app {

// Placeholder until the topology editor lands.
TopologyEditor::TopologyEditor(DocumentModel*, Selection*, QWidget* parent) : QWidget(parent)
{
    auto* l = new QVBoxLayout(this);
    l->addWidget(new QGraphicsView(this));
}
QGraphicsView* TopologyEditor::view() const { return findChild<QGraphicsView*>(); }
void TopologyEditor::zoomIn() {}
void TopologyEditor::zoomOut() {}
void TopologyEditor::zoomToFit() {}
void TopologyEditor::deleteSelected() {}
void TopologyEditor::showGeneratorDialog() {}

} // namespace cs::app
