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

namespace {

// A listed placement takes the hosts the design's node list names.
std::shared_ptr<const TopologySource> listedIn(const DesignDocument& doc, std::shared_ptr<const TopologySource> block)
{
    if (const std::vector<std::string> names = nodeHostNames(doc.nodes); !names.empty())
        return block->withListed(names);
    return block;
}

const TopologySource* sourceOf(const DesignDocument& doc)
{
    const BlockInstance* b = doc.design.topology();
    return b ? dynamic_cast<const TopologySource*>(b->block) : nullptr;
}

} // namespace

TopologyDetached attachTopology(DesignDocument& doc)
{
    TopologyDetached detached;
    if (doc.topology.isNone() || (doc.topology.isDrawn() && doc.topology.vertices().empty())) {
        // Nothing drawn yet: the design has no network to read.
        for (const Wire& w : doc.design.wires())
            if (w.from.block == kTopologyBlock || w.to.block == kTopologyBlock)
                detached.wires.push_back(w);
        doc.design.clearTopology();
    } else {
        TopologySourceParts parts = topologySourceFrom(doc.topology, "topology");
        detached.wires = doc.design.setTopology(listedIn(doc, std::move(parts.block)), std::move(parts.values));
    }
    dropStaleInputs(doc, detached.references);
    return detached;
}

void rebuildTopology(DesignDocument& doc)
{
    const TopologySource* source = sourceOf(doc);
    if (!source || !source->drawn() || !doc.topology.isDrawn() || doc.topology.vertices().empty()) {
        attachTopology(doc);
        return;
    }
    std::vector<ParamValue> values = doc.design.topology()->values;
    doc.design.setTopology(listedIn(doc, drawnSource(doc.topology, "topology")), std::move(values));
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

nlohmann::json blockJob(const DesignDocument& doc)
{
    const TopologySource* source = sourceOf(doc);
    if (!source)
        return nullptr;
    nlohmann::json job = topologyJobJson(*source, doc.design.topology()->values);
    return job.empty() ? nlohmann::json() : job;
}

std::optional<Network> blockNetwork(const DesignDocument& doc)
{
    const TopologySource* source = sourceOf(doc);
    if (!source || !source->generator())
        return std::nullopt;
    Network n = Network::generated(source->generator()->spec().name,
                                   generatedParams(*source, doc.design.topology()->values));
    n.setJob(blockJob(doc));
    return n;
}

nlohmann::json currentTopologyJson(const DesignDocument& doc, NetworkJsonOptions options)
{
    if (!sourceOf(doc))
        return writeNetwork(doc.topology, options);
    if (std::optional<Network> generated = blockNetwork(doc))
        return writeNetwork(*generated, options);
    // A drawing is written as the user wrote it (ids, order, units as text),
    // with the job as the block has it now.
    nlohmann::json j = writeNetwork(doc.topology, {.job = false, .linkIds = options.linkIds});
    if (nlohmann::json job = blockJob(doc); options.job && !job.is_null())
        j["job"] = std::move(job);
    return j;
}

Network currentNetwork(const DesignDocument& doc)
{
    if (!sourceOf(doc))
        return doc.topology;
    if (std::optional<Network> generated = blockNetwork(doc))
        return std::move(*generated);
    Network n = doc.topology; // as currentTopologyJson writes it: the job as the block has it now
    n.setJob(blockJob(doc));
    return n;
}

} // namespace cs
