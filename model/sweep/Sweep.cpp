#include "model/sweep/Sweep.h"
#include "model/core/NumberFormat.h"
#include "model/document/DocumentEdits.h"
#include "model/document/AxisResolve.h"
#include "model/os/AvailableMemory.h"
#include "model/core/ModelError.h"
#include "model/core/Plan.h"
#include "model/os/WorkerThreads.h"
#include "model/document/SweepAxis.h"
#include "model/document/VariantSlots.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <system_error>
#include <limits>
#include <mutex>
#include <thread>

namespace cs {

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr std::size_t kChunk = 256;
constexpr std::size_t kStreamBlock = 16384; // points per streamed block
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

SweepRow SweepTable::row(std::size_t r) const
{
    SweepRow out;
    out.point = r / variants.size();
    out.variant = r % variants.size();
    out.axes = axisValues.data() + out.point * axes.size();
    out.values = values.data() + r * columns.size();
    out.error = error(r);
    return out;
}

std::vector<SweepAxisValues> documentAxes(const DesignDocument& doc)
{
    return resolveAxes(doc.design, doc.sweep.axes);
}

double sweepTableBytes(double points, std::size_t axes, std::size_t variants, std::size_t columns)
{
    return points * sizeof(double) * (static_cast<double>(axes) + static_cast<double>(variants * columns));
}

namespace {

std::string gigabytes(double bytes)
{
    return formatSignificant(bytes / 1e9, 3) + " GB";
}

} // namespace

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
    table.speedupAgainst = against;
    table.speedupReference = doc.sweep.speedupBaseline;
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
    const std::size_t A = axes.size();
    const std::size_t C = table.columns.size();
    const std::size_t V = variants.size();
    const std::size_t extraBase = C - extraSlots.size();
    const bool streaming = static_cast<bool>(options.onRow);

    // Refuse before allocating: a grid within the point cap can still need
    // tens of GB, and std::bad_alloc halfway through helps no one.
    if (!streaming) {
        const double need = sweepTableBytes(static_cast<double>(points), A, V, C);
        const double available = static_cast<double>(availableMemory());
        const double limit = options.memoryLimit ? static_cast<double>(options.memoryLimit)
                                                 : std::max(0.0, available * 0.8 - 256e6);
        if (need > limit)
            throw ModelError("the sweep needs about " + gigabytes(need) + " for its table (" + std::to_string(points) +
                             " points x " + std::to_string(V) + " variants x " + std::to_string(C) +
                             " columns), more than the " + gigabytes(limit) +
                             " of memory it may use here; use fewer points" +
                             " (clusterscope-cli sweep streams its rows instead)");
    }

    // Grid decoding: the last axis varies fastest.
    auto decode = [&](std::size_t p, double* out) {
        for (std::size_t a = A; a-- > 0;) {
            const std::size_t n = axes[a].values.size();
            out[a] = axes[a].values[p % n];
            p /= n;
        }
    };

    const unsigned hw = std::max(1u, std::thread::hardware_concurrency());
    std::atomic<bool> cancelled{false};
    std::atomic<std::size_t> done{0};

