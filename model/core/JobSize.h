#pragma once
// The job's size (DESIGN.md, "Job and placement"): the number of ranks the
// job runs. One name serves the design parameter, the topology's job input
// and every block input that counts the job's ranks, so that code which
// means "the job size" says so instead of spelling the symbol.
#include <cstddef>

namespace cs {

class Block;

inline constexpr const char* kJobSize = "P";

// True when input `input` of `block` counts the job's ranks, and so follows
// the job (RankCounts.h tells one that does not): the P of the built-in
// blocks that model the job's processors (fftw.transpose, logp.loggp, the
// INIC and sort blocks, comm.collective, the offload blocks,
// speedup.efficiency). Not mesh.routing's P (concurrent transfers), not a
// recorded block's (0 takes the recording's, and another is refused), not a
// formula's (a formula input has no job-size mark yet).
bool countsJobRanks(const Block& block, std::size_t input);

} // namespace cs
