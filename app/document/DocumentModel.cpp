#include "app/document/DocumentModel.h"
#include "app/document/SectionCommand.h"
#include "model/core/ModelError.h"
#include "model/core/Plan.h"
#include "model/document/DocumentFormat.h"
#include "model/document/DocumentTopology.h"
#include "model/topology/TopologyJson.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

namespace cs::app {

using nlohmann::json;

namespace {

const std::vector<const char*>& keysOf(Section s)
{
    // The topology is part of the design: its generator parameters are
    // design inputs and its outputs feed the blocks.
    static const std::vector<const char*> design{"name", "description", "source", "parameters", "blocks",
                                                 "wires", "variants", "sweep", "costs", "topology"};
    static const std::vector<const char*> topology{"topology"};
    static const std::vector<const char*> layout{"layout"};
    static const std::vector<const char*> results{"calibration", "measured", "imported", "nodes"};
    switch (s) {
    case Section::Design: return design;
    case Section::Topology: return topology;
    case Section::Layout: return layout;
    case Section::Results: return results;
    }
    return design;
}

json pointJson(QPointF p)
{
    return json::array({p.x(), p.y()});
}

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

std::string uniqueBlockName(const Design& d, const std::string& type)
{
    std::string base = type.substr(type.rfind('.') + 1);
    for (char& c : base)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-')
            c = '_';
    if (base.empty() || std::isdigit(static_cast<unsigned char>(base.front())))
        base = "b" + base;
    std::string name = base;
    for (int i = 2; d.findBlock(name) || d.findDesignParam(name); ++i)
        name = base + std::to_string(i);
    return name;
}

} // namespace

DocumentModel::DocumentModel(QObject* parent) : QObject(parent)
{
    undo_.setUndoLimit(500);
    QObject::connect(&undo_, &QUndoStack::cleanChanged, this, [this](bool clean) { emit modifiedChanged(!clean); });
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
    path_ = path;
    undo_.clear();
    undo_.setClean();
    reparseTopology();
    emit filePathChanged(path_);
    emit documentReset();
    emit modifiedChanged(false);
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
    const QString path = QDir(QString::fromUtf8(qgetenv("CLUSTERSCOPE_PRESETS").isEmpty()
                                                    ? QByteArray(CS_PRESET_DIR)
                                                    : qgetenv("CLUSTERSCOPE_PRESETS")))
                             .filePath(name.endsWith(".json") ? name : name + ".json");
    setDocument(loadDocument(path.toStdString()), {});
}

QString DocumentModel::save(const QString& path)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return tr("Cannot write %1: %2").arg(path, file.errorString());
    const std::string text = serializeDocument(doc_);
    file.write(text.data(), static_cast<qint64>(text.size()));
    if (!file.commit())
        return tr("Cannot save %1: %2").arg(path, file.errorString());
    const QString abs = QFileInfo(path).absoluteFilePath();
    if (abs != path_) {
        path_ = abs;
        emit filePathChanged(path_);
    }
    undo_.setClean();
    return {};
}

json DocumentModel::section(Section s) const
{
    switch (s) {
    case Section::Topology: return doc_.topology;
    case Section::Layout: return doc_.layout.is_null() ? json::object() : doc_.layout;
    case Section::Results:
        return {{"calibration", doc_.calibration},
                {"measured", doc_.measured},
                {"imported", doc_.imported},
                {"nodes", doc_.nodes}};
    case Section::Design: break;
    }
    json full = documentToJson(doc_);
    json out = json::object();
    for (const char* k : keysOf(s))
        if (full.contains(k))
            out[k] = full[k];
    return out;
}

void DocumentModel::replaceSection(Section s, const json& value)
{
    switch (s) {
    case Section::Topology:
        doc_.topology = value;
        try {
            attachTopology(doc_);
        } catch (const ModelError&) {
            // reparseTopology() records the problem for the views.
        }
        reparseTopology();
        emit designChanged();
        break;
    case Section::Layout:
        doc_.layout = value;
        break;
    case Section::Results:
        doc_.calibration = value.value("calibration", json::array());
        doc_.measured = value.value("measured", json::array());
        doc_.imported = value.value("imported", json::array());
        doc_.nodes = value.value("nodes", json::array());
        break;
    case Section::Design: {
        json full = documentToJson(doc_);
        for (const char* k : keysOf(s))
            full.erase(k);
        for (auto it = value.begin(); it != value.end(); ++it)
            full[it.key()] = it.value();
        DesignDocument next = documentFromJson(full, doc_.design.registry());
        const bool topologyMoved = next.topology != doc_.topology;
        doc_ = std::move(next);
        if (topologyMoved) {
            reparseTopology();
            emit topologyChanged();
        }
        break;
    }
    }
    emitFor(s);
}

