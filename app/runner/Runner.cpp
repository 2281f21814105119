#include "app/runner/Runner.h"
#include "model/core/NumberFormat.h"
#include "model/core/OutOfMemory.h"
#include "app/runner/AgentDeployer.h"

#include <QDateTime>
#include <QTemporaryDir>
#include <QThread>

#include "model/cluster/PairRounds.h"
#include "model/cluster/Routes.h"
#include "model/topology/io/TopologyJson.h"

#include <algorithm>
#include <cstdint>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace cs::runner {

namespace {

} // namespace

std::vector<Job> planJobs(const RunPlan& plan, const sdk::PluginLoader& plugins)
{
    const sdk::LoadedProbe* lp = plugins.find(plan.probe);
    if (!lp)
        throw std::invalid_argument("unknown probe '" + plan.probe +
                                    "' (clusterscope-cli probe --list shows the probes)");
    const sdk::ProbeDescriptor& d = lp->descriptor;
    std::map<std::string, double> params;
    if (std::string problem = sdk::resolveParams(d, plan.params, params); !problem.empty())
        throw std::invalid_argument(problem);
    if (plan.nodes.empty())
        throw std::invalid_argument("no nodes to run on");
    if (std::string problem = checkNodes(plan.nodes); !problem.empty())
        throw std::invalid_argument(problem);
    if (!(plan.timeout >= 0 && plan.timeout <= 86400))
        throw std::invalid_argument("timeout = " + formatSignificant(plan.timeout) +
                                    " s must be in (0, 86400] seconds, or 0 to follow the plan");
    if (!(plan.link.bandwidth > 0 && std::isfinite(plan.link.bandwidth)))
        throw std::invalid_argument("link bandwidth = " + formatSignificant(plan.link.bandwidth) + " B/s must be positive");
    if (plan.parallel < 1 || plan.parallel > RunPlan::kMaxParallel)
        throw std::invalid_argument("parallel " + std::to_string(plan.parallel) + ": the jobs run at once must be 1 to " +
                                    std::to_string(RunPlan::kMaxParallel));
    std::vector<std::size_t> hostVertex; // per node, when the plan has a topology
    if (plan.topology) {
        if (plan.hosts.size() != plan.nodes.size())
            throw std::invalid_argument("the plan names " + std::to_string(plan.hosts.size()) + " topology hosts for " +
                                        std::to_string(plan.nodes.size()) + " nodes");
        for (std::size_t i = 0; i < plan.hosts.size(); ++i) {
            const auto v = plan.topology->find(plan.hosts[i]);
            if (!v)
                throw std::invalid_argument("node " + plan.nodes[i].name + ": the design's topology has no host '" +
                                            plan.hosts[i] + "'");
            hostVertex.push_back(*v);
        }
    }
    std::unique_ptr<RouteFinder> routes;
    if (plan.topology)
        routes = std::make_unique<RouteFinder>(*plan.topology);

    const bool mpiProbe = d.launcher == "mpi";
    for (const Node& n : plan.nodes) {
        if (mpiProbe && n.transport != "mpi")
            throw std::invalid_argument("probe " + d.id + " runs under MPI; give an mpi node (e.g. --nodes mpi:2), not " +
                                        n.name + " (" + n.transport + ")");
        if (!mpiProbe && n.transport == "mpi")
            throw std::invalid_argument("node " + n.name + " uses the mpi transport, which runs only the MPI probes; " +
                                        d.id + " needs local, ssh, slurm or tcp nodes");
    }

    auto vertexOf = [&](const Node& n) { // node names are unique (checkNodes)
        const auto it = std::find_if(plan.nodes.begin(), plan.nodes.end(), [&](const Node& m) { return m.name == n.name; });
        return hostVertex[static_cast<std::size_t>(it - plan.nodes.begin())];
    };
    // A single-node probe times one node's CPU or memory. Namespaces are machines of their own for the
    // network, but they share this machine's CPUs: eight cpu.fft runs at once on the two cores of the
    // namespace cluster took 22-86 us a row at n = 1024, one alone 4.5-7 us. So on a local node it runs
    // alone among the plan's local nodes, with the CPUs to itself, as a node of a real cluster has them.
    std::vector<std::string> localMachines;
    for (const Node& n : plan.nodes)
        if (n.transport == "local" &&
            std::find(localMachines.begin(), localMachines.end(), "node:" + machineOf(n)) == localMachines.end())
            localMachines.push_back("node:" + machineOf(n));
    auto job = [&](std::vector<Node> nodes) {
        Job j;
        for (const Node& n : nodes)
            j.uses.push_back("node:" + machineOf(n));
        if (d.span == sdk::Span::Single && nodes.size() == 1 && nodes[0].transport == "local")
            for (const std::string& m : localMachines)
                if (std::find(j.uses.begin(), j.uses.end(), m) == j.uses.end())
                    j.uses.push_back(m);
        if (routes && d.span == sdk::Span::Pair && nodes.size() == 2) {
            if (const auto route = routes->links(vertexOf(nodes[0]), vertexOf(nodes[1])))
                for (std::size_t e : *route) // the edge index in the links' spelling: groupRounds only compares them
                    j.uses.push_back(linkKey(LinkId{static_cast<std::uint32_t>(e)}));
        }
        j.descriptor = d;
        j.params = params;
        j.timeout = plan.timeout > 0 ? plan.timeout : jobTimeout(d.id, params, plan.link);
        if (const auto e = estimateJob(d.id, params, plan.link))
            j.estimate = e->seconds;
        j.label = d.id + " ";
        for (std::size_t i = 0; i < nodes.size(); ++i)
            j.label += (i ? (d.span == sdk::Span::Pair ? " -> " : ", ") : "") + nodes[i].name;
        j.nodes = std::move(nodes);
        return j;
    };
    std::vector<Job> jobs;
    const std::vector<Node>& ns = plan.nodes;
    if (mpiProbe && plan.ranksPerHost > 0) {
        for (Node n : ns) {
            if (n.launch == "srun" || n.inAllocation || !n.hostfile.empty())
                throw std::invalid_argument("probe " + d.id + " on " + std::to_string(plan.ranksPerHost) +
                                            " ranks of one host: node " + n.name +
                                            " takes its hosts from Slurm or a hostfile; give it hosts= (or none, "
                                            "for this machine)");
            n.ranks = plan.ranksPerHost;
            n.slotsPerHost = plan.ranksPerHost;
            jobs.push_back(job({n}));
            jobs.back().label += " (" + std::to_string(plan.ranksPerHost) + " ranks on one host)";
        }
    } else if (mpiProbe || d.span == sdk::Span::Single) {
        for (const Node& n : ns)
            jobs.push_back(job({n}));
    } else if (d.span == sdk::Span::Pair) {
        if (ns.size() < 2)
            throw std::invalid_argument("probe " + d.id + " needs two nodes (a server and a client), got " +
                                        std::to_string(ns.size()));
        if (plan.pairing == "chain") {
            for (std::size_t i = 0; i + 1 < ns.size(); ++i)
                jobs.push_back(job({ns[i], ns[i + 1]}));
        } else if (plan.pairing == "first") {
            for (std::size_t i = 1; i < ns.size(); ++i)
                jobs.push_back(job({ns[0], ns[i]}));
        } else if (plan.pairing == "all") {
            for (std::size_t i = 0; i < ns.size(); ++i)
                for (std::size_t k = i + 1; k < ns.size(); ++k)
                    jobs.push_back(job({ns[i], ns[k]}));
        } else if (plan.pairing == "paths") {
            if (plan.pairs.empty())
                throw std::invalid_argument("pairing 'paths' needs the design's topology to choose pairs from");
            for (const PairChoice& p : plan.pairs) {
                if (p.server >= ns.size() || p.client >= ns.size())
                    throw std::invalid_argument("a chosen pair names node " + std::to_string(std::max(p.server, p.client)) +
                                                " of " + std::to_string(ns.size()));
                jobs.push_back(job({ns[p.server], ns[p.client]}));
                jobs.back().label += " (" + p.pathClass + (p.check ? "; check" : "") + ")";
            }
        } else
            throw std::invalid_argument("unknown pairing '" + plan.pairing + "' (use all, chain, first or paths)");
    } else {
        if (ns.size() < 2)
            throw std::invalid_argument("probe " + d.id + " needs at least two nodes, got " +
                                        std::to_string(ns.size()));
        jobs.push_back(job(ns));
    }
    return jobs;
}

