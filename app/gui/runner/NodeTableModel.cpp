#include "app/gui/runner/NodeTableModel.h"
#include "app/gui/runner/HostfileCache.h"
#include "app/document/DocumentModel.h"
#include "app/gui/widgets/QtStrings.h"
#include "app/runner/Node.h"
#include "model/cluster/NodeFields.h"

#include <QBrush>
#include <QColor>
#include <QRegularExpression>

#include <algorithm>
#include <cctype>
#include <set>
#include <stdexcept>

namespace cs::app {

using nlohmann::json;

namespace {

struct ColumnInfo {
    const char* key;
    const char* title;
    const char* meaning;
    std::set<std::string> transports; // empty: every transport
};

const ColumnInfo& info(int c)
{
    static const ColumnInfo columns[NodeTableModel::ColumnCount] = {
        {"name", QT_TRANSLATE_NOOP("NodeTableModel", "Name"), "unique label used in results", {}},
        {"transport", QT_TRANSLATE_NOOP("NodeTableModel", "Transport"),
         "how the agent is started: local, ssh, mpi, slurm or tcp", {}},
        {"host", QT_TRANSLATE_NOOP("NodeTableModel", "Host"), "the machine (ssh, slurm, tcp)", {"ssh", "slurm", "tcp"}},
        {"user", QT_TRANSLATE_NOOP("NodeTableModel", "User"), "remote user (ssh; empty: ssh's default)", {"ssh"}},
        {"port", QT_TRANSLATE_NOOP("NodeTableModel", "Port"), "sshd port (ssh, default 22) or the agent's port (tcp)",
         {"ssh", "tcp"}},
        {"cpus", QT_TRANSLATE_NOOP("NodeTableModel", "CPUs"),
         "CPUs the agent is pinned to, e.g. 0 or 0, 1 or 0-3 (empty: not pinned); mpi rank i uses cpus[i]",
         {"local", "ssh", "mpi", "slurm"}},
        {"ranks", QT_TRANSLATE_NOOP("NodeTableModel", "Ranks"), "MPI processes (mpi, at least 2)", {"mpi"}},
        {"netns", QT_TRANSLATE_NOOP("NodeTableModel", "Netns"), "run the agent in this network namespace (local)",
         {"local"}},
        {"address", QT_TRANSLATE_NOOP("NodeTableModel", "Address"),
         "address peers use to reach this node (empty: the host, or 127.0.0.1)", {}},
        {"bind", QT_TRANSLATE_NOOP("NodeTableModel", "Bind"),
         "address this node's listening roles bind (empty: the address, or 127.0.0.1)", {}},
        {"agent", QT_TRANSLATE_NOOP("NodeTableModel", "Agent"),
         "agent executable (empty: this build's, or clusterscope-agent on the remote PATH)",
         {"local", "ssh", "mpi", "slurm"}},
        {"copyAgent", QT_TRANSLATE_NOOP("NodeTableModel", "Copy agent"),
         "copy the agent and its plugins with scp first (ssh)", {"ssh"}},
        {"identity", QT_TRANSLATE_NOOP("NodeTableModel", "Identity"), "private key file, ssh -i (ssh)", {"ssh"}},
        {"sshOptions", QT_TRANSLATE_NOOP("NodeTableModel", "SSH options"),
         "extra ssh -o options, comma-separated (ssh)", {"ssh"}},
        {"hosts", QT_TRANSLATE_NOOP("NodeTableModel", "MPI hosts"), "hostfile entries, comma-separated (mpi)", {"mpi"}},
        {"btl", QT_TRANSLATE_NOOP("NodeTableModel", "BTL"), "--mca btl list, comma-separated (mpi)", {"mpi"}},
        {"partition", QT_TRANSLATE_NOOP("NodeTableModel", "Partition"), "srun -p (slurm)", {"slurm"}},
        {"tokenFile", QT_TRANSLATE_NOOP("NodeTableModel", "Token file"),
         "file holding the listening agent's token (tcp)", {"tcp"}},
    };
    return columns[c];
}

QStringList splitList(const QString& text)
{
    QStringList out;
    for (const QString& part : text.split(QRegularExpression("[,\\s]+"), Qt::SkipEmptyParts))
        out << part;
    return out;
}

QString joinCpus(const json& cpus)
{
    QStringList parts;
    for (const json& c : cpus)
        parts << QString::number(c.get<int>());
    return parts.join(", ");
}

QString joinStrings(const json& list)
{
    QStringList parts;
    for (const json& s : list)
        parts << q(s.get<std::string>());
    return parts.join(", ");
}

// "0, 1", "0+1", "0-3", "0 2"
bool parseCpus(const QString& text, std::vector<int>& out)
{
    for (const QString& part : text.split(QRegularExpression("[,+\\s]+"), Qt::SkipEmptyParts)) {
        const int dash = part.indexOf('-');
        bool okA = false, okB = true;
        const int a = (dash < 0 ? part : part.left(dash)).toInt(&okA);
        const int b = dash < 0 ? a : part.mid(dash + 1).toInt(&okB);
        if (!okA || !okB || !nodefield::cpu.accepts(a) || !nodefield::cpu.accepts(b) || b < a)
            return false;
        for (int c = a; c <= b; ++c)
            out.push_back(c);
    }
    return true;
}

bool hasSpace(const QString& s)
{
    return s.contains(QRegularExpression("\\s"));
}

} // namespace

NodeTableModel::NodeTableModel(DocumentModel* model, QObject* parent) : QAbstractTableModel(parent), model_(model)
{
    connect(model_, &DocumentModel::documentReset, this, &NodeTableModel::reread);
    connect(model_, &DocumentModel::resultsChanged, this, &NodeTableModel::reread);
    // A hostfile read in the background: the rows' tooltips and marks may change.
    connect(&HostfileCache::instance(), &HostfileCache::updated, this, [this] {
        if (rowCount() > 0)
            emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    });
    reread();
}

const char* NodeTableModel::key(int column)
{
    return info(column).key;
}

bool NodeTableModel::requiredBy(int column, const std::string& transport)
{
    // What checkNodes (app/runner/Node.cpp) insists on.
    if (transport == "ssh")
        return column == Host;
    if (transport == "tcp")
        return column == Host || column == Port || column == TokenFile;
    if (transport == "mpi")
        return column == Ranks;
    return false;
}

bool NodeTableModel::usedBy(int column, const std::string& transport)
{
    const auto& t = info(column).transports;
    return t.empty() || t.count(transport) > 0;
}

void NodeTableModel::reread()
{
    const json next = model_->doc().nodes.is_array() ? model_->doc().nodes : json::array();
    if (next.size() == nodes_.size() && !nodes_.empty()) {
        // An edit of cells (or its undo): no reset, so an open editor is
        // closed by the view as usual instead of being destroyed under it.
        nodes_ = next;
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
        return;
    }
    beginResetModel();
    nodes_ = next;
    endResetModel();
}

const json& NodeTableModel::nodes() const
{
    return nodes_;
}

int NodeTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(nodes_.size());
}

int NodeTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString NodeTableModel::nodeName(int row) const
{
    if (row < 0 || row >= rowCount())
        return {};
    const json& n = nodes_[static_cast<std::size_t>(row)];
    const std::string name = n.value("name", std::string());
    if (!name.empty())
        return q(name);
    // The name nodesFromJson gives an unnamed entry.
    const std::string host = n.value("host", std::string());
    return host.empty() ? q(n.value("transport", std::string("local")) + std::to_string(row)) : q(host);
}

QVariant NodeTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const json& n = nodes_[static_cast<std::size_t>(index.row())];
    const int c = index.column();
    const std::string transport = n.value("transport", std::string("local"));
    const bool used = usedBy(c, transport);
    const auto it = n.find(key(c));
    const bool present = it != n.end() && !it->is_null();

    if (c == CopyAgent) {
        if (role == Qt::CheckStateRole)
            return present && it->is_boolean() && it->get<bool>() ? Qt::Checked : Qt::Unchecked;
        if (role == Qt::DisplayRole || role == Qt::EditRole)
            return {};
    }
    if (role == Qt::DisplayRole || role == Qt::EditRole) {
        if (c == Name)
            return present ? q(it->get<std::string>()) : (role == Qt::DisplayRole ? nodeName(index.row()) : QString());
        if (c == Transport)
            return q(transport);
        if (!present)
            return QString();
        if (c == Cpus)
            return joinCpus(*it);
        if (c == SshOptions || c == Hosts || c == Btl)
            return joinStrings(*it);
        if (it->is_number_integer())
            return QString::number(it->get<long long>());
        if (it->is_string())
            return q(it->get<std::string>());
        return q(it->dump());
    }
    if (role == Qt::ForegroundRole && !used)
        return QBrush(QColor(150, 150, 150));
    const bool missing = !present && requiredBy(c, transport);
    if (role == Qt::BackgroundRole) {
        if (!used)
            return QBrush(QColor(244, 244, 244));
        if (missing || (c == Name && !rowProblem(index.row()).isEmpty()))
            return QBrush(QColor(255, 226, 170));
    }
    if (role == Qt::ToolTipRole) {
        QString tip = tr(info(c).meaning);
        if (!used)
            tip += "\n" + tr("Not used by the %1 transport.").arg(q(transport));
        if (missing)
            tip += "\n" + tr("Required by the %1 transport.").arg(q(transport));
        const QString problem = rowProblem(index.row());
        if (!problem.isEmpty() && c == Name)
            tip += "\n" + problem;
        return tip;
    }
    return {};
}

