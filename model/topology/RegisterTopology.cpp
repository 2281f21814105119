#include "model/blocks/BuiltinBlocks.h"
#include "model/core/BlockRegistry.h"
#include "model/topology/TopologyMetricsBlock.h"

#include <memory>

namespace cs {

void registerTopologyBlocks(BlockRegistry& r)
{
    r.add(std::make_unique<TopologyMetricsBlock>());
}

} // namespace cs
