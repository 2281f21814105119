#pragma once
#include "model/document/DesignDocument.h"
#include "model/document/DocumentEdits.h"
#include "model/document/EditOps.h"
#include "model/topology/graph/Topology.h"

#include <QObject>
#include <QPointF>
#include <QString>
#include <QStringList>
#include <QUndoStack>

#include <functional>
#include <map>
#include <memory>
#include <optional>

namespace cs::app {

// The document the GUI views and edits, and the GUI's only caller of the
// editing layer (model/document/DocumentEdits.h): every change is one of its
// operations, pushed as an undo command holding its undo step
// (edit::UndoEntry: what it did to the network and the layout, step by step,
// and the other parts it replaced whole). Views listen to the signals, each with the edit's Change: values
// or positions changed alone, or blocks added or removed by name, are said
// as such, so that the views update those items in place; anything else is
// a re-read.
class DocumentModel : public QObject {
    Q_OBJECT
public:
    explicit DocumentModel(QObject* parent = nullptr);
    ~DocumentModel() override;

    const DesignDocument& doc() const { return doc_; }
    QUndoStack* undoStack() { return &undo_; }
    QString filePath() const { return path_; }
    QString displayName() const; // file name, or the design's name, or "Untitled"
    // Unsaved: the undo stack is not at its clean index, or the document was
    // recovered after a crash and not saved since (no undo makes it clean).
    bool isModified() const { return recovered_ || !undo_.isClean(); }

    // Replacing the whole document clears the undo history.
    void setDocument(DesignDocument doc, const QString& path);
    // A document recovered after a crash: unsaved work (Save writes it to
    // `path`, or asks when that is empty) until it is saved or replaced.
    void setRecoveredDocument(DesignDocument doc, const QString& path);
    bool isRecovered() const { return recovered_; }
    void newDocument();
    // Throws ModelError (DocumentError) with every problem; nothing changes then.
    void load(const QString& path);
    void loadPreset(const QString& name);
    // Atomic save (writeFileAtomically, as the CLI saves: the mode and a symbolic link are kept);
    // returns "" or the reason. Marks the stack clean.
    QString save(const QString& path);

    // The topology, parsed from the document (null when it has none or it
    // does not validate; topologyError() then says why). Shared and never
    // changed: a view or a worker that needs it beyond the current event
    // keeps the pointer, never a copy (a million-host network takes seconds
    // to copy); an edit replaces the pointer.
    const std::shared_ptr<const Topology>& topology() const { return topology_; }
    QString topologyError() const { return topologyError_; }
    // The network as drawn, for the views that edit its items: topology()
    // when it loads; else, for a drawing in progress (a host not linked
    // yet), the drawing built without its unfinished problems, which
    // topologyError() names; null when there is no network.
    std::shared_ptr<const Topology> drawing() const { return topology_ ? topology_ : unfinished_; }

    // ---- Edits. Each goes through the editing layer: on success one undo
    // step is pushed and "" returned; otherwise nothing changes and the
    // problems' text is returned (lastProblems() has them as data).
    QString setValue(const Endpoint& input, double value);
    QString resetValue(const Endpoint& input);
    QString setDesignParam(const QString& name, double value);
    QString setDesignParamRange(const QString& name, double min, double max);
    // Lets a bounded design parameter follow its output again (DesignParam::follows).
    QString followDesignParam(const QString& name);
    // Adds a block of `type` named after it (fft, fft2, ...); returns the name in `name`.
    QString addBlock(const QString& type, QPointF pos, QString* name = nullptr);
    QString removeBlocks(const QStringList& names);
    // Copy and paste on the block canvas: the named blocks with the values
    // set on them, their positions, and the wires into them from each other
    // and from design parameters, as JSON; pasted with fresh names, moved by
    // `offset`, as one undo step (`added` gets the new names).
    nlohmann::json copyBlocks(const QStringList& names) const;
    QString pasteBlocks(const nlohmann::json& piece, QPointF offset, QStringList* added = nullptr);
    QString connect(const Source& from, const Endpoint& to);
    QString disconnect(const Endpoint& to);
    // Replaces the network (e.g. a placed generator) and, optionally,
    // vertex positions, as one undo step. The network is validated first.
    QString setTopology(const QString& text, Network topology, const std::map<std::string, QPointF>& positions = {});
    // The same for a network already built off the GUI thread (the generator
    // dialog's worker): `built` is what `topology` describes, and it becomes
    // topology() as it is instead of being built again on the GUI thread (a
    // million-host generator takes seconds to build).
    QString setTopology(const QString& text, Network topology, const std::map<std::string, QPointF>& positions,
                        std::shared_ptr<const Topology> built);
    // The same for a topology section as JSON (a file's, a test's), read by
    // the one reader (readNetwork); its problems are returned as a refused edit's.
    QString setTopology(const QString& text, const nlohmann::json& section,
                        const std::map<std::string, QPointF>& positions = {});
    // A topology operation of the layer (edit::addVertex, addLink,
    // removeTopologyItems, pasteTopology) and the vertex positions it pins or
    // places, as one undo step.
    QString editTopology(const QString& text, const edit::Op& op,
                         const std::map<std::string, QPointF>& newPositions = {});
    // Records moved items (after a drag) as one undo step.
    void moveBlocks(const std::map<std::string, QPointF>& to);
    void moveVertices(const std::map<std::string, QPointF>& to);
    // Any operation of the editing layer (edit::op::..., model/document/EditOps.h) as one undo step.
    QString apply(const QString& text, const edit::Op& op);