QVariant NodeTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && section >= 0 && section < ColumnCount) {
        if (role == Qt::DisplayRole)
            return tr(info(section).title);
        if (role == Qt::ToolTipRole)
            return tr(info(section).meaning);
    }
    if (orientation == Qt::Vertical && role == Qt::DisplayRole)
        return section + 1;
    return QAbstractTableModel::headerData(section, orientation, role);
}

Qt::ItemFlags NodeTableModel::flags(const QModelIndex& index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsSelectable | Qt::ItemIsEnabled;
    if (index.column() == CopyAgent)
        return f | Qt::ItemIsUserCheckable;
    return f | Qt::ItemIsEditable;
}

QString NodeTableModel::check(int row, int column, const QString& rawText, json* out) const
{
    if (row < 0 || row >= rowCount() || column < 0 || column >= ColumnCount)
        return tr("no such cell");
    const QString text = rawText.trimmed();
    const QString field = q(key(column));
    const QString where = tr("node %1: %2 = '%3'").arg(nodeName(row), field, text);
    json value; // null: remove the key
    switch (column) {
    case Name: {
        static const QRegularExpression ok("^[A-Za-z0-9._@:-]{1,64}$");
        if (!ok.match(text).hasMatch())
            return where + tr(" is not a valid name: use 1 to 64 letters, digits and . _ - @ :");
        for (int r = 0; r < rowCount(); ++r)
            if (r != row && nodeName(r) == text)
                return where + tr(" is already the name of node %1").arg(r + 1);
        value = text.toStdString();
        break;
    }
    case Transport:
        if (!isNodeTransport(text.toStdString()))
            return where + tr(" is not a transport: use %1").arg(q(nodeTransportList()));
        value = text.toStdString();
        break;
    case Port:
    case Ranks: {
        if (text.isEmpty())
            break;
        int v = 0;
        const NodeIntField& f = column == Port ? nodefield::port : nodefield::ranks;
        if (const std::string problem = f.parse(text.toStdString(), v); !problem.empty())
            return tr("node %1: ").arg(nodeName(row)) + q(problem) + tr(" (empty: the default)");
        value = v;
        break;
    }
    case Cpus: {
        if (text.isEmpty())
            break;
        std::vector<int> cpus;
        if (!parseCpus(text, cpus) || cpus.empty())
            return where + tr(" must list CPU numbers from %1 to %2, e.g. 0 or 0, 1 or 0-3 (empty: not pinned)")
                               .arg(nodefield::cpu.lo)
                               .arg(nodefield::cpu.hi);
        value = cpus;
        break;
    }
    case Netns: {
        static const QRegularExpression ok("^[A-Za-z0-9._-]{1,64}$");
        if (!text.isEmpty() && !ok.match(text).hasMatch())
            return where + tr(" is not a network namespace name (letters, digits, . _ -)");
        if (!text.isEmpty())
            value = text.toStdString();
        break;
    }
    case SshOptions:
    case Hosts:
    case Btl: {
        const QStringList items = splitList(text);
        if (!items.isEmpty()) {
            value = json::array();
            for (const QString& s : items)
                value.push_back(s.toStdString());
        }
        break;
    }
    case CopyAgent:
        if (text == "true" || text == "1")
            value = true;
        else if (!(text.isEmpty() || text == "false" || text == "0"))
            return where + tr(" must be true or false");
        break;
    default: // host, user, address, bind, agent, identity, partition, token file
        if (text.size() > 255)
            return where.left(60) + tr("...' is longer than 255 characters");
        if (hasSpace(text))
            return where + tr(" must not contain spaces");
        if (column == User && text.contains('@'))
            return where + tr(" must not contain @ (put the user here and the machine under host)");
        if (!text.isEmpty())
            value = text.toStdString();
        break;
    }
    if (out)
        *out = value;
    return {};
}

