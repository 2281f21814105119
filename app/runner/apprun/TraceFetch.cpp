#include "app/runner/apprun/TraceFetch.h"

#include <QFile>

#include <regex>
#include <set>
#include <stdexcept>

namespace cs::runner::apprun {

std::vector<TraceFetch> planTraceFetch(const Node& mpiNode, const std::string& dir, bool insideSlurmJob)
{
    std::vector<TraceFetch> out;
    if (mpiNode.transport != "mpi")
        return out;
    // Inside an allocation mpirun itself starts its daemons through Slurm, and the nodes need not run sshd.
    const bool srun = mpiNode.launch == "srun" || mpiNode.inAllocation;
    const std::string d = shellQuote(dir);
    // On the host: nothing when it sees this machine's marker (its files are ours) or has no DIR; else each rank
    // file as "NAME SIZE\n" and its bytes, then DIR goes (and its parent, this run's folder, when empty).
    const std::string remote =
        "cd " + d + " 2>/dev/null || exit 0; [ -e " + std::string(kTraceMarker) +
        " ] && exit 0; for f in rank-*.csrec rank-*.host; do [ -f \"$f\" ] || continue; "
        "printf '%s %s\\n' \"$f\" \"$(wc -c < \"$f\")\"; cat \"$f\"; done; cd / && rm -rf -- " +
        d + " && rmdir -- \"$(dirname -- " + d + ")\" 2>/dev/null; exit 0";
    std::set<std::string> seen;
    for (const std::string& entry : mpiNode.hosts) {
        const std::string host = entry.substr(0, entry.find_first_of(" \t"));
        if (host.empty() || !seen.insert(host).second)
            continue;
        if (srun) {
            // A Slurm node is named by Slurm, and "localhost" is not one of its names; a step of one task there.
            Command c;
            c.program = "srun";
            c.args = {"-N1", "-n1", "-w", host, "-u", "--immediate=" + std::to_string(mpiNode.immediate),
                      "--job-name=clusterscope-traces"};
            if (insideSlurmJob)
                c.args.push_back("--mem=0");
            if (!mpiNode.partition.empty())
                c.args.insert(c.args.end(), {"-p", mpiNode.partition});
            c.args.insert(c.args.end(), {"sh", "-c", remote});
            out.push_back({host, std::move(c)});
            continue;
        }
        if (host == "localhost" || host == "127.0.0.1")
            continue;
        Node target = mpiNode;
        target.host = host;
        Command c = sshCommand(target, remote);
        inNamespace(c, mpiNode.netns);
        out.push_back({host, std::move(c)});
    }
    return out;
}

int unpackTraces(const std::string& stream, const std::string& dir, const std::string& host)
{
    static const std::regex name("rank-[0-9]{1,9}\\.(csrec|host)");
    int written = 0;
    std::size_t at = 0;
    while (at < stream.size()) {
        const std::size_t eol = stream.find('\n', at);
        const std::string line = stream.substr(at, eol == std::string::npos ? 80 : std::min<std::size_t>(eol - at, 80));
        const std::size_t space = line.find(' ');
        if (eol == std::string::npos || space == std::string::npos)
            throw std::runtime_error("the traces from " + host + " are cut short at byte " + std::to_string(at) +
                                     " (no \"NAME SIZE\" line there)");
        const std::string file = line.substr(0, space), sizeText = line.substr(space + 1);
        if (!std::regex_match(file, name))
            throw std::runtime_error("the traces from " + host + " name a file '" + file +
                                     "', which is not a rank's trace (rank-N.csrec or rank-N.host); nothing of "
                                     "that host was kept");
        std::size_t size = 0;
        try {
            std::size_t used = 0;
            const unsigned long long v = std::stoull(sizeText, &used);
            if (used != sizeText.size() || sizeText.empty() || sizeText[0] == '-')
                throw std::invalid_argument(sizeText);
            size = static_cast<std::size_t>(v);
        } catch (const std::exception&) {
            throw std::runtime_error("the traces from " + host + " give " + file + " the size '" + sizeText +
                                     "', which is not a number of bytes");
        }
        at = eol + 1;
        if (size > stream.size() - at)
            throw std::runtime_error("the traces from " + host + " give " + file + " " + std::to_string(size) +
                                     " bytes and hold " + std::to_string(stream.size() - at) +
                                     ": the stream was cut");
        QFile f(QString::fromStdString(dir + "/" + file));
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
            f.write(stream.data() + at, static_cast<qint64>(size)) != static_cast<qint64>(size))
            throw std::runtime_error("cannot write " + dir + "/" + file + " (the trace from " + host + ")");
        at += size;
        ++written;
    }
    return written;
}

} // namespace cs::runner::apprun
