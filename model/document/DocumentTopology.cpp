#include "model/document/DocumentTopology.h"
#include "model/topology/placement/JobPlacement.h"
#include "model/topology/TopologySourceJson.h"

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
        // A listed placement takes the hosts the design's node list names.
        if (const std::vector<std::string> names = nodeHostNames(doc.nodes); !names.empty())
            parts.block = parts.block->withListed(names);
        detached.wires = doc.design.setTopology(std::move(parts.block), std::move(parts.values));
    }
    dropStaleInputs(doc, detached.references);
    return detached;
}

std::string placeJobOn(DesignDocument& doc, const std::vector<std::string>& hostNames)
{
    const BlockInstance* topo = doc.design.topology();
    const auto* source = topo ? dynamic_cast<const TopologySource*>(topo->block) : nullptr;
    if (!source)
        return "the design has no topology to place the job on";
    if (hostNames.empty())
        return "no hosts named";
    auto listed = source->withListed(hostNames);
    if (listed->drawn() && listed->listed().size() != hostNames.size())
        return "of the " + std::to_string(hostNames.size()) + " hosts named, " +
               std::to_string(listed->listed().size()) + " are hosts of the drawn network";
    std::vector<ParamValue> values = topo->values;
    values[source->jobInput(TopologySource::job_placement)] = {static_cast<double>(Placement::Listed),
                                                              Provenance::user()};
    doc.design.setTopology(listed, std::move(values));
    return {};
}

nlohmann::json currentTopologyJson(const DesignDocument& doc)
{
    const BlockInstance* b = doc.design.topology();
    if (!b)
        return doc.topology;
    const auto* source = dynamic_cast<const TopologySource*>(b->block);
    if (!source)
        return doc.topology;
    // A drawing is kept as the user wrote it (ids, order, units as text),
    // with the job as the block has it now.
    if (source->drawn() && doc.topology.is_object()) {
        nlohmann::json j = doc.topology;
        if (nlohmann::json job = topologyJobJson(*source, b->values); !job.empty())
            j["job"] = std::move(job);
        else
            j.erase("job");
        return j;
    }
    return topologySourceToJson(*source, b->values);
}

} // namespace cs
