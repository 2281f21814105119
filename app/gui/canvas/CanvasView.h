#pragma once
#include "app/gui/graph/GraphView.h"

#include <QString>

class QLabel;
class QTimer;

namespace cs::app::canvas {

// The MIME type a palette drag carries: the block type id as UTF-8.
inline constexpr const char* kBlockTypeMime = "application/x-clusterscope-block-type";

// The view of the block canvas: a graph view (zoom, pan, rubber-band
// selection, Delete: GraphView.h) that takes drops of block types from the
// palette, with a message strip along the bottom for the model's answers
// (e.g. why a wire was refused).
class CanvasView : public graph::GraphView {
    Q_OBJECT
public:
    explicit CanvasView(QGraphicsScene* scene, QWidget* parent = nullptr);

    // Shows `text` for a few seconds (red for an error).
    void showMessage(const QString& text, bool error);
    QString messageText() const;
    bool messageVisible() const;

signals:
    void blockTypeDropped(const QString& typeId, QPointF scenePos);

protected:
    bool takesDrop(const QMimeData* mime) const override;
    void dropAt(const QMimeData* mime, QPointF scenePos) override;
    void resizeEvent(QResizeEvent* e) override;

private:
    void placeMessage();

    QLabel* message_;
    QTimer* hide_;
};

} // namespace cs::app::canvas
