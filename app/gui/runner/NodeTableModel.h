#pragma once
// The document's node list (the JSON "nodes" array, schema in
// docs/agent-protocol.md "Nodes") as an editable table: one row per node,
// one column per setting. Every edit is checked first (a bad value is
// refused with a sentence naming the node, the field and the value) and then
// applied as one undoable step (edit::op::setNodes). Settings that
// belong together (an ssh node needs a host) are only warned about, so that
// a node can be filled in one field at a time.
#include <nlohmann/json.hpp>

#include <QAbstractTableModel>
#include <QString>

namespace cs::app {

class DocumentModel;

class NodeTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Name,
        Transport,
        Host,
        User,
        Port,
        Cpus,
        Ranks,
        Netns,
        Address,
        Bind,
        Agent,
        CopyAgent,
        Identity,
        SshOptions,
        Hosts,
        Btl,
        Partition,
        TokenFile,
        ColumnCount
    };

    explicit NodeTableModel(DocumentModel* model, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    // Refuses a bad value (returns false and emits editRejected with the
    // reason); otherwise pushes one undo step.
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

    // The JSON key of a column ("cpus") and whether the row's transport uses it.
    static const char* key(int column);
    static bool usedBy(int column, const std::string& transport);
    // A setting the transport cannot do without (ssh: host; tcp: host, port, token file; mpi: ranks).
    static bool requiredBy(int column, const std::string& transport);

    // Checks `text` for column `column` of node `row` without changing
    // anything; returns "" or the reason. On success *out is the JSON value to
    // store (null: remove the key, i.e. use the default).
    QString check(int row, int column, const QString& text, nlohmann::json* out = nullptr) const;

    // Undoable list edits. Return "" or the reason.
    QString addNode(const QString& transport = "local"); // a new node with a unique name
    QString addNodesFromSpec(const QString& spec);       // "local:cpu=0,local:cpu=1"; names made unique
    QString removeRows(const QList<int>& rows);

    // The whole list's remaining problem ("node n2: the ssh transport needs a
    // host"), or "" when it can be run.
    QString problem() const;
    QString rowProblem(int row) const;
    QString nodeName(int row) const;

signals:
    void editRejected(const QString& message);
    void edited(const QString& undoText);

private:
    void reread();
    const nlohmann::json& nodes() const;

    DocumentModel* model_;
    nlohmann::json nodes_ = nlohmann::json::array(); // the rows shown: a copy of the document's list
};

} // namespace cs::app
