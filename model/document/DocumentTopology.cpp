#include "model/document/DocumentTopology.h"
#include "model/topology/TopologySource.h"

namespace cs {

std::vector<Wire> attachTopology(DesignDocument& doc)
{
    const auto vertices = doc.topology.is_object() ? doc.topology.find("vertices") : doc.topology.end();
    if (doc.topology.is_null() ||
        (vertices != doc.topology.end() && vertices->is_array() && vertices->empty())) {
        // Nothing drawn yet: the design has no network to read.
        std::vector<Wire> dropped;
        for (const Wire& w : doc.design.wires())
            if (w.from.block == kTopologyBlock || w.to.block == kTopologyBlock)
                dropped.push_back(w);
        doc.design.clearTopology();
        return dropped;
    }
    TopologySourceParts parts = topologySourceFromJson(doc.topology, "topology");
    return doc.design.setTopology(std::move(parts.block), std::move(parts.values));
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