    // Evaluates points [first, last) into `axisOut` (A per point) and
    // `valuesOut` (V x C per point, NaN where not applicable), with errors by
    // row, on the worker threads and the calling one. Both are written whole.
    auto evaluate = [&](std::size_t first, std::size_t last, double* axisOut, double* valuesOut,
                        std::vector<std::pair<std::size_t, std::string>>& errors) {
        const std::size_t count = last - first;
        const unsigned nthreads =
            static_cast<unsigned>(std::min<std::size_t>(options.threads ? options.threads : hw, (count + kChunk - 1) / kChunk));
        std::atomic<std::size_t> next{0};
        std::mutex errorMutex;
        auto work = [&](bool reporter) {
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
                if (begin >= count)
                    break;
                const std::size_t end = std::min(count, begin + kChunk);
                // Each thread decodes and NaN-fills its own chunk, so that no
                // pass over the whole table runs on one thread first.
                for (std::size_t p = begin; p < end; ++p)
                    decode(first + p, axisOut + p * A); // axisOut may be null when A == 0
                std::fill(valuesOut + begin * V * C, valuesOut + end * V * C, kNaN);
                for (std::size_t p = begin; p < end; ++p) {
                    const double* av = axisOut + p * A;
                    // The shared serial baseline at this point's other values.
                    double Tserial = kNaN;
                    std::string serialError;
                    if (against >= 0 && variants[against].speedupSlot >= 0) {
                        const VariantSlots& bs = variants[against];
                        std::copy(initial.begin(), initial.end(), slots.begin());
                        bs.apply(slots.data());
                        for (std::size_t a = 0; a < axisSlots.size(); ++a)
                            slots[axisSlots[a]] = av[a];
                        bs.atReference(slots.data(), doc.sweep.speedupBaseline);
                        if (plan.run(slots.data(), &err, &bs.steps))
                            Tserial = slots[bs.total];
                        else
                            serialError = "serial baseline (" + bs.name + "): " + err.message;
                    }
                    for (std::size_t v = 0; v < V; ++v) {
                        const VariantSlots& vs = variants[v];
                        const std::size_t row = (first + p) * V + v;
                        double* rowv = valuesOut + (p * V + v) * C;
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
                            if (serialError.empty() && static_cast<int>(v) == against) {
                                // The serial baseline's own row: one processor at
                                // every point, so efficiency is its speedup (1), and
                                // its cost is that of the baseline's processor count,
                                // not of the point's.
                                rowv[1] = Tserial / T;
                                rowv[2] = rowv[1];
                                const double P = slots[vs.speedupSlot];
                                slots[vs.speedupSlot] = doc.sweep.speedupBaseline;
                                rowv[3] = vs.cost(slots.data());
                                slots[vs.speedupSlot] = P;
                            } else if (serialError.empty()) {
                                rowv[1] = Tserial / T;
                                rowv[2] = rowv[1] * doc.sweep.speedupBaseline / slots[vs.speedupSlot];
                            } else {
                                localErrors.emplace_back(row, serialError);
                            }
                        } else if (vs.speedupSlot >= 0) {
                            const double P = slots[vs.speedupSlot];
                            vs.atReference(slots.data(), doc.sweep.speedupBaseline);
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
            errors.insert(errors.end(), localErrors.begin(), localErrors.end());
        };
        // No exception leaves a worker thread (std::terminate, a SIGABRT): the
        // first one (std::bad_alloc above all) stops the others at their next
        // chunk and is thrown again here, where it can be reported.
        runWorkers(nthreads, [&](unsigned worker) { work(worker == 0); }, [&] { next = count; });
        // A cancelled sweep leaves the chunks no thread took unwritten: they
        // hold no value, so they read NaN like any point without one.
        for (std::size_t p = std::min(count, next.load()); p < count; ++p) {
            decode(first + p, axisOut + p * A);
            std::fill(valuesOut + p * V * C, valuesOut + (p + 1) * V * C, kNaN);
        }
        std::sort(errors.begin(), errors.end());
    };

    if (!streaming) {
        table.axisValues.resize(points * A); // not written here (DefaultInitAllocator): the threads do
        table.values.resize(points * V * C);
        evaluate(0, points, table.axisValues.data(), table.values.data(), table.errors);
    } else {
        // Blocks of points in order: each is computed in parallel, then
        // handed over row by row, so memory stays one block's worth.
        std::vector<double> blockAxes(kStreamBlock * A);
        std::vector<double> blockValues(kStreamBlock * V * C);
        std::vector<std::pair<std::size_t, std::string>> blockErrors;
        for (std::size_t first = 0; first < points && !cancelled.load(); first += kStreamBlock) {
            const std::size_t last = std::min(points, first + kStreamBlock);
            blockErrors.clear();
            evaluate(first, last, blockAxes.data(), blockValues.data(), blockErrors);
            if (cancelled.load())
                break;
            auto err = blockErrors.begin();
            SweepRow row;
            for (std::size_t p = first; p < last; ++p)
                for (std::size_t v = 0; v < V; ++v) {
                    const std::size_t r = p * V + v;
                    while (err != blockErrors.end() && err->first < r)
                        ++err;
                    row.point = p;
                    row.variant = v;
                    row.axes = blockAxes.data() + (p - first) * A;
                    row.values = blockValues.data() + ((p - first) * V + v) * C;
                    row.error = err != blockErrors.end() && err->first == r ? &err->second : nullptr;
                    options.onRow(table, row);
                }
        }
    }
    table.cancelled = cancelled.load();
    if (options.progress && !table.cancelled)
        options.progress(points, points);
    return table;
}

DesignDocument withSpeedupBaseline(DesignDocument doc, const std::string& choice)
{
    // Through the editing layer, which checks that the variant exists.
    if (edit::setSpeedupAgainst(doc, choice == kBaselineSelf ? std::string() : choice).ok())
        return doc;
    std::string known;
    for (const Variant& v : doc.effectiveVariants())
        known += ", '" + v.name + "'";
    throw ModelError("--baseline '" + choice + "': expected '" + kBaselineSelf + "' or a variant name (" +
                     std::string(kBaselineSelf) + known + ")");
}

std::string superlinearReason(const SweepTable& t, std::size_t row)
{
    if (t.variants.empty() || !(t.at(row, 2) > 1.0))
        return {};
    // efficiency = speedup x reference / P, so P follows from the row.
    const double processors = t.at(row, 1) * t.speedupReference / t.at(row, 2);
    if (t.speedupAgainst < 0) {
        // Against itself: the variant's own time at the reference value is speedup x T.
        const double Tref = t.at(row, 1) * t.at(row, 0);
        return "P x T = " + formatSignificant(processors, 4) + " x " + formatSignificant(t.at(row, 0), 4) + " s = " +
               formatSignificant(processors * t.at(row, 0), 4) + " s < the variant's own " + formatSignificant(Tref, 4) +
               " s at the reference value, which is no serial run: it keeps costs that shrink faster than 1/P "
               "(a serial baseline: --baseline VARIANT)";
    }
    const std::size_t base = row - row % t.variants.size() + static_cast<std::size_t>(t.speedupAgainst);
    const double T = t.at(row, 0);
    const double Tserial = t.at(base, 0);
    std::string reason = "P x T = " + formatSignificant(processors, 4) + " x " + formatSignificant(T, 4) + " s = " +
                         formatSignificant(processors * T, 4) + " s < serial " + formatSignificant(Tserial, 4) + " s";
    // Phases of the serial baseline this variant does not have at all: the
    // work it removes from the processors (a card doing it in the stream).
    std::string skipped;
    double skippedTime = 0.0;
    for (std::size_t c = 4; c < t.columns.size(); ++c) {
        const double b = t.at(base, c);
        if (std::isnan(b) || b <= 0.0 || !std::isnan(t.at(row, c)))
            continue;
        // Columns hold leaf phases only, so nothing counts twice.
        skipped += (skipped.empty() ? "" : " + ") + t.columns[c];
        skippedTime += b;
    }
    if (!skipped.empty())
        reason += ": the variant skips the serial baseline's " + skipped + " = " + formatSignificant(skippedTime, 4) + " s";
    else
        reason += ": the variant's model does less work per processor than the serial baseline";
    return reason;
}

} // namespace cs
