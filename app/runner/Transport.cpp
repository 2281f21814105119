#include "app/runner/Transport.h"

#include "cs/sdk/PluginLoader.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QStandardPaths>

#include <algorithm>
#include <unistd.h>

#ifndef CS_AGENT_EXE
#define CS_AGENT_EXE ""
#endif
#ifndef CS_MPI_AGENT_EXE
#define CS_MPI_AGENT_EXE ""
#endif

namespace cs::runner {

std::string shellQuote(const std::string& word)
{
    if (!word.empty() && word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                                                "@%+=:,./_-") == std::string::npos)
        return word;
    std::string q = "'";
    for (char c : word) {
        if (c == '\'')
            q += "'\\''";
        else
            q += c;
    }
    return q + "'";
}

std::string Command::text() const
{
    std::string t;
    for (const auto& [k, v] : env)
        t += k + "=" + shellQuote(v) + " ";
    t += shellQuote(program);
    for (const std::string& a : args)
        t += " " + shellQuote(a);
    return t;
}

namespace {

std::string cpuArg(const std::vector<int>& cpus)
{
    std::string s;
    for (std::size_t i = 0; i < cpus.size(); ++i)
        s += (i ? "," : "") + std::to_string(cpus[i]);
    return s;
}

// The agent's own options, common to every transport.
std::vector<std::string> agentArgs(const Node& n)
{
    std::vector<std::string> a = {"--stdio", "--token-stdin", "--bind", n.bindAddress()};
    if (!n.cpus.empty()) {
        a.push_back("--cpus");
        a.push_back(cpuArg(n.cpus));
    }
    return a;
}

// How ssh connects to a node: the defaults (no password prompt, a bounded
// connect, dead links noticed), the node's -o options, port and key. Shared
// by ssh, scp and mpirun's ssh (plm_rsh_args).
std::vector<std::string> sshConnectArgs(const Node& n, bool forScp)
{
    // ssh keeps the first value it is given for an option: the node's own
    // options come first, so its ConnectTimeout=2 beats the default 10.
    std::vector<std::string> a;
    for (const std::string& o : n.sshOptions) {
        a.push_back("-o");
        a.push_back(o);
    }
    for (const char* o : {"BatchMode=yes", "ConnectTimeout=10", "ServerAliveInterval=5", "ServerAliveCountMax=3"}) {
        a.push_back("-o");
        a.push_back(o);
    }
    if (n.port > 0) {
        a.push_back(forScp ? "-P" : "-p");
        a.push_back(std::to_string(n.port));
    }
    if (!n.identity.empty()) {
        a.push_back("-i");
        a.push_back(n.identity);
    }
    return a;
}

std::vector<std::string> sshBaseArgs(const Node& n, bool forScp)
{
    std::vector<std::string> a = forScp ? std::vector<std::string>{"-q", "-B"}
                                        : std::vector<std::string>{"-T", "-e", "none"};
    for (std::string& o : sshConnectArgs(n, forScp))
        a.push_back(std::move(o));
    return a;
}

std::string joined(const std::vector<std::string>& v, const char* sep)
{
    std::string s;
    for (std::size_t i = 0; i < v.size(); ++i)
        s += (i ? sep : "") + v[i];
    return s;
}

// The agent's command line behind mpirun or srun.
std::vector<std::string> mpiAgentArgv(const Node& n, const LaunchContext& ctx)
{
    std::vector<std::string> args = {n.agent.empty() ? ctx.mpiAgentPath : n.agent, "--stdio", "--token-stdin"};
    if (!n.cpus.empty()) {
        args.push_back("--cpus");
        args.push_back(cpuArg(n.cpus));
    }
    return args;
}

// The ranks as a step of the current Slurm job: srun starts them through
// PMIx (Open MPI 4 needs no mpirun then), with the slurm transport's
// handling of output (-u) and of CPUs shared with other steps (--exact,
// --mem=0 inside a job). Only rank 0 reads the token and frames (--input=0).
Command srunMpi(const Node& n, const LaunchContext& ctx, const std::vector<std::string>& argv,
                const std::string& jobName)
{
    Command c;
    c.program = "srun";
    c.args = {"-n", std::to_string(n.ranks), "--mpi=pmix", "-u", "--input=0", "--exact", "--kill-on-bad-exit=1",
              "--immediate=" + std::to_string(n.immediate), "--job-name=" + jobName};
    if (!ctx.slurmJob.empty())
        c.args.push_back("--mem=0");
    if (!n.hosts.empty() && !n.inAllocation) {
        // As many nodes as named (no more than ranks, or than ceil(ranks / slots)): -w needs every one used.
        const std::size_t used = n.slotsPerHost > 0 ? static_cast<std::size_t>((n.ranks + n.slotsPerHost - 1) / n.slotsPerHost)
                                             : static_cast<std::size_t>(n.ranks);
        const std::size_t nodes = std::min<std::size_t>(n.hosts.size(), used);
        c.args.insert(c.args.end(), {"-N", std::to_string(nodes), "-w",
                                     joined(std::vector<std::string>(n.hosts.begin(), n.hosts.begin() + nodes), ",")});
        if (n.slotsPerHost > 0)
            c.args.insert(c.args.end(), {"--ntasks-per-node", std::to_string(n.slotsPerHost)});
    }
    if (!n.partition.empty())
        c.args.insert(c.args.end(), {"-p", n.partition});
    if (!n.btl.empty())
        c.env["OMPI_MCA_btl"] = joined(n.btl, ",");
    c.args.insert(c.args.end(), argv.begin(), argv.end());
    return c;
}

std::string sshTarget(const Node& n)
{
    return n.user.empty() ? n.host : n.user + "@" + n.host;
}

} // namespace

