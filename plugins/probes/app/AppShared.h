#pragma once
// What the application probes share, over TCP among agents (app.fft2d, app.sort, app.collectives) and under
// mpirun in clusterscope-mpi-agent (mpi.app.*): the repetitions' parameters and budget (cs/probe/GroupReps.h),
// and the phases of a result as its summary. Qt-free, so the MPI agent compiles it.
#include "cs/probe/GroupReps.h"
#include "cs/probe/Statistics.h"
#include "cs/sdk/ProbeDescriptor.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace cs::probeplugin {

// A probe parameter's resolved value by name (SI units).
using AppParamLookup = std::function<double(const std::string&)>;

// warmups, reps, min_reps and budget with these defaults and the bounds RepBudget::validate() accepts.
std::vector<sdk::ParamDef> appRepParams(double warmups, double reps, double minReps, double budget);

// The all-to-all's schedule, as `block`'s alltoall input names it: 0 linear, 1 pairwise.
sdk::ParamDef alltoallParam(const std::string& block);

// The RepBudget the parameters ask for (min_reps above reps is reps: every repetition runs).
cs::probe::RepBudget repBudgetFrom(const AppParamLookup& param);

// A result as summary and details. summary: {"series": {phase: series JSON}, "derived": {phase: median and
// CI}}; details: what the run was.
struct AppJson {
    nlohmann::json summary;
    nlohmann::json details;
};

// One phase's summary as its series JSON (a plugin stores the raw samples beside it; the MPI agent sends them).
using SeriesJsonOf = std::function<nlohmann::json(const std::string& name, const cs::probe::Summary& s)>;

// {"series": {name: seriesOf(name, s)}, "derived": {name: derived(s, "s")}} over the phases, in seconds.
nlohmann::json phasesJson(const std::vector<std::pair<const char*, const cs::probe::Summary*>>& phases,
                          const SeriesJsonOf& seriesOf);

} // namespace cs::probeplugin
