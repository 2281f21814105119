#include "model/blocks/BuiltinBlocks.h"

namespace cs {

void registerBuiltinBlocks(BlockRegistry& r)
{
    registerInicBlocks(r);
    registerLogpBlocks(r);
    registerOffloadBlocks(r);
    registerBondingBlocks(r);
    registerMeshBlocks(r);
    registerFileCopyBlocks(r);
    registerSpeedupBlocks(r);
    registerTopologyBlocks(r);
    registerCommBlocks(r);
    registerRecordedBlocks(r);
    registerFormulaBlocks(r);
}

} // namespace cs