std::string machineOf(const Node& n)
{
    if (n.transport == "local")
        return n.netns.empty() ? "this machine" : "netns " + n.netns;
    if (n.transport == "mpi")
        return "mpi " + n.name;
    return n.host;
}

std::vector<std::vector<std::size_t>> planRounds(const std::vector<Job>& jobs, int parallel)
{
    std::vector<std::vector<std::string>> uses;
    for (const Job& j : jobs)
        uses.push_back(j.uses);
    return groupRounds(uses, static_cast<std::size_t>(std::max(1, parallel)));
}

std::vector<std::string> placeByLauncher(std::vector<RunPlan>& plans, const std::vector<Node>& nodes,
                                         const sdk::PluginLoader& plugins)
{
    std::vector<Node> mpi, other;
    for (const Node& n : nodes)
        (n.transport == "mpi" ? mpi : other).push_back(n);
    std::vector<std::string> dropped;
    std::vector<RunPlan> kept;
    for (RunPlan& plan : plans) {
        const auto* lp = plugins.find(plan.probe);
        plan.nodes = !lp ? nodes : lp->descriptor.launcher == "mpi" ? mpi : other;
        if (plan.nodes.empty())
            dropped.push_back(plan.probe);
        else
            kept.push_back(std::move(plan));
    }
    plans = std::move(kept);
    return dropped;
}

Runner::Runner(const sdk::PluginLoader& plugins, LaunchContext context, QObject* parent)
    : QObject(parent), plugins_(plugins), context_(std::move(context))
{
}

