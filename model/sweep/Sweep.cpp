#include "model/sweep/Sweep.h"
#include "model/core/ModelError.h"
#include "model/core/Plan.h"
#include "model/sweep/SweepAxis.h"
#include "model/sweep/VariantSlots.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <mutex>
#include <thread>

namespace cs {

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr std::size_t kChunk = 256;
} // namespace

int SweepTable::column(const std::string& name) const
{
    for (std::size_t i = 0; i < columns.size(); ++i)
        if (columns[i] == name)
            return static_cast<int>(i);
    return -1;
}

const std::string* SweepTable::error(std::size_t row) const
{
    auto it = std::lower_bound(errors.begin(), errors.end(), row,
                               [](const auto& e, std::size_t r) { return e.first < r; });
    return (it != errors.end() && it->first == row) ? &it->second : nullptr;
}

std::vector<SweepAxisValues> documentAxes(const DesignDocument& doc)
{
    std::vector<SweepAxisValues> axes;
    for (const SweepAxis& a : doc.sweep.axes)
        axes.push_back({a.path, parseAxisValues(a.spec)});
    return axes;
}

SweepTable runSweep(const DesignDocument& doc, const std::vector<SweepAxisValues>& axes, const SweepOptions& givenOptions)
{
    const Plan plan = doc.design.compile();
    SweepOptions options = givenOptions;
    // Sweeping the network's shape: the host count it gives is what a chart's
    // x axis shows, so every row carries it.
    const std::string hostsPath = std::string(kTopologyBlock) + ".hosts";
    const bool network = std::any_of(axes.begin(), axes.end(), [](const SweepAxisValues& a) {
        return a.path.rfind(std::string(kTopologyBlock) + ".", 0) == 0;
    });
    if (network && plan.slotOf(hostsPath) >= 0 &&
        std::find(options.extraOutputs.begin(), options.extraOutputs.end(), hostsPath) == options.extraOutputs.end())
        options.extraOutputs.push_back(hostsPath);
    std::vector<int> extraSlots;
    for (const std::string& path : options.extraOutputs) {
        const int s = plan.slotOf(path);
        if (s < 0)
            throw ModelError("output '" + path + "' names nothing in the design");
        extraSlots.push_back(s);
    }
    const std::vector<VariantSlots> variants = resolveVariants(doc, plan, extraSlots);
    if (variants.empty())
        throw ModelError("the design has no variant and no block output to sweep");

    SweepTable table;
    std::vector<int> axisSlots;
    std::size_t points = 1;
    for (const SweepAxisValues& a : axes) {
        if (a.values.empty())
            throw ModelError("sweep axis '" + a.path + "' has no values");
        axisSlots.push_back(writableSlot(plan, a.path));
        table.axes.push_back(a.path);
        points *= a.values.size();
        if (points > 100'000'000)
            throw ModelError("the sweep grid has more than 10^8 points");
    }
    table.points = points;
    for (const VariantSlots& v : variants) {
        table.variants.push_back(v.name);
        const OutputSpec* spec = plan.outputSpecAt(v.total);
        table.totals.push_back({spec->symbol, spec->unit, spec->displayUnit});
    }

    int against = -1; // the serial baseline variant, if any
    for (std::size_t v = 0; v < variants.size(); ++v)
        if (variants[v].name == doc.sweep.speedupAgainst)
            against = static_cast<int>(v);
    if (!doc.sweep.speedupAgainst.empty() && against < 0)
        throw ModelError("speedup baseline: no variant named '" + doc.sweep.speedupAgainst + "'");
    if (!doc.sweep.speedupParam.empty()) {
        const std::string at = doc.sweep.speedupParam + " = " + formatNumber(doc.sweep.speedupBaseline);
        table.speedupBasis = against >= 0 ? "serial baseline: " + doc.sweep.speedupAgainst + " at " + at
                                          : "each variant at " + at;
    }

    table.columns = {"T", "speedup", "efficiency", "cost"};
    std::vector<std::vector<int>> phaseColumn(variants.size()); // per variant: column of each of its phases
    for (std::size_t v = 0; v < variants.size(); ++v)
        for (const std::string& name : variants[v].phaseNames) {
            int c = table.column(name);
            if (c < 0) {
                table.columns.push_back(name);
                c = static_cast<int>(table.columns.size() - 1);
            }
            phaseColumn[v].push_back(c);
        }
    for (const std::string& path : options.extraOutputs)
        table.columns.push_back(path);
    const std::size_t C = table.columns.size();
    const std::size_t V = variants.size();
    const std::size_t extraBase = C - extraSlots.size();
    table.axisValues.resize(points * axes.size());
    table.values.assign(points * V * C, kNaN);

    // Grid decoding: the last axis varies fastest.
    auto decode = [&](std::size_t p, double* out) {
        for (std::size_t a = axes.size(); a-- > 0;) {
            const std::size_t n = axes[a].values.size();
            out[a] = axes[a].values[p % n];
            p /= n;
        }
    };
    for (std::size_t p = 0; p < points; ++p)
        decode(p, table.axisValues.data() + p * axes.size()); // data(): there may be no axes

    const unsigned hw = std::max(1u, std::thread::hardware_concurrency());
    const unsigned nthreads =
        static_cast<unsigned>(std::min<std::size_t>(options.threads ? options.threads : hw, (points + kChunk - 1) / kChunk));
    std::atomic<std::size_t> next{0};
    std::atomic<std::size_t> done{0};
    std::mutex errorMutex;
    std::atomic<bool> cancelled{false};

    auto worker = [&](bool reporter) {
        std::vector<double> slots(plan.slotCount());
        std::vector<std::pair<std::size_t, std::string>> localErrors;
        EvalError err;
        const std::vector<double>& initial = plan.initialSlots();
        for (;;) {
            if (options.cancel && options.cancel->load(std::memory_order_relaxed)) {
                cancelled = true;
                break;
            }
            const std::size_t begin = next.fetch_add(kChunk);
            if (begin >= points)
                break;
            const std::size_t end = std::min(points, begin + kChunk);
            for (std::size_t p = begin; p < end; ++p) {
                const double* av = table.axisValues.data() + p * axes.size();
                // The shared serial baseline at this point's other values.
                double Tserial = kNaN;
                std::string serialError;
                if (against >= 0 && variants[against].speedupSlot >= 0) {
                    const VariantSlots& bs = variants[against];
                    std::copy(initial.begin(), initial.end(), slots.begin());
                    bs.apply(slots.data());
                    for (std::size_t a = 0; a < axisSlots.size(); ++a)
                        slots[axisSlots[a]] = av[a];
                    slots[bs.speedupSlot] = doc.sweep.speedupBaseline;
                    if (plan.run(slots.data(), &err, &bs.steps))
                        Tserial = slots[bs.total];
                    else
                        serialError = "serial baseline (" + bs.name + "): " + err.message;
                }
                for (std::size_t v = 0; v < V; ++v) {
                    const VariantSlots& vs = variants[v];
                    const std::size_t row = p * V + v;
                    double* rowv = &table.values[row * C];
                    std::copy(initial.begin(), initial.end(), slots.begin());
                    vs.apply(slots.data());
                    for (std::size_t a = 0; a < axisSlots.size(); ++a)
                        slots[axisSlots[a]] = av[a];
                    if (!plan.run(slots.data(), &err, &vs.steps)) {
                        localErrors.emplace_back(row, err.message);
                        continue;
                    }
                    const double T = slots[vs.total];
                    rowv[0] = T;
                    rowv[3] = vs.cost(slots.data());
                    for (std::size_t ph = 0; ph < vs.phases.size(); ++ph)
                        rowv[phaseColumn[v][ph]] = slots[vs.phases[ph]];
                    for (std::size_t e = 0; e < extraSlots.size(); ++e)
                        rowv[extraBase + e] = slots[extraSlots[e]];
                    if (vs.speedupSlot >= 0 && against >= 0) {
                        if (serialError.empty()) {
                            rowv[1] = Tserial / T;
                            rowv[2] = rowv[1] * doc.sweep.speedupBaseline / slots[vs.speedupSlot];
                        } else {
                            localErrors.emplace_back(row, serialError);
                        }
                    } else if (vs.speedupSlot >= 0) {
                        const double P = slots[vs.speedupSlot];
                        slots[vs.speedupSlot] = doc.sweep.speedupBaseline;
                        if (plan.run(slots.data(), &err, &vs.steps)) {
                            const double Tref = slots[vs.total];
                            rowv[1] = Tref / T;
                            rowv[2] = rowv[1] * doc.sweep.speedupBaseline / P;
                        } else {
                            localErrors.emplace_back(row, "speedup baseline: " + err.message);
                        }
                    }
                }
            }
            const std::size_t d = done.fetch_add(end - begin) + (end - begin);
            if (reporter && options.progress)
                options.progress(d, points);
        }
        std::lock_guard<std::mutex> lock(errorMutex);
        table.errors.insert(table.errors.end(), localErrors.begin(), localErrors.end());
    };

    std::vector<std::thread> threads;
    for (unsigned t = 1; t < nthreads; ++t)
        threads.emplace_back(worker, false);
    worker(true);
    for (auto& t : threads)
        t.join();
    std::sort(table.errors.begin(), table.errors.end());
    table.cancelled = cancelled.load();
    if (options.progress && !cancelled)
        options.progress(points, points);
    return table;
}

} // namespace cs
