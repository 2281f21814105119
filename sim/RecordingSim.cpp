#include "sim/RecordingSim.h"
#include "model/core/ModelError.h"
#include "model/core/Unit.h"
#include "model/recording/EventCursor.h"
#include "model/recording/EventTimes.h"
#include "model/recording/ReplayCollectives.h"
#include "sim/ChildRun.h"
#include "sim/SimPlatform.h"

#include <simgrid/s4u.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <deque>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <tuple>
#include <unordered_map>

namespace sg4 = simgrid::s4u;

namespace cs::sim {

namespace {

using rec::Event;
using rec::Kind;

// A collective's steps as each member sees them: the member it sends to and
// the one it takes from at each step (-1: none; these algorithms send and take
// at most one message a member a step).
struct Schedule {
    std::vector<double> bytes;                   // per step
    std::vector<std::vector<std::int32_t>> to, from; // [step][member]
};

Schedule scheduleOf(Kind kind, double bytes, int n)
{
    Schedule s;
    for (const rec::CollectiveStep& step : rec::collectiveSteps(rec::collectivePlan(kind, bytes, n), n)) {
        s.bytes.push_back(step.bytes);
        s.to.emplace_back(static_cast<std::size_t>(n), -1);
        s.from.emplace_back(static_cast<std::size_t>(n), -1);
        for (const auto& [a, b] : step.flows) {
            s.to.back()[a] = static_cast<std::int32_t>(b);
            s.from.back()[b] = static_cast<std::int32_t>(a);
        }
    }
    return s;
}

// Schedules by (kind, members, bytes), made once.
class Schedules {
public:
    const Schedule& of(Kind kind, double bytes, int n)
    {
        const auto key = std::make_tuple(static_cast<int>(kind), n, bytes);
        auto it = cache_.find(key);
        if (it == cache_.end())
            it = cache_.emplace(key, scheduleOf(kind, bytes, n)).first;
        return it->second;
    }

private:
    std::map<std::tuple<int, int, double>, Schedule> cache_;
};

std::int32_t memberIndex(const std::vector<std::int32_t>& members, std::int32_t rank)
{
    if (members.empty())
        return rank; // MPI_COMM_WORLD
    const auto it = std::find(members.begin(), members.end(), rank);
    return it == members.end() ? -1 : static_cast<std::int32_t>(it - members.begin());
}

std::int32_t memberRank(const std::vector<std::int32_t>& members, std::int32_t index)
{
    return members.empty() ? index : members[static_cast<std::size_t>(index)];
}

int sizeOf(const rec::Recording& r, std::int32_t comm)
{
    const auto& m = r.members(comm);
    return m.empty() ? r.P() : static_cast<int>(m.size());
}

// Every rank's destinations (the platform's routes): its sends' peers and its collectives' steps.
std::vector<std::vector<std::size_t>> peersOf(const rec::Recording& r, Schedules& schedules)
{
    std::vector<std::set<std::size_t>> to(static_cast<std::size_t>(r.P()));
    std::set<std::tuple<std::int32_t, int, double>> seen; // (comm, kind, bytes) done
    for (const rec::RankTrace& trace : r.ranks) {
        for (const Event& e : trace.events) {
            if (e.kind == Kind::Send || e.kind == Kind::Isend || e.kind == Kind::Sendrecv) {
                if (e.peer >= 0 && e.peer != trace.rank)
                    to[static_cast<std::size_t>(trace.rank)].insert(static_cast<std::size_t>(e.peer));
            } else if (rec::isCollective(e.kind) && seen.emplace(e.comm, static_cast<int>(e.kind), e.value).second) {
                const auto& m = r.members(e.comm);
                const Schedule& s = schedules.of(e.kind, e.value, sizeOf(r, e.comm));
                for (const auto& step : s.to)
                    for (std::size_t a = 0; a < step.size(); ++a)
                        if (step[a] >= 0)
                            to[static_cast<std::size_t>(memberRank(m, static_cast<std::int32_t>(a)))].insert(
                                static_cast<std::size_t>(memberRank(m, step[a])));
            }
        }
    }
    std::vector<std::vector<std::size_t>> out;
    for (const auto& s : to)
        out.emplace_back(s.begin(), s.end());
    return out;
}

// A message as it travels: what a receive matches it by.
struct Msg {
    std::int32_t tag, comm;
    bool collective; // a collective's step (tag: its sequence number on comm)
};

// A rank's one connection to one peer: MPI keeps one per pair, and TCP delivers its bytes in order, so its eager
// messages go one after another, as the analytic replay's messages of one pair do (ReplayFluid.h). Without it two
// messages to one peer shared the link at once and the first arrived late: LAMMPS's ghost exchanges, a second send
// to the peer while the first is on its way, were simulated 18-35% slower than the analytic replay. A daemon actor
// on the sender's host puts each message in turn (a put to a mailbox with a permanent receiver returns once its
// bytes have arrived); the rank goes on once it has queued it.
//
// Every message is sent whole: the analytic replay's put protocol (ReplayNetwork::putFrom, Replay.h) is not
// simulated, and ReplayCommand compares SimGrid with the analytic replay without it.
class Connection {
public:
    explicit Connection(sg4::Mailbox* box) : box_(box) {}
    ~Connection()
    {
        for (const Pending& q : queue_)
            delete q.msg;
    }
    void push(Msg* m, std::uint64_t size)
    {
        const std::unique_lock<sg4::Mutex> lock(*mutex_);
        queue_.push_back({m, size});
        ready_->notify_one();
    }
    void operator()()
    {
        for (;;) {
            Pending next;
            {
                std::unique_lock<sg4::Mutex> lock(*mutex_);
                ready_->wait(lock, [this] { return !queue_.empty(); });
                next = queue_.front();
                queue_.pop_front();
            }
            box_->put(next.msg, next.size); // the receiver deletes it
        }
    }

private:
    struct Pending {
        Msg* msg = nullptr;
        std::uint64_t size = 0;
    };
    sg4::Mailbox* box_;
    sg4::MutexPtr mutex_ = sg4::Mutex::create();
    sg4::ConditionVariablePtr ready_ = sg4::ConditionVariable::create();
    std::deque<Pending> queue_;
};

struct World {
    const rec::Recording& rec;
    const rec::ReplayNetwork& net;
    const RecordingSimOptions& options;
    Schedules schedules;
    std::vector<sg4::ActorPtr> actors;
    std::vector<std::vector<std::int32_t>> sendersTo; // who sends to each rank (an any-source receive waits on them)
    std::vector<double> end;
    std::vector<std::vector<double>> barrierEnds; // each rank's leaving of each barrier of all ranks
    std::vector<char> done;
    std::vector<std::uint32_t> line; // the line each rank is at
    std::uint64_t messages = 0;
};

// One rank's actor: its events in order.
class Rank {
public:
    Rank(World& w, std::int32_t r) : w_(w), r_(r), trace_(w.rec.ranks[static_cast<std::size_t>(r)])
    {
        reqs_.resize(static_cast<std::size_t>(trace_.maxRequest + 1));
    }

