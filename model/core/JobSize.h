#pragma once
// The job's size (DESIGN.md, "Job and placement"): the number of ranks the
// job runs. One name serves the design parameter, the topology's job input
// and every block input that counts the job's ranks, so that code which
// means "the job size" says so instead of spelling the symbol.
#include <cstddef>

namespace cs {

class Block;

inline constexpr const char* kJobSize = "P";

// The job's node count, the topology block's input beside its job size: set
// (> 0), the job runs ranks_per_node ranks on each of that many nodes, and
// its size follows as nodes x ranks_per_node; 0 leaves the size to P. An
// axis of its own, so that speedup can be taken against node count at a
// fixed ranks per node (a job of P = 1, the serial baseline, has none).
inline constexpr const char* kJobNodes = "nodes";

// True when input `input` of `block` counts the job's ranks, and so follows
// the job (RankCounts.h tells one that does not): an input marked followsJob
// (ParamSpec::jobSize). The built-in blocks that model the job's processors
// mark their P (fftw.transpose, logp.loggp, the INIC and sort blocks,
// comm.collective, the offload blocks, speedup.efficiency); a formula input
// is marked by its document ("job_size": true). Not mesh.routing's P
// (concurrent transfers), not a recorded block's (0 takes the recording's,
// and another is refused).
bool countsJobRanks(const Block& block, std::size_t input);

// True when a job of P ranks runs on every one of `slots` places (the
// hosts x the ranks a node takes): P = 0 says "every host", and a P at or
// above the slots is every host too (the design's bound on P names the excess).
constexpr bool jobIsEveryHost(double P, double slots)
{
    return P == 0 || P >= slots;
}

// The ranks a job of P runs on `slots` places: the slots when the job is
// every host (jobIsEveryHost), else P. The one rule for "P = 0 or P >= hosts".
constexpr double jobRanks(double P, double slots)
{
    return jobIsEveryHost(P, slots) ? slots : P;
}
constexpr std::size_t jobRanks(std::size_t P, std::size_t slots)
{
    return P == 0 || P >= slots ? slots : P;
}

} // namespace cs
