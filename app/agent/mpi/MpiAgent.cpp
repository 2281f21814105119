#include "app/agent/mpi/MpiAgent.h"
#include "app/agent/AgentOptions.h"
#include "app/agent/mpi/MpiApplications.h"
#include "app/agent/mpi/MpiKernels.h"
#include "app/agent/mpi/MpiLogGP.h"
#include "app/agent/mpi/MpiWait.h"
#include "app/agent/protocol/AgentProtocol.h"

#include "cs/probe/Environment.h"
#include "cs/probe/Error.h"
#include "common/LogGPShared.h"
#include "common/SummaryJson.h"
#include "cs/probe/Statistics.h"
#include "mpi/MpiDescriptors.h"

#include <mpi.h>

#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <functional>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <sched.h>
#include <thread>
#include <unistd.h>

namespace cs::agent::mpi {

using nlohmann::json;

namespace {

enum Command : int { Quit = 0, Run = 1 };

// Rank 0's view of its controller: frames read by a thread into a queue.
class Inbox {
public:
    struct Item {
        bool end = false;     // end of stream (or a broken frame: `problem`)
        std::string problem;
        Message message;
    };

    explicit Inbox(int fd) : fd_(fd) {}

    void start()
    {
        std::thread([this] { readLoop(); }).detach(); // blocked in read() until stdin ends
    }

    Item pop()
    {
        std::unique_lock lock(mutex_);
        cv_.wait(lock, [this] { return !items_.empty(); });
        Item i = std::move(items_.front());
        items_.pop_front();
        return i;
    }

    void setActiveRun(const std::string& id)
    {
        std::lock_guard lock(mutex_);
        activeRun_ = id;
        cancel_ = false;
    }
    bool cancelled() const { return cancel_.load(); }

private:
    void push(Item i)
    {
        {
            std::lock_guard lock(mutex_);
            items_.push_back(std::move(i));
        }
        cv_.notify_all();
    }

    void readLoop()
    {
        FrameDecoder decoder;
        std::string frame;
        char buf[65536];
        for (;;) {
            const ssize_t n = ::read(fd_, buf, sizeof buf);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0) {
                cancel_ = true;
                push({true, "", {}});
                return;
            }
            decoder.feed(buf, static_cast<std::size_t>(n));
            for (;;) {
                const auto st = decoder.next(frame);
                if (st == FrameDecoder::Status::NeedMore)
                    break;
                if (st != FrameDecoder::Status::Frame) {
                    cancel_ = true;
                    push({true, "frame of " + std::to_string(decoder.refusedLength()) +
                                    " bytes refused (bound " + std::to_string(kMaxFrameBytes) + ")",
                          {}});
                    return;
                }
                Item item;
                if (std::string problem = parseMessage(frame, Sender::Controller, item.message); !problem.empty()) {
                    item.problem = problem;
                } else if (item.message.type == "cancel") {
                    std::lock_guard lock(mutex_);
                    if (item.message.body["id"].get<std::string>() == activeRun_)
                        cancel_ = true;
                    continue;
                }
                push(std::move(item));
            }
        }
    }

