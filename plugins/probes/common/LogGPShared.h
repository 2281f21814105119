#pragma once
// What net.loggp (PRTT over TCP) and mpi.loggp (PRTT with MPI_Send/MPI_Recv
// in clusterscope-mpi-agent) share: the measurement parameters, the LogGP
// inputs they calibrate and the result's shape, so that the LogGP fit reads
// either. Qt-free, so the MPI agent compiles it.
#include "cs/probe/LogGP.h"
#include "cs/sdk/ProbeDescriptor.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <string>
#include <vector>

namespace cs::probeplugin {

// size_min, size_max, size_step, n, warmups, reps, split_f, min_points,
// max_segments, with net.loggp's defaults and bounds.
std::vector<sdk::ParamDef> logGPMeasureParams();

// logp.loggp.{L,o_s,o_r,g,G} and fftw.transpose.{L,o_s,o_r,g,G} from the
// first segment.
std::vector<sdk::Calibration> logGPCalibrates();

// The kernel's parameters from resolved probe parameters (by name, SI).
// The sizes: size_min, then multiples of size_step up to size_max
// (steppedSizes), or geometric with size_factor. The time budget (budget,
// min_reps) holds for net.loggp and mpi.loggp alike. No progress callback.
cs::probe::LogGPParams logGPParamsFrom(const std::function<double(const std::string&)>& param);

// The summary's text for a descriptor.
extern const char* const kLogGPSummaryText;

// The result of a LogGP measurement as summary and details:
//   summary {"series": {"prtt1@s", "prttN@s", "prttD@s", "o_r@s"}, "derived": {L_netgauge, L, o_s, o_r, g, G}}
//   details {"n", "segments", "points"}
// `series` turns one size's summary into its series JSON (and may send the
// raw samples on).
struct LogGPJson {
    nlohmann::json summary;
    nlohmann::json details;
};
LogGPJson logGPJson(const cs::probe::LogGPResult& r,
                    const std::function<nlohmann::json(const std::string& name, const cs::probe::Summary& s)>& series);

} // namespace cs::probeplugin