    void operator()()
    {
        rec::EventCursor at;
        while (at.pc < trace_.events.size()) {
            const Event& e = trace_.events[at.pc];
            w_.line[static_cast<std::size_t>(r_)] = e.line;
            step(e);
            at.advance(trace_.events);
        }
        w_.end[static_cast<std::size_t>(r_)] = sg4::Engine::get_clock();
        w_.done[static_cast<std::size_t>(r_)] = 1;
    }

private:
    struct Req {
        bool recv = false;
        std::int32_t src = 0, tag = 0, comm = 0;
    };
    struct Taken {
        std::int32_t src;
        Msg* msg;
    };
    struct Posted {
        sg4::CommPtr comm;
        Msg* msg = nullptr;
    };

    static void busy(double seconds)
    {
        if (seconds > 0)
            sg4::this_actor::sleep_for(seconds);
    }

    void step(const Event& e)
    {
        switch (e.kind) {
        case Kind::Compute: busy(e.value * w_.options.computeScale); break;
        case Kind::Send:
        case Kind::Isend: // eager: complete once posted, its wait costs nothing
            send(e.peer, e.value, {e.tag, e.comm, false});
            if (e.kind == Kind::Isend)
                reqs_[static_cast<std::size_t>(e.req)].recv = false;
            break;
        case Kind::Recv: receive(e.peer, e.tag, e.comm, false); break;
        case Kind::Irecv: reqs_[static_cast<std::size_t>(e.req)] = {true, e.peer, e.tag, e.comm}; break;
        case Kind::Wait: complete(e.req, e.peer); break;
        case Kind::Waitall:
            for (std::uint32_t i = 0; i < e.count; ++i)
                complete(static_cast<std::int32_t>(trace_.args[e.first + i]), -1);
            break;
        case Kind::Sendrecv:
            send(e.peer, e.value, {e.tag, e.comm, false});
            receive(e.src, e.tag2, e.comm, false);
            break;
        case Kind::Loop:
        case Kind::CommDef: break;
        default: collective(e); break;
        }
    }

