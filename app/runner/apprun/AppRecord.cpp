#include "app/runner/apprun/AppRecord.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

#ifndef CS_RECORD_LIB
#define CS_RECORD_LIB ""
#endif

namespace cs::runner::apprun {

using nlohmann::json;

namespace {

constexpr const char* kLibraryName = "libcsrecord.so";

bool readable(const QString& path)
{
    const QFileInfo f(path);
    return f.isFile() && f.isReadable();
}

// A file's text; ok = false (and "") when this machine cannot read it.
std::string readAll(const QString& path, bool* ok)
{
    QFile f(path);
    *ok = f.open(QIODevice::ReadOnly);
    return *ok ? f.readAll().toStdString() : std::string();
}

std::string lastLine(const std::string& text)
{
    std::size_t end = text.size();
    while (end > 0 && text[end - 1] == '\n')
        --end;
    const std::size_t start = text.rfind('\n', end == 0 ? 0 : end - 1);
    return text.substr(start == std::string::npos ? 0 : start + 1, end - (start == std::string::npos ? 0 : start + 1));
}

std::string listed(const std::vector<int>& ranks)
{
    std::string s;
    for (std::size_t i = 0; i < ranks.size() && i < 10; ++i)
        s += (i ? ", " : "") + std::to_string(ranks[i]);
    if (ranks.size() > 10)
        s += " and " + std::to_string(ranks.size() - 10) + " more";
    return s;
}

} // namespace

std::string findRecordLibrary()
{
    const QString env = qEnvironmentVariable("CLUSTERSCOPE_RECORD_LIB");
    if (!env.isEmpty())
        return readable(env) ? env.toStdString() : std::string();
    // The program's own folder, as the plugins are found (PluginLoader::builtInDir): an installed copy uses
    // its installed library, never the build's it came from.
    const QString exeDir = QCoreApplication::instance()
                               ? QCoreApplication::applicationDirPath()
                               : QFileInfo(QFileInfo(QStringLiteral("/proc/self/exe")).symLinkTarget()).path();
    if (!exeDir.isEmpty()) {
        const QString beside = QDir::cleanPath(exeDir + "/../lib/clusterscope/" + kLibraryName);
        if (readable(beside))
            return beside.toStdString();
    }
    const QString configured = QString::fromUtf8(CS_RECORD_LIB);
    return !configured.isEmpty() && readable(configured) ? configured.toStdString() : std::string();
}

void addRecording(LaunchPlan& plan, const std::string& library, const std::string& dir)
{
    Command& c = plan.agent;
    // LD_PRELOAD keeps what the user preloads already, after ours.
    std::string preload = library;
    if (const char* mine = std::getenv("LD_PRELOAD"); mine && *mine)
        preload += std::string(":") + mine;
    std::vector<std::string> vars = {"LD_PRELOAD=" + preload, "CS_RECORD_DIR=" + dir};
    if (const char* limit = std::getenv("CS_RECORD_LIMIT"); limit && *limit)
        vars.push_back(std::string("CS_RECORD_LIMIT=") + limit);
    // mpirun, or `ip netns exec NS mpirun` on an emulated cluster: the options go right after mpirun.
    const auto mpirun = std::find(c.args.begin(), c.args.end(), "mpirun");
    if (c.program == "mpirun" || (c.program == "ip" && mpirun != c.args.end())) {
        const auto at = c.program == "mpirun" ? c.args.begin() : mpirun + 1;
        std::vector<std::string> xs;
        for (const std::string& v : vars)
            xs.insert(xs.end(), {"-x", v});
        c.args.insert(at, xs.begin(), xs.end());
        return;
    }
    if (c.program == "srun") {
        std::string exported = "--export=ALL";
        for (const std::string& v : vars) {
            if (v.find(',') != std::string::npos)
                throw std::invalid_argument("srun --export cannot pass '" + v + "' (a comma in it); move the files "
                                            "to a path without one");
            exported += "," + v;
        }
        c.args.insert(c.args.begin(), exported);
        return;
    }
    throw std::invalid_argument("--record preloads its library through mpirun or srun; this launch is " + c.text());
}

json gatherRecording(const std::string& dir, const RecordingInfo& info)
{
    json ranks = json::array(), hosts = json::array();
    std::vector<int> missing;
    bool truncated = false;
    for (int r = 0; r < info.P; ++r) {
        const QString base = QString::fromStdString(dir) + "/rank-" + QString::number(r);
        bool ok = false;
        std::string text = readAll(base + ".csrec", &ok);
        if (!ok) {
            missing.push_back(r);
            continue;
        }
        const std::string last = lastLine(text);
        if (last.rfind("truncated", 0) == 0) {
            truncated = true;
        } else if (last != "end") {
            // The run's own status says why (killed, timed out); the trace says where it stopped.
            if (!text.empty() && text.back() != '\n')
                text += '\n';
            text += "truncated the trace stopped before MPI_Finalize (the rank was killed or its file was cut)\n";
            truncated = true;
        }
        ranks.push_back(std::move(text));
        std::string host = readAll(base + ".host", &ok);
        while (!host.empty() && (host.back() == '\n' || host.back() == '\r'))
            host.pop_back();
        hosts.push_back(host);
    }
    const std::string program = info.argv.empty() ? std::string() : info.argv.front();
    if (static_cast<int>(missing.size()) == info.P)
        throw std::runtime_error("no rank of " + program + " wrote a trace to " + dir +
                                 ": it is not an MPI program, or it does not call MPI_Init, or it is linked "
                                 "statically against MPI (the recording library is preloaded, and sees only "
                                 "a program that loads libmpi.so)");
    if (!missing.empty())
        throw std::runtime_error("ranks " + listed(missing) + " of " + std::to_string(info.P) +
                                 " wrote no trace to " + dir + " (ranks on other hosts write to their own file "
                                 "system: --record fetches them over ssh from the hosts of an mpi node's hosts= "
                                 "list and with srun from Slurm's nodes, not from a hostfile's; there give "
                                 "--record-dir a folder every host shares)");
    return {{"P", info.P},
            {"program", program},
            {"args", std::vector<std::string>(info.argv.begin() + (info.argv.empty() ? 0 : 1), info.argv.end())},
            {"nodes", info.nodes},
            {"hosts", hosts},
            {"compute_speed", 1.0},
            {"ranks", ranks},
            {"truncated", truncated},
            {"run", info.run}};
}

} // namespace cs::runner::apprun
