#pragma once
#include "model/sweep/Sweep.h"

#include <iosfwd>

namespace cs::plots {

// THE sweep CSV format, shared by `clusterscope-cli sweep --csv` and the
// sweep panel's CSV export: a header of the axis paths, "variant", the
// table's columns and "error"; then one row per point and variant. Numbers
// are shortest round-trip SI values; a missing value is an empty field.
void writeSweepCsv(const SweepTable& t, std::ostream& out);

} // namespace cs::plots
