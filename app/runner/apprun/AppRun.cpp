#include "app/runner/apprun/AppRun.h"
#include "app/runner/apprun/AppRecord.h"
#include "app/runner/apprun/AppResult.h"
#include "app/runner/apprun/TraceFetch.h"
#include "app/runner/AgentLink.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QSysInfo>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <unistd.h>

namespace cs::runner::apprun {

using nlohmann::json;

namespace {

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

bool cancelled(const std::atomic<bool>* cancel)
{
    return cancel && cancel->load();
}

} // namespace

std::string ProcessRun::failure() const
{
    std::string why;
    if (!started)
        return "did not start: " + error;
    if (cancelled)
        why = "cancelled";
    else if (timedOut)
        why = "timed out";
    else if (crashed)
        why = "was killed by a signal";
    else if (exitCode != 0)
        why = "exited with status " + std::to_string(exitCode);
    // As a failed agent launch is told: the first and last lines that say something (mpirun's framed
    // advice counts as its headline).
    const std::string& text = err.empty() ? out : err;
    const std::string tail = text.size() > 2048 ? text.substr(text.size() - 2048) : text;
    const std::string said = firstAndLastLines(text.substr(0, 2048), tail);
    return said.empty() ? why : why + ": " + said;
}

ProcessRun runProcess(const LaunchPlan& plan, double timeout, const std::atomic<bool>* cancel)
{
    ProcessRun r;
    if (!plan.hostfile.empty()) {
        QFile f(QString::fromStdString(plan.hostfile));
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
            f.write(plan.hostfileText.data(), static_cast<qint64>(plan.hostfileText.size())) !=
                static_cast<qint64>(plan.hostfileText.size())) {
            r.error = "cannot write the hostfile " + plan.hostfile;
            return r;
        }
    }
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const auto& [k, v] : plan.agent.env)
        env.insert(QString::fromStdString(k), QString::fromStdString(v));
    p.setProcessEnvironment(env);
    p.setProgram(QString::fromStdString(plan.agent.program));
    QStringList args;
    for (const std::string& a : plan.agent.args)
        args << QString::fromStdString(a);
    p.setArguments(args);
    p.setStandardInputFile(QProcess::nullDevice());
    QElapsedTimer clock;
    clock.start();
    p.start();
    if (!p.waitForStarted(-1)) {
        r.error = plan.agent.program + ": " + p.errorString().toStdString();
        return r;
    }
    r.started = true;
    bool stopping = false;
    QElapsedTimer sinceStop;
    while (!p.waitForFinished(50)) {
        if (p.state() == QProcess::NotRunning)
            break;
        const bool over = timeout > 0 && clock.elapsed() > timeout * 1000.0;
        if (!stopping && (over || cancelled(cancel))) {
            r.timedOut = over;
            r.cancelled = !over;
            stopping = true;
            sinceStop.start();
            p.terminate(); // mpirun and srun take their ranks down on SIGTERM
        } else if (stopping && sinceStop.elapsed() > 2000) {
            p.kill();
        }
    }
    r.wall = static_cast<double>(clock.nsecsElapsed()) * 1e-9;
    r.out = p.readAllStandardOutput().toStdString();
    r.err = p.readAllStandardError().toStdString();
    r.crashed = p.exitStatus() == QProcess::CrashExit && !stopping;
    r.exitCode = p.exitCode();
    return r;
}

json runEnvironment()
{
    static const char* const kPrefixes[] = {"OMP_",   "OMPI_", "PMIX_", "SLURM_", "I_MPI_",
                                            "MPICH_", "UCX_",  "KMP_",  "MKL_"};
    json vars = json::object();
    const QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString& k : env.keys()) {
        const std::string key = k.toStdString();
        const bool wanted = key == "PATH" || key == "LD_LIBRARY_PATH" ||
                            std::any_of(std::begin(kPrefixes), std::end(kPrefixes),
                                        [&](const char* p) { return key.rfind(p, 0) == 0; });
        if (wanted)
            vars[key] = env.value(k).toStdString();
    }
    return {{"hostname", QSysInfo::machineHostName().toStdString()},
            {"cwd", QDir::currentPath().toStdString()},
            {"variables", vars}};
}