Command sshCommand(const Node& n, const std::string& remote)
{
    Command c;
    c.program = "ssh";
    c.args = sshBaseArgs(n, false);
    // "--" before the destination: ssh reads neither it nor the remote
    // command as options (after "--" ssh also stops looking for options
    // behind the host, so no second "--" is needed or allowed).
    c.args.push_back("--");
    c.args.push_back(sshTarget(n));
    c.args.push_back(remote);
    return c;
}

DeployPlan planDeploy(const Node& n, const LaunchContext& ctx, const std::string& tag)
{
    DeployPlan d;
    d.node = sshTarget(n) + (n.port > 0 ? ":" + std::to_string(n.port) : "");
    // Unknown before AgentLink hashes the file (a consent listing): a placeholder shows where it goes.
    d.sha256 = ctx.agentSha256.empty() ? std::string("SHA256") : ctx.agentSha256;
    d.remotePath = ".cache/clusterscope/agent-" + d.sha256.substr(0, 16);
    const std::string f = shellQuote(d.remotePath);
    const std::string part = d.remotePath + ".part-" + tag;
    // The full digest is compared on the node: a truncated or altered file is copied again.
    d.check = sshCommand(n, "cd && f=" + f + " && if [ -x \"$f\" ] && [ \"$(sha256sum < \"$f\" | cut -c1-64)\" = " +
                                d.sha256 + " ]; then echo present; else mkdir -p .cache/clusterscope && "
                                           "chmod 700 .cache/clusterscope && echo missing; fi");
    d.copy.program = "scp";
    d.copy.args = sshBaseArgs(n, true);
    d.copy.args.push_back("--"); // nothing after this is an option
    d.copy.args.push_back(ctx.agentPath);
    d.copy.args.push_back(sshTarget(n) + ":" + part);
    d.install = sshCommand(n, "cd && p=" + shellQuote(part) + " && if [ \"$(sha256sum < \"$p\" | cut -c1-64)\" = " +
                                  d.sha256 + " ]; then chmod 700 \"$p\" && mv -f \"$p\" " + f +
                                  "; else rm -f \"$p\"; echo \"the copy of the agent arrived altered\" >&2; exit 1; fi");
    return d;
}

// `c` run inside network namespace `netns` (ip netns exec), unchanged when it is "".
void inNamespace(Command& c, const std::string& netns)
{
    if (netns.empty())
        return;
    c.args.insert(c.args.begin(), {"netns", "exec", netns, c.program});
    c.program = "ip";
}