    sg4::Mailbox* mailbox(std::int32_t from, std::int32_t to)
    {
        return sg4::Mailbox::by_name(std::to_string(from) + ">" + std::to_string(to));
    }

    // `delivered`: the sender goes on once the bytes have arrived (a collective's step, as MPICH's blocking
    // sends inside it; a root's successive sends then follow one another, as the analytic formulas count
    // them), else once posted (eager, MPI_Send and MPI_Isend as the analytic replay has them).
    void send(std::int32_t dst, double bytes, Msg msg, bool delivered = false)
    {
        // Two ranks of one node exchange through its memory: the intra-node LogGP, paced by its own gap, and
        // no link of the platform (as the analytic replay has them, Replay.h).
        const bool local = w_.net.sameNode(static_cast<std::uint32_t>(r_), static_cast<std::uint32_t>(dst));
        const loggp::Params q = loggp::forSize(local ? w_.net.node : w_.net.loggp, bytes);
        double& free = local ? nodeFree_ : nicFree_;
        const double now = sg4::Engine::get_clock();
        busy(free - now); // the gap after this rank's previous message
        free = std::max(now, free) + std::max(q.g, q.o_s);
        busy(q.o_s);
        ++w_.messages;
        if (dst == r_) { // to itself: no route to cross, it is there at once
            taken_.push_back({r_, new Msg(msg)});
            return;
        }
        auto [it, first] = out_.try_emplace(dst, nullptr);
        if (first) {
            sg4::Mailbox* box = mailbox(r_, dst);
            box->set_receiver(w_.actors[static_cast<std::size_t>(dst)]); // the bytes move at once (eager)
            it->second = std::make_unique<Connection>(box);
            Connection* c = it->second.get();
            sg4::Actor::create("rank" + std::to_string(r_) + ">" + std::to_string(dst), sg4::this_actor::get_host(),
                               [c] { (*c)(); })
                ->daemonize();
        }
        if (local) {
            // It arrives L + (k - 1) G after it is sent, and after the pair's previous one (in order): then an
            // empty transfer, which SimGrid delivers with no latency, hands it over.
            double& last = localArrival_[dst];
            const double arrive = std::max(sg4::Engine::get_clock() + q.L + loggp::bytesAfterFirst(bytes) * q.G, last);
            last = arrive;
            sg4::Mailbox* box = mailbox(r_, dst); // not through the pair's Connection: no TCP stream
            if (delivered) {
                busy(arrive - sg4::Engine::get_clock());
                box->put(new Msg(msg), 0);
            } else {
                sg4::Actor::create("shm" + std::to_string(r_) + ">" + std::to_string(dst), sg4::this_actor::get_host(),
                                   [box, m = new Msg(msg), arrive] {
                                       busy(arrive - sg4::Engine::get_clock());
                                       box->put_init(m, 0)->detach([](void* x) { delete static_cast<Msg*>(x); });
                                   });
            }
            return;
        }
        // (k - 1) bytes as LogGP counts them, but at least one: SimGrid gives an empty transfer no latency.
        const auto size = std::max<std::uint64_t>(1, static_cast<std::uint64_t>(std::llround(loggp::bytesAfterFirst(bytes))));
        if (delivered) {
            mailbox(r_, dst)->put(new Msg(msg), size); // the receiver deletes it
            return;
        }
        it->second->push(new Msg(msg), size);
    }

