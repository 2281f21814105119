#include "model/blocks/BuiltinBlocks.h"
#include "model/blocks/offload/OffloadCollectiveBlock.h"
#include "model/blocks/offload/OffloadPciTrafficBlock.h"
#include "model/blocks/offload/OffloadStridedBlock.h"
#include "model/core/BlockRegistry.h"

#include <memory>

namespace cs {

// Seed 001 (Aoki et al., Maestro2 dynamic offloading, MDO).
void registerOffloadBlocks(BlockRegistry& r)
{
    r.add(std::make_unique<OffloadCollectiveBlock>());
    r.add(std::make_unique<OffloadPciTrafficBlock>());
    r.add(std::make_unique<OffloadStridedBlock>());
}

} // namespace cs