void DocumentModel::emitFor(Section s)
{
    switch (s) {
    case Section::Design: emit designChanged(); break;
    case Section::Topology: emit topologyChanged(); break;
    case Section::Layout: emit layoutChanged(); break;
    case Section::Results: emit resultsChanged(); break;
    }
}

void DocumentModel::push(Section s, const QString& text, json before)
{
    undo_.push(new SectionCommand(this, s, text, std::move(before), section(s)));
    emitFor(s);
}

void DocumentModel::reparseTopology()
{
    topology_.reset();
    topologyError_.clear();
    if (doc_.topology.is_null())
        return;
    try {
        topology_ = topologyFromJson(doc_.topology);
    } catch (const ModelError& e) {
        topologyError_ = QString::fromStdString(e.what());
    }
}

QString DocumentModel::editDesign(const QString& text, const std::function<void(DesignDocument&)>& mutate)
{
    DesignDocument copy = doc_;
    try {
        mutate(copy);
        copy.design.compile(); // the result must still be a valid graph
        // A generated topology's parameters may have been edited as inputs.
        copy.topology = currentTopologyJson(copy);
    } catch (const ModelError& e) {
        return QString::fromStdString(e.what());
    }
    json before = section(Section::Design);
    const bool topologyMoved = copy.topology != doc_.topology;
    doc_ = std::move(copy);
    if (topologyMoved)
        reparseTopology();
    push(Section::Design, text, std::move(before));
    if (topologyMoved)
        emit topologyChanged();
    return {};
}

QString DocumentModel::setValue(const Endpoint& input, double value)
{
    return editDesign(tr("Set %1").arg(QString::fromStdString(input.str())),
                      [&](DesignDocument& d) { d.design.setValue(input, value); });
}

QString DocumentModel::resetValue(const Endpoint& input)
{
    return editDesign(tr("Reset %1").arg(QString::fromStdString(input.str())),
                      [&](DesignDocument& d) { d.design.resetValue(input); });
}

QString DocumentModel::setDesignParam(const QString& name, double value)
{
    return editDesign(tr("Set %1").arg(name),
                      [&](DesignDocument& d) { d.design.setDesignParam(name.toStdString(), value); });
}

QString DocumentModel::followDesignParam(const QString& name)
{
    const DesignParam* p = doc_.design.findDesignParam(name.toStdString());
    if (!p || p->follows.empty())
        return tr("%1 follows no output").arg(name);
    const double v = p->value.value;
    return editDesign(tr("%1 follows %2").arg(name, QString::fromStdString(p->follows)),
                      [&](DesignDocument& d) { d.design.setDesignParam(name.toStdString(), v, Provenance{}); });
}

QString DocumentModel::addBlock(const QString& type, QPointF pos, QString* nameOut)
{
    if (!doc_.design.registry().find(type.toStdString()))
        return tr("unknown block type '%1'").arg(type);
    const std::string name = uniqueBlockName(doc_.design, type.toStdString());
    undo_.beginMacro(tr("Add block %1").arg(QString::fromStdString(name)));
    const QString err = editDesign(tr("Add block"), [&](DesignDocument& d) {
        d.design.addBlock(name, type.toStdString());
        d.design.wireFromTopology(name); // what the network supplies comes from the drawing
    });
    if (err.isEmpty())
        moveBlocks({{name, pos}});
    undo_.endMacro();
    if (!err.isEmpty())
        return err;
    if (nameOut)
        *nameOut = QString::fromStdString(name);
    return {};
}

