#include "model/blocks/BuiltinBlocks.h"
#include "model/core/BlockRegistry.h"

namespace cs {

void registerBondingBlocks(BlockRegistry&)
{
    // Not yet implemented: filled in by its feature.
}

} // namespace cs
