#pragma once
#include "model/core/Unit.h"

#include <optional>
#include <string>
#include <vector>

namespace cs {

// Expands an axis specification into its values:
//   "1,2,4,8"        a list
//   "1:16"           a linear range with step 1
//   "0:1:0.25"       a linear range with the given step
//   "1:1024:log2"    powers of two from 1 to 1024 (also log10, or logN for
//                    N points spaced evenly on a log scale: "1e3:1e6:log7")
// Values may carry display units ("64KiB,1MiB", "1us:1ms:log10"); when
// `unit` is given they must be of that kind. Throws ModelError naming the
// spec and what is wrong. At most 10^7 values.
std::vector<double> parseAxisValues(const std::string& spec, std::optional<Unit> unit = std::nullopt);

} // namespace cs
