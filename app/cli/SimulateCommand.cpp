// `clusterscope-cli simulate`: the sweep's analytic totals beside the same
// design simulated on SimGrid (sim/DesignSim.h), with their ratio.
#include "app/cli/Args.h"
#include "app/cli/Cli.h"
#include "app/cli/SweepCommands.h"
#include "model/core/ModelError.h"
#include "model/core/Unit.h"
#include "sim/DesignSim.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <iomanip>
#include <ostream>
#include <sstream>

namespace cs::cli {

namespace {

nlohmann::json number(double v)
{
    return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr);
}

// Four significant digits: a table to read, not to parse (--csv, --json are exact).
std::string text(double v)
{
    if (!std::isfinite(v))
        return "-";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", v);
    return buf;
}

std::string csvField(const std::string& s)
{
    if (s.find_first_of(",\"\n") == std::string::npos)
        return s;
    std::string q = "\"";
    for (char c : s)
        q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

} // namespace

int simulateCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err)
{
    const Args args(words, {"--param", "--set", "-o", "--variant", "--network-model", "--timeout", "--max"},
                    {"--csv", "--json"});
    const DesignDocument doc = documentFromArgs(args, "simulate");
    const auto axes = axesFromArgs(doc, args);
    sim::SimSweepOptions opts;
    opts.variants = args.values("--variant");
    if (auto m = args.value("--network-model"))
        opts.sim.networkModel = *m;
    if (opts.sim.networkModel != "CM02" && opts.sim.networkModel != "LV08")
        throw UsageError("--network-model '" + opts.sim.networkModel + "' must be CM02 or LV08");
    if (auto t = args.value("--timeout")) {
        opts.sim.timeoutSeconds = parseQuantity(*t, Unit::Seconds);
        if (!(opts.sim.timeoutSeconds > 0))
            throw UsageError("--timeout " + *t + " must be a time > 0");
    }
    if (auto m = args.value("--max")) {
        const double v = parseQuantity(*m, Unit::Count);
        if (!(v >= 1 && v <= 1e6))
            throw UsageError("--max " + *m + " must be a count between 1 and 1e6");
        opts.maxSimulations = static_cast<std::size_t>(v);
    }
    int lastShown = -1;
    opts.progress = [&](std::size_t done, std::size_t total) {
        const int percent = static_cast<int>(100 * done / total);
        if (total >= 4 && percent / 10 != lastShown / 10) {
            err << "\rsimulate: " << std::setw(3) << percent << "% (" << done << "/" << total << ")" << std::flush;
            lastShown = percent;
        }
    };
    const sim::SimTable t = sim::simulateSweep(doc, axes, opts);
    if (lastShown >= 0)
        err << "\n";
    const SweepTable& a = t.analytic;
    const std::size_t nv = a.variants.size();
    std::ostringstream s;
    auto skip = [&](const sim::SimRow& r) { return r.note == "not asked for"; };
    if (args.flag("--json")) {
        nlohmann::json rows = nlohmann::json::array();
        for (const sim::SimRow& r : t.rows) {
            if (skip(r))
                continue;
            nlohmann::json j;
            j["variant"] = a.variants[r.variant];
            for (std::size_t k = 0; k < a.axes.size(); ++k)
                j["axes"][a.axes[k]] = a.axis(r.point, k);
            j["total"] = a.totals[r.variant].symbol;
            j["analytic"] = number(r.analytic);
            j["simulated"] = number(r.simulated);
            j["ratio"] = number(r.ratio);
            j["speedup"] = number(r.speedup);
            j["simulated_speedup"] = number(r.simSpeedup);
            if (!r.replaced.empty()) {
                j["pattern"] = r.pattern;
                j["replaced"] = r.replaced;
                j["analytic_part"] = number(r.analyticPart);
                j["simulated_part"] = number(r.simulatedPart);
                nlohmann::json ph = nlohmann::json::array();
                for (const auto& [name, v] : r.phases)
                    ph.push_back({{"phase", name}, {"seconds", v}});
                j["phases"] = ph;
                j["wall_seconds"] = r.wallSeconds;
            }
            if (!r.note.empty())
                j["note"] = r.note;
            rows.push_back(j);
        }
        s << nlohmann::json{{"rows", rows},
                            {"network_model", opts.sim.networkModel},
                            {"simulated_seconds", t.simulatedSeconds()},
                            {"wall_seconds", t.wallSeconds()},
                            {"cancelled", t.cancelled}}
                 .dump(2)
          << "\n";
    } else if (args.flag("--csv")) {
        s << "variant";
        for (const auto& ax : a.axes)
            s << "," << csvField(ax);
        s << ",analytic,simulated,ratio,speedup,simulated_speedup,replaced,analytic_part,simulated_part,pattern,note\n";
        s << std::setprecision(10);
        auto num = [](double v) { return std::isfinite(v) ? formatNumber(v) : std::string(); };
        for (const sim::SimRow& r : t.rows) {
            if (skip(r))
                continue;
            s << csvField(a.variants[r.variant]);
            for (std::size_t k = 0; k < a.axes.size(); ++k)
                s << "," << formatNumber(a.axis(r.point, k));
            s << "," << num(r.analytic) << "," << num(r.simulated) << "," << num(r.ratio) << "," << num(r.speedup)
              << "," << num(r.simSpeedup) << "," << csvField(r.replaced) << "," << num(r.analyticPart) << ","
              << num(r.simulatedPart) << "," << csvField(r.pattern) << "," << csvField(r.note) << "\n";
        }
    } else {
        s << "analytic and simulated (SimGrid " << opts.sim.networkModel << ", flow level) totals:\n";
        s << std::left << std::setw(34) << "variant";
        for (const auto& ax : a.axes)
            s << std::setw(14) << ax;
        s << std::setw(14) << "analytic" << std::setw(14) << "simulated" << std::setw(9) << "ratio"
          << "simulated part\n";
        for (const sim::SimRow& r : t.rows) {
            if (skip(r))
                continue;
            s << std::setw(34) << a.variants[r.variant].substr(0, 33);
            for (std::size_t k = 0; k < a.axes.size(); ++k)
                s << std::setw(14) << text(a.axis(r.point, k));
            const std::string unit = a.totals[r.variant].unit == Unit::Seconds ? " s" : "";
            auto withUnit = [&](double v) { return std::isfinite(v) ? text(v) + unit : text(v); };
            s << std::setw(14) << withUnit(r.analytic) << std::setw(14) << withUnit(r.simulated)
              << std::setw(9) << text(r.ratio);
            if (!r.replaced.empty())
                s << r.replaced << ": " << text(r.analyticPart) << " -> " << text(r.simulatedPart) << " s ("
                  << r.pattern << ")";
            else
                s << r.note;
            s << "\n";
        }
        s << "simulated " << text(t.simulatedSeconds()) << " s of network time in " << text(t.wallSeconds())
          << " s of wall time\n";
        (void)nv;
    }
    emit(args, s.str(), out);
    return t.cancelled ? 1 : 0;
}

} // namespace cs::cli
