#include "model/blocks/BuiltinBlocks.h"
#include "model/core/BlockRegistry.h"
#include "model/formula/FormulaBlock.h"

namespace cs {

void registerFormulaBlocks(BlockRegistry& r)
{
    // The empty formula: the palette and `list blocks` show the type; a
    // document's formula blocks are built from their definitions and owned by
    // the design (FormulaBlock::build, Design::addOwnedBlock).
    r.add(std::make_unique<FormulaBlock>());
}

} // namespace cs
