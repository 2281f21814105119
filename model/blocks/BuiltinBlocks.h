#pragma once

namespace cs {

class BlockRegistry;

// Each feature folder under model/blocks/ defines its own registration
// function; registerBuiltinBlocks() calls them all. Explicit calls (rather
// than static initialisers) survive static linking.
void registerInicBlocks(BlockRegistry& r);       // blocks/inic: seed 000
void registerLogpBlocks(BlockRegistry& r);       // blocks/loggp: seeds 002, 001
void registerOffloadBlocks(BlockRegistry& r);    // blocks/offload: seed 001
void registerBondingBlocks(BlockRegistry& r);    // blocks/bonding: seeds 004, 003
void registerMeshBlocks(BlockRegistry& r);       // blocks/mesh: seed 004
void registerFileCopyBlocks(BlockRegistry& r);   // blocks/filecopy: seed 004
void registerSpeedupBlocks(BlockRegistry& r);    // blocks/speedup
void registerTopologyBlocks(BlockRegistry& r);   // topology: metrics block
void registerCommBlocks(BlockRegistry& r);       // blocks/comm: collectives and halo exchange (LogGP)
void registerRecordedBlocks(BlockRegistry& r);   // recording: a recorded program replayed (issue 44)
void registerFormulaBlocks(BlockRegistry& r);    // formula: the user's own model (empty until defined)

void registerBuiltinBlocks(BlockRegistry& r);
// BlockRegistry::builtin() (model/core/BlockRegistry.h) is defined in BuiltinBlocks.cpp, beside the
// blocks it registers: model/core declares the registry and includes none of them.

} // namespace cs
