#include "model/core/JobSize.h"
#include "model/core/Block.h"

#include <algorithm>
#include <string_view>

namespace cs {

bool countsJobRanks(const Block& block, std::size_t input)
{
    // One list, here: a mark on ParamSpec would say it where each block is
    // declared, at the price of recompiling everything (every file includes
    // that header); it is the next step.
    static constexpr std::string_view kTypes[] = {
        "fftw.transpose", "logp.loggp",         "inic.fft2d",         "inic.proto.fft2d", "inic.sort",
        "inic.proto.sort", "sort.parallel",     "comm.collective",    "offload.collective", "offload.pcitraffic",
        "speedup.efficiency"};
    const BlockSpec& spec = block.spec();
    return input < spec.inputs.size() && spec.inputs[input].symbol == kJobSize &&
           std::find(std::begin(kTypes), std::end(kTypes), spec.id) != std::end(kTypes);
}

} // namespace cs