QString DocumentModel::removeBlocks(const QStringList& names)
{
    return editDesign(names.size() == 1 ? tr("Delete block %1").arg(names.front()) : tr("Delete %1 blocks").arg(names.size()),
                      [&](DesignDocument& d) {
                          for (const QString& n : names) {
                              const std::string name = n.toStdString();
                              d.design.removeBlock(name);
                              std::erase_if(d.variants, [&](const Variant& v) { return v.total.rfind(name + ".", 0) == 0; });
                              for (Variant& v : d.variants)
                                  std::erase_if(v.overrides, [&](const auto& o) { return o.first.rfind(name + ".", 0) == 0; });
                              std::erase_if(d.sweep.axes, [&](const SweepAxis& a) { return a.path.rfind(name + ".", 0) == 0; });
                              std::erase_if(d.costs, [&](const CostItem& c) { return c.per.rfind(name + ".", 0) == 0; });
                          }
                      });
}

QString DocumentModel::connect(const Source& from, const Endpoint& to)
{
    return editDesign(tr("Wire %1 to %2").arg(QString::fromStdString(from.str()), QString::fromStdString(to.str())),
                      [&](DesignDocument& d) { d.design.connect(from, to); });
}

QString DocumentModel::disconnect(const Endpoint& to)
{
    if (!doc_.design.wireInto(to))
        return tr("%1 is not wired").arg(QString::fromStdString(to.str()));
    return editDesign(tr("Unwire %1").arg(QString::fromStdString(to.str())),
                      [&](DesignDocument& d) { d.design.disconnect(to); });
}

QString DocumentModel::checkTopology(const json& topology) const
{
    // The whole edit on a copy, so that a refused one changes nothing and
    // leaves no empty step on the undo stack.
    DesignDocument trial = doc_;
    trial.topology = topology;
    try {
        attachTopology(trial);
        trial.design.compile();
    } catch (const ModelError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

QString DocumentModel::setTopology(const QString& text, const json& topology,
                                   const std::map<std::string, QPointF>& positions)
{
    if (QString err = checkTopology(topology); !err.isEmpty())
        return err;
    undo_.beginMacro(text);
    editDesign(text, [&](DesignDocument& d) {
        d.topology = topology;
        attachTopology(d);
    });
    json layoutBefore = section(Section::Layout);
    json layout = layoutBefore;
    layout["vertices"] = json::object();
    for (const auto& [id, p] : positions)
        layout["vertices"][id] = pointJson(p);
    doc_.layout = layout;
    push(Section::Layout, text, std::move(layoutBefore));
    undo_.endMacro();
    return {};
}

QString DocumentModel::editTopology(const QString& text, const std::function<void(json&)>& mutate,
                                    const std::map<std::string, QPointF>& newPositions)
{
    json next = doc_.topology.is_null() || doc_.topology.contains("generator")
                    ? (topology_ ? topologyToJson(*topology_, TopologyJsonForm::Explicit)
                                 : json{{"vertices", json::array()}, {"edges", json::array()}})
                    : doc_.topology;
    try {
        mutate(next);
    } catch (const ModelError& e) {
        return QString::fromStdString(e.what());
    } catch (const json::exception& e) {
        return QString::fromStdString(e.what());
    }
    if (QString err = checkTopology(next); !err.isEmpty())
        return err;
    undo_.beginMacro(text);
    editDesign(text, [&](DesignDocument& d) {
        d.topology = next;
        attachTopology(d);
    });
    if (!newPositions.empty())
        moveVertices(newPositions);
    undo_.endMacro();
    return {};
}

void DocumentModel::moveBlocks(const std::map<std::string, QPointF>& to)
{
    json before = section(Section::Layout);
    json layout = before;
    for (const auto& [name, p] : to)
        layout["blocks"][name] = pointJson(p);
    doc_.layout = layout;
    push(Section::Layout, to.size() == 1 ? tr("Move block") : tr("Move %1 blocks").arg(to.size()), std::move(before));
}

void DocumentModel::moveVertices(const std::map<std::string, QPointF>& to)
{
    json before = section(Section::Layout);
    json layout = before;
    for (const auto& [id, p] : to)
        layout["vertices"][id] = pointJson(p);
    doc_.layout = layout;
    push(Section::Layout, to.size() == 1 ? tr("Move item") : tr("Move %1 items").arg(to.size()), std::move(before));
}

QString DocumentModel::editResults(const QString& text, const std::function<void(DesignDocument&)>& mutate)
{
    json before = section(Section::Results);
    DesignDocument copy = doc_;
    try {
        mutate(copy);
    } catch (const ModelError& e) {
        return QString::fromStdString(e.what());
    }
    doc_ = std::move(copy);
    push(Section::Results, text, std::move(before));
    return {};
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
