#pragma once
#include "model/sweep/Sweep.h"

#include <iosfwd>
#include <string>

namespace cs::plots {

// THE sweep CSV format, shared by `clusterscope-cli sweep --csv` and the
// sweep panel's CSV export: a header of the axis paths, "variant", the
// table's columns and "error"; then one row per point and variant. Numbers
// are shortest round-trip SI values (formatNumber); a missing value is an
// empty field.
void writeSweepCsv(const SweepTable& t, std::ostream& out);

// The same format a row at a time, for sweeps streamed with
// SweepOptions::onRow: the header from the table's layout, then each row,
// appended to `out`. The caller's one buffer goes to its stream or file in
// large pieces; a row costs no allocation once the buffer has grown.
void appendSweepCsvHeader(const SweepTable& layout, std::string& out);
void appendSweepCsvRow(const SweepTable& layout, const SweepRow& row, std::string& out);

} // namespace cs::plots
