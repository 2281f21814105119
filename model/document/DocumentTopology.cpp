#include "model/document/DocumentTopology.h"
#include "model/topology/TopologySource.h"

namespace cs {

namespace {

// Removes overrides and sweep axes of topology inputs the block lacks.
void dropStaleInputs(DesignDocument& doc, std::vector<std::string>& removed)
{
    const BlockInstance* b = doc.design.topology();
    const std::string prefix = std::string(kTopologyBlock) + ".";
    auto stale = [&](const std::string& path) {
        return path.rfind(prefix, 0) == 0 && (!b || b->spec().inputIndex(path.substr(prefix.size())) < 0);
    };
    for (std::size_t v = 0; v < doc.variants.size(); ++v) {
        auto& o = doc.variants[v].overrides;
        for (std::size_t i = o.size(); i-- > 0;)
            if (stale(o[i].first)) {
                removed.push_back("variants[" + std::to_string(v) + "].overrides." + o[i].first);
                o.erase(o.begin() + static_cast<std::ptrdiff_t>(i));
            }
    }
    auto& axes = doc.sweep.axes;
    for (std::size_t i = axes.size(); i-- > 0;)
        if (stale(axes[i].path)) {
            removed.push_back("sweep.axes[" + std::to_string(i) + "] (" + axes[i].path + ")");
            axes.erase(axes.begin() + static_cast<std::ptrdiff_t>(i));
        }
}

} // namespace

TopologyDetached attachTopology(DesignDocument& doc)
{
    TopologyDetached detached;
    const auto vertices = doc.topology.is_object() ? doc.topology.find("vertices") : doc.topology.end();
    if (doc.topology.is_null() ||
        (vertices != doc.topology.end() && vertices->is_array() && vertices->empty())) {
        // Nothing drawn yet: the design has no network to read.
        for (const Wire& w : doc.design.wires())
            if (w.from.block == kTopologyBlock || w.to.block == kTopologyBlock)
                detached.wires.push_back(w);
        doc.design.clearTopology();
    } else {
        TopologySourceParts parts = topologySourceFromJson(doc.topology, "topology");
        detached.wires = doc.design.setTopology(std::move(parts.block), std::move(parts.values));
    }
    dropStaleInputs(doc, detached.references);
    return detached;
}

nlohmann::json currentTopologyJson(const DesignDocument& doc)
{
    const BlockInstance* b = doc.design.topology();
    if (!b)
        return doc.topology;
    const auto* source = dynamic_cast<const TopologySource*>(b->block);
    if (!source)
        return doc.topology;
    // A drawing is kept as the user wrote it (ids, order, units as text).
    if (source->drawn() && !doc.topology.is_null())
        return doc.topology;
    return topologySourceToJson(*source, b->values);
}

} // namespace cs
