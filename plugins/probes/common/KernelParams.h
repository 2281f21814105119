#pragma once
// The size-sweeping kernels' parameters from a probe's resolved parameters
// (by name, SI units): what net.pingpong and net.loggp run, and what the
// runner estimates a job's time and timeout from (app/runner/JobEstimate),
// so both read the same names the same way. Qt-free.
#include "cs/probe/LogGP.h"
#include "cs/probe/PingPong.h"

#include <functional>
#include <string>

namespace cs::probeplugin {

using ParamLookup = std::function<double(const std::string&)>;

// net.pingpong: transport, sizes (geometric), warm-ups, repetitions, loss
// timeout and the time budget; no progress callback.
cs::probe::PingPongParams pingPongParamsFrom(const ParamLookup& param);

} // namespace cs::probeplugin
