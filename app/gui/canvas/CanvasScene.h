#pragma once
#include "app/gui/canvas/CanvasTally.h"
#include "app/gui/canvas/PortItem.h"
#include "model/core/Design.h"

#include <QGraphicsScene>
#include <QPointF>
#include <QString>

#include <map>
#include <optional>

namespace cs::app {
class DocumentModel;
}

namespace cs::app::canvas {

class WireItem;

// The block canvas's scene. Besides moving and selecting nodes it handles
// wiring: a drag from an output port (or a design parameter) to an input
// port, or from a free input back to an output, asks the document to
// connect them; the model's connection rule decides, and a refusal is
// reported through message() with the model's reason. Dragging the input
// end of an existing wire away disconnects it (or moves it to another
// input). Node moves are recorded in the document when the drag ends.
class CanvasScene : public QGraphicsScene {
    Q_OBJECT
public:
    CanvasScene(DocumentModel* model, QObject* parent = nullptr);

    // Drops a wire drag in progress (its items are about to be rebuilt).
    void cancelDrag();
    bool isDraggingWire() const { return drag_.fixed != nullptr; }

    // The port under `pos` (its circle or label), or the nearest port of
    // direction `dir` whose circle lies within `radius`.
    PortItem* portAt(QPointF pos, std::optional<PortItem::Dir> dir = std::nullopt, double radius = 12.0) const;

    // What was done to the items since the tally was reset (the items record it themselves).
    CanvasTally& tally() { return tally_; }
    // The tally of the scene `item` is in, or nullptr (not in a canvas scene).
    static CanvasTally* tallyOf(const QGraphicsItem* item);

signals:
    // Something to tell the user; `error` for a refused edit.
    void message(const QString& text, bool error);
    void deleteRequested();
    void fitRequested();
    void layoutRequested();

protected:
    void mousePressEvent(QGraphicsSceneMouseEvent* e) override;
    void mouseMoveEvent(QGraphicsSceneMouseEvent* e) override;
    void mouseReleaseEvent(QGraphicsSceneMouseEvent* e) override;
    void contextMenuEvent(QGraphicsSceneContextMenuEvent* e) override;

private:
    void startWireDrag(PortItem* port, QPointF pos);
    void finishWireDrag(QPointF pos);
    // "" when `target` may be wired to the drag's fixed port, else the reason.
    QString wireProblem(PortItem* target) const;
    // The source and input a drop on `target` would wire.
    std::pair<Source, Endpoint> wireFor(PortItem* target) const;
    void setHints(bool on);
    WireItem* wireInto(PortItem* input) const;

    DocumentModel* model_;
    struct WireDrag {
        PortItem* fixed = nullptr;       // where the drag started (or the detached wire's source)
        WireItem* rubber = nullptr;      // follows the mouse
        WireItem* detached = nullptr;    // an existing wire whose input end is being moved
        std::optional<Endpoint> detachedInput;
        std::optional<Design> trial;     // the design without the detached wire
        PortItem* hover = nullptr;       // the candidate port under the mouse
    } drag_;
    std::map<QString, QPointF> pressPos_;
    CanvasTally tally_; // selected nodes' positions when a drag began
};

} // namespace cs::app::canvas