// `argv` on an mpi node's ranks: mpirun with the node's hostfile, or srun as a step of the Slurm job.
LaunchPlan planMpi(const Node& n, const LaunchContext& ctx, const std::string& tag,
                   const std::vector<std::string>& argv, const std::string& jobName)
{
    LaunchPlan p;
    if (n.launch == "srun") {
        p.agent = srunMpi(n, ctx, argv, jobName);
        return p;
    }
    if (n.hostfile.empty()) {
        p.hostfile = ctx.workDir + "/hostfile-" + tag;
        const std::vector<std::string> hosts = n.hosts.empty() ? std::vector<std::string>{"localhost"} : n.hosts;
        // slots=: that many ranks a host, mpirun filling a host's slots before the next (a job of several
        // ranks a node); else the ranks spread evenly over the hosts.
        const int perHost =
            n.slotsPerHost > 0 ? n.slotsPerHost : (n.ranks + static_cast<int>(hosts.size()) - 1) / static_cast<int>(hosts.size());
        for (const std::string& h : hosts)
            p.hostfileText += h + " slots=" + std::to_string(perHost) + "\n";
    }
    p.agent.program = "mpirun";
    // The user's own hostfile goes to mpirun as it is, slots and all.
    p.agent.args = {"-np", std::to_string(n.ranks), "--hostfile", n.hostfile.empty() ? p.hostfile : n.hostfile,
                    "--oversubscribe"};
    if (ctx.root) {
        p.agent.args.push_back("--allow-run-as-root");
        p.agent.env["OMPI_ALLOW_RUN_AS_ROOT"] = "1";
        p.agent.env["OMPI_ALLOW_RUN_AS_ROOT_CONFIRM"] = "1";
    }
    const bool remote = n.inAllocation || !n.hostfile.empty() ||
                        std::any_of(n.hosts.begin(), n.hosts.end(), [](const std::string& h) {
                            return h != "localhost" && h != "127.0.0.1";
                        });
    // The ranks share this machine's CPUs when every host is local, and also when the hosts are namespaces
    // of this machine (netns=: an emulated cluster, whose "hosts" have no CPUs of their own). There the
    // namespaces' network work (veth, tbf) runs on the same CPUs as well, and two polling ranks left it
    // a scheduler tick: over two namespaces at 100 Mbit/s every message of 1 B to 16 KiB took 4.0 ms one
    // way polling, 13-15 us yielding. So namespace hosts always yield.
    if ((!remote && ctx.cpus > 0 && n.ranks > ctx.cpus) || !n.netns.empty()) {
        // More ranks than this machine has CPUs: Open MPI's ranks poll while they wait, so a waiting rank
        // takes the CPU the rank it waits for needs, and a collective of 4 ranks on 2 CPUs took 28-60 ms
        // where it takes microseconds. Open MPI yields when it sees it is oversubscribed, but the
        // hostfile gives every rank a slot (and each namespace host looks like a machine of its own), so
        // it is told. On 8 namespaces at 42 Mbit/s the 2D FFT's all-to-all at P = 8 (eager blocks) took
        // 1.29 s polling and 0.82 s yielding, against 0.70 s of link time.
        p.agent.env["OMPI_MCA_mpi_yield_when_idle"] = "1";
    }
    if (remote) {
        // mpirun reaches other hosts with ssh (outside a Slurm job): the
        // same connect options as the ssh transport, so a dead host fails
        // within ConnectTimeout and never asks for a password. Open MPI
        // splits this at spaces (checkNodes refuses spaces in it).
        p.agent.args.insert(p.agent.args.end(), {"--mca", "plm_rsh_args", joined(sshConnectArgs(n, false), " ")});
    }
    if (!n.cpus.empty() || !n.netns.empty()) {
        // With cpus: rank i on cpus[i % size], the same pinning the other transports use. On namespace hosts:
        // mpirun binds each host's first rank to that host's core 0, and every namespace host's core 0 is
        // this machine's CPU 0, so a job of one rank a host ran all its ranks on one CPU. Two ranks of CG
        // (64 20) at 193 Mbit/s then took 31 ms where they take 24.9 ms unbound (the replay: 25 ms), since
        // each rank's compute waited for the other's. A host of an emulated cluster stands for a machine of
        // its own: its ranks go where the scheduler finds a free CPU.
        p.agent.args.insert(p.agent.args.end(), {"--bind-to", "none"});
    }
    if (!n.btl.empty())
        p.agent.args.insert(p.agent.args.end(), {"--mca", "btl", joined(n.btl, ",")});
    p.agent.args.insert(p.agent.args.end(), argv.begin(), argv.end());
    // mpirun in a namespace that stands for the first host of an emulated cluster: it starts the ranks
    // of the other hosts with ssh into theirs, and they talk over the namespaces' links.
    inNamespace(p.agent, n.netns);
    return p;
}

