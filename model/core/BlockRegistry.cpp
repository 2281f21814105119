#include "model/core/BlockRegistry.h"
#include "model/core/ModelError.h"

#include <algorithm>

namespace cs {

void BlockRegistry::add(std::unique_ptr<Block> block)
{
    const BlockSpec& s = block->spec();
    if (find(s.id))
        throw ModelError("block type '" + s.id + "' is registered twice");
    // Inputs and outputs share one namespace ("block.port"), so a port name
    // may appear only once; otherwise slot look-ups would be ambiguous.
    std::vector<std::string> names;
    for (const auto& p : s.inputs)
        names.push_back(p.symbol);
    for (const auto& o : s.outputs)
        names.push_back(o.symbol);
    std::sort(names.begin(), names.end());
    if (auto dup = std::adjacent_find(names.begin(), names.end()); dup != names.end())
        throw ModelError("block type '" + s.id + "' has two ports named '" + *dup + "'");
    blocks_.push_back(std::move(block));
}

const Block* BlockRegistry::find(std::string_view id) const
{
    for (const auto& b : blocks_)
        if (b->spec().id == id)
            return b.get();
    return nullptr;
}

const Block& BlockRegistry::get(std::string_view id) const
{
    if (const Block* b = find(id))
        return *b;
    std::string known;
    for (const Block* b : all())
        known += (known.empty() ? "" : ", ") + b->spec().id;
    throw ModelError("unknown block type '" + std::string(id) + "' (known: " + known + ")");
}

std::vector<const Block*> BlockRegistry::all() const
{
    std::vector<const Block*> out;
    for (const auto& b : blocks_)
        out.push_back(b.get());
    std::sort(out.begin(), out.end(), [](const Block* a, const Block* b) { return a->spec().id < b->spec().id; });
    return out;
}

} // namespace cs
