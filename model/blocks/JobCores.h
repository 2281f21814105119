#pragma once
// The cores a job's ranks compute on, for the built-in blocks whose phases
// have each of P ranks compute its share (the 2D-FFTs' row FFTs, the sorts'
// bucket and Count Sort passes). DESIGN.md, "Job and placement" (issue 45,
// "Compute"): ranks beyond a node's cores share them. One input and one rule,
// so that every such block reads the topology's job_cores the same way the
// example formulas (presets/jacobi.json, cg.json) do.
#include "model/core/ParamSpec.h"
#include "model/core/Unit.h"

#include <string>

namespace cs::jobcores {

inline constexpr const char* kSource = "DESIGN.md, Job and placement (issue 45)";

// The input `cores`: the cores the job's P ranks compute on in all, wired
// from the topology's output job_cores when the block enters a design. Not a
// whole number: job_cores is P over the most ranks a core of the busiest node
// runs (3 ranks on 2 cores: 1.5 a core), and a random placement's is the mean
// of its samples. 0 (the default) is "not stated: a core a rank". `phases`
// names the block's phases that it scales and where they come from, for the
// parameter's source: "the row FFTs of 000_e9da438bafb3289f.txt eq. (4)".
inline ParamSpec coresParam(const std::string& phases)
{
    ParamSpec p = throughNetwork(
        countParam("cores", 0, 0, 1e12,
                   "cores the job's ranks compute on in all (topology.job_cores: its hosts' cores and its ranks a "
                   "node); 0 = not stated, a core a rank. Fewer than P share them: each phase in which every rank "
                   "computes its share takes P / min(P, cores) times as long; the network phases are unchanged",
                   std::string(kSource) + ": ranks beyond a node's cores share them, so " + phases +
                       " take P / min(P, cores) times as long"),
        "job_cores");
    p.integer = false;
    return p;
}

// How many times as long a phase takes in which each of P ranks computes its
// share, on `cores` cores: P / min(P, cores). Exactly 1 when cores is 0 (not
// stated) or at least P, so that such a job computes as it did before the
// input existed, to the last bit.
inline double shareFactor(double P, double cores)
{
    return cores > 0.0 && cores < P ? P / cores : 1.0;
}

} // namespace cs::jobcores
