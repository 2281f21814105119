#include "model/blocks/BuiltinBlocks.h"
#include "model/blocks/inic/InicFft2dBlock.h"
#include "model/blocks/inic/InicSortBlock.h"
#include "model/blocks/inic/ParallelSortBlock.h"
#include "model/blocks/inic/ProtoFft2dBlock.h"
#include "model/blocks/inic/ProtoSortBlock.h"
#include "model/core/BlockRegistry.h"

#include <algorithm>
#include <memory>

namespace cs {

// Seed 000 (Underwood, Sass, Ligon): the INIC application models of §4, the
// ordinary-NIC sort baseline of §3.2.1 and the prototype variants of §6. The
// FFTW-over-plain-NIC FFT baseline lives with the LogGP blocks.
void registerInicBlocks(BlockRegistry& r)
{
    r.add(std::make_unique<InicFft2dBlock>());
    r.add(std::make_unique<InicSortBlock>());
    r.add(std::make_unique<ParallelSortBlock>());
    r.add(std::make_unique<ProtoFft2dBlock>());
    r.add(std::make_unique<ProtoSortBlock>());
}

} // namespace cs