    // Takes the next message from `src` (any sender when src < 0) into taken_.
    void take(std::int32_t src)
    {
        auto post = [&](std::int32_t s) -> Posted& {
            Posted& p = posted_[s];
            if (!p.comm)
                p.comm = mailbox(s, r_)->get_async<Msg>(&p.msg);
            return p;
        };
        if (src >= 0) {
            Posted& p = post(src);
            p.comm->wait();
            p.comm = nullptr;
            taken_.push_back({src, p.msg});
            return;
        }
        const std::vector<std::int32_t>& senders = w_.sendersTo[static_cast<std::size_t>(r_)];
        std::vector<sg4::CommPtr> comms;
        for (std::int32_t s : senders)
            comms.push_back(post(s).comm);
        if (comms.empty())
            throw ModelError("rank " + std::to_string(r_) + " receives from any source, and no rank sends to it");
        const auto i = static_cast<std::size_t>(sg4::Comm::wait_any(comms));
        Posted& p = posted_[senders[i]];
        p.comm = nullptr;
        taken_.push_back({senders[i], p.msg});
    }

    void receive(std::int32_t src, std::int32_t tag, std::int32_t comm, bool collective)
    {
        for (;;) {
            for (auto it = taken_.begin(); it != taken_.end(); ++it) {
                const Msg& m = *it->msg;
                if (m.collective == collective && m.comm == comm && (src < 0 || it->src == src) &&
                    (tag < 0 || m.tag == tag)) {
                    const bool local = w_.net.sameNode(static_cast<std::uint32_t>(it->src), static_cast<std::uint32_t>(r_));
                    delete it->msg;
                    taken_.erase(it);
                    busy(local ? w_.net.node.o_r : w_.net.loggp.o_r);
                    return;
                }
            }
            take(src);
        }
    }

    void complete(std::int32_t req, std::int32_t src)
    {
        Req& q = reqs_[static_cast<std::size_t>(req)];
        if (!q.recv)
            return; // an isend (done at its o_s) or a request already completed
        receive(src >= 0 ? src : q.src, q.tag, q.comm, false);
        q.recv = false;
    }

    void collective(const Event& e)
    {
        const auto& members = w_.rec.members(e.comm);
        const std::int32_t me = memberIndex(members, r_);
        if (me < 0)
            throw ModelError("rank " + std::to_string(r_) + ", line " + std::to_string(e.line) + ": its " +
                             rec::kindName(e.kind) + " is on a communicator it is not a member of");
        const auto seq = static_cast<std::int32_t>(seq_[e.comm]++);
        const Schedule& s = w_.schedules.of(e.kind, e.value, sizeOf(w_.rec, e.comm));
        for (std::size_t i = 0; i < s.bytes.size(); ++i) {
            if (const std::int32_t to = s.to[i][static_cast<std::size_t>(me)]; to >= 0)
                send(memberRank(members, to), s.bytes[i], {seq, e.comm, true}, true);
            if (const std::int32_t from = s.from[i][static_cast<std::size_t>(me)]; from >= 0)
                receive(memberRank(members, from), seq, e.comm, true);
        }
        if (e.kind == Kind::Barrier && members.size() == static_cast<std::size_t>(w_.rec.P()))
            w_.barrierEnds[static_cast<std::size_t>(r_)].push_back(sg4::Engine::get_clock());
    }

