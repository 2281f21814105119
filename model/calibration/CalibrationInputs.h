#pragma once
// What calibrate() reads of the design before it fits anything: whether the
// caller's filters name things the design has, and the value each block input
// has now. Split from Calibrate.cpp, which keeps the fitting itself.
#include "model/calibration/Calibration.h"
#include "model/core/Plan.h"
#include "model/document/DesignDocument.h"

#include <string>
#include <vector>

namespace cs::calib {

// Refuses (ModelError) a filter of `o` that names a block, an input or a
// probe this design does not have or that calibrates none of its blocks.
void checkFilters(const DesignDocument& doc, const CalibrationOptions& o);

// The current value of every input of every block: design values, with wired
// inputs as the design evaluates them (when it evaluates).
struct CurrentValues {
    const Design& design;
    std::vector<double> slots;
    Plan plan;

    explicit CurrentValues(const Design& d);
    // The value of `block`.`input` in the input's SI unit.
    double at(const std::string& block, const std::string& input) const;
};

} // namespace cs::calib
