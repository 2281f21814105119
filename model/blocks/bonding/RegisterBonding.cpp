#include "model/blocks/BuiltinBlocks.h"
#include "model/blocks/bonding/BondingCalibration.h"
#include "model/blocks/bonding/BondingThroughputBlock.h"
#include "model/core/BlockRegistry.h"

#include <memory>

namespace cs {

void registerBondingBlocks(BlockRegistry& r)
{
    r.add(std::make_unique<BondingThroughputBlock>());
    registerFitForm(bondingFitForm());
}

} // namespace cs
