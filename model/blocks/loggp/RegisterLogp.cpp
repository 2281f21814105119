#include "model/blocks/BuiltinBlocks.h"
#include "model/blocks/loggp/FftwTransposeBlock.h"
#include "model/blocks/loggp/LogGPBlock.h"
#include "model/core/BlockRegistry.h"

#include <memory>

namespace cs {

void registerLogpBlocks(BlockRegistry& r)
{
    r.add(std::make_unique<LogGPBlock>());
    r.add(std::make_unique<FftwTransposeBlock>());
}

} // namespace cs
