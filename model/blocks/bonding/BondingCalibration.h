#pragma once
// What probe results can set in bonding.throughput (BlockSpec::calibration).
#include "model/core/Block.h"
#include "model/core/FitForm.h"

#include <vector>

namespace cs {

std::vector<CalibrationSpec> bondingCalibration();

// The nonlinear form those specs fit, X(n) = min(n R, (1 - n A) / c), with
// its gradient and starting values (registered with the block).
FitForm bondingFitForm();

} // namespace cs
