#pragma once
// What probe results can set in the LogGP blocks (BlockSpec::calibration).
#include "model/core/Block.h"

#include <vector>

namespace cs {

std::vector<CalibrationSpec> logGPCalibration();         // logp.loggp
std::vector<CalibrationSpec> fftwTransposeCalibration(); // fftw.transpose

} // namespace cs
