#pragma once
#include <QWidget>

class QGraphicsView;

namespace cs::app {

class DocumentModel;
class Selection;

// The block canvas: the design's blocks as nodes with input and output
// ports, laid out automatically on load; wires dragged from an output to an
// input (rejected with the model's reason); a palette of block types.
class BlockCanvas : public QWidget {
    Q_OBJECT
public:
    BlockCanvas(DocumentModel* model, Selection* selection, QWidget* parent = nullptr);
    QGraphicsView* view() const;
public slots:
    void zoomToFit();
    void deleteSelected();
};

} // namespace cs::app