    World& w_;
    std::int32_t r_;
    const rec::RankTrace& trace_;
    double nicFree_ = 0;
    double nodeFree_ = 0; // the intra-node gap's, apart from the network's
    std::unordered_map<std::int32_t, double> localArrival_; // per destination on this node: the last arrival
    std::vector<Req> reqs_;
    std::unordered_map<std::int32_t, std::unique_ptr<Connection>> out_; // by destination
    std::unordered_map<std::int32_t, Posted> posted_; // node-based: a pending get writes into its Posted
    std::deque<Taken> taken_; // taken from the mailboxes, not yet matched
    std::unordered_map<std::int32_t, std::uint32_t> seq_; // collectives entered per communicator
};

std::string simulateHere(const Topology& t, const std::vector<std::size_t>& rankVertices, const rec::Recording& r,
                         const rec::ReplayNetwork& net, const RecordingSimOptions& options)
{
    const auto engine = makeEngine(options.sim);

    World w{r, net, options, {}, {}, {}, {}, {}, {}, {}, 0};
    const std::vector<std::vector<std::size_t>> peers = peersOf(r, w.schedules);
    const auto n = static_cast<std::size_t>(r.P());
    w.sendersTo.resize(n);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j : peers[i])
            w.sendersTo[j].push_back(static_cast<std::int32_t>(i));
    SimOptions platform = options.sim;
    platform.hostCap = net.loggp.G > 0 ? 1.0 / net.loggp.G : 0.0;
    platform.hostLatency = std::max(0.0, net.loggp.L - net.routeLatency) / 2.0;
    // Two ranks of one node hand their messages over through memory (Rank::send), not through their cap links.
    const std::vector<sg4::Host*> hosts =
        buildPlatform(t, rankVertices, peers, platform, true, [&net](std::size_t i, std::size_t j) {
            return net.sameNode(static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(j));
        });
    w.end.assign(n, 0.0);
    w.barrierEnds.assign(n, {});
    w.done.assign(n, 0);
    w.line.assign(n, 0);
    std::vector<std::unique_ptr<Rank>> ranks;
    for (std::size_t i = 0; i < n; ++i) {
        ranks.push_back(std::make_unique<Rank>(w, static_cast<std::int32_t>(i)));
        Rank* rank = ranks.back().get();
        w.actors.push_back(sg4::Actor::create("rank" + std::to_string(i), hosts[i], [rank] { (*rank)(); }));
    }
    engine->run();

    std::string stuck;
    int shown = 0;
    for (std::size_t i = 0; i < n && shown < 3; ++i)
        if (!w.done[i])
            stuck += std::string(shown++ ? "; " : "") + "rank " + std::to_string(i) + " waits at line " +
                     std::to_string(w.line[i]);
    if (!stuck.empty())
        throw ModelError("the simulated replay cannot go on: " + stuck +
                         ", for a message no other rank's recording sends it");
    std::ostringstream s;
    s.precision(17);
    s << "ok " << w.messages << " " << n;
    for (double e : w.end)
        s << " " << e;
    // Each barrier of all ranks ends when its last member leaves it.
    std::vector<double> barriers;
    for (const std::vector<double>& mine : w.barrierEnds)
        for (std::size_t k = 0; k < mine.size(); ++k) {
            barriers.resize(std::max(barriers.size(), k + 1), 0.0);
            barriers[k] = std::max(barriers[k], mine[k]);
        }
    s << " " << barriers.size();
    for (double b : barriers)
        s << " " << b;
    s << "\n";
    return s.str();
}

} // namespace

