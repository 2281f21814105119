#include "model/blocks/BuiltinBlocks.h"
#include "model/blocks/comm/CollectiveBlock.h"
#include "model/blocks/comm/HaloExchangeBlock.h"
#include "model/core/BlockRegistry.h"

#include <memory>

namespace cs {

void registerCommBlocks(BlockRegistry& r)
{
    r.add(std::make_unique<CollectiveBlock>());
    r.add(std::make_unique<HaloExchangeBlock>());
}

} // namespace cs
