#pragma once
#include "model/topology/graph/Topology.h"

#include <QToolButton>

#include <optional>

class QMimeData;

namespace cs::app {

// A palette entry for one vertex kind. Dragging it starts a real drag
// (QDrag) carrying vertexMimeType(); clicking it emits clicked(), which the
// editor takes as "add one in the middle of the view".
class PaletteButton : public QToolButton {
    Q_OBJECT
public:
    PaletteButton(VertexKind kind, QWidget* parent = nullptr);
    VertexKind kind() const { return kind_; }

signals:
    // A drag of this kind is about to start (QDrag::exec follows).
    void dragStarted(cs::VertexKind kind);

protected:
    void mousePressEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;

private:
    VertexKind kind_;
    QPoint pressPos_;
    bool pressed_ = false;
};

// The drag payload: "host", "switch" or "segment".
inline constexpr const char* kVertexMimeType = "application/x-clusterscope-vertex";
QMimeData* vertexMimeData(VertexKind kind);
std::optional<VertexKind> vertexKindFromMime(const QMimeData* mime);

} // namespace cs::app
