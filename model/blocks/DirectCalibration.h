#pragma once
// A calibration that takes one value a probe reports directly
// (summary.derived.NAME) as a block input: the shape every "direct" spec has.
#include "model/core/Block.h"

#include <string>
#include <utility>
#include <vector>

namespace cs {

inline CalibrationSpec directCalibration(std::string input, std::string probe, const std::string& derived,
                                         std::string source,
                                         std::vector<std::pair<std::string, double>> probeParams = {})
{
    CalibrationSpec s;
    s.input = std::move(input);
    s.probe = std::move(probe);
    s.read = "derived:" + derived;
    s.method = "direct";
    s.form = "const";
    s.value = "v";
    s.probeParams = std::move(probeParams);
    s.source = std::move(source);
    return s;
}

} // namespace cs
