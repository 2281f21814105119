#include "app/cli/SlurmArray.h"
#include "app/cli/PrintableStream.h"
#include "app/cli/Cli.h"
#include "model/core/ModelError.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QThread>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <fstream>
#include <set>
#include <sstream>

#include <unistd.h>

namespace cs::cli {

namespace {

std::atomic<bool> gStop{false};

extern "C" void onStopSignal(int)
{
    gStop = true;
}

// Single quotes for sh: the words of the task's command line as given.
std::string quoted(const std::string& s)
{
    std::string q = "'";
    for (char c : s)
        q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

std::string selfPath()
{
    char buf[4096];
    const ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n <= 0)
        throw ModelError("cannot find this program's path (/proc/self/exe) for the array's tasks");
    return std::string(buf, static_cast<std::size_t>(n));
}

// Runs a Slurm command; its standard output, or throws with its error text.
std::string run(const QString& program, const QStringList& arguments, int* exitCode = nullptr)
{
    QProcess p;
    p.start(program, arguments);
    if (!p.waitForStarted(10000))
        throw ModelError(program.toStdString() + " did not start (is Slurm's client installed?): " +
                         p.errorString().toStdString());
    p.waitForFinished(60000);
    const std::string out = p.readAllStandardOutput().toStdString();
    const int code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    if (exitCode) {
        *exitCode = code;
        return out;
    }
    if (code != 0)
        throw ModelError(program.toStdString() + " failed: " + p.readAllStandardError().trimmed().toStdString());
    return out;
}

// The last few lines of a task's log, for its error.
std::string logTail(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return "no log at " + path.toStdString();
    QStringList lines = QString::fromUtf8(f.readAll()).trimmed().split('\n');
    while (lines.size() > 3)
        lines.removeFirst();
    const QString tail = lines.join(QStringLiteral(" | ")).trimmed();
    return tail.isEmpty() ? std::string("its log is empty") : tail.toStdString();
}

} // namespace

SlurmArrayResult runSlurmArray(const std::vector<std::string>& taskWords, int tasks, const std::string& dirPath,
                               std::ostream& err)
{
    if (tasks < 1 || tasks > 10000)
        throw UsageError("--slurm-array " + std::to_string(tasks) + " must be a task count between 1 and 10000");
    const QString dir = QFileInfo(QString::fromStdString(dirPath)).absoluteFilePath();
    if (!QDir().mkpath(dir))
        throw ModelError("cannot create the job array's folder " + dir.toStdString());
    // The task script: this program, the same words, its own slice.
    std::ostringstream script;
    script << "#!/bin/sh\n# clusterscope-cli simulate, one slice of the points per array task\n"
           << "exec " << quoted(selfPath()) << " simulate"; // taskWords are simulate's own words
    for (const std::string& w : taskWords)
        script << " " << quoted(w);
    script << " --slice \"$SLURM_ARRAY_TASK_ID/" << tasks << "\" --json -o " << quoted(dir.toStdString())
           << "/task-\"$SLURM_ARRAY_TASK_ID\".json\n";
    const QString scriptPath = dir + "/simulate-array.sh";
    {
        std::ofstream f(scriptPath.toStdString());
        f << script.str();
        if (!f)
            throw ModelError("cannot write " + scriptPath.toStdString());
    }
    const QStringList sbatch{"--parsable", "--job-name=cs-simulate",
                             QStringLiteral("--array=0-%1").arg(tasks - 1),
                             "--output=" + dir + "/task-%a.log", scriptPath};
    err << "simulate: sbatch " << sbatch.join(' ').toStdString() << "\n";
    SlurmArrayResult r;
    r.job = QString::fromStdString(run("sbatch", sbatch)).trimmed().section(';', 0, 0).toStdString();
    if (r.job.empty() || r.job.find_first_not_of("0123456789") != std::string::npos)
        throw ModelError("sbatch did not give a job id (it said '" + r.job + "')");
    err << "simulate: job array " << r.job << " of " << tasks << " tasks (scancel " << r.job << " stops it)\n";

    gStop = false;
    auto oldInt = std::signal(SIGINT, onStopSignal);
    auto oldTerm = std::signal(SIGTERM, onStopSignal);
    std::set<int> finished;
    std::vector<nlohmann::json> rows;
    int empties = 0;
    while (static_cast<int>(finished.size()) < tasks) {
        if (gStop) {
            err << "\nsimulate: cancelled; scancel " << r.job << "\n";
            int code = 0;
            run("scancel", {QString::fromStdString(r.job)}, &code);
            r.cancelled = true;
            break;
        }
        // Tasks still pending or running (an array's tasks one a line).
        int code = 0;
        const std::string out = run("squeue", {"-h", "-r", "-j", QString::fromStdString(r.job), "-o", "%K"}, &code);
        std::set<int> active;
        std::istringstream in(out);
        for (std::string line; std::getline(in, line);)
            if (!line.empty() && line.find_first_not_of("0123456789") == std::string::npos)
                active.insert(std::stoi(line));
        // squeue may briefly answer nothing while the array is being set up.
        if (code != 0 || (active.empty() && finished.empty() && ++empties < 3)) {
            QThread::msleep(500);
            continue;
        }
        for (int i = 0; i < tasks; ++i) {
            if (finished.count(i) || active.count(i))
                continue;
            finished.insert(i);
            const QString result = dir + QStringLiteral("/task-%1.json").arg(i);
            QFile f(result);
            try {
                if (!f.open(QIODevice::ReadOnly))
                    throw ModelError("ended without its results");
                const nlohmann::json j = nlohmann::json::parse(f.readAll().toStdString());
                for (const nlohmann::json& row : j.at("rows"))
                    rows.push_back(row);
                r.simulatedSeconds += j.value("simulated_seconds", 0.0);
                r.wallSeconds += j.value("wall_seconds", 0.0);
            } catch (const std::exception& e) {
                r.failed.push_back("task " + std::to_string(i) + " of job " + r.job + ": " + e.what() + " (" +
                                   logTail(dir + QStringLiteral("/task-%1.log").arg(i)) + ")");
            }
            startLine(err);
            err << "simulate: " << finished.size() << "/" << tasks << " tasks done" << std::flush;
        }
        if (static_cast<int>(finished.size()) < tasks)
            QThread::msleep(500);
    }
    err << "\n";
    std::signal(SIGINT, oldInt);
    std::signal(SIGTERM, oldTerm);
    std::stable_sort(rows.begin(), rows.end(), [](const nlohmann::json& a, const nlohmann::json& b) {
        return a.value("point", 0) < b.value("point", 0);
    });
    for (nlohmann::json& row : rows)
        r.rows.push_back(std::move(row));
    return r;
}

} // namespace cs::cli
