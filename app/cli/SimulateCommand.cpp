// `clusterscope-cli simulate`: the sweep's analytic totals beside the same
// design simulated on SimGrid (sim/DesignSim.h), with their ratio.
#include "app/cli/Args.h"
#include "model/core/NumberFormat.h"
#include "app/cli/PrintableStream.h"
#include "app/cli/Cli.h"
#include "app/cli/SlurmArray.h"
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

#include <unistd.h>

namespace cs::cli {

namespace {

nlohmann::json number(double v)
{
    return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr);
}

// Four significant digits: a table to read, not to parse (--csv, --json are exact).
std::string text(double v)
{
    return std::isfinite(v) ? formatSignificant(v, 4) : "-";
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

// The simulate rows of a job array as a table or CSV (the JSON is printed as
// the tasks wrote it).
std::string arrayTable(const nlohmann::json& rows, bool csv)
{
    std::ostringstream s;
    s << std::setprecision(10);
    std::vector<std::string> axes;
    if (!rows.empty() && rows.front().contains("axes"))
        for (const auto& [name, v] : rows.front()["axes"].items())
            axes.push_back(name);
    auto num = [](const nlohmann::json& v) {
        return v.is_number() ? formatSignificant(v.get<double>(), 10) : std::string();
    };
    if (csv) {
        s << "variant";
        for (const std::string& a : axes)
            s << "," << csvField(a);
        s << ",analytic,simulated,ratio,note\n";
    } else {
        s << std::left << std::setw(34) << "variant";
        for (const std::string& a : axes)
            s << std::setw(14) << a;
        s << std::setw(14) << "analytic" << std::setw(14) << "simulated" << std::setw(9) << "ratio" << "note\n";
    }
    for (const nlohmann::json& r : rows) {
        const std::string note = r.value("note", std::string());
        if (csv) {
            s << csvField(r.value("variant", std::string()));
            for (const std::string& a : axes)
                s << "," << num(r["axes"][a]);
            s << "," << num(r["analytic"]) << "," << num(r["simulated"]) << "," << num(r["ratio"]) << ","
              << csvField(note) << "\n";
        } else {
            s << std::setw(34) << r.value("variant", std::string()).substr(0, 33);
            auto t = [&](const nlohmann::json& v) { return v.is_number() ? text(v.get<double>()) : std::string("-"); };
            for (const std::string& a : axes)
                s << std::setw(14) << t(r["axes"][a]);
            s << std::setw(14) << t(r["analytic"]) << std::setw(14) << t(r["simulated"]) << std::setw(9)
              << t(r["ratio"]) << note << "\n";
        }
    }
    return s.str();
}

// `simulate ... --slurm-array N`: the same command as N Slurm array tasks.
int simulateOnSlurm(const Args& args, const std::vector<std::string>& words, std::ostream& out, std::ostream& err)
{
    const std::string n = *args.value("--slurm-array");
    int tasks = 0;
    try {
        std::size_t used = 0;
        tasks = std::stoi(n, &used);
        if (used != n.size())
            tasks = 0;
    } catch (const std::exception&) {
        tasks = 0;
    }
    if (tasks < 1 || tasks > 10000)
        throw UsageError("--slurm-array " + n + " must be a task count between 1 and 10000");
    // The task's words: everything but the output options and the array's own.
    std::vector<std::string> taskWords;
    for (std::size_t i = 0; i < words.size(); ++i) {
        const std::string& w = words[i];
        if (w == "-o" || w == "--slurm-array" || w == "--slurm-dir") {
            ++i;
            continue;
        }
        if (w == "--csv" || w == "--json")
            continue;
        taskWords.push_back(w);
    }
    const std::string dir =
        args.value("--slurm-dir").value_or("clusterscope-array-" + std::to_string(static_cast<long>(::getpid())));
    const SlurmArrayResult r = runSlurmArray(taskWords, tasks, dir, err);
    for (const std::string& f : r.failed)
        err << "simulate: " << f << "\n";
    std::string text;
    if (args.flag("--json")) {
        nlohmann::json failed = nlohmann::json::array();
        for (const std::string& f : r.failed)
            failed.push_back(f);
        text = nlohmann::json{{"rows", r.rows},
                              {"simulated_seconds", r.simulatedSeconds},
                              {"wall_seconds", r.wallSeconds},
                              {"cancelled", r.cancelled},
                              {"slurm", {{"job", r.job}, {"tasks", tasks}, {"folder", dir}, {"failed", failed}}}}
                   .dump(2) +
               "\n";
    } else {
        text = arrayTable(r.rows, args.flag("--csv"));
        if (!args.flag("--csv"))
            text += "job array " + r.job + ": " + std::to_string(tasks - static_cast<int>(r.failed.size())) + " of " +
                    std::to_string(tasks) + " tasks gave their rows\n";
    }
    emit(args, text, out);
    return r.cancelled || !r.failed.empty() ? 1 : 0;
}

} // namespace

int simulateCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err)
{
    const Args args(words,
                    {"--param", "--set", "-o", "--variant", "--network-model", "--timeout", "--max", "--slice",
                     "--slurm-array", "--slurm-dir"},
                    {"--csv", "--json"});
    const DesignDocument doc = documentFromArgs(args, "simulate");
    const auto axes = axesFromArgs(doc, args);
    if (args.value("--slurm-array")) {
        if (args.value("--slice"))
            throw UsageError("--slice is for one task of an array; --slurm-array makes the slices itself");
        return simulateOnSlurm(args, words, out, err);
    }
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
    if (auto sl = args.value("--slice")) {
        // "I/N": this task's slice of the points (I from 0).
        const auto slash = sl->find('/');
        std::size_t i = 0, n = 0;
        try {
            std::size_t u1 = 0, u2 = 0;
            i = std::stoul(sl->substr(0, slash), &u1);
            n = std::stoul(sl->substr(slash + 1), &u2);
            if (slash == std::string::npos || u1 != slash || u2 != sl->size() - slash - 1)
                n = 0;
        } catch (const std::exception&) {
            n = 0;
        }
        if (n < 1 || i >= n)
            throw UsageError("--slice " + *sl + " must be I/N with 0 <= I < N (task I of N)");
        opts.sliceIndex = i;
        opts.sliceCount = n;
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
            startLine(err);
            err << "simulate: " << std::setw(3) << percent << "% (" << done << "/" << total << ")" << std::flush;
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
            j["point"] = r.point;
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
