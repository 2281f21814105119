#include "model/blocks/speedup/SpeedupBlock.h"
#include "model/blocks/BuiltinBlocks.h"
#include "model/core/BlockRegistry.h"
#include "model/core/JobSize.h"

#include <memory>

namespace cs {

const BlockSpec& SpeedupBlock::spec() const
{
    static const BlockSpec s{
        "speedup.efficiency",
        "Speedup and efficiency",
        "Analysis",
        "Speedup of a total time against a reference run, and parallel efficiency.",
        "Standard definitions; used for 000_e9da438bafb3289f.txt Fig. 4(a), 5(b), 8",
        {
            param("T_ref", Unit::Seconds, "s", 1.0, 1e-12, 1e12, "total time of the reference run (usually P = 1)",
                  "definition of speedup"),
            countParam("P_ref", 1, 1, 1e9, "processor count of the reference run", "definition of speedup"),
            param("T", Unit::Seconds, "s", 1.0, 1e-12, 1e12, "total time at P processors", "definition of speedup"),
            followsJob(countParam(kJobSize, 1, 1, 1e9, "processor count", "definition of speedup")),
        },
        {
            output("S", Unit::Ratio, "1", "speedup T_ref / T", "definition of speedup"),
            output("E", Unit::Ratio, "1", "parallel efficiency S * P_ref / P", "definition of efficiency"),
        },
    };
    return s;
}

std::string SpeedupBlock::check(const double*) const
{
    return {};
}

void SpeedupBlock::evaluate(const double* in, double* out) const
{
    out[S] = in[T_ref] / in[T];
    out[E] = out[S] * in[P_ref] / in[P];
}

void registerSpeedupBlocks(BlockRegistry& r)
{
    r.add(std::make_unique<SpeedupBlock>());
}

} // namespace cs
