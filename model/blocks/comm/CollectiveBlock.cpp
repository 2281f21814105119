#include "model/blocks/comm/CollectiveBlock.h"
#include "model/blocks/comm/CollectiveMath.h"
#include "model/blocks/comm/CommSpecs.h"
#include "model/blocks/SpecHelpers.h"
#include "model/core/JobSize.h"

namespace cs {

namespace {

constexpr const char* kThakur = "Thakur, Rabenseifner, Gropp: Optimization of collective communication "
                                "operations in MPICH, IJHPCA 19(1), 2005, sec. 4";

const std::vector<std::string>& opNames()
{
    static const std::vector<std::string> v{"allreduce", "allgather", "reduce_scatter", "broadcast", "alltoall",
                                            "barrier"};
    return v;
}

const std::vector<std::string>& algoNames()
{
    static const std::vector<std::string> v{"binomial", "recursive_doubling", "recursive_halving", "ring",
                                            "rabenseifner", "pairwise", "linear", "dissemination"};
    return v;
}

comm::Cost costAt(const double* in)
{
    return comm::collectiveCost(static_cast<comm::Op>(in[CollectiveBlock::op]),
                                static_cast<comm::Algo>(in[CollectiveBlock::algorithm]), comm::paramsAt(in),
                                in[CollectiveBlock::k], in[CollectiveBlock::P], in[CollectiveBlock::gamma]);
}

} // namespace

const BlockSpec& CollectiveBlock::spec() const
{
    static const BlockSpec s = [] {
        std::vector<ParamSpec> inputs = comm::logGPInputs("a2a_bw", "all-to-all");
        inputs.push_back(followsJob(countParam(kJobSize, 8, 1, 1048576, "processes taking part", "default assumed")));
        inputs.push_back(wholeBytes("k", "KiB", 8192, 0, 1e12,
                                    "bytes: the vector (allreduce, reduce_scatter, broadcast), the gathered result "
                                    "(allgather; each process gives k / P), the block for each other process "
                                    "(alltoall); unused by barrier",
                                    std::string(kThakur) + " (their n; all-to-all: n / p); default assumed"));
        inputs.push_back(param("gamma", Unit::SecondsPerByte, "ns/B", 0.0, 0.0, 1e-3,
                               "reduction cost per byte combined (allreduce, reduce_scatter)",
                               std::string(kThakur) + " (gamma); default 0: the arithmetic is not modelled"));
        inputs.push_back(choiceParam("op", opNames(), 0, "the collective operation", "MPI"));
        inputs.push_back(choiceParam("algorithm", algoNames(), 1,
                                     "the algorithm; each operation has its own: broadcast binomial or ring "
                                     "(scatter + ring allgather); allreduce binomial, recursive_doubling, ring or "
                                     "rabenseifner; allgather recursive_doubling or ring; reduce_scatter "
                                     "recursive_halving, ring or pairwise; alltoall pairwise, linear or "
                                     "recursive_doubling (Bruck); barrier binomial, recursive_doubling or "
                                     "dissemination",
                                     std::string(kThakur) + "; MPICH's choices"));
        return BlockSpec{
            "comm.collective",
            "Collective (LogGP)",
            "Collectives",
            "The time of one MPI collective by the algorithm chosen, from LogGP's L, o, g and G and the bandwidth "
            "the drawn network leaves each host under all-to-all traffic: every step is one message on the "
            "critical path, o + L + o + (m - 1) G for m bytes.",
            kThakur,
            std::move(inputs),
            {
                output("T", Unit::Seconds, "us", "time of the collective", kThakur),
                output("steps", Unit::Count, "", "messages on the critical path", kThakur),
            },
        };
    }();
    return s;
}

std::string CollectiveBlock::check(const double* in) const
{
    if (costAt(in).steps >= 0)
        return {};
    const auto which = static_cast<std::size_t>(in[op]);
    return "algorithm " + algoNames()[static_cast<std::size_t>(in[algorithm])] + " is not one of " + opNames()[which] +
           "'s: " + comm::algorithmsOf(static_cast<comm::Op>(which));
}

void CollectiveBlock::evaluate(const double* in, double* out) const
{
    const comm::Cost c = costAt(in);
    out[T] = c.time;
    out[steps] = c.steps;
}

} // namespace cs
