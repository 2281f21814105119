#include "model/document/JobView.h"
#include "model/core/Plan.h"
#include "model/topology/placement/ExchangeSchedule.h"
#include "model/topology/placement/JobPlacement.h"
#include "model/topology/TopologySource.h"

#include <cmath>
#include <exception>

namespace cs {

namespace {

// What the metrics dock lists for the job, in this order.
constexpr const char* kFigures[] = {"placed", "xchg_bw", "a2a_bw", "transpose_bw", "nn_bw", "ring_bw",
                                    "L",      "L_max",   "avg_hops", "diameter",   "xchg_spread"};

std::string nameOf(const std::vector<std::string>& names, double index)
{
    const auto i = static_cast<std::size_t>(index);
    return index >= 0 && i < names.size() ? names[i] : std::string("?");
}

} // namespace

JobView jobView(const DesignDocument& doc, const std::string& path, double value)
{
    JobView v;
    try {
        const BlockInstance* topo = doc.design.topology();
        const auto* source = topo ? dynamic_cast<const TopologySource*>(topo->block) : nullptr;
        if (!source) {
            v.error = "the design has no topology";
            return v;
        }
        v.hasTopology = true;
        const Plan plan = doc.design.compile();
        std::vector<double> slots = plan.initialSlots();
        if (!path.empty()) {
            const int at = plan.slotOf(path);
            if (at < 0) {
                v.error = "the design has no parameter '" + path + "'";
                return v;
            }
            slots[static_cast<std::size_t>(at)] = value;
        }
        EvalError err;
        const bool ran = plan.run(slots.data(), &err);
        const std::string prefix = std::string(kTopologyBlock) + ".";
        const BlockSpec& spec = source->spec();
        std::vector<double> in;
        for (const ParamSpec& p : spec.inputs)
            in.push_back(slots[static_cast<std::size_t>(plan.slotOf(prefix + p.symbol))]);
        v.P = static_cast<double>(source->jobSettings(in.data()).P); // a job given by its nodes: theirs
        v.placement = nameOf(placementNames(), in[source->jobInput(TopologySource::job_placement)]);
        v.schedule = nameOf(scheduleNames(), in[source->jobInput(TopologySource::job_schedule)]);
        v.sampled = v.placement == "random" && v.P > 0;
        if (!ran) {
            // The figures failed (a placed job on a network too large to evaluate, a block's bad input), but
            // where the job runs is still known: its hosts, so that the drawing marks them (issue 48, defect
            // 10: a 1059-group dragonfly's job at P = 100 showed nowhere).
            v.error = err.message;
            // Only a job of its P ranks: a P the network cannot hold (P = 16 on 8 hosts) shows none.
            try {
                v.hosts = source->placedHostIds(in.data());
            } catch (const std::exception&) {
                v.hosts.clear();
            }
            if (v.P <= 0 || static_cast<double>(v.hosts.size()) != v.P)
                v.hosts.clear();
            return v;
        }
        v.hosts = source->placedHostIds(in.data());
        for (const char* symbol : kFigures)
            for (const OutputSpec& o : spec.outputs)
                if (o.symbol == symbol)
                    v.figures.push_back({o, slots[static_cast<std::size_t>(plan.slotOf(prefix + o.symbol))]});
    } catch (const std::exception& e) {
        const bool topo = v.hasTopology;
        v = JobView{};
        v.hasTopology = topo;
        v.error = e.what();
    }
    return v;
}

} // namespace cs
