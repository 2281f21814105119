#pragma once
// What probe results can set in the INIC application blocks (BlockSpec::calibration).
#include "model/core/Block.h"

#include <vector>

namespace cs {

std::vector<CalibrationSpec> inicFft2dCalibration(); // inic.fft2d
std::vector<CalibrationSpec> inicSortCalibration();  // inic.sort
std::vector<CalibrationSpec> parallelSortCalibration(); // sort.parallel: t_bucket1, t_bucket2, bw_net
std::vector<CalibrationSpec> protoSortCalibration();    // inic.proto.sort: t_bucket2

} // namespace cs
