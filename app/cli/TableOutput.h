#pragma once
#include "model/sweep/Sweep.h"

#include <iosfwd>
#include <string>
#include <nlohmann/json_fwd.hpp>

namespace cs::cli {

// Writes a sweep table: one row per point and variant, axis values first.
// writeCsv is cs::plots::writeSweepCsv, the one CSV writer the GUI shares.
void writeCsv(const SweepTable& t, std::ostream& out);
void writeText(const SweepTable& t, std::ostream& out);
nlohmann::json tableToJson(const SweepTable& t);

// The same formats a row at a time, for sweeps streamed with
// SweepOptions::onRow (`sweep` never holds its table): a header from the
// table's layout, each row, then an end. The JSON is the document
// tableToJson gives ({axes, variants, columns, rows, cancelled}), one row a
// line.
void writeTextHeader(const SweepTable& layout, std::ostream& out);
void writeTextRow(const SweepTable& layout, const SweepRow& row, std::ostream& out);
void writeJsonHeader(const SweepTable& layout, std::ostream& out);
void writeJsonRow(const SweepTable& layout, const SweepRow& row, bool first, std::ostream& out);
void writeJsonEnd(const SweepTable& layout, std::ostream& out);

// One row as JSON: {variant, axes: {...}, T, speedup, ..., error?}.
nlohmann::json rowToJson(const SweepTable& t, std::size_t row);
nlohmann::json rowToJson(const SweepTable& layout, const SweepRow& row);

// A derived ratio (speedup, efficiency) as text reads it: 4 significant
// digits ("26.12", "1.633", "0.05002"), more than the models' inputs
// justify already. --json keeps full precision.
std::string formatRatio(double v);

} // namespace cs::cli
