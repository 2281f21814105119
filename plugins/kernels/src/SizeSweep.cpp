#include "cs/probe/SizeSweep.h"

#include <cmath>

namespace cs::probe {

std::vector<std::uint32_t> geometricSizes(double min, double max, double factor)
{
    std::vector<std::uint32_t> sizes;
    if (factor < 1.0 + 1e-9)
        factor = 2.0;
    for (double s = min; s < max && sizes.size() < 63; s *= factor)
        sizes.push_back(static_cast<std::uint32_t>(std::llround(s)));
    sizes.push_back(static_cast<std::uint32_t>(std::llround(max)));
    return sizes;
}

std::vector<std::uint32_t> steppedSizes(std::uint32_t min, std::uint32_t max, std::uint32_t step)
{
    std::vector<std::uint32_t> sizes{min};
    if (step == 0)
        step = 1;
    for (std::uint64_t s = (min / step + 1) * std::uint64_t(step); s <= max && sizes.size() < 256; s += step)
        sizes.push_back(static_cast<std::uint32_t>(s));
    if (sizes.back() != max && sizes.size() < 256)
        sizes.push_back(max);
    return sizes;
}

} // namespace cs::probe
