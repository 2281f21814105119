#pragma once
#include "model/document/DesignDocument.h"
#include "model/topology/Topology.h"

#include <QObject>
#include <QPointF>
#include <QString>
#include <QUndoStack>

#include <functional>
#include <memory>
#include <optional>

namespace cs::app {

// The parts of a document an edit replaces. Each is a set of top-level keys
// of the document JSON, so an undo step stores only what it changed.
enum class Section {
    Design,   // name, description, source, parameters, blocks, wires, variants, sweep, costs
    Topology, // topology
    Layout,   // layout (GUI positions of blocks and topology vertices)
    Results,  // calibration, measured, imported, nodes
};

// The document the GUI views and edits. Every change goes through an undo
// command on undoStack(); views listen to the signals and re-read.
class DocumentModel : public QObject {
    Q_OBJECT
public:
    explicit DocumentModel(QObject* parent = nullptr);
    ~DocumentModel() override;

    const DesignDocument& doc() const { return doc_; }
    QUndoStack* undoStack() { return &undo_; }
    QString filePath() const { return path_; }
    QString displayName() const; // file name, or the design's name, or "Untitled"
    bool isModified() const { return !undo_.isClean(); }

    // Replacing the whole document clears the undo history.
    void setDocument(DesignDocument doc, const QString& path);
    void newDocument();
    // Throws ModelError (DocumentError) with every problem; nothing changes then.
    void load(const QString& path);
    void loadPreset(const QString& name);
    // Atomic save (QSaveFile); returns "" or the reason. Marks the stack clean.
    QString save(const QString& path);

    // The topology, parsed from the document (nullopt when it has none or it
    // does not validate; topologyError() then says why).
    const std::optional<Topology>& topology() const { return topology_; }
    QString topologyError() const { return topologyError_; }

    // ---- Edits. Each validates first, applies, and pushes one undo command.
    // They return "" on success or the model's reason, changing nothing.
    QString setValue(const Endpoint& input, double value);
    QString resetValue(const Endpoint& input);
    QString setDesignParam(const QString& name, double value);
    // Lets a bounded design parameter follow its output again (DesignParam::follows).
    QString followDesignParam(const QString& name);
    // Adds a block of `type` named after it (fft, fft2, ...); returns the name in `name`.
    QString addBlock(const QString& type, QPointF pos, QString* name = nullptr);
    QString removeBlocks(const QStringList& names);
    QString connect(const Source& from, const Endpoint& to);
    QString disconnect(const Endpoint& to);
    // A generic design edit under one undo step (used by variants, sweeps, costs).
    QString editDesign(const QString& text, const std::function<void(DesignDocument&)>& mutate);
    // Replaces the topology JSON (e.g. a placed generator) and, optionally,
    // vertex positions, as one undo step. The topology is validated first.
    QString setTopology(const QString& text, const nlohmann::json& topology,
                        const std::map<std::string, QPointF>& positions = {});
    // Edits the explicit topology JSON in place (add/remove vertices, links,
    // properties) as one undo step; the result must validate.
    QString editTopology(const QString& text, const std::function<void(nlohmann::json&)>& mutate,
                         const std::map<std::string, QPointF>& newPositions = {});
    // Records moved items (after a drag) as one undo step.
    void moveBlocks(const std::map<std::string, QPointF>& to);
    void moveVertices(const std::map<std::string, QPointF>& to);
    // Generic results edit (calibration, measured series, nodes).
    QString editResults(const QString& text, const std::function<void(DesignDocument&)>& mutate);

    // Positions from the layout section (nullopt when unplaced).
    std::optional<QPointF> blockPosition(const std::string& name) const;
    std::optional<QPointF> vertexPosition(const std::string& id) const;

    // Section JSON, and replacing it (what undo commands do).
    nlohmann::json section(Section s) const;
    void replaceSection(Section s, const nlohmann::json& value);

signals:
    void documentReset();     // a new document: re-read everything
    void designChanged();     // blocks, values, wires, parameters, variants, sweep, costs
    void topologyChanged();
    void layoutChanged();
    void resultsChanged();
    void modifiedChanged(bool modified);
    void filePathChanged(const QString& path);

private:
    void push(Section s, const QString& text, nlohmann::json before);
    void reparseTopology();
    void emitFor(Section s);
    QString checkTopology(const nlohmann::json& topology) const;

    DesignDocument doc_;
    std::optional<Topology> topology_;
    QString topologyError_;
    QString path_;
    QUndoStack undo_;
};

} // namespace cs::app
