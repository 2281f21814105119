// DocumentModel's clipboard: a copy of blocks as a JSON piece, and its paste as one undoable operation.
// Before any Qt header: JobSize.h names a parameter `slots`, which Qt defines as a keyword macro.
#include "model/core/JobSize.h"
#include "app/document/BlockNames.h"
#include "app/document/DocumentModel.h"
#include "model/core/ModelError.h"
#include "model/document/DocumentFormat.h"

#include <set>

namespace cs::app {

nlohmann::json DocumentModel::copyBlocks(const QStringList& names) const
{
    nlohmann::json piece{{"blocks", nlohmann::json::array()}, {"wires", nlohmann::json::array()}};
    std::set<std::string> copied;
    for (const QString& n : names)
        if (const BlockInstance* b = doc_.design.findBlock(n.toStdString()); b && b->name != kTopologyBlock)
            copied.insert(b->name);
    for (const std::string& name : copied) {
        const BlockInstance& b = doc_.design.block(name);
        nlohmann::json values = nlohmann::json::object();
        // What the user set (or calibration gave): defaults come with the type.
        for (std::size_t i = 0; i < b.values.size(); ++i)
            if (b.values[i].provenance.kind == ProvenanceKind::User ||
                b.values[i].provenance.kind == ProvenanceKind::Calibrated)
                values[b.spec().inputs[i].symbol] = b.values[i].value;
        nlohmann::json block{{"name", name}, {"type", b.spec().id}, {"values", values}};
        // A formula's definition is the document's, not its type's: it comes with the copy (a pasted formula
        // block was empty, issue 48).
        if (asFormula(b.block)) {
            const nlohmann::json f = formulaBlockToJson(b);
            block["formula"] = {{"inputs", f["inputs"]}, {"outputs", f["outputs"]}};
        }
        if (const auto p = blockPosition(name))
            block["pos"] = nlohmann::json::array({p->x(), p->y()});
        piece["blocks"].push_back(std::move(block));
    }
    // The wires into the copies from each other, from design parameters and from the topology (every design
    // has one: jacobi's formula takes G from topology.G_a2a).
    for (const Wire& w : doc_.design.wires())
        if (copied.count(w.to.block) &&
            (w.from.isDesignParam() || copied.count(w.from.block) || w.from.block == kTopologyBlock))
            piece["wires"].push_back({{"from", w.from.str()}, {"to", w.to.str()}});
    return piece;
}

// The paste as one operation: each block added with its values and position (moved by `offset`), then the
// wires into the copies from each other and from design parameters this design has.
edit::Op DocumentModel::pasteOp(const nlohmann::json& piece,
                                const std::vector<std::pair<std::string, const nlohmann::json*>>& blocks,
                                const std::map<std::string, std::string>& renamed, QPointF offset) const
{
    edit::Op op;
    for (const auto& [name, b] : blocks) {
        op = op.then(edit::op::addBlock(name, (*b)["type"].get<std::string>()));
        if (auto f = b->find("formula"); f != b->end() && f->is_object())
            op = op.then(edit::op::setFormula(
                name, formulaDefinitionFromJson({{"type", kFormulaType},
                                                 {"inputs", f->value("inputs", nlohmann::json::object())},
                                                 {"outputs", f->value("outputs", nlohmann::json::object())}})));
        if (auto v = b->find("values"); v != b->end() && v->is_object())
            for (auto it = v->begin(); it != v->end(); ++it)
                if (it->is_number())
                    op = op.then(edit::op::setValue(name + "." + it.key(), it->get<double>()));
        if (auto p = b->find("pos");
            p != b->end() && p->is_array() && p->size() == 2 && (*p)[0].is_number() && (*p)[1].is_number())
            op = op.then(edit::op::moveBlocks(
                {{name, {(*p)[0].get<double>() + offset.x(), (*p)[1].get<double>() + offset.y()}}}));
    }
    const auto ws = piece.find("wires");
    if (ws == piece.end() || !ws->is_array())
        return op;
    // An input of a block type the network supplies (ParamSpec::topology): adding the block wires it.
    // So is one that counts the job's ranks (ParamSpec::jobSize), from P. A formula block's marks are in its
    // definition ("job_size", "topology"), a built-in's in its type.
    struct Marks {
        bool jobSize = false, network = false;
    };
    auto marksOf = [&](const Endpoint& e) {
        Marks m;
        for (const auto& [name, b] : blocks) {
            if (name != e.block)
                continue;
            if (const auto f = b->find("formula"); f != b->end() && f->is_object()) {
                const nlohmann::json in = f->value("inputs", nlohmann::json::object()).value(e.port, nlohmann::json());
                if (in.is_object()) {
                    m.jobSize = in.value("job_size", false) == true;
                    m.network = in.contains("topology");
                }
            } else if (const Block* type = doc_.design.registry().find((*b)["type"].get<std::string>())) {
                for (const ParamSpec& in : type->spec().inputs)
                    if (in.symbol == e.port) {
                        m.jobSize = in.jobSize;
                        m.network = !in.topology.empty();
                    }
            }
        }
        return m;
    };
    auto networkWires = [&](const Endpoint& e) { return marksOf(e).network; };
    for (const nlohmann::json& w : *ws) {
        if (!w.is_object() || !w.value("from", nlohmann::json()).is_string() ||
            !w.value("to", nlohmann::json()).is_string())
            continue;
        const std::string from = w["from"].get<std::string>(), to = w["to"].get<std::string>();
        const auto dot = from.find('.'), toDot = to.find('.');
        if (toDot == std::string::npos || !renamed.count(to.substr(0, toDot)))
            continue;
        const Endpoint target{renamed.at(to.substr(0, toDot)), to.substr(toDot + 1)};
        Source source;
        if (dot == std::string::npos) {
            if (!doc_.design.findDesignParam(from))
                continue; // pasted into a design without that parameter: left unwired
            if (from == kJobSize && marksOf(target).jobSize)
                continue; // adding the block wires the job's size into it
            source = Source::designParam(from);
        } else if (renamed.count(from.substr(0, dot))) {
            source = Source{renamed.at(from.substr(0, dot)), from.substr(dot + 1)};
        } else if (from.substr(0, dot) == kTopologyBlock) {
            source = Source{kTopologyBlock, from.substr(dot + 1)};
            const BlockInstance* topo = doc_.design.topology();
            if (!topo || topo->spec().outputIndex(source.port) < 0 || networkWires(target))
                continue; // no such output here, or the paste wires the input from the network itself
        } else {
            continue;
        }
        op = op.then(edit::op::wire(source, target));
    }
    return op;
}

QString DocumentModel::pasteBlocks(const nlohmann::json& piece, QPointF offset, QStringList* added)
{
    if (!piece.is_object() || !piece.contains("blocks") || !piece["blocks"].is_array() || piece["blocks"].empty())
        return tr("Nothing to paste: copy blocks first");
    // Fresh names, chosen on the document as it will be when each is added.
    Design names = doc_.design;
    std::map<std::string, std::string> renamed;
    std::vector<std::pair<std::string, const nlohmann::json*>> blocks;
    for (const nlohmann::json& b : piece["blocks"]) {
        if (!b.is_object() || !b.contains("name") || !b["name"].is_string() || !b.contains("type") ||
            !b["type"].is_string())
            return tr("The clipboard's blocks cannot be read");
        const std::string type = b["type"].get<std::string>();
        const std::string name = uniqueBlockName(names, type);
        try {
            names.addBlock(name, type);
        } catch (const ModelError& e) {
            return QString::fromStdString(e.what());
        }
        renamed[b["name"].get<std::string>()] = name;
        blocks.emplace_back(name, &b);
    }
    edit::Op op;
    try {
        op = pasteOp(piece, blocks, renamed, offset);
    } catch (const ModelError& e) { // a formula's definition the reader refuses
        return tr("The clipboard's formula cannot be read: %1").arg(QString::fromStdString(e.what()));
    }
    const QString err = apply(
        blocks.size() == 1 ? tr("Paste block %1").arg(QString::fromStdString(blocks.front().first))
                           : tr("Paste %1 blocks").arg(blocks.size()),
        op);
    if (err.isEmpty() && added) {
        added->clear();
        for (const auto& b : blocks)
            *added << QString::fromStdString(b.first);
    }
    return err;
}

} // namespace cs::app
