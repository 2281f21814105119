#pragma once
// The editing layer's operations as values (DocumentEdits.h): what
// DocumentModel::apply runs, as one undo step, on the document it owns. A
// view makes an Op with the functions below, which name the operation and
// its arguments; Op has no public constructor, so a view cannot hand in a
// mutation of its own, and every change of the GUI's document is one of the
// layer's operations (issue 34: the layer is the only door).
#include "model/document/DocumentEdits.h"

#include <functional>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace cs::edit {

class Op;

namespace detail {
// For the layer's own factories only (EditOps.cpp).
Op makeOp(std::function<Outcome(DesignDocument&)> run);
} // namespace detail

class Op {
public:
    // Nothing: accepted, changing nothing.
    Op() = default;
    Outcome operator()(DesignDocument& doc) const { return run_ ? run_(doc) : Outcome{}; }
    // This, then `next`, as one step (andThen): `next` runs only when this
    // was accepted, and when `next` is refused both are undone.
    Op then(Op next) const;

private:
    friend Op detail::makeOp(std::function<Outcome(DesignDocument&)>);
    explicit Op(std::function<Outcome(DesignDocument&)> run) : run_(std::move(run)) {}
    std::function<Outcome(DesignDocument&)> run_;
};

namespace op {
using Points = std::map<std::string, std::pair<double, double>>;

// ---- Design
Op addBlock(std::string name, std::string type);
Op removeBlocks(std::vector<std::string> names);
Op setValue(std::string path, double value, Provenance provenance = Provenance::user());
Op setValues(std::vector<ValueAssignment> values);
Op clearValue(std::string path);
Op clearValues(std::vector<std::string> paths);
Op wire(Source from, Endpoint to);
Op unwire(Endpoint to);
Op setParameterRange(std::string name, double min, double max);
Op setFormula(std::string block, FormulaDefinition definition);
Op setSweepAxes(std::vector<SweepAxis> axes);
Op setSpeedupAgainst(std::string variant);
// ---- Topology
Op setTopology(Network topology);
Op pasteTopology(Network piece);
Op addVertex(std::string id, VertexKind kind);
Op addLink(std::string from, std::string to, double bandwidth, int channels);
Op removeTopologyItems(std::set<std::string> vertices, std::set<LinkId> links);
Op setVertexProperty(std::set<std::string> ids, std::string key, nlohmann::json value);
Op setLinkProperty(std::set<LinkId> links, std::string key, nlohmann::json value);
// ---- Layout
Op moveBlocks(Points to);
Op moveVertices(Points to);
Op placeVertices(Points at);
Op setLogAxes(bool on);
// ---- Nodes and results
Op setNodes(nlohmann::json nodes);
Op setMeasured(nlohmann::json measured);
Op setImported(nlohmann::json imported);
Op appendMeasured(nlohmann::json results);
Op appendImported(nlohmann::json series);
Op applyCalibration(std::vector<ValueAssignment> values, nlohmann::json record, nlohmann::json measured = nullptr);
} // namespace op

} // namespace cs::edit
