#pragma once
// The quality limits of a calibration (docs/calibration.md "Quality
// limits"): which calibrated values are not to be trusted and why, and where
// a calibrated value and the drawn topology disagree. Internal to
// model/calibration; calibrate() runs it last.
#include "model/calibration/Calibration.h"

#include <functional>

namespace cs::calib {

// Adds to report.issues: low R^2, held-out error above the limit, a zero-width
// interval, a value the probe clamped (L = 0 from a negative estimate), and
// inputs computed from an input with an issue; adds report.disagreements
// (a calibrated G below the floor 1/B_net of the drawn network); sets
// CalibratedParam::trusted. `current` gives an input's value as the design
// evaluates it (wired inputs included). `format`: how the texts write sizes and rates.
void assessQuality(CalibrationReport& report, const DesignDocument& doc, const nlohmann::json& results,
                   const QualityLimits& limits, const std::function<double(const std::string&, const std::string&)>& current,
                   const FormatOptions& format);

// Input `input` of `block` as the design evaluates it with its job placed on
// the hosts a probe ran on (`nodes`, comma-separated): P is their count. NaN
// when the design cannot place a job there (no topology, a node that is no
// host of it) or does not evaluate.
double placedInput(const DesignDocument& doc, const std::string& block, const std::string& input,
                   const std::string& nodes);

} // namespace cs::calib