RecordingSimEstimate estimateRecordingSim(const rec::Recording& r)
{
    RecordingSimEstimate est;
    Schedules schedules;
    for (const rec::RankTrace& trace : r.ranks) {
        rec::forEachEventTimes(trace, [&](const Event& e, double times) {
            est.events += times;
            if (e.kind == Kind::Send || e.kind == Kind::Isend || e.kind == Kind::Sendrecv)
                est.messages += times;
            else if (rec::isCollective(e.kind)) {
                const double steps =
                    static_cast<double>(schedules.of(e.kind, e.value, sizeOf(r, e.comm)).bytes.size());
                est.events += times * 2 * steps; // a send and a receive a step, at most
                est.messages += times * steps;
            }
        });
    }
    for (const auto& p : peersOf(r, schedules))
        est.routes += p.size();
    est.wallSeconds = est.events / kEventsPerSecond;
    return est;
}

RecordingSimResult simulateRecording(const Topology& t, const std::vector<std::size_t>& rankVertices,
                                     const rec::Recording& r, const rec::ReplayNetwork& net,
                                     const RecordingSimOptions& options)
{
    for (const rec::RankTrace& trace : r.ranks)
        if (trace.truncated)
            throw ModelError("rank " + std::to_string(trace.rank) + "'s recording was cut short at line " +
                             std::to_string(trace.truncatedLine) + ": a simulation of it would run only part of the "
                             "program");
    if (static_cast<std::size_t>(r.P()) > options.maxRanks)
        throw ModelError("the recording has " + std::to_string(r.P()) + " ranks, more than the SimGrid replay's limit "
                         "of " + std::to_string(options.maxRanks) + " actors");
    if (rankVertices.size() != static_cast<std::size_t>(r.P()))
        throw ModelError("the simulation places " + std::to_string(rankVertices.size()) + " ranks, the recording has " +
                         std::to_string(r.P()));
    for (std::size_t v : rankVertices)
        if (v >= t.vertexCount() || t.vertex(v).kind != VertexKind::Host)
            throw ModelError("the simulation places a rank on vertex " + std::to_string(v) + ", not a host");
    const RecordingSimEstimate est = estimateRecordingSim(r);
    if (est.events > options.maxEvents)
        throw ModelError("the recording's simulation would go through " + formatNumber(est.events) + " events (" +
                         formatNumber(est.messages) + " messages, " + std::to_string(est.routes) + " routes), about " +
                         formatNumber(std::ceil(est.wallSeconds)) + " s of wall time; the SimGrid replay's limit is " +
                         formatNumber(options.maxEvents) + " events");
    if (!(options.computeScale >= 0) || !std::isfinite(options.computeScale))
        throw ModelError("compute scale = " + formatNumber(options.computeScale) + " must be >= 0");
    t.validate();
    const auto start = std::chrono::steady_clock::now();
    const std::string text =
        runInChild([&] { return simulateHere(t, rankVertices, r, net, options); }, options.sim);
    std::istringstream in(text);
    std::string word;
    std::size_t n = 0;
    RecordingSimResult result;
    if (!(in >> word >> result.messages >> n) || word != "ok" || n != static_cast<std::size_t>(r.P()))
        throw ModelError("the simulation returned an unreadable result");
    // Each rank's end, then the count and the ends of the barriers of all ranks.
    const auto readTimes = [&in](std::vector<double>& into, std::size_t count) {
        into.resize(count);
        for (double& v : into)
            in >> v;
        if (!in)
            throw ModelError("the simulation returned an unreadable result");
    };
    readTimes(result.rankSeconds, n);
    std::size_t barriers = 0;
    if (!(in >> barriers) || barriers > r.expandedEvents())
        throw ModelError("the simulation returned an unreadable result");
    readTimes(result.barrierEnds, barriers);
    for (double v : result.rankSeconds)
        result.seconds = std::max(result.seconds, v);
    result.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

} // namespace cs::sim
