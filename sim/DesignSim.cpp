#include "sim/DesignSim.h"
#include "model/core/ModelError.h"
#include "model/core/Plan.h"
#include "model/document/VariantSlots.h"
#include "model/topology/generators/GeneratorRegistry.h"
#include "model/topology/TopologySource.h"
#include "sim/ModelSims.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <memory>

namespace cs::sim {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

const Plan::Step* stepOwning(const Plan& plan, int slot)
{
    for (const Plan::Step& s : plan.steps())
        if (static_cast<std::uint32_t>(slot) >= s.outBase && static_cast<std::uint32_t>(slot) < s.outBase + s.nOut)
            return &s;
    return nullptr;
}

// The topology at a point, built once per set of generator parameters.
class TopologyAt {
public:
    explicit TopologyAt(const Plan& plan)
    {
        for (const Plan::Step& s : plan.steps())
            if (s.name == kTopologyBlock)
                step_ = &s;
        if (step_)
            source_ = dynamic_cast<const TopologySource*>(step_->block);
    }
    const Topology& at(const double* slots)
    {
        if (!source_)
            throw ModelError("the design has no topology to simulate on");
        if (const Topology* drawn = source_->drawn())
            return *drawn;
        std::vector<double> p(slots + step_->inBase, slots + step_->inBase + step_->nIn);
        auto it = cache_.find(p);
        if (it == cache_.end()) {
            // generate(): the ranges, the generator's own check, the size
            // budget before anything is allocated, and the built network
            // validated, as the model's topology block has it.
            auto t = std::make_unique<Topology>(generate(*source_->generator(), p.data()));
            if (cache_.size() > 8)
                cache_.clear();
            it = cache_.emplace(p, std::move(t)).first;
        }
        return *it->second;
    }

private:
    const Plan::Step* step_ = nullptr;
    const TopologySource* source_ = nullptr;
    std::map<std::vector<double>, std::unique_ptr<Topology>> cache_;
};

} // namespace

double SimTable::simulatedSeconds() const
{
    double s = 0;
    for (const SimRow& r : rows)
        if (std::isfinite(r.simulatedPart))
            s += r.simulatedPart;
    return s;
}

double SimTable::wallSeconds() const
{
    double s = 0;
    for (const SimRow& r : rows)
        s += r.wallSeconds;
    return s;
}