    // The structured problems of the last refused edit (empty after a success).
    const DocumentProblems& lastProblems() const { return lastProblems_; }
    // What the last accepted edit, undo or redo changed (every signal above carries it too).
    const edit::Change& lastChange() const { return lastChange_; }

    // Positions from the layout section (nullopt when unplaced).
    std::optional<QPointF> blockPosition(const std::string& name) const;
    std::optional<QPointF> vertexPosition(const std::string& id) const;

    // Undoes or makes again an undo step (what the undo stack's commands do)
    // and tells the views. Never throws.
    void undoStep(const edit::UndoEntry& step, const edit::Change& change);
    void redoStep(const edit::UndoEntry& step, const edit::Change& change);

signals:
    void documentReset();     // a new document: re-read everything
    // Blocks, wires, parameters, variants, sweep, costs: what changed says what to re-read (values alone,
    // blocks added or removed by name, or the structure).
    void designChanged(const cs::edit::Change& change);
    // The topology changed: the Change names the items (Change::topologyAdded, ...) or says the network
    // was replaced as a whole (wholeTopology()).
    void topologyChanged(const cs::edit::Change& change);
    // Positions changed: Change::movedBlocks and movedVertices name the items moved.
    void layoutChanged(const cs::edit::Change& change);
    void resultsChanged();
    // Every accepted edit, undo and redo, with what it changed (before the
    // signals above; topology() is already the new network).
    void edited(const cs::edit::Change& change);
    void modifiedChanged(bool modified);
    // An accepted edit removed what referred to what it changed (a sweep
    // axis or override of an input now wired, ...): one line for the status bar.
    void removedAlong(const QString& text);
    void filePathChanged(const QString& path);

private:
    void reparseTopology();
    void rememberTopology();
    void announce(const edit::Change& change);
    edit::Op pasteOp(const nlohmann::json& piece, const std::vector<std::pair<std::string, const nlohmann::json*>>& blocks,
                     const std::map<std::string, std::string>& renamed, QPointF offset) const;

    DesignDocument doc_;
    std::shared_ptr<const Topology> topology_;
    std::shared_ptr<const Topology> unfinished_; // drawing() when topology_ is null
    std::optional<Network> generatedFrom_;      // the generated network topology_ was built from
    QString topologyError_;
    // A generated network built elsewhere, taken by reparseTopology() when
    // the document's network is the one it was built from.
    std::optional<std::pair<Network, std::shared_ptr<const Topology>>> adopt_;
    // The generated networks the document had before, latest first, each
    // with the network it was built from: undo and redo of a topology edit
    // take one back instead of building it again on the GUI thread. Bounded
    // by size (kRecentElements vertices and links in all); the latest is
    // always kept. (A drawing's graph is its design's: undo builds it anew
    // from the drawing.)
    std::vector<std::pair<Network, std::shared_ptr<const Topology>>> recent_;
    static constexpr std::size_t kRecentElements = 6'000'000;
    QString path_;
    QUndoStack undo_;
    bool recovered_ = false;
    DocumentProblems lastProblems_;
    edit::Change lastChange_;
};

} // namespace cs::app
