#pragma once
// A sweep of P timed from the document's JSON, as the benches of the job's placement and of ranks per node
// measure it: each run reads a fresh document (nothing cached) and sweeps on two threads.
#include "bench/BenchSupport.h"
#include "model/document/DocumentFormat.h"
#include "model/sweep/Sweep.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <vector>

namespace cs::bench {

// Wall and CPU time of reading `doc` and sweeping P over `Ps`; `failed`: the points that failed.
inline Time timeSweep(const nlohmann::json& doc, const std::vector<double>& Ps, std::size_t& failed)
{
    return timedBoth([&] {
        const DesignDocument d = documentFromJson(doc);
        SweepOptions o;
        o.threads = 2;
        const SweepTable t = runSweep(d, {{"P", Ps}}, o);
        failed = t.errors.size();
    });
}

} // namespace cs::bench
