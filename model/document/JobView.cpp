#include "model/document/JobView.h"
#include "model/core/Plan.h"
#include "model/topology/ExchangeSchedule.h"
#include "model/topology/JobPlacement.h"
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
        const int at = plan.slotOf(path);
        if (at < 0) {
            v.error = "the design has no parameter '" + path + "'";
            return v;
        }
        slots[static_cast<std::size_t>(at)] = value;
        EvalError err;
        if (!plan.run(slots.data(), &err)) {
            v.error = err.message;
            return v;
        }
        const std::string prefix = std::string(kTopologyBlock) + ".";
        const BlockSpec& spec = source->spec();
        std::vector<double> in;
        for (const ParamSpec& p : spec.inputs)
            in.push_back(slots[static_cast<std::size_t>(plan.slotOf(prefix + p.symbol))]);
        v.P = in[source->jobInput(TopologySource::job_P)];
        v.placement = nameOf(placementNames(), in[source->jobInput(TopologySource::job_placement)]);
        v.schedule = nameOf(scheduleNames(), in[source->jobInput(TopologySource::job_schedule)]);
        v.sampled = v.placement == "random" && v.P > 0;
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
