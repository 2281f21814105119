#pragma once
// The link a calibration's time estimate and timeouts assume: --link-bw when
// given (the wire rate, e.g. 100Mbit/s), else the slowest link of the
// design's topology, else runner::assumedLink() (1 Gbit/s).
#include "app/runner/JobEstimate.h"
#include "model/document/DesignDocument.h"

#include <optional>
#include <string>

namespace cs::cli {

// Throws UsageError naming --link-bw and the value when it is not a positive bandwidth.
runner::LinkAssumption linkFor(const DesignDocument& doc, const std::optional<std::string>& linkBw);

} // namespace cs::cli
