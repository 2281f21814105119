// Compiled with -fno-tree-loop-distribute-patterns (see CMakeLists.txt) so the loop is not replaced by a
// call to memcpy; the compiler may still vectorise it, as it does STREAM's Copy kernel.
#include "cs/probe/MemCopy.h"

namespace cs::probe {

void copyLoop(double* __restrict dst, const double* __restrict src, std::size_t count) noexcept
{
    for (std::size_t i = 0; i < count; ++i)
        dst[i] = src[i];
}

} // namespace cs::probe
