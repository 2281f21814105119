#pragma once
#include "model/document/DocumentEdits.h"

#include <QPointF>
#include <QSet>
#include <QString>
#include <QWidget>

#include <map>
#include <string>

class QGraphicsView;
class QLineEdit;

namespace cs::app {

class DocumentModel;
class Selection;

namespace canvas {
class BlockNode;
class BlockPalette;
class CanvasScene;
class CanvasView;
class PortItem;
class WireItem;
} // namespace canvas

// The block canvas: the design's blocks as nodes with input ports on the
// left and output ports on the right, design parameters as small source
// nodes, and wires as curves. Nodes are placed from the document's layout,
// or laid out by topological order when they have no position. Wires are
// drawn by dragging from an output to an input; the document applies the
// model's connection rule and a refusal is shown with its reason. A palette
// of block types, grouped by category, adds blocks by drag and drop or
// double-click. Every edit goes through the DocumentModel (undoable).
// An edit updates the scene in place from its Change: values alone update
// the nodes' texts; blocks added or removed add or remove their items; a
// wire drawn or removed adds or removes its item. Anything else (a block's
// ports changed, parameters added) rebuilds the scene.
class BlockCanvas : public QWidget {
    Q_OBJECT
public:
    BlockCanvas(DocumentModel* model, Selection* selection, QWidget* parent = nullptr);
    ~BlockCanvas() override;

    QGraphicsView* view() const;
    canvas::BlockPalette* palette() const { return palette_; }

    // The node of a block instance or design parameter, or nullptr.
    canvas::BlockNode* node(const QString& name) const;
    // A port of a node (input or output), or nullptr.
    canvas::PortItem* port(const QString& node, const QString& symbol, bool input) const;
    int wireCount() const;
    // The last message shown in the canvas (e.g. why a wire was refused).
    QString lastMessage() const { return lastMessage_; }

public slots:
    void zoomToFit();
    // Deletes the selected blocks and disconnects the selected wires.
    void deleteSelected();
    // Edit menu: every node and wire selected; copy the selected blocks
    // (false: none); paste them with fresh names as one undo step, selected
    // ("" or the reason); duplicate = copy and paste.
    void selectAll();
    bool copySelected();
    QString paste();
    QString duplicateSelected();
    // Re-arranges every node by topological order, as one undo step.
    void arrangeAutomatically();
    // Adds a block of `typeId` with its top-left corner at `scenePos`.
    void addBlockAt(const QString& typeId, QPointF scenePos);
    // Adds a block of `typeId` right of the existing nodes.
    void addBlock(const QString& typeId);

signals:
    // Every message shown in the canvas, for a status bar.
    void message(const QString& text);

protected:
    void showEvent(QShowEvent* e) override;

private:
    void rebuild();
    void onDesignChanged(const edit::Change& change);
    canvas::BlockNode* paramNode(const DesignParam& p, const QSet<QString>& usedSources) const;
    canvas::BlockNode* blockNode(const BlockInstance& b, const QSet<QString>& usedSources) const;
    void addNode(canvas::BlockNode* n);
    void removeWireItem(canvas::WireItem* w);
    // "fft.T>app.T_comp", "P>fft.P": the wire an item stands for.
    static std::string wireKey(const canvas::WireItem* w);
    // Blocks added or removed by an edit or its undo (Change::blocksAdded, blocksRemoved): their items
    // alone, the other nodes kept, then rewire(); false when the scene must be rebuilt instead.
    bool syncBlocks(const edit::Change& change);
    // Shows the new values of these paths ("P", "fft.rows") on their nodes;
    // false when a path has no node (then the scene is rebuilt).
    bool updateValues(const std::vector<std::string>& paths);
    // After a structural edit that kept every node (a wire drawn or
    // removed): the wires are drawn again and the ports' state and texts
    // updated, the nodes stay; false when a node came, went or changed its
    // ports (then the scene is rebuilt).
    bool rewire();
    void addWireItems(); // one item per wire of the design, between the nodes' ports
    void updatePositions();
    void showMessage(const QString& text, bool error);
    void selectionFromScene();
    void selectionToScene();
    QPointF positionOf(const QString& name) const;

    DocumentModel* model_;
    Selection* selection_;
    canvas::CanvasScene* scene_;
    canvas::CanvasView* view_;
    canvas::BlockPalette* palette_;
    QLineEdit* filter_;
    std::map<QString, canvas::BlockNode*> nodes_;
    // Positions chosen by the automatic layout for nodes the document has
    // not placed; kept so nodes do not jump when the design changes.
    std::map<QString, QPointF> autoPos_;
    QString lastMessage_;
    int pastes_ = 0; // pastes of the clipboard's blocks since they were copied here
    bool syncing_ = false;
    bool fitPending_ = true;
};

} // namespace cs::app