SimTable simulateSweep(const DesignDocument& doc, const std::vector<SweepAxisValues>& axes,
                       const SimSweepOptions& options)
{
    SimTable out;
    out.analytic = runSweep(doc, axes);
    const SweepTable& a = out.analytic;
    const Plan plan = doc.design.compile();
    const std::vector<VariantSlots> variants = resolveVariants(doc, plan);
    for (const std::string& name : options.variants)
        if (std::none_of(variants.begin(), variants.end(), [&](const VariantSlots& v) { return v.name == name; }))
            throw ModelError("--variant '" + name + "' names no variant of the design");
    auto wanted = [&](const VariantSlots& v) {
        return options.variants.empty() ||
               std::find(options.variants.begin(), options.variants.end(), v.name) != options.variants.end();
    };
    const std::size_t nWanted = static_cast<std::size_t>(std::count_if(variants.begin(), variants.end(), wanted));
    if (options.sliceCount < 1 || options.sliceIndex >= options.sliceCount)
        throw ModelError("slice " + std::to_string(options.sliceIndex) + " of " + std::to_string(options.sliceCount) +
                         " does not exist (the index counts from 0 and must be below the count)");
    auto inSlice = [&](std::size_t point) { return point % options.sliceCount == options.sliceIndex; };
    std::size_t slicePoints = 0;
    for (std::size_t p = 0; p < a.points; ++p)
        slicePoints += inSlice(p) ? 1 : 0;
    const std::size_t total = slicePoints * nWanted;
    if (total > options.maxSimulations)
        throw ModelError("the sweep asks for " + std::to_string(total) + " simulations, more than the limit of " +
                         std::to_string(options.maxSimulations) + "; sweep fewer points or --variant");
    std::vector<int> axisSlots;
    for (const SweepAxisValues& ax : axes)
        axisSlots.push_back(writableSlot(plan, ax.path));
    const int speedupCol = a.column("speedup");
    TopologyAt topology(plan);
    std::size_t done = 0;
    out.rows.resize(a.rows());
    std::vector<double> slots;
    for (std::size_t point = 0; point < a.points; ++point) {
        for (std::size_t vi = 0; vi < variants.size(); ++vi) {
            const std::size_t row = point * variants.size() + vi;
            SimRow& r = out.rows[row];
            r.point = point;
            r.variant = vi;
            r.analytic = a.at(row, 0);
            r.speedup = speedupCol >= 0 ? a.at(row, static_cast<std::size_t>(speedupCol)) : kNaN;
            r.simulated = r.ratio = r.simSpeedup = r.analyticPart = r.simulatedPart = kNaN;
            const VariantSlots& v = variants[vi];
            if (!wanted(v) || !inSlice(point)) {
                r.note = "not asked for";
                continue;
            }
            if (out.cancelled || (options.cancel && options.cancel->load())) {
                out.cancelled = true;
                r.note = "cancelled";
                continue;
            }
            try {
                if (const std::string* e = a.error(row))
                    throw ModelError(*e);
                slots = plan.initialSlots();
                for (std::size_t k = 0; k < axes.size(); ++k)
                    slots[static_cast<std::size_t>(axisSlots[k])] = a.axis(point, k);
                v.apply(slots.data());
                plan.runOrThrow(slots.data());
                const Plan::Step* step = stepOwning(plan, v.total);
                if (!step)
                    throw ModelError("variant '" + v.name + "': its total is not a block output");
                const std::string symbol = step->block->spec().outputs[v.total - step->outBase].symbol;
                const Topology& t = topology.at(slots.data());
                std::string whyNot;
                auto c = simCaseFor(*step->block, symbol, slots.data() + step->inBase, slots.data() + step->outBase,
                                    t, whyNot);
                if (!c) {
                    r.note = whyNot;
                    continue;
                }
                SimOptions so = options.sim;
                so.hostCap = c->options.hostCap;
                so.hostLatency = c->options.hostLatency;
                so.segmentEfficiency = c->options.segmentEfficiency;
                so.cancel = options.cancel;
                const SimResult res = runSimulation(t, c->program, so);
                double pattern = res.total;
                if (c->phasesUsed > 0) {
                    pattern = 0;
                    for (std::size_t k = 0; k < c->phasesUsed && k < res.phaseTimes.size(); ++k)
                        pattern += res.phaseTimes[k];
                }
                r.pattern = c->program.pattern;
                r.replaced = c->replaced;
                r.analyticPart = c->analyticPart;
                r.simulatedPart = pattern;
                r.wallSeconds = res.wallSeconds;
                for (std::size_t k = 0; k < res.phaseTimes.size(); ++k)
                    r.phases.emplace_back(c->program.phases[k], res.phaseTimes[k]);
                r.simulated = c->throughput ? (pattern > 0 ? c->payload / pattern : kNaN) : c->base + c->count * pattern;
                r.ratio = r.simulated / r.analytic;
                // Speedup against the same baseline: baseline / T_sim = speedup x T / T_sim
                // (a throughput total's speedup scales the other way).
                r.simSpeedup = c->throughput ? r.speedup * r.simulated / r.analytic : r.speedup * r.analytic / r.simulated;
            } catch (const ModelError& e) {
                if (isCancelledMessage(e.what()))
                    out.cancelled = true;
                r.note = e.what();
            }
            ++done;
            if (options.progress)
                options.progress(done, total);
        }
    }
    return out;
}

} // namespace cs::sim
