#pragma once
#include <QWidget>

class QGraphicsView;

namespace cs::app {

class DocumentModel;
class Selection;

// The topology editor: a palette of hosts, switches and segments dragged
// onto a QGraphicsScene, links drawn by dragging between items, rubber-band
// selection, zoom and fit, and a generator dialog.
class TopologyEditor : public QWidget {
    Q_OBJECT
public:
    TopologyEditor(DocumentModel* model, Selection* selection, QWidget* parent = nullptr);
    QGraphicsView* view() const;
public slots:
    void zoomIn();
    void zoomOut();
    void zoomToFit();
    void deleteSelected();
    void showGeneratorDialog();
};

} // namespace cs::app
