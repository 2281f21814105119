#include "model/sweep/RankCounts.h"
#include "model/core/JobSize.h"
#include "model/core/ModelError.h"
#include "model/core/Plan.h"
#include "model/core/Unit.h"
#include "model/document/VariantSlots.h"

#include <algorithm>
#include <set>

namespace cs {

namespace {

const std::string kTopologyJobSize = std::string(kTopologyBlock) + "." + kJobSize;

double slotValue(const Plan& plan, const double* slots, const std::string& path)
{
    const int s = plan.slotOf(path);
    return s < 0 ? 0.0 : slots[static_cast<std::size_t>(s)];
}

// What an input that counts the job's ranks is wired from to follow the job:
// the design parameter wired into the topology's job size, else (a job that
// is every host, or set on the topology itself) the topology's placed ranks;
// without a topology, the design parameter P.
std::string jobSource(const Design& d)
{
    if (!d.topology())
        return kJobSize;
    if (const Wire* w = d.wireInto({kTopologyBlock, kJobSize}); w && w->from.isDesignParam())
        return w->from.port;
    return std::string(kTopologyBlock) + ".placed";
}

struct Marked {
    std::uint32_t step;
    int slot;
    std::string path; // "fft.P"
};

struct Point {
    int slot = -1; // -1: the document's values
    double value = 0;
    std::string label;
};

std::vector<Point> pointsOf(const Plan& plan, const std::vector<SweepAxisValues>& axes, std::size_t perAxis)
{
    std::vector<Point> points{Point{}};
    for (const SweepAxisValues& a : axes) {
        int slot = -1;
        try {
            slot = writableSlot(plan, a.path);
        } catch (const ModelError&) {
            continue; // the sweep itself says why
        }
        std::set<double> seen;
        for (double v : a.values) {
            if (seen.size() >= perAxis)
                break;
            if (seen.insert(v).second)
                points.push_back({slot, v, a.path + " = " + formatNumber(v)});
        }
    }
    return points;
}

} // namespace

std::string RankCountApart::message() const
{
    const std::string block = input.substr(0, input.find('.'));
    return input + " = " + formatNumber(value) + " counts other ranks than the job's " + kJobSize + " = " +
           formatNumber(job) + (point.empty() ? "" : " (at " + point + ")") + ": " + block + " is priced for " +
           formatNumber(value) + " ranks while the job runs " + formatNumber(job) + "; wire " + source + " into " +
           input + " so that it follows the job";
}

double jobSizeAt(const Plan& plan, const double* slots)
{
    if (plan.slotOf(kTopologyJobSize) < 0)
        return slotValue(plan, slots, kJobSize);
    const double P = slotValue(plan, slots, kTopologyJobSize);
    if (P >= 1)
        return P;
    // Every host, or the job's nodes: its placed hosts, ranks_per_node ranks each.
    const double perNode = slotValue(plan, slots, std::string(kTopologyBlock) + ".ranks_per_node");
    return slotValue(plan, slots, std::string(kTopologyBlock) + ".placed") * (perNode >= 1 ? perNode : 1.0);
}

std::vector<RankCountApart> rankCountsApart(const DesignDocument& doc, const std::vector<SweepAxisValues>& axes,
                                            const RankCountScope& scope)
{
    std::vector<RankCountApart> found;
    try {
        const Plan plan = doc.design.compile();
        if (!doc.design.topology() && !doc.design.findDesignParam(kJobSize))
            return found; // no job to count against
        std::vector<Marked> marked;
        int topologyStep = -1;
        for (std::uint32_t s = 0; s < plan.steps().size(); ++s) {
            const Plan::Step& step = plan.steps()[s];
            if (step.name == kTopologyBlock) {
                topologyStep = static_cast<int>(s);
                continue; // its P is the job size itself
            }
            for (std::uint32_t i = 0; i < step.nIn; ++i)
                if (countsJobRanks(*step.block, i))
                    marked.push_back({s, static_cast<int>(step.inBase + i), step.name + "." +
                                                                             step.block->spec().inputs[i].symbol});
        }
        if (marked.empty())
            return found;
        const std::vector<VariantSlots> variants = resolveVariants(doc, plan);
        std::vector<Point> points = pointsOf(plan, axes, scope.maxValuesPerAxis);
        if (!scope.documentValues)
            points.erase(points.begin());
        const std::string source = jobSource(doc.design);
        std::set<std::string> told;
        std::vector<double> slots(plan.slotCount());
        for (const VariantSlots& vs : variants) {
            if (scope.variant.empty() ? vs.name == doc.sweep.speedupAgainst : vs.name != scope.variant)
                continue;
            std::vector<std::uint32_t> only = vs.steps;
            if (topologyStep >= 0 && !std::binary_search(only.begin(), only.end(), std::uint32_t(topologyStep)))
                only.insert(std::lower_bound(only.begin(), only.end(), std::uint32_t(topologyStep)),
                            std::uint32_t(topologyStep));
            for (const Point& p : points) {
                std::copy(plan.initialSlots().begin(), plan.initialSlots().end(), slots.begin());
                vs.apply(slots.data());
                if (p.slot >= 0)
                    slots[static_cast<std::size_t>(p.slot)] = p.value;
                if (!plan.run(slots.data(), nullptr, &only))
                    continue; // the evaluation itself says why
                const double job = jobSizeAt(plan, slots.data());
                if (job < 1)
                    continue;
                for (const Marked& m : marked) {
                    const double value = slots[static_cast<std::size_t>(m.slot)];
                    if (value == job || !std::binary_search(only.begin(), only.end(), m.step) || told.count(m.path))
                        continue;
                    told.insert(m.path);
                    found.push_back({m.path, value, job, p.label, vs.name, source});
                }
            }
        }
    } catch (const ModelError&) {
        // A design that does not compile or resolve: the validator and the evaluation say why.
    }
    return found;
}

std::vector<std::string> rankCountWarnings(const DesignDocument& doc, const std::vector<SweepAxisValues>& axes)
{
    std::vector<std::string> out;
    for (const RankCountApart& r : rankCountsApart(doc, axes))
        out.push_back(r.message());
    return out;
}

std::vector<std::string> rankCountWarnings(const DesignDocument& doc, const SweepTable& table)
{
    const RankCountScope scope;
    std::vector<SweepAxisValues> axes(table.axes.size());
    for (std::size_t a = 0; a < axes.size(); ++a) {
        axes[a].path = table.axes[a];
        std::set<double> seen;
        for (std::size_t p = 0; p < table.points && seen.size() < scope.maxValuesPerAxis; ++p)
            if (seen.insert(table.axis(p, a)).second)
                axes[a].values.push_back(table.axis(p, a));
    }
    return rankCountWarnings(doc, axes);
}

} // namespace cs
