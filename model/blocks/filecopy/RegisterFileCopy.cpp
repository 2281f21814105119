#include "model/blocks/BuiltinBlocks.h"
#include "model/blocks/filecopy/FileCopyBlock.h"
#include "model/core/BlockRegistry.h"

#include <memory>

namespace cs {

void registerFileCopyBlocks(BlockRegistry& r)
{
    r.add(std::make_unique<FileCopyBlock>());
}

} // namespace cs
