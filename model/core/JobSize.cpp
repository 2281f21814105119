#include "model/core/JobSize.h"
#include "model/core/Block.h"

namespace cs {

bool countsJobRanks(const Block& block, std::size_t input)
{
    // The mark is where each block declares the input (followsJob,
    // ParamSpec.h), and a formula input takes it from its document.
    const BlockSpec& spec = block.spec();
    return input < spec.inputs.size() && spec.inputs[input].jobSize;
}

} // namespace cs
