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
    registerFormulaBlocks(r);
}

} // namespace cs
