#pragma once
#include "app/gui/canvas/CanvasTally.h"
#include "app/gui/graph/GraphClipboard.h"
#include "app/gui/graph/GraphSync.h"
#include "model/document/DocumentEdits.h"

#include <QPointF>
#include <QSet>
#include <QString>
#include <QWidget>

#include <map>
#include <string>

class QGraphicsTextItem;
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
// An edit updates the scene in place from the Change its signal carries,
// touching only the items it names (graph::GraphSync, in BlockCanvasSync.cpp): values update the
// nodes' texts; a block or parameter added or removed adds or removes its
// item and its wires; a block whose type was replaced (Change::blocksSet) is
// made anew with its wires; a wire drawn or removed adds or removes one item
// and updates its two ports; a move moves the named nodes and redraws their
// wires and the wires whose way they now stand in or no longer do. The
// scene is rebuilt only when a document is loaded or replaced (and when a
// design crosses the size the canvas draws).
class BlockCanvas : public QWidget, public graph::GraphSync {
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
    // What was done to the items since resetTally() (tests count the items an edit touches).
    const canvas::CanvasTally& tally() const;
    void resetTally();

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
    // graph::GraphSync (BlockCanvasSync.cpp, but rebuild):
    void rebuild() override;
    // The items a change names, in place; false when the scene must be rebuilt.
    bool applyChange(const edit::Change& change) override;
    // Moves the nodes Change::movedBlocks names, and redraws the wires the moves may route anew.
    void applyMoves(const edit::Change& change) override;
    void onDesignChanged(const edit::Change& change);
    canvas::BlockNode* paramNode(const DesignParam& p, const QSet<QString>& usedSources) const;
    canvas::BlockNode* blockNode(const BlockInstance& b, const QSet<QString>& usedSources) const;
    // The node of a block or parameter of the design, made and added to the scene (nullptr: no such name).
    canvas::BlockNode* makeNode(const QString& name, const QSet<QString>& usedSources);
    void addNode(canvas::BlockNode* n);
    // Removes a node with the wire items into and out of it.
    void removeNode(const QString& name);
    // One item for a wire of the design between the nodes' ports (none when drawn already or a port is missing).
    void addWireItem(const Wire& w);
    void removeWireItem(canvas::WireItem* w);
    // After a wire came or went: whether its two ports are wired, and the input's value (wiring drops it);
    // not on the nodes just `made` from the design as it is.
    void updateEnds(const Wire& w, const std::vector<QString>& made);
    // Every port of every node shown anew (the display units changed).
    void updateAllTexts();
    // Shows the new values of these paths ("P", "fft.rows") on their nodes;
    // false when a path has no node (then the scene is rebuilt).
    bool updateValues(const std::vector<std::string>& paths);
    void updateParamText(const QString& name);
    void addWireItems(); // one item per wire of the design, between the nodes' ports
    void updateHint();   // the empty design's hint, shown while there is no node
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
    std::map<QString, canvas::WireItem*> wires_; // by WireItem::key(), "from>to"
    QGraphicsTextItem* hint_ = nullptr;          // the empty design's hint
    bool described_ = false; // too many nodes to draw: the scene holds a note saying so
    // Positions chosen by the automatic layout for nodes the document has
    // not placed; kept so nodes do not jump when the design changes.
    std::map<QString, QPointF> autoPos_;
    QString lastMessage_;
    graph::GraphClipboard clipboard_{QStringLiteral("application/x-clusterscope-blocks")};
    bool syncing_ = false;
    bool fitPending_ = true;
};

} // namespace cs::app
