#include "model/blocks/BuiltinBlocks.h"
#include "model/core/BlockRegistry.h"

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

const BlockRegistry& BlockRegistry::builtin()
{
    static const BlockRegistry registry = [] {
        BlockRegistry r;
        registerBuiltinBlocks(r);
        return r;
    }();
    return registry;
}

} // namespace cs
