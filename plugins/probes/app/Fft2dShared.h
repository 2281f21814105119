#pragma once
// What app.fft2d (the 2D FFT among agents over a TCP mesh) and mpi.app.fft2d (the same under mpirun in
// clusterscope-mpi-agent, the exchange with MPI) share: the application's parameters, the block outputs it
// validates, the kernel's parameters from them and the result's shape, so that verify reads either.
// Qt-free, so the MPI agent compiles it.
#include "app/AppShared.h"
#include "cs/probe/Fft2d.h"
#include "cs/sdk/ProbeDescriptor.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <string>
#include <vector>

namespace cs::probeplugin {

// rows, warmups, reps, min_reps, budget, alltoall: the problem, the repetitions within a time budget and
// the exchange's schedule (fftw.transpose's alltoall: 0 linear, 1 pairwise).
std::vector<sdk::ParamDef> fft2dParams();

// fftw.transpose.{T, T_compute, T_trans, T_local, T_a2a, T_perm}.
std::vector<std::string> fft2dValidates();

// The summary's text for a descriptor (after the statistics convention).
extern const char* const kFft2dSummaryText;

// The kernel's parameters from resolved probe parameters (by name). peers and rank are the caller's.
cs::probe::Fft2dParams fft2dParamsFrom(const std::function<double(const std::string&)>& param);

// The result as summary and details:
//   summary {"series": {T, T_compute, T_trans, T_local, T_a2a, T_perm}, "derived": the same medians}
//   details {"rank", "P", "rows", "block_bytes", "kept", "warmups", "dc_error", "transport", "alltoall"}
// `series` turns one phase's summary into its series JSON (and may send the raw samples on).
using Fft2dJson = AppJson;
Fft2dJson fft2dJson(const cs::probe::Fft2dResult& r, bool pairwise, const std::string& transport,
                    const SeriesJsonOf& series);

} // namespace cs::probeplugin
