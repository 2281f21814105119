#include "model/blocks/BuiltinBlocks.h"
#include "model/blocks/mesh/MeshRoutingBlock.h"
#include "model/core/BlockRegistry.h"

#include <memory>

namespace cs {

void registerMeshBlocks(BlockRegistry& r)
{
    r.add(std::make_unique<MeshRoutingBlock>());
}

} // namespace cs
