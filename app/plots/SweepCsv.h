#pragma once
#include "model/sweep/Sweep.h"

#include <iosfwd>

namespace cs::plots {

// THE sweep CSV format, shared by `clusterscope-cli sweep --csv` and the
// sweep panel's CSV export: a header of the axis paths, "variant", the
// table's columns and "error"; then one row per point and variant. Numbers
// are shortest round-trip SI values; a missing value is an empty field.
void writeSweepCsv(const SweepTable& t, std::ostream& out);

// The same format a row at a time, for sweeps streamed with
// SweepOptions::onRow: the header from the table's layout, then each row.
void writeSweepCsvHeader(const SweepTable& layout, std::ostream& out);
void writeSweepCsvRow(const SweepTable& layout, const SweepRow& row, std::ostream& out);

} // namespace cs::plots
