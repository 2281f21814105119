#pragma once
#include "model/document/DesignDocument.h"

#include <string>
#include <vector>

namespace cs {

// The effect of one parameter on an output, for a tornado chart.
struct SensitivityBar {
    std::string path;   // "P" or "fft.t_fft1d"
    double base = 0.0;  // parameter value at the point
    double low = 0.0;   // parameter value at -step (rounded for whole numbers, clamped to range)
    double high = 0.0;  // parameter value at +step
    double outLow = 0.0;  // output at `low`
    double outHigh = 0.0; // output at `high`
    double swing() const { return outHigh > outLow ? outHigh - outLow : outLow - outHigh; }
};

struct SensitivityResult {
    std::string output;   // output path
    double baseOutput = 0.0;
    std::vector<SensitivityBar> bars; // sorted by decreasing swing
};

// For `outputPath` (default: the variant's total) at the point given by
// `at` (path -> value, applied over the variant's overrides), varies every
// settable numeric parameter by -step and +step (0.1 = ±10%) one at a time.
// Choice parameters are skipped; a side that rounds back to the base value
// or leaves the valid range is clamped, and a side the model rejects counts
// as no change. Throws ModelError when the point itself does not evaluate.
SensitivityResult sensitivity(const DesignDocument& doc, const std::string& variant,
                              const std::vector<std::pair<std::string, double>>& at, std::string outputPath = {},
                              double step = 0.1);

} // namespace cs
