// calibrationPlan(): the probe runs that calibrate a design's blocks, one per
// distinct probe and parameter set, each naming the inputs it serves.
#include "model/calibration/Calibration.h"
#include "model/core/ModelError.h"
#include "model/document/AxisResolve.h"

#include <algorithm>
#include <cmath>

namespace cs::calib {

namespace {

constexpr const char* kRanksPerNode = "topology.ranks_per_node";

// True when the design's job runs more than one rank a node: at the
// document's values, or at a value of a sweep axis on topology.ranks_per_node.
bool severalRanksANode(const DesignDocument& doc)
{
    const BlockInstance* topo = doc.design.topology();
    if (!topo)
        return false;
    const int i = topo->spec().inputIndex("ranks_per_node");
    if (i < 0)
        return false;
    double value = topo->values[static_cast<std::size_t>(i)].value;
    if (const Wire* w = doc.design.wireInto({kTopologyBlock, "ranks_per_node"}); w && w->from.isDesignParam())
        if (const DesignParam* p = doc.design.findDesignParam(w->from.port))
            value = p->value.value;
    if (value > 1)
        return true;
    const Wire* wired = doc.design.wireInto({kTopologyBlock, "ranks_per_node"});
    for (const SweepAxis& a : doc.sweep.axes)
        if (a.path == kRanksPerNode || (wired && wired->from.str() == a.path))
            try {
                for (double v : axisValues(doc.design, a))
                    if (v > 1)
                        return true;
            } catch (const ModelError&) {
                // An axis that does not resolve: the sweep says why.
            }
    return false;
}

} // namespace

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
                    return o.probe == r.probe && o.params == r.params && o.ranksPerHost == r.ranksPerHost;
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
    // The one-host pair, for the intra-node LogGP of the ranks that share a node.
    if (severalRanksANode(doc))
        for (const BlockInstance& bi : doc.design.blocks()) {
            if (bi.spec().id != "logp.loggp")
                continue;
            const auto network = std::find_if(runs.begin(), runs.end(), [&](const ProbeRun& r) {
                return r.probe == "mpi.loggp" && r.ranksPerHost == 0 &&
                       std::find(r.targets.begin(), r.targets.end(), bi.name + ".G") != r.targets.end();
            });
            if (network == runs.end())
                continue;
            ProbeRun r;
            r.probe = network->probe;
            r.params = network->params;
            r.ranksPerHost = 2;
            for (const char* in : {"L_node", "o_s_node", "o_r_node", "g_node", "G_node"})
                r.targets.push_back(bi.name + "." + in);
            auto same = std::find_if(runs.begin(), runs.end(), [&](const ProbeRun& o) {
                return o.probe == r.probe && o.params == r.params && o.ranksPerHost == 2;
            });
            if (same == runs.end())
                runs.push_back(std::move(r));
            else
                same->targets.insert(same->targets.end(), r.targets.begin(), r.targets.end());
        }
    return runs;
}

} // namespace cs::calib
