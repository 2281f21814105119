#include "app/runner/Runner.h"

#include <QDateTime>
#include <QTemporaryDir>
#include <QThread>

#include <stdexcept>

namespace cs::runner {

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
    if (!(plan.timeout > 0 && plan.timeout <= 86400))
        throw std::invalid_argument("the timeout must be in (0, 86400] seconds");

    const bool mpiProbe = d.launcher == "mpi";
    for (const Node& n : plan.nodes) {
        if (mpiProbe && n.transport != "mpi")
            throw std::invalid_argument("probe " + d.id + " runs under MPI; give an mpi node (e.g. --nodes mpi:2), not " +
                                        n.name + " (" + n.transport + ")");
        if (!mpiProbe && n.transport == "mpi")
            throw std::invalid_argument("node " + n.name + " uses the mpi transport, which runs only the MPI probes; " +
                                        d.id + " needs local, ssh, slurm or tcp nodes");
    }

    auto job = [&](std::vector<Node> nodes) {
        Job j;
        j.descriptor = d;
        j.params = params;
        j.timeout = plan.timeout;
        j.label = d.id + " ";
        for (std::size_t i = 0; i < nodes.size(); ++i)
            j.label += (i ? (d.span == sdk::Span::Pair ? " -> " : ", ") : "") + nodes[i].name;
        j.nodes = std::move(nodes);
        return j;
    };
    std::vector<Job> jobs;
    const std::vector<Node>& ns = plan.nodes;
    if (mpiProbe || d.span == sdk::Span::Single) {
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
    cancel_ = false;
    running_ = true;
    jobCount_ = static_cast<int>(jobs.size());
    thread_.reset(QThread::create([this, jobs = std::move(jobs)] {
        QTemporaryDir work(QDir::tempPath() + "/clusterscope-run-XXXXXX");
        LaunchContext ctx = context_;
        ctx.workDir = work.path().toStdString();
        const int total = static_cast<int>(jobs.size());
        int index = 0;
        JobExecutor exec(ctx, cancel_, [&](double f, const std::string& m) {
            emit progress(index, total, f, QString::fromStdString(m));
        });
        for (; index < total; ++index) {
            JobResult r;
            if (cancel_.load()) {
                r.probe = jobs[index].descriptor.id;
                r.probeName = jobs[index].descriptor.name;
                for (const Node& n : jobs[index].nodes)
                    r.nodes.push_back(n.name);
                r.status = "cancelled";
                r.reason = "cancelled before it started";
            } else {
                r = exec.run(jobs[index]);
            }
            {
                std::lock_guard lock(mutex_);
                results_.push_back(r);
            }
            emit jobFinished(index, QString::fromStdString(r.status), QString::fromStdString(r.reason));
            emit progress(index + 1, total, 0.0,
                          QString::fromStdString(jobs[index].label + ": " + r.status +
                                                 (r.reason.empty() ? "" : " (" + r.reason + ")")));
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

std::vector<JobResult> Runner::results() const
{
    std::lock_guard lock(mutex_);
    return results_;
}

} // namespace cs::runner