    int fd_;
    std::mutex mutex_;
    std::condition_variable cv_;
    std::deque<Item> items_;
    std::string activeRun_;
    std::atomic<bool> cancel_{false};
};

class Writer {
public:
    explicit Writer(int fd) : fd_(fd) {}
    void send(const json& m)
    {
        const std::string f = encodeFrame(m);
        const char* p = f.data();
        std::size_t left = f.size();
        while (left > 0) {
            const ssize_t n = ::write(fd_, p, left);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                return;
            p += n;
            left -= static_cast<std::size_t>(n);
        }
    }

private:
    int fd_;
};

// What one probe run gives rank 0: samples by series (the collectives,
// all-to-all), LogGP's points and segments (mpi.loggp), or an application's
// result (mpi.app.*: its JSON, made once the series' samples can be sent);
// `failure` when the probe failed on rank 0.
struct Outcome {
    std::map<std::string, std::vector<double>> samples;
    std::optional<cs::probe::LogGPResult> loggp;
    std::function<probeplugin::AppJson(const probeplugin::SeriesJsonOf&)> app;
    bool stopped = false;
    std::string failure;
};

cs::probe::LogGPParams logGPParams(const json& p)
{
    return probeplugin::logGPParamsFrom([&](const std::string& k) { return p[k].get<double>(); });
}

// Runs one probe on every rank.
Outcome execute(const json& cmd, const StopCheck& stop)
{
    const std::string probe = cmd["probe"].get<std::string>();
    const json& p = cmd["params"];
    Outcome out;
    if (probe == "mpi.loggp") {
        out.loggp = measureLogGP(MPI_COMM_WORLD, logGPParams(p), stop);
        out.stopped = stoppedLogGP();
        return out;
    }
    if (isMpiApplication(probe)) {
        MpiApplicationRun run = runMpiApplication(probe, p, stop);
        out.app = std::move(run.result);
        out.stopped = run.stopped;
        out.failure = std::move(run.failure);
        return out;
    }
    const int count = p["warmups"].get<int>() + p["reps"].get<int>();
    if (probe == "mpi.alltoall") {
        out.samples["alltoall"] = timeAlltoall(MPI_COMM_WORLD, p["block_bytes"].get<std::uint64_t>(), count, stop);
    } else if (probe == "mpi.collectives") {
        const auto bytes = p["bytes"].get<std::uint64_t>();
        const int batch = p["batch"].get<int>();
        out.samples["barrier"] = timeBarrier(MPI_COMM_WORLD, count, batch, stop);
        if (!stoppedEarly())
            out.samples["bcast"] = timeBcast(MPI_COMM_WORLD, bytes, count, batch, stop);
        if (!stoppedEarly())
            out.samples["allreduce"] = timeAllreduce(MPI_COMM_WORLD, bytes, count, batch, stop);
    }
    out.stopped = stoppedEarly();
    return out;
}

const std::vector<sdk::ProbeDescriptor>& descriptors()
{
    static const std::vector<sdk::ProbeDescriptor> d = probeplugin::mpiDescriptors();
    return d;
}

json probeIds()
{
    json ids = json::array();
    for (const auto& d : descriptors())
        ids.push_back(d.id);
    return ids;
}

void broadcastCommand(int command, const std::string& payload)
{
    int header[2] = {command, static_cast<int>(payload.size())};
    MPI_Bcast(header, 2, MPI_INT, 0, MPI_COMM_WORLD);
    if (header[1] > 0)
        MPI_Bcast(const_cast<char*>(payload.data()), header[1], MPI_CHAR, 0, MPI_COMM_WORLD);
}

void workerLoop()
{
    for (;;) {
        int header[2] = {0, 0};
        MPI_Bcast(header, 2, MPI_INT, 0, MPI_COMM_WORLD);
        if (header[0] != Run)
            return;
        std::string payload(static_cast<std::size_t>(header[1]), '\0');
        MPI_Bcast(payload.data(), header[1], MPI_CHAR, 0, MPI_COMM_WORLD);
        execute(json::parse(payload), {});
    }
}

// Every rank's placement, gathered on rank 0 (a collective: all ranks call it).
json gatherPlacement(int rank, int size)
{
    char name[MPI_MAX_PROCESSOR_NAME] = {};
    int len = 0;
    MPI_Get_processor_name(name, &len);
    const cs::probe::Environment env = cs::probe::captureEnvironment();
    json entry = {{"rank", rank}, {"host", std::string(name, static_cast<std::size_t>(len))},
                  {"affinity", env.affinity}, {"pinned", env.pinned}, {"cpu", env.cpuObserved}};
    // The ranks Open MPI placed on this rank's node, by its launch (the hostfile's entries), not by the name:
    // network namespaces share the machine's host name, and each is a node of its own (issue 45).
    if (const char* local = std::getenv("OMPI_COMM_WORLD_LOCAL_SIZE"))
        entry["local_size"] = std::atoi(local);
    const std::string line = entry.dump();
    char mine[256] = {};
    std::strncpy(mine, line.c_str(), sizeof mine - 1);
    std::vector<char> all(rank == 0 ? 256 * static_cast<std::size_t>(size) : 0);
    MPI_Gather(mine, 256, MPI_CHAR, all.data(), 256, MPI_CHAR, 0, MPI_COMM_WORLD);
    json ranks = json::array();
    if (rank == 0)
        for (int r = 0; r < size; ++r)
            ranks.push_back(json::parse(std::string(all.data() + 256 * r), nullptr, false));
    return ranks;
}

// Open MPI's TCP BTL eager limit as this run has it (its MCA setting, through the MPI tool interface): a
// message above it goes by the rendezvous protocol, whose handshake the LogGP models leave out
// (docs/calibration.md, "Over MPI on the emulated cluster"). Null when the library has no such variable
// (another MPI, or no TCP BTL loaded).
json tcpEagerLimit()
{
    int provided = 0;
    if (MPI_T_init_thread(MPI_THREAD_SINGLE, &provided) != MPI_SUCCESS)
        return nullptr;
    json limit = nullptr;
    int index = 0;
    if (MPI_T_cvar_get_index("btl_tcp_eager_limit", &index) == MPI_SUCCESS) {
        char name[256];
        char desc[256];
        int nameLen = sizeof name, descLen = sizeof desc, verbosity = 0, bind = 0, scope = 0;
        MPI_Datatype type = MPI_DATATYPE_NULL;
        MPI_T_enum enumtype;
        MPI_T_cvar_handle handle;
        int count = 0;
        if (MPI_T_cvar_get_info(index, name, &nameLen, &verbosity, &type, &enumtype, desc, &descLen, &bind, &scope) ==
                MPI_SUCCESS &&
            MPI_T_cvar_handle_alloc(index, nullptr, &handle, &count) == MPI_SUCCESS) {
            unsigned long long buf[4] = {}; // one value of at most 8 bytes (count is 1 for a scalar)
            if (count == 1 && MPI_T_cvar_read(handle, buf) == MPI_SUCCESS) {
                if (type == MPI_UNSIGNED_LONG || type == MPI_UNSIGNED_LONG_LONG)
                    limit = static_cast<std::uint64_t>(buf[0]);
                else if (type == MPI_INT || type == MPI_UNSIGNED) {
                    unsigned v = 0;
                    std::memcpy(&v, buf, sizeof v);
                    limit = static_cast<std::uint64_t>(v);
                }
            }
            MPI_T_cvar_handle_free(&handle);
        }
    }
    MPI_T_finalize();
    return limit;
}

json environment(const json& ranks, int size, const std::vector<int>& cpus)
{
    const cs::probe::Environment env = cs::probe::captureEnvironment(cpus.empty() ? -1 : cpus.front());
    char lib[MPI_MAX_LIBRARY_VERSION_STRING] = {};
    int len = 0;
    MPI_Get_library_version(lib, &len);
    std::string library(lib, static_cast<std::size_t>(len));
    if (auto nl = library.find('\n'); nl != std::string::npos)
        library.resize(nl);
    auto envOr = [](const char* k) {
        const char* v = std::getenv(k);
        return v ? std::string(v) : std::string();
    };
    return {{"hostname", env.hostname},
            {"kernel", env.kernelRelease},
            {"cpu_model", env.cpuModel},
            {"online_cpus", env.onlineCpus},
            {"cpus_requested", cpus},
            {"clock_source", env.clockSource},
            {"timer", "MPI_Wtime"},
            {"pid", static_cast<long long>(::getpid())},
            {"mpi", {{"library", library}, {"ranks", size}, {"btl", envOr("OMPI_MCA_btl")},
                     {"pml", envOr("OMPI_MCA_pml")}, {"btl_tcp_eager_limit", tcpEagerLimit()}, {"wait", waitMode()}, {"placement", ranks}}},
            {"versions",
             {{"agent", CS_AGENT_VERSION}, {"protocol", kProtocolVersion}, {"kernels", cs::probe::kKernelsVersion}}}};
}

int controllerLoop(const AgentOptions& opts, const json& env, int framesFd)
{
    Writer out(framesFd);
    std::string token;
    try {
        token = readAgentToken(opts);
    } catch (const std::runtime_error& e) {
        std::cerr << "clusterscope-mpi-agent: " << e.what() << "\n";
        broadcastCommand(Quit, {});
        return 2;
    }
    Inbox inbox(STDIN_FILENO);
    inbox.start();
    bool greeted = false;
    int status = 0;
    for (;;) {
        Inbox::Item item = inbox.pop();
        if (item.end) {
            if (!item.problem.empty()) {
                out.send(errorMessage(code::Frame, item.problem));
                status = 3;
            }
            break;
        }
        if (!item.problem.empty()) {
            out.send(errorMessage(code::Malformed, item.problem));
            if (!greeted) {
                status = 3;
                break;
            }
            continue;
        }
        const Message& m = item.message;
        const json& b = m.body;
        if (!greeted) {
            if (m.type != "hello" || !tokensEqual(b["token"].get_ref<const std::string&>(), token)) {
                out.send(errorMessage(m.type != "hello" ? code::State : code::Token,
                                      m.type != "hello" ? "the first message must be hello" : "wrong token"));
                status = 3;
                break;
            }
            if (b["versions"][0].get<long long>() > kProtocolVersion || b["versions"][1].get<long long>() < kProtocolVersion) {
                out.send(errorMessage(code::Version, "no common protocol version"));
                status = 3;
                break;
            }
            greeted = true;
            out.send({{"type", "welcome"},
                      {"protocol", kProtocolVersion},
                      {"agent", std::string("clusterscope-mpi-agent ") + CS_AGENT_VERSION},
                      {"probes", probeIds()},
                      {"environment", env}});
            continue;
        }
        if (m.type == "bye")
            break;
        if (m.type != "run") {
            if (m.type != "go")
                out.send(errorMessage(code::State, "unexpected " + m.type));
            continue;
        }
        const std::string id = b["id"].get<std::string>();
        const std::string probe = b["probe"].get<std::string>();
        const sdk::ProbeDescriptor* d = nullptr;
        for (const auto& x : descriptors())
            if (x.id == probe)
                d = &x;
        if (!d) {
            out.send(errorMessage(code::UnknownProbe, "this MPI agent does not know probe " + probe, id));
            continue;
        }
        std::map<std::string, double> params;
        if (std::string problem = sdk::resolveParams(*d, b.value("params", json::object()), params); !problem.empty()) {
            out.send(errorMessage(code::BadParam, problem, id));
            continue;
        }
        json cmd = {{"probe", probe}, {"params", json::object()}};
        for (const auto& [k, v] : params)
            cmd["params"][k] = v;
        if (probe == "mpi.loggp") {
            if (env["mpi"]["ranks"].get<int>() < 2) {
                out.send(errorMessage(code::BadParam, "mpi.loggp needs 2 ranks", id));
                continue;
            }
            if (std::string problem = logGPParams(cmd["params"]).validate(); !problem.empty()) {
                out.send(errorMessage(code::BadParam, "mpi.loggp: " + problem, id));
                continue;
            }
        }
        if (std::string problem = mpiApplicationProblem(probe, cmd["params"], env["mpi"]["ranks"].get<std::size_t>());
            !problem.empty()) {
            out.send(errorMessage(code::BadParam, probe + ": " + problem, id));
            continue;
        }
        inbox.setActiveRun(id);
        broadcastCommand(Run, cmd.dump());
        const Outcome done = execute(cmd, [&] { return inbox.cancelled(); });
        if (done.stopped) {
            json e = errorMessage(code::Cancelled, "cancelled", id);
            e["kind"] = "cancelled";
            out.send(e);
            continue;
        }
        if (!done.failure.empty()) {
            out.send(errorMessage(code::Failed, done.failure, id));
            continue;
        }
        // Each series' samples go out before the summary they are of.
        auto seriesOf = [&](const std::string& name, const cs::probe::Summary& s) {
            for (const json& frame : samplesMessages(id, name, s.samples))
                out.send(frame);
            return probeplugin::statsJson(s, "s");
        };
        json summary;
        json details = {{"ranks", env["mpi"]["ranks"]}};
        if (done.loggp) {
            probeplugin::LogGPJson j = probeplugin::logGPJson(*done.loggp, seriesOf);
            summary = std::move(j.summary);
            details.update(j.details);
            details["pair"] = "rank 0 (client) and rank 1 (server), MPI_Send/MPI_Recv";
            details["timer_cost_s"] = timerCostLogGP();
        } else if (done.app) {
            probeplugin::AppJson j = done.app(seriesOf);
            summary = std::move(j.summary);
            details.update(j.details);
        } else {
            const auto warmups = static_cast<std::size_t>(params["warmups"]);
            json series = json::object();
            json derivedValues = json::object();
            for (const auto& [name, all] : done.samples) {
                const cs::probe::Summary s = cs::probe::summarize(all, warmups);
                series[name] = seriesOf(name, s);
                derivedValues["T_" + name] = probeplugin::derived(s, "s");
            }
            summary = {{"series", series}, {"derived", derivedValues}};
        }
        out.send({{"type", "result"}, {"id", id}, {"summary", summary}, {"details", details}, {"environment", env}});
    }
    broadcastCommand(Quit, {});
    return status;
}

void pinRank(const std::vector<int>& cpus, int rank)
{
    if (cpus.empty())
        return;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpus[static_cast<std::size_t>(rank) % cpus.size()], &set);
    if (::sched_setaffinity(0, sizeof set, &set) != 0)
        std::cerr << "clusterscope-mpi-agent: rank " << rank << ": cannot pin: " << std::strerror(errno) << "\n";
}

} // namespace

int mpiAgentMain(int argc, char** argv)
{
    int provided = 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    int rank = 0;
    int size = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    AgentOptions opts;
    try {
        opts = parseAgentOptions(std::vector<std::string>(argv + 1, argv + argc));
    } catch (const std::exception& e) {
        if (rank == 0)
            std::cerr << "clusterscope-mpi-agent: " << e.what() << "\n";
        MPI_Finalize();
        return 2;
    }
    pinRank(opts.cpus, rank);
    // Only rank 0's frames may reach mpirun's stdout: everything else that
    // any rank prints goes to stderr.
    const int framesFd = rank == 0 ? ::dup(STDOUT_FILENO) : -1;
    ::dup2(STDERR_FILENO, STDOUT_FILENO);
    const json placement = gatherPlacement(rank, size);
    int status = 0;
    if (rank == 0)
        status = controllerLoop(opts, environment(placement, size, opts.cpus), framesFd);
    else
        workerLoop();
    MPI_Finalize();
    return status;
}

} // namespace cs::agent::mpi
