// calibrationPlan(): the probe runs that calibrate a design's blocks, one per
// distinct probe and parameter set, each naming the inputs it serves.
#include "model/calibration/Calibration.h"

#include <algorithm>
#include <cmath>

namespace cs::calib {

std::vector<ProbeRun> calibrationPlan(const DesignDocument& doc)
{
    std::vector<ProbeRun> runs;
    for (const BlockInstance& bi : doc.design.blocks())
        for (const CalibrationSpec& s : bi.spec().calibration) {
            std::vector<double> xs = s.xValues;
            if (xs.empty() || s.xParam.empty())
                xs = {std::nan("")};
            for (double x : xs) {
                ProbeRun r;
                r.probe = s.probe;
                for (const auto& [k, v] : s.probeParams)
                    r.params[k] = v;
                if (!std::isnan(x))
                    r.params[s.xParam] = x;
                auto same = std::find_if(runs.begin(), runs.end(), [&](const ProbeRun& o) {
                    return o.probe == r.probe && o.params == r.params;
                });
                const std::string target = bi.name + "." + s.input;
                if (same == runs.end()) {
                    r.targets.push_back(target);
                    runs.push_back(std::move(r));
                } else if (std::find(same->targets.begin(), same->targets.end(), target) == same->targets.end()) {
                    same->targets.push_back(target);
                }
            }
        }
    return runs;
}

} // namespace cs::calib
