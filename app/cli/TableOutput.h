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

// One row as JSON: {variant, axes: {...}, T, speedup, ..., error?}.
nlohmann::json rowToJson(const SweepTable& t, std::size_t row);

// A derived ratio (speedup, efficiency) as text reads it: 4 significant
// digits ("26.12", "1.633", "0.05002"), more than the models' inputs
// justify already. --json keeps full precision.
std::string formatRatio(double v);

} // namespace cs::cli
