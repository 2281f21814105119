#pragma once
// What probe results can set in bonding.throughput (BlockSpec::calibration).
#include "model/core/Block.h"

#include <vector>

namespace cs {

std::vector<CalibrationSpec> bondingCalibration();

} // namespace cs