Runner::~Runner()
{
    cancel();
    wait();
}

bool Runner::start(const RunPlan& plan)
{
    if (running_.load())
        return false;
    std::vector<Job> jobs = planJobs(plan, plugins_); // throws before anything starts
    if (thread_) {
        thread_->wait();
        thread_.reset();
    }
    {
        std::lock_guard lock(mutex_);
        results_.clear();
    }
    const std::vector<std::vector<std::size_t>> rounds = planRounds(jobs, plan.parallel);
    cancel_ = false;
    running_ = true;
    jobCount_ = static_cast<int>(jobs.size());
    thread_.reset(QThread::create([this, jobs = std::move(jobs), rounds] {
        QTemporaryDir work(QDir::tempPath() + "/clusterscope-run-XXXXXX");
        LaunchContext ctx = context_;
        ctx.workDir = work.path().toStdString();
        ctx.deployer = std::make_shared<AgentDeployer>(); // copy=1: each node gets the agent once per run
        const int total = static_cast<int>(jobs.size());
        std::atomic<int> ended{0};
        // A job's result that was never run: its nodes, probe and why.
        auto notRun = [&](std::size_t index, const std::string& status, const std::string& reason) {
            JobResult r;
            r.probe = jobs[index].descriptor.id;
            r.probeName = jobs[index].descriptor.name;
            for (const Node& n : jobs[index].nodes)
                r.nodes.push_back(n.name);
            r.status = status;
            r.reason = reason;
            return r;
        };
        auto record = [&](std::size_t index, const JobResult& r) {
            {
                std::lock_guard lock(mutex_);
                results_.push_back({index, r});
                if (!r.unstartedNode.empty())
                    deadNodes_.emplace(r.unstartedNode, r.reason);
            }
            const int done = ++ended;
            emit jobFinished(static_cast<int>(index), QString::fromStdString(r.status),
                             QString::fromStdString(r.reason));
            emit progress(done, total, 0.0,
                          QString::fromStdString(jobs[index].label + ": " + r.status +
                                                 (r.reason.empty() ? "" : " (" + r.reason + ")")));
        };
        for (const std::vector<std::size_t>& round : rounds) {
            std::vector<std::size_t> toRun;
            for (std::size_t index : round) {
                if (cancel_.load()) {
                    record(index, notRun(index, "cancelled", "cancelled before it started"));
                    continue;
                }
                std::string dead;
                {
                    std::lock_guard lock(mutex_);
                    for (const Node& n : jobs[index].nodes)
                        if (deadNodes_.count(n.name) && dead.empty())
                            dead = n.name;
                }
                if (!dead.empty()) {
                    JobResult r = notRun(index, "skipped",
                                         "skipped: node " + dead + " did not start its agent in an earlier job, so "
                                         "it is not tried again in this run");
                    r.failedNodes = {dead};
                    record(index, r);
                    continue;
                }
                toRun.push_back(index);
            }
            // One thread per job of the round; they share nothing but the cancel flag.
            std::vector<std::unique_ptr<QThread>> workers;
            for (std::size_t index : toRun) {
                workers.emplace_back(QThread::create([&, index] {
                    JobExecutor exec(ctx, cancel_, [&](double f, const std::string& m) {
                        emit progress(ended.load(), total, f, QString::fromStdString(m));
                    });
                    emit jobStarted(static_cast<int>(index), QString::fromStdString(jobs[index].label));
                    // An exception that leaves a QThread ends the program (std::terminate):
                    // whatever a job throws (std::bad_alloc above all) is its failure.
                    JobResult r;
                    try {
                        r = exec.run(jobs[index]);
                    } catch (const std::bad_alloc&) {
                        r = notRun(index, "failed", kOutOfMemory);
                    } catch (const std::exception& e) {
                        r = notRun(index, "failed", e.what());
                    }
                    record(index, r);
                }));
                workers.back()->start();
            }
            for (auto& w : workers)
                w->wait();
        }
        running_ = false;
        emit finished();
    }));
    thread_->start();
    return true;
}

void Runner::cancel()
{
    cancel_ = true;
}

bool Runner::wait(int ms)
{
    if (!thread_)
        return true;
    return ms < 0 ? thread_->wait() : thread_->wait(QDeadlineTimer(ms));
}

void Runner::forgetDeadNodes()
{
    std::lock_guard lock(mutex_);
    deadNodes_.clear();
}

std::vector<JobResult> Runner::results() const
{
    std::vector<std::pair<std::size_t, JobResult>> copy;
    {
        std::lock_guard lock(mutex_);
        copy = results_;
    }
    std::stable_sort(copy.begin(), copy.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<JobResult> out;
    for (auto& [index, r] : copy)
        out.push_back(std::move(r));
    return out;
}

std::optional<JobResult> Runner::result(int index) const
{
    std::lock_guard lock(mutex_);
    for (const auto& [i, r] : results_)
        if (static_cast<int>(i) == index)
            return r;
    return std::nullopt;
}

} // namespace cs::runner