bool NodeTableModel::setData(const QModelIndex& index, const QVariant& v, int role)
{
    if (!index.isValid())
        return false;
    QString text;
    if (index.column() == CopyAgent) {
        if (role != Qt::CheckStateRole)
            return false;
        text = v.toInt() == Qt::Checked ? "true" : "false";
    } else {
        if (role != Qt::EditRole)
            return false;
        text = v.toString();
    }
    json value;
    const QString problem = check(index.row(), index.column(), text, &value);
    if (!problem.isEmpty()) {
        emit editRejected(problem);
        return false;
    }
    json next = nodes_;
    json& node = next[static_cast<std::size_t>(index.row())];
    const char* k = key(index.column());
    if (value.is_null() || (index.column() == CopyAgent && value == false))
        node.erase(k);
    else
        node[k] = value;
    if (next == nodes_)
        return true; // nothing changed: no undo step
    const QString undoText = tr("Set %1 of node %2").arg(q(k), nodeName(index.row()));
    const QString err = model_->apply(undoText, edit::op::setNodes(next));
    if (!err.isEmpty()) {
        emit editRejected(err);
        return false;
    }
    emit edited(undoText);
    return true;
}

QString NodeTableModel::addNode(const QString& transport)
{
    json next = nodes_;
    QString name;
    for (int i = 0;; ++i) {
        name = transport + QString::number(i);
        bool used = false;
        for (int r = 0; r < rowCount(); ++r)
            used = used || nodeName(r) == name;
        if (!used)
            break;
    }
    next.push_back({{"name", name.toStdString()}, {"transport", transport.toStdString()}});
    const QString undoText = tr("Add node %1").arg(name);
    const QString err = model_->apply(undoText, edit::op::setNodes(next));
    if (err.isEmpty())
        emit edited(undoText);
    return err;
}

QString NodeTableModel::addNodesFromSpec(const QString& spec)
{
    std::vector<runner::Node> parsed;
    try {
        parsed = runner::parseNodeSpec(spec.trimmed().toStdString());
    } catch (const std::invalid_argument& e) {
        return q(e.what());
    }
    std::set<std::string> names;
    for (int r = 0; r < rowCount(); ++r)
        names.insert(nodeName(r).toStdString());
    json next = nodes_;
    for (runner::Node& n : parsed) {
        if (names.count(n.name)) {
            std::string base = n.name;
            while (!base.empty() && std::isdigit(static_cast<unsigned char>(base.back())))
                base.pop_back();
            for (int i = 0; names.count(n.name); ++i)
                n.name = base + std::to_string(i);
        }
        names.insert(n.name);
        next.push_back(runner::nodesToJson({n})[0]);
    }
    const QString undoText =
        parsed.size() == 1 ? tr("Add node %1").arg(q(parsed[0].name)) : tr("Add %1 nodes").arg(parsed.size());
    const QString err = model_->apply(undoText, edit::op::setNodes(next));
    if (err.isEmpty())
        emit edited(undoText);
    return err;
}

QString NodeTableModel::removeRows(const QList<int>& rows)
{
    std::set<int> drop(rows.begin(), rows.end());
    if (drop.empty())
        return tr("select the nodes to remove first");
    json next = json::array();
    QStringList names;
    for (int r = 0; r < rowCount(); ++r) {
        if (drop.count(r))
            names << nodeName(r);
        else
            next.push_back(nodes_[static_cast<std::size_t>(r)]);
    }
    const QString undoText =
        names.size() == 1 ? tr("Remove node %1").arg(names.front()) : tr("Remove %1 nodes").arg(names.size());
    const QString err = model_->apply(undoText, edit::op::setNodes(next));
    if (err.isEmpty())
        emit edited(undoText);
    return err;
}

QString NodeTableModel::problem() const
{
    try {
        runner::nodesFromJson(nodes_);
    } catch (const std::invalid_argument& e) {
        return q(e.what());
    }
    return {};
}

QString NodeTableModel::rowProblem(int row) const
{
    if (row < 0 || row >= rowCount())
        return {};
    json one = json::array({nodes_[static_cast<std::size_t>(row)]});
    if (!one[0].contains("name"))
        one[0]["name"] = nodeName(row).toStdString();
    try {
        runner::nodesFromJson(one);
    } catch (const std::invalid_argument& e) {
        return q(e.what());
    }
    return {};
}

} // namespace cs::app
