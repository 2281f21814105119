#include "model/document/EditOps.h"
#include "model/document/DesignEdits.h"

#include <memory>

// Each factory keeps its arguments and runs the operation of the same name in DocumentEdits.h.
namespace cs::edit {

using nlohmann::json;

namespace detail {
Op makeOp(std::function<Outcome(DesignDocument&)> run)
{
    return Op(std::move(run));
}
} // namespace detail

Op Op::then(Op next) const
{
    return detail::makeOp([first = *this, next = std::move(next)](DesignDocument& d) {
        return andThen(d, first(d), [&] { return next(d); });
    });
}

namespace op {

using detail::makeOp;

Op addBlock(std::string name, std::string type)
{
    return makeOp([=](DesignDocument& d) { return edit::addBlock(d, name, type); });
}
Op removeBlocks(std::vector<std::string> names)
{
    return makeOp([=](DesignDocument& d) { return edit::removeBlocks(d, names); });
}
Op setValue(std::string path, double value, Provenance provenance)
{
    return makeOp([=](DesignDocument& d) { return edit::setValue(d, path, value, provenance); });
}
Op setValues(std::vector<ValueAssignment> values)
{
    return makeOp([=](DesignDocument& d) { return edit::setValues(d, values); });
}
Op clearValue(std::string path)
{
    return makeOp([=](DesignDocument& d) { return edit::clearValue(d, path); });
}
Op clearValues(std::vector<std::string> paths)
{
    return makeOp([=](DesignDocument& d) { return edit::clearValues(d, paths); });
}
Op wire(Source from, Endpoint to)
{
    return makeOp([=](DesignDocument& d) { return edit::wire(d, from, to); });
}
Op unwire(Endpoint to)
{
    return makeOp([=](DesignDocument& d) { return edit::unwire(d, to); });
}
Op setParameterRange(std::string name, double min, double max)
{
    return makeOp([=](DesignDocument& d) { return edit::setParameterRange(d, name, min, max); });
}
Op setFormula(std::string block, FormulaDefinition definition)
{
    return makeOp([=](DesignDocument& d) { return edit::setFormula(d, block, definition); });
}
Op setSweepAxes(std::vector<SweepAxis> axes)
{
    return makeOp([=](DesignDocument& d) { return edit::setSweepAxes(d, axes); });
}
Op setSpeedupAgainst(std::string variant)
{
    return makeOp([=](DesignDocument& d) { return edit::setSpeedupAgainst(d, variant); });
}
Op setSpeedupParameter(std::string path)
{
    return makeOp([=](DesignDocument& d) { return edit::setSpeedupParameter(d, path); });
}
Op setVariants(std::vector<Variant> variants)
{
    return makeOp([=](DesignDocument& d) { return edit::setVariants(d, variants); });
}
Op setFollows(std::string name, std::string output)
{
    return makeOp([=](DesignDocument& d) { return edit::setFollows(d, name, output); });
}
Op setTopology(Network topology)
{
    auto held = std::make_shared<const Network>(std::move(topology)); // an Op is copied; the network is not
    return makeOp([held](DesignDocument& d) { return edit::setTopology(d, *held); });
}
Op pasteTopology(Network piece)
{
    auto held = std::make_shared<const Network>(std::move(piece));
    return makeOp([held](DesignDocument& d) { return edit::pasteTopology(d, *held); });
}
Op addVertex(std::string id, VertexKind kind)
{
    return makeOp([=](DesignDocument& d) { return edit::addVertex(d, id, kind); });
}
Op addLink(std::string from, std::string to, double bandwidth, int channels)
{
    return makeOp([=](DesignDocument& d) { return edit::addLink(d, from, to, bandwidth, channels); });
}
Op removeTopologyItems(std::set<std::string> vertices, std::set<LinkId> links)
{
    return makeOp([=](DesignDocument& d) { return edit::removeTopologyItems(d, vertices, links); });
}
Op setVertexProperty(std::set<std::string> ids, std::string key, json value)
{
    return makeOp([=](DesignDocument& d) { return edit::setVertexProperty(d, ids, key, value); });
}
Op setLinkProperty(std::set<LinkId> links, std::string key, json value)
{
    return makeOp([=](DesignDocument& d) { return edit::setLinkProperty(d, links, key, value); });
}
Op moveBlocks(Points to)
{
    return makeOp([=](DesignDocument& d) { return edit::moveBlocks(d, to); });
}
Op moveVertices(Points to)
{
    return makeOp([=](DesignDocument& d) { return edit::moveVertices(d, to); });
}
Op placeVertices(Points at)
{
    return makeOp([=](DesignDocument& d) { return edit::placeVertices(d, at); });
}
Op setLogAxes(bool on)
{
    return makeOp([=](DesignDocument& d) { return edit::setLogAxes(d, on); });
}
Op setNodes(json nodes)
{
    return makeOp([=](DesignDocument& d) { return edit::setNodes(d, nodes); });
}
Op setMeasured(json measured)
{
    return makeOp([=](DesignDocument& d) { return edit::setMeasured(d, measured); });
}
Op setImported(json imported)
{
    return makeOp([=](DesignDocument& d) { return edit::setImported(d, imported); });
}
Op appendMeasured(json results)
{
    return makeOp([=](DesignDocument& d) { return edit::appendMeasured(d, results); });
}
Op appendImported(json series)
{
    return makeOp([=](DesignDocument& d) { return edit::appendImported(d, series); });
}
Op applyCalibration(std::vector<ValueAssignment> values, json record, json measured)
{
    return makeOp([=](DesignDocument& d) { return edit::applyCalibration(d, values, record, measured); });
}

} // namespace op
} // namespace cs::edit
