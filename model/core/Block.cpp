#include "model/core/Block.h"

namespace cs {

int BlockSpec::inputIndex(std::string_view symbol) const
{
    for (std::size_t i = 0; i < inputs.size(); ++i)
        if (inputs[i].symbol == symbol)
            return static_cast<int>(i);
    return -1;
}

int BlockSpec::outputIndex(std::string_view symbol) const
{
    for (std::size_t i = 0; i < outputs.size(); ++i)
        if (outputs[i].symbol == symbol)
            return static_cast<int>(i);
    return -1;
}

std::string Block::check(const double*) const
{
    return {};
}

} // namespace cs