LaunchPlan planLaunch(const Node& n, const LaunchContext& ctx, const std::string& tag)
{
    LaunchPlan p;
    if (n.transport == "local") {
        p.agent.program = n.agent.empty() ? ctx.agentPath : n.agent;
        p.agent.args = agentArgs(n);
        // A namespace stands for another host (tests, emulated clusters).
        inNamespace(p.agent, n.netns);
    } else if (n.transport == "ssh") {
        std::string remote;
        if (n.copyAgent) {
            p.deploy = planDeploy(n, ctx, tag);
            // The copy stays in the cache for the next job and run; its name changes with its content.
            remote = "exec \"$HOME\"/" + shellQuote(p.deploy->remotePath);
            for (const std::string& a : agentArgs(n))
                remote += " " + shellQuote(a);
        } else {
            remote = "exec " + shellQuote(n.agent.empty() ? std::string("clusterscope-agent") : n.agent);
            for (const std::string& a : agentArgs(n))
                remote += " " + shellQuote(a);
        }
        p.agent = sshCommand(n, remote);
    } else if (n.transport == "mpi") {
        p = planMpi(n, ctx, tag, mpiAgentArgv(n, ctx), "clusterscope-mpi-agent");
    } else if (n.transport == "slurm") {
        p.agent.program = "srun";
        // -u: srun otherwise holds task output back until a newline, and
        // frames have none. --exact with -c: inside an allocation a step
        // takes only its own CPUs, so both agents of a same-node pair start
        // (the first would otherwise hold every CPU of the job). --immediate:
        // a busy node or a queued job fails with srun's own reason instead of
        // waiting silently; no --quiet, so that reason reaches us.
        const int cpusPerTask = std::max<int>(1, static_cast<int>(n.cpus.size()));
        p.agent.args = {"-N1", "-n1", "--cpus-per-task=" + std::to_string(cpusPerTask), "--exact", "-u",
                        "--immediate=" + std::to_string(n.immediate), "--job-name=clusterscope-agent"};
        if (!ctx.slurmJob.empty()) {
            // A step's memory: within the job's, without reserving all of it,
            // or the second step of a pair waits for memory instead of CPUs.
            // (Outside an allocation --mem=0 would ask for the whole node.)
            p.agent.args.push_back("--mem=0");
        }
        if (!n.host.empty())
            p.agent.args.insert(p.agent.args.end(), {"-w", n.host});
        if (!n.partition.empty())
            p.agent.args.insert(p.agent.args.end(), {"-p", n.partition});
        p.agent.args.push_back(n.agent.empty() ? ctx.agentPath : n.agent);
        for (const std::string& a : agentArgs(n))
            p.agent.args.push_back(a);
        // Slurm chooses the CPUs and binds the task to them; the agent pins
        // itself to the requested CPUs only where they lie inside that
        // allocation, and reports what it got.
        if (!n.cpus.empty())
            p.agent.args.push_back("--cpus-in-allocation");
    }
    // tcp: nothing to start.
    return p;
}

LaunchContext defaultLaunchContext()
{
    LaunchContext c;
    auto pick = [](const char* env, const QString& name, const char* configured) {
        const QString e = qEnvironmentVariable(env);
        if (!e.isEmpty())
            return e.toStdString();
        if (QCoreApplication::instance()) {
            const QString beside = QCoreApplication::applicationDirPath() + "/" + name;
            if (QFileInfo(beside).isExecutable())
                return beside.toStdString();
        }
        if (configured[0] != '\0' && QFileInfo(QString::fromUtf8(configured)).isExecutable())
            return std::string(configured);
        const QString onPath = QStandardPaths::findExecutable(name);
        return onPath.isEmpty() ? std::string(configured) : onPath.toStdString();
    };
    c.agentPath = pick("CLUSTERSCOPE_AGENT", QStringLiteral("clusterscope-agent"), CS_AGENT_EXE);
    c.mpiAgentPath = pick("CLUSTERSCOPE_MPI_AGENT", QStringLiteral("clusterscope-mpi-agent"), CS_MPI_AGENT_EXE);
    c.pluginDir = sdk::PluginLoader::builtInDir().toStdString();
    c.root = ::geteuid() == 0;
    c.cpus = static_cast<int>(std::max(0L, ::sysconf(_SC_NPROCESSORS_ONLN)));
    c.slurmJob = qEnvironmentVariable("SLURM_JOB_ID").toStdString();
    return c;
}

} // namespace cs::runner
