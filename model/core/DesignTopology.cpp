// The design's topology source (Design.h): setting and clearing it, the
// job size wired into it and into the block inputs that count the job's
// ranks, and the inputs it supplies wired from it.
#include "model/core/Design.h"
#include "model/core/JobSize.h"
#include "model/core/ModelError.h"

#include <algorithm>
#include <functional>
#include <optional>

namespace cs {

std::vector<Wire> Design::setTopology(std::shared_ptr<const Block> source, std::vector<ParamValue> values)
{
    requireValues("setTopology", source.get(), values.size());
    const BlockSpec& spec = source->spec();
    BlockInstance inst;
    inst.name = kTopologyBlock;
    inst.block = source.get();
    inst.values = std::move(values);
    inst.owned = std::move(source);
    if (const int i = blockIndex(kTopologyBlock); i >= 0)
        blocks_.erase(blocks_.begin() + i);
    // First, so that every plan evaluates it before the blocks it feeds.
    blocks_.insert(blocks_.begin(), std::move(inst));
    reindexBlocks();
    std::vector<Wire> dropped = dropStaleWires(kTopologyBlock, spec);
    for (DesignParam& p : params_)
        if (!p.follows.empty() && Endpoint::parse(p.follows).block == kTopologyBlock &&
            spec.outputIndex(Endpoint::parse(p.follows).port) < 0)
            p.follows.clear();
    wireJobSize();
    return dropped;
}

void Design::wireJobSize()
{
    const BlockInstance* topo = topology();
    const DesignParam* P = findDesignParam(kJobSize);
    if (!topo || !P)
        return;
    const int i = topo->spec().inputIndex(kJobSize);
    const Endpoint to{kTopologyBlock, kJobSize};
    if (i < 0 || topo->values[static_cast<std::size_t>(i)].provenance.kind != ProvenanceKind::Default || wireInto(to))
        return;
    if (checkConnection(Source::designParam(kJobSize), to).empty()) {
        wires_.push_back({Source::designParam(kJobSize), to});
        wireIndex_.emplace(to.str(), wires_.size() - 1);
    }
}

std::vector<Wire> Design::wireJobRanks(const std::string& name)
{
    if (!findDesignParam(kJobSize) || name == kTopologyBlock)
        return {}; // the topology's job size is wireJobSize's
    return wireDefaults(name, [](const ParamSpec& in) {
        return in.jobSize ? std::optional<Source>(Source::designParam(kJobSize)) : std::nullopt;
    });
}

void Design::clearTopology()
{
    if (const int i = blockIndex(kTopologyBlock); i >= 0) {
        blocks_.erase(blocks_.begin() + i);
        reindexBlocks();
    }
    std::erase_if(wires_, [](const Wire& w) { return w.to.block == kTopologyBlock || w.from.block == kTopologyBlock; });
    reindexWires();
    for (DesignParam& p : params_)
        if (p.follows.rfind(std::string(kTopologyBlock) + ".", 0) == 0)
            p.follows.clear();
}

std::vector<Wire> Design::wireFromTopology(const std::string& name)
{
    if (!topology() || name == kTopologyBlock)
        return {};
    return wireDefaults(name, [](const ParamSpec& in) {
        return in.topology.empty() ? std::nullopt : std::optional<Source>(Source{kTopologyBlock, in.topology});
    });
}

std::vector<Wire> Design::wireDefaults(const std::string& name,
                                       const std::function<std::optional<Source>(const ParamSpec&)>& sourceOf)
{
    std::vector<Wire> made;
    const BlockInstance& b = block(name);
    for (std::size_t i = 0; i < b.spec().inputs.size(); ++i) {
        const std::optional<Source> from = sourceOf(b.spec().inputs[i]);
        if (!from || b.values[i].provenance.kind != ProvenanceKind::Default)
            continue;
        const Endpoint to{name, b.spec().inputs[i].symbol};
        if (checkConnection(*from, to).empty()) {
            wires_.push_back({*from, to});
            wireIndex_.emplace(to.str(), wires_.size() - 1);
            made.push_back(wires_.back());
        }
    }
    return made;
}

} // namespace cs
