// Before any Qt header: JobSize.h names a parameter `slots`, which Qt defines as a keyword macro.
#include "model/core/JobSize.h"
#include "app/document/DocumentModel.h"
#include "app/document/BlockNames.h"
#include "app/document/EditCommand.h"
#include "model/core/AtomicFile.h"
#include "model/core/ModelError.h"
#include "model/core/Unit.h"
#include "model/document/DocumentFormat.h"
#include "model/document/PresetFolder.h"
#include "model/topology/io/NetworkBuild.h"
#include "model/topology/io/TopologyJson.h"
#include "model/topology/TopologySource.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QThreadPool>

#include <set>

namespace cs::app {

using nlohmann::json;

namespace {

std::optional<QPointF> pointFrom(const json& layout, const char* group, const std::string& key)
{
    if (!layout.is_object())
        return std::nullopt;
    auto g = layout.find(group);
    if (g == layout.end() || !g->is_object())
        return std::nullopt;
    auto it = g->find(key);
    if (it == g->end() || !it->is_array() || it->size() != 2 || !(*it)[0].is_number() || !(*it)[1].is_number())
        return std::nullopt;
    return QPointF((*it)[0].get<double>(), (*it)[1].get<double>());
}

std::map<std::string, std::pair<double, double>> points(const std::map<std::string, QPointF>& in)
{
    std::map<std::string, std::pair<double, double>> out;
    for (const auto& [k, p] : in)
        out[k] = {p.x(), p.y()};
    return out;
}

// The design's drawn network when it is whole, else nullptr.
std::shared_ptr<const Topology> wholeDrawing(const Design& design)
{
    const BlockInstance* b = design.topology();
    const auto* source = b ? dynamic_cast<const TopologySource*>(b->block) : nullptr;
    return source ? source->wholeDrawing() : nullptr;
}

// The design's drawn network, whole or in progress; nullptr when it has none.
std::shared_ptr<const Topology> drawingOf(const Design& design)
{
    const BlockInstance* b = design.topology();
    const auto* source = b ? dynamic_cast<const TopologySource*>(b->block) : nullptr;
    return source ? source->drawing() : nullptr;
}

// Drops a reference to a network; a large one's last reference is dropped on
// a worker thread, since freeing millions of links takes a while.
void releaseTopology(std::shared_ptr<const Topology>&& t)
{
    if (!t)
        return;
    if (t.use_count() > 1 || t->edgeCount() + t->vertexCount() < 100'000) {
        t.reset();
        return;
    }
    QThreadPool::globalInstance()->start([last = std::move(t)]() mutable { last.reset(); });
}

// The same network to build: a generated one's generator and parameters
// (the job placed on it builds nothing).
bool sameBuild(const Network& a, const Network& b)
{
    return a.isGenerated() && b.isGenerated() && a.generator() == b.generator() && a.params() == b.params();
}

} // namespace

DocumentModel::DocumentModel(QObject* parent) : QObject(parent)
{
    undo_.setUndoLimit(500);
    QObject::connect(&undo_, &QUndoStack::cleanChanged, this, [this](bool) { emit modifiedChanged(isModified()); });
    newDocument();
}

DocumentModel::~DocumentModel() = default;

QString DocumentModel::displayName() const
{
    if (!path_.isEmpty())
        return QFileInfo(path_).fileName();
    if (!doc_.name.empty())
        return QString::fromStdString(doc_.name);
    return tr("Untitled");
}

void DocumentModel::setDocument(DesignDocument doc, const QString& path)
{
    doc_ = std::move(doc);
    // Another document: no undo step can bring the old networks back.
    for (auto& r : recent_)
        releaseTopology(std::move(r.second));
    recent_.clear();
    releaseTopology(std::move(topology_));
    generatedFrom_.reset();
    path_ = path;
    recovered_ = false;
    undo_.clear();
    undo_.setClean();
    reparseTopology();
    emit filePathChanged(path_);
    emit documentReset();
    emit modifiedChanged(false);
}

void DocumentModel::setRecoveredDocument(DesignDocument doc, const QString& path)
{
    setDocument(std::move(doc), path);
    recovered_ = true;
    emit modifiedChanged(true);
}

void DocumentModel::newDocument()
{
    DesignDocument doc;
    doc.name = "Untitled";
    doc.calibration = json::array();
    doc.measured = json::array();
    doc.nodes = json::array();
    setDocument(std::move(doc), {});
}

void DocumentModel::load(const QString& path)
{
    setDocument(loadDocument(path.toStdString()), QFileInfo(path).absoluteFilePath());
}

void DocumentModel::loadPreset(const QString& name)
{
    const std::string file = name.endsWith(".json") ? name.toStdString() : name.toStdString() + ".json";
    setDocument(loadDocument(presetFolder(QCoreApplication::applicationDirPath().toStdString()) + "/" + file), {});
}

QString DocumentModel::save(const QString& path)
{
    // The CLI's save: the file keeps its permissions, a link stays a link.
    if (const std::string e = tryWriteFileAtomically(path.toStdString(), serializeDocument(doc_)); !e.empty())
        return tr("Cannot save %1: %2").arg(path, QString::fromStdString(e));
    const QString abs = QFileInfo(path).absoluteFilePath();
    if (abs != path_) {
        path_ = abs;
        emit filePathChanged(path_);
    }
    const bool wasRecovered = recovered_;
    recovered_ = false;
    undo_.setClean();
    if (wasRecovered)
        emit modifiedChanged(isModified());
    return {};
}

QString DocumentModel::setTopology(const QString& text, Network topology,
                                   const std::map<std::string, QPointF>& positions,
                                   std::shared_ptr<const Topology> built)
{
    adopt_.emplace(topology, std::move(built));
    QString err = setTopology(text, std::move(topology), positions);
    adopt_.reset(); // refused, or already taken
    return err;
}

QString DocumentModel::setTopology(const QString& text, const json& section,
                                   const std::map<std::string, QPointF>& positions)
{
    Network n;
    try {
        n = readNetwork(section, "topology");
    } catch (const ModelError& e) {
        lastProblems_ = {{ProblemKind::Topology, "topology", "", "", e.what()}};
        return QString::fromStdString(e.what());
    }
    return setTopology(text, std::move(n), positions);
}

void DocumentModel::rememberTopology()
{
    if (!topology_)
        return;
    if (!generatedFrom_) { // a drawing, which its design holds
        releaseTopology(std::move(topology_));
        return;
    }
    recent_.insert(recent_.begin(), {std::move(*generatedFrom_), std::move(topology_)});
    generatedFrom_.reset();
    std::size_t elements = 0;
    for (std::size_t i = 0; i < recent_.size(); ++i) {
        const Topology& t = *recent_[i].second;
        elements += t.vertexCount() + t.edgeCount();
        if (i > 0 && elements > kRecentElements) {
            for (std::size_t j = i; j < recent_.size(); ++j)
                releaseTopology(std::move(recent_[j].second));
            recent_.resize(i);
            break;
        }
    }
}

void DocumentModel::reparseTopology()
{
    rememberTopology();
    topologyError_.clear();
    unfinished_.reset();
    if (doc_.topology.isNone())
        return;
    if (doc_.topology.isDrawn()) {
        // A drawing: the design built it when the document was read (off the
        // GUI thread, for an open) or edited; the same network, not a copy.
        // A drawing in progress (a host not linked yet) is drawn too, its
        // items editable (issue 34, defect 7), with what it lacks said.
        adopt_.reset();
        const std::shared_ptr<const Topology> drawn = drawingOf(doc_.design);
        if (drawn && wholeDrawing(doc_.design)) {
            topology_ = drawn;
        } else if (drawn) {
            unfinished_ = drawn;
            const std::vector<TopologyProblem> problems = drawn->problems();
            if (!problems.empty())
                topologyError_ = QString::fromStdString(problemText(problems.front(), "topology"));
        }
        return;
    }
    if (adopt_ && sameBuild(adopt_->first, doc_.topology)) {
        topology_ = std::move(adopt_->second);
        adopt_.reset();
    } else if (auto it = std::find_if(recent_.begin(), recent_.end(),
                                      [&](const auto& r) { return sameBuild(r.first, doc_.topology); });
               it != recent_.end()) {
        // Undo or redo back to a network the document had: the same one.
        topology_ = std::move(it->second);
        recent_.erase(it);
    } else {
        try {
            topology_ = std::make_shared<const Topology>(buildTopology(doc_.topology));
        } catch (const ModelError& e) {
            topologyError_ = QString::fromStdString(e.what());
        }
    }
    if (topology_)
        generatedFrom_ = doc_.topology;
}

void DocumentModel::announce(const edit::Change& change)
{
    lastChange_ = change;
    if (change.parts & edit::kTopology)
        reparseTopology(); // before any signal: a view reads the new network
    emit edited(change);
    if (change.parts & edit::kTopology)
        emit topologyChanged(change);
    if (change.parts & (edit::kDesign | edit::kTopology))
        emit designChanged(change);
    if (change.parts & edit::kLayout)
        emit layoutChanged(change);
    if (change.parts & edit::kResults)
        emit resultsChanged();
}

void DocumentModel::undoStep(const edit::UndoEntry& step, const edit::Change& change)
{
    edit::undo(doc_, step);
    announce(change);
}

void DocumentModel::redoStep(const edit::UndoEntry& step, const edit::Change& change)
{
    edit::redo(doc_, step);
    announce(change);
}

QString DocumentModel::apply(const QString& text, const edit::Op& op)
{
    // No copy of the document here: the layer works on its own copy and
    // hands back what it replaced (Outcome::before), measured samples moved,
    // never duplicated, unless the edit changed them.
    edit::Outcome o;
    try {
        o = op(doc_);
    } catch (const std::exception& e) {
        // The layer reports problems as data and changes nothing when it
        // refuses; anything else is a bug, but not a crash.
        o.problems.push_back({ProblemKind::BadValue, "(edit)", "", "", e.what()});
    }
    if (!o.ok()) {
        lastProblems_ = o.problems;
        return QString::fromStdString(o.message());
    }
    lastProblems_.clear();
    const edit::Change change = o.change;
    undo_.push(new EditCommand(this, text, edit::undoEntry(doc_, std::move(o)), change));
    announce(change);
    if (!change.cleanup.empty()) {
        // What the edit took with it, said where the user looks (undo brings it back).
        QStringList lines;
        for (const std::string& c : change.cleanup)
            lines << QString::fromStdString(c);
        emit removedAlong(tr("%1: %2 (Undo brings it back)").arg(text, lines.join("; ")));
    }
    return {};
}

QString DocumentModel::setValue(const Endpoint& input, double value)
{
    return apply(tr("Set %1").arg(QString::fromStdString(input.str())),
                 edit::op::setValue(input.str(), value));
}

QString DocumentModel::resetValue(const Endpoint& input)
{
    return apply(tr("Reset %1").arg(QString::fromStdString(input.str())),
                 edit::op::clearValue(input.str()));
}

QString DocumentModel::setDesignParam(const QString& name, double value)
{
    return apply(tr("Set %1").arg(name), edit::op::setValue(name.toStdString(), value));
}

QString DocumentModel::setDesignParamRange(const QString& name, double min, double max)
{
    return apply(tr("Set range of %1 to [%2, %3]")
                     .arg(name, QString::fromStdString(formatNumber(min)), QString::fromStdString(formatNumber(max))),
                 edit::op::setParameterRange(name.toStdString(), min, max));
}

QString DocumentModel::followDesignParam(const QString& name)
{
    const DesignParam* p = doc_.design.findDesignParam(name.toStdString());
    if (!p || p->follows.empty())
        return tr("%1 follows no output").arg(name);
    return apply(tr("%1 follows %2").arg(name, QString::fromStdString(p->follows)),
                 edit::op::clearValue(name.toStdString()));
}

QString DocumentModel::addBlock(const QString& type, QPointF pos, QString* nameOut)
{
    const std::string name = uniqueBlockName(doc_.design, type.toStdString());
    const QString err = apply(tr("Add block %1").arg(QString::fromStdString(name)),
                              edit::op::addBlock(name, type.toStdString())
                                  .then(edit::op::moveBlocks({{name, {pos.x(), pos.y()}}})));
    if (err.isEmpty() && nameOut)
        *nameOut = QString::fromStdString(name);
    return err;
}

QString DocumentModel::removeBlocks(const QStringList& names)
{
    std::vector<std::string> list;
    for (const QString& n : names)
        list.push_back(n.toStdString());
    return apply(names.size() == 1 ? tr("Delete block %1").arg(names.front()) : tr("Delete %1 blocks").arg(names.size()),
                 edit::op::removeBlocks(list));
}

QString DocumentModel::connect(const Source& from, const Endpoint& to)
{
    return apply(tr("Wire %1 to %2").arg(QString::fromStdString(from.str()), QString::fromStdString(to.str())),
                 edit::op::wire(from, to));
}

QString DocumentModel::disconnect(const Endpoint& to)
{
    return apply(tr("Unwire %1").arg(QString::fromStdString(to.str())),
                 edit::op::unwire(to));
}

QString DocumentModel::setTopology(const QString& text, Network topology,
                                   const std::map<std::string, QPointF>& positions)
{
    return apply(text, edit::op::setTopology(std::move(topology)).then(edit::op::placeVertices(points(positions))));
}

QString DocumentModel::editTopology(const QString& text, const edit::Op& op,
                                    const std::map<std::string, QPointF>& newPositions)
{
    return apply(text, newPositions.empty() ? op : op.then(edit::op::moveVertices(points(newPositions))));
}

void DocumentModel::moveBlocks(const std::map<std::string, QPointF>& to)
{
    apply(to.size() == 1 ? tr("Move block") : tr("Move %1 blocks").arg(to.size()),
          edit::op::moveBlocks(points(to)));
}

void DocumentModel::moveVertices(const std::map<std::string, QPointF>& to)
{
    apply(to.size() == 1 ? tr("Move item") : tr("Move %1 items").arg(to.size()),
          edit::op::moveVertices(points(to)));
}

std::optional<QPointF> DocumentModel::blockPosition(const std::string& name) const
{
    return pointFrom(doc_.layout, "blocks", name);
}

std::optional<QPointF> DocumentModel::vertexPosition(const std::string& id) const
{
    return pointFrom(doc_.layout, "vertices", id);
}

} // namespace cs::app