namespace {

// The traces of a recorded run that ranks on other hosts wrote to their own file systems (TraceFetch.h): fetched
// with each host's ssh, or srun on each Slurm node, when some rank's file is not here. Throws std::runtime_error
// with why.
void fetchTraces(const Node& node, const std::string& dir, const LaunchContext& ctx, double timeout,
                 const std::atomic<bool>* cancel)
{
    const std::vector<TraceFetch> fetches = planTraceFetch(node, dir, !ctx.slurmJob.empty());
    if (fetches.empty())
        return;
    bool missing = false;
    for (int r = 0; r < node.ranks && !missing; ++r)
        missing = !QFile::exists(QString::fromStdString(dir + "/rank-" + std::to_string(r) + ".csrec"));
    if (!missing)
        return;
    for (const TraceFetch& f : fetches) {
        LaunchPlan plan;
        plan.agent = f.command;
        const ProcessRun got = runProcess(plan, timeout, cancel);
        if (!got.ok())
            throw std::runtime_error("the traces on " + f.host + " were not fetched: " + f.command.program + " " +
                                     got.failure());
        unpackTraces(got.out, dir, f.host);
    }
}

} // namespace

std::vector<JobResult> runApp(const AppRunRequest& req, const LaunchContext& ctx, const AppProgress& progress,
                              const std::atomic<bool>* cancel, json* recordings)
{
    if (req.Ps.empty())
        throw std::invalid_argument("no P to run at");
    if (req.repeat < 1)
        throw std::invalid_argument("--repeat " + std::to_string(req.repeat) + " must be at least 1");
    // Every launch planned first: a mistake at the last P is reported before the first run.
    std::vector<LaunchPlan> plans, overheadPlans;
    std::vector<std::vector<std::string>> argvs;
    for (int P : req.Ps) {
        argvs.push_back(substitute(req.argv, P, req.sets));
        plans.push_back(planAppLaunch(req.nodes, P, argvs.back(), ctx, "P" + std::to_string(P)));
        overheadPlans.push_back(planAppLaunch(req.nodes, P, {"true"}, ctx, "P" + std::to_string(P) + "-true"));
    }
    // --record: each P's first timed run with the library preloaded, its traces in a folder of its own.
    const bool record = !req.recordLibrary.empty();
    std::vector<LaunchPlan> recordPlans;
    std::vector<std::string> recordDirs;
    for (std::size_t i = 0; record && i < req.Ps.size(); ++i) {
        // In a folder of the user's, a name no earlier run used: a trace is never read from another run.
        const std::string base = req.recordDir.empty() ? ctx.workDir : req.recordDir;
        std::string stamp = req.recordDir.empty() ? "" : "-" + isoNow() + "-" + std::to_string(::getpid());
        stamp.erase(std::remove(stamp.begin(), stamp.end(), ':'), stamp.end());
        recordDirs.push_back(base + "/record" + stamp + "-" + std::to_string(i) + "-P" + std::to_string(req.Ps[i]));
        recordPlans.push_back(plans[i]);
        addRecording(recordPlans.back(), req.recordLibrary, recordDirs.back());
    }
    const json environment = runEnvironment();
    std::vector<std::string> nodeNames;
    for (const Node& n : req.nodes)
        nodeNames.push_back(n.name);
    json numericSets = json::object(), allSets = json::object();
    for (const auto& [k, v] : req.sets) {
        allSets[k] = v;
        char* end = nullptr;
        const double d = std::strtod(v.c_str(), &end);
        if (!v.empty() && end == v.c_str() + v.size() && std::isfinite(d))
            numericSets[k] = d;
    }

    // One measurement per P, filled in rounds: round k runs every P once, in the request's order, so a slow
    // spell of a shared machine touches each P once or twice instead of moving one P's median. A P whose run
    // fails stops there (its reason kept); the others go on.
    std::vector<AppMeasurement> ms(req.Ps.size());
    std::vector<double> overheads(req.Ps.size(), 0.0), spent(req.Ps.size(), 0.0);
    auto running = [&](std::size_t i) { return ms[i].status == "ok"; };
    auto begin = [&](std::size_t i) {
        const int P = req.Ps[i];
        AppMeasurement& m = ms[i];
        m.P = P;
        m.name = "run-app: " + req.argv.front();
        m.nodes = nodeNames;
        const Node launch = launchNode(req.nodes, P);
        m.node = launch.name;
        m.transport = launch.launch == "srun" ? "srun" : "mpirun";
        m.command = plans[i].agent.text();
        m.params = numericSets;
        m.environment = environment;
        m.details = {{"program", req.argv},        {"argv", argvs[i]},          {"settings", allSets},
                     {"timing", req.timing.text()}, {"repeat", req.repeat},      {"command_line", req.commandLine},
                     {"order", "rounds: every P once a round, " + std::to_string(req.repeat) + " rounds"}};
        if (!plans[i].hostfileText.empty())
            m.details["hostfile"] = plans[i].hostfileText;
        m.started = isoNow();
        if (!req.timing.wall)
            return;
        for (int k = 0; k < req.overheadRuns && running(i); ++k) {
            if (progress)
                progress("P = " + std::to_string(P) + ": launch overhead, run " + std::to_string(k + 1) + " of " +
                         std::to_string(req.overheadRuns) + " (true)");
            const ProcessRun r = runProcess(overheadPlans[i], req.timeout, cancel);
            spent[i] += r.wall;
            if (!r.ok()) {
                m.status = r.cancelled ? "cancelled" : "failed";
                m.reason = "the launch of true (to measure the launch overhead) " + r.failure();
            } else {
                m.overhead.push_back(r.wall);
            }
        }
        if (!m.overhead.empty())
            overheads[i] = median(m.overhead);
        m.details["launch_overhead_s"] = overheads[i];
    };
    bool stopped = false;
    for (int k = 0; k < req.repeat && !stopped; ++k) {
        for (std::size_t i = 0; i < req.Ps.size() && !stopped; ++i) {
            if (k == 0)
                begin(i);
            if (!running(i))
                continue;
            if (cancelled(cancel)) {
                stopped = true;
                break;
            }
            const int P = req.Ps[i];
            AppMeasurement& m = ms[i];
            const bool recorded = record && k == 0;
            if (progress)
                progress("round " + std::to_string(k + 1) + " of " + std::to_string(req.repeat) + ": P = " +
                         std::to_string(P) + (recorded ? " (recorded)" : ""));
            if (recorded && !(QDir().mkpath(QString::fromStdString(recordDirs[i])) &&
                              QFile(QString::fromStdString(recordDirs[i] + "/" + kTraceMarker))
                                  .open(QIODevice::WriteOnly))) {
                m.status = "failed";
                m.reason = "P = " + std::to_string(P) + ": --record cannot make the folder " + recordDirs[i];
                continue;
            }
            const ProcessRun r = runProcess(recorded ? recordPlans[i] : plans[i], req.timeout, cancel);
            spent[i] += r.wall;
            if (!r.ok()) {
                m.status = r.cancelled ? "cancelled" : "failed";
                m.reason = "P = " + std::to_string(P) + ", run " + std::to_string(k + 1) + ": " + req.argv.front() +
                           " " + r.failure();
                stopped = r.cancelled;
                continue;
            }
            if (recorded) {
                try {
                    fetchTraces(launchNode(req.nodes, P), recordDirs[i], ctx, req.timeout, cancel);
                    json rec = gatherRecording(recordDirs[i], {P, argvs[i], req.nodesSpec, static_cast<int>(i)});
                    if (recordings)
                        recordings->push_back(std::move(rec));
                    // The recorded run is timed too (T's first sample), with the library's small cost in it.
                    m.details["recorded"] = {{"run", 0}, {"command", recordPlans[i].agent.text()}};
                } catch (const std::runtime_error& e) {
                    m.status = "failed";
                    m.reason = "P = " + std::to_string(P) + ", --record: " + e.what();
                    continue;
                }
            }
            m.wall.push_back(r.wall);
            if (req.timing.wall) {
                m.T.push_back(r.wall - overheads[i]);
            } else {
                try {
                    m.T.push_back(secondsFromOutput(req.timing, r.out));
                } catch (const std::invalid_argument& e) {
                    m.status = "failed";
                    m.reason = "P = " + std::to_string(P) + ", run " + std::to_string(k + 1) + ": " + e.what();
                }
            }
        }
    }
    std::vector<JobResult> results;
    for (std::size_t i = 0; i < ms.size(); ++i) {
        if (ms[i].started.empty())
            break; // cancelled before this P began: as before, no result for it
        if (stopped && running(i) && static_cast<int>(ms[i].T.size()) < req.repeat) {
            ms[i].status = "cancelled";
            ms[i].reason = "cancelled after " + std::to_string(ms[i].T.size()) + " of " + std::to_string(req.repeat) +
                           " runs";
        }
        ms[i].duration = spent[i];
        results.push_back(toJobResult(ms[i]));
    }
    return results;
}

} // namespace cs::runner::apprun
