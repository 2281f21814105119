#include "model/blocks/comm/HaloExchangeBlock.h"
#include "model/blocks/comm/CommSpecs.h"
#include "model/blocks/SpecHelpers.h"

namespace cs {

const BlockSpec& HaloExchangeBlock::spec() const
{
    static const BlockSpec s = [] {
        std::vector<ParamSpec> inputs = comm::logGPInputs("nn_bw", "nearest-neighbour");
        inputs.push_back(choiceParam("dims", {"1-D", "2-D", "3-D"}, 2, "dimensions of the domain decomposition: "
                                     "2, 4 or 6 neighbours", "default assumed: a 3-D stencil"));
        inputs.push_back(wholeBytes("face", "KiB", 73728, 0, 1e12, "bytes sent to each neighbour (one face of the "
                                    "subdomain)", "default assumed: 96 x 96 doubles"));
        return BlockSpec{
            "comm.halo",
            "Halo exchange (LogGP)",
            "Collectives",
            "One nearest-neighbour exchange of a 1-, 2- or 3-D decomposition: 2 d faces sent and received at once, "
            "paced by the gap, the overheads or the bandwidth the drawn network leaves each host under "
            "nearest-neighbour traffic, whichever is slowest.",
            "LogGP (Alexandrov et al. 1995): a train of 2 d messages, as logp.loggp's linear all-to-all",
            std::move(inputs),
            {
                output("T", Unit::Seconds, "us", "time of one halo exchange",
                       "(2d - 1) max(g, 2o, (face - 1) G) + o + L + o + (face - 1) G"),
                output("messages", Unit::Count, "", "messages each process sends, 2 d", "2 d"),
            },
        };
    }();
    return s;
}

void HaloExchangeBlock::evaluate(const double* in, double* out) const
{
    const double neighbours = 2.0 * (in[dims] + 1.0);
    // 2 d partners: the all-to-all of P = 2 d + 1 processes.
    out[T] = loggp::alltoallTime(comm::paramsAt(in), in[face], neighbours + 1.0, loggp::AllToAll::Linear);
    out[messages] = neighbours;
}

} // namespace cs
