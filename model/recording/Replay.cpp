#include "model/recording/Replay.h"
#include "model/core/ModelError.h"
#include "model/recording/EventCursor.h"
#include "model/recording/ReplayCollectives.h"
#include "model/recording/ReplayFluid.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <queue>
#include <string>
#include <unordered_map>

namespace cs::rec {

double effectiveG(const ReplayNetwork& net, double G, double s)
{
    switch (net.gMode) {
    case 1: return G;
    case 2: return G + s;
    case 3:
        if (net.B_pair <= 0.0)
            return G;
        return G * std::max(1.0, net.B_pair * s) * (net.B_cal > 0.0 ? net.B_cal / net.B_pair : 1.0);
    default: return std::max(G, s);
    }
}

namespace {

// Prices of flow sets, each computed once (the network's routing is the costly part).
class Prices {
public:
    explicit Prices(const ReplayNetwork& net) : net_(net) {}

    double pair(std::uint32_t a, std::uint32_t b)
    {
        if (!net_.secondsPerByte || a == b)
            return 0.0;
        const std::uint64_t key = (std::uint64_t{a} << 32) | b;
        auto it = pairs_.find(key);
        if (it == pairs_.end())
            it = pairs_.emplace(key, set({{a, b}})).first;
        return it->second;
    }

    // `flows` sorted and without repeats.
    double set(const Flows& flows)
    {
        if (!net_.secondsPerByte || flows.empty())
            return 0.0;
        std::uint64_t h = 1469598103934665603ull;
        for (const auto& [a, b] : flows)
            h = (h ^ ((std::uint64_t{a} << 32) | b)) * 1099511628211ull;
        std::vector<std::pair<Flows, double>>& bucket = sets_[h];
        for (const auto& [f, s] : bucket)
            if (f == flows)
                return s;
        const double s = net_.secondsPerByte(flows);
        ++priced;
        bucket.emplace_back(flows, s);
        return s;
    }

    std::uint64_t priced = 0;

private:
    const ReplayNetwork& net_;
    std::unordered_map<std::uint64_t, double> pairs_;
    std::unordered_map<std::uint64_t, std::vector<std::pair<Flows, double>>> sets_;
};

// Messages sent to a rank and not yet received, at most: a recording whose
// receives never match its sends is refused before it takes gigabytes.
constexpr std::size_t kMaxUnmatched = std::size_t{1} << 24;

constexpr double kInf = std::numeric_limits<double>::infinity();

struct Msg {
    std::int32_t src, tag, comm;
    double arrival; // +infinity while it is in flight on the fluid network
    std::uint64_t id;
    bool local; // between two ranks of one node: its receiver pays o_r_node
};

struct Req {
    bool recv = false; // a posted irecv not yet matched
    std::int32_t src = 0, tag = 0, comm = 0;
};

struct RankState {
    double t = 0, nicFree = 0, compute = 0;
    double memFree = 0; // the sender's next message within its node may start (its memory path, not its NIC)
    std::uint32_t partial = 0; // progress inside a waitall, sendrecv or collective
    EventCursor at;
    bool blocked = false, done = false;
    std::vector<Req> reqs;
    std::deque<Msg> inbox; // arrived or on their way, not yet matched
    std::vector<std::pair<std::int32_t, std::uint32_t>> collSeq; // per communicator: collectives entered
    std::uint32_t& seqOf(std::int32_t comm)
    {
        for (auto& [c, n] : collSeq)
            if (c == comm)
                return n;
        collSeq.emplace_back(comm, 0);
        return collSeq.back().second;
    }
};

struct Instance {
    Kind kind = Kind::Barrier;
    std::uint32_t arrived = 0, left = 0, line = 0;
    std::int32_t firstRank = 0;
    double maxT = 0, bytes = 0, finish = 0;
    bool finished = false;
};

class Engine {
public:
    // fluid: the network the messages share (contention), or nullptr: each message priced alone on its route.
    // spanAt: the 0-based positions of the span's barriers among the barriers of all ranks (their compute is
    // kept), or nothing.
    Engine(const Recording& rec, const ReplayNetwork& net, const ReplayOptions& o, Prices& prices, FluidNetwork* fluid,
           std::optional<std::pair<std::size_t, std::size_t>> spanAt)
        : rec_(rec), net_(net), o_(o), prices_(prices), fluid_(fluid), spanAt_(spanAt),
          ranks_(static_cast<std::size_t>(rec.P()))
    {
        res_.between = o.between;
        for (std::size_t r = 0; r < ranks_.size(); ++r)
            ranks_[r].reqs.resize(static_cast<std::size_t>(rec.ranks[r].maxRequest + 1));
    }

    ReplayResult run();

private:
    bool step(std::int32_t r);
    void post(std::int32_t r, const Event& e, std::int32_t dst, double bytes, std::int32_t tag);
    bool receive(RankState& R, std::int32_t src, std::int32_t tag, std::int32_t comm);
    bool complete(RankState& R, std::int32_t req, std::int32_t src = -1);
    bool collective(std::int32_t r, const Event& e);
    double collectivePrice(std::int32_t comm, const CollectivePlan& plan);
    bool sharesNode(std::int32_t comm);
    double steppedSeconds(std::int32_t comm, const CollectivePlan& plan, const loggp::Params& p);
    void wake(std::int32_t r);
    void deliver();
    [[noreturn]] void stuck() const;

    const Recording& rec_;
    const ReplayNetwork& net_;
    const ReplayOptions& o_;
    std::uint64_t steps_ = 0; // for the cancel flag's checks
    Prices& prices_;
    FluidNetwork* fluid_;
    std::optional<std::pair<std::size_t, std::size_t>> spanAt_;
    std::uint64_t nextId_ = 0;
    std::vector<FluidNetwork::Arrival> arrived_;
    std::vector<RankState> ranks_;
    std::priority_queue<std::pair<double, std::int32_t>, std::vector<std::pair<double, std::int32_t>>,
                        std::greater<>>
        heap_;
    std::unordered_map<std::uint64_t, Instance> instances_;
    std::unordered_map<std::uint64_t, double> collPrices_;
    std::unordered_map<std::int32_t, bool> sharesNode_; // per communicator: two members on one node
    // Per communicator and algorithm: its steps as bytes per byte of the plan's k, and whether a step has a
    // message within a node and one across the network.
    struct StepKind {
        double perK = 0;
        bool local = false, remote = false;
    };
    std::unordered_map<std::uint64_t, std::vector<StepKind>> collSteps_;
    ReplayResult res_;
};

void Engine::wake(std::int32_t r)
{
    RankState& R = ranks_[static_cast<std::size_t>(r)];
    if (R.blocked) {
        R.blocked = false;
        heap_.emplace(R.t, r);
    }
}

// The fluid network's next event: the messages whose last byte arrives then are given their arrival, and their
// receivers, if waiting, go on.
void Engine::deliver()
{
    arrived_.clear();
    fluid_->advance(arrived_);
    for (const FluidNetwork::Arrival& a : arrived_) {
        for (Msg& m : ranks_[a.dst].inbox)
            if (m.id == a.id) {
                m.arrival = a.at;
                break;
            }
        wake(static_cast<std::int32_t>(a.dst));
    }
}

void Engine::post(std::int32_t r, const Event& e, std::int32_t dst, double bytes, std::int32_t tag)
{
    RankState& R = ranks_[static_cast<std::size_t>(r)];
    const auto src = static_cast<std::uint32_t>(r), to = static_cast<std::uint32_t>(dst);
    // Two ranks of one node exchange through its memory: the intra-node LogGP, and no link.
    const bool local = net_.sameNode(src, to);
    const loggp::Params q = local ? net_.node : loggp::forSize(net_.loggp, bytes);
    const double start = std::max(R.t, local ? R.memFree : R.nicFree);
    R.t = start + q.o_s;
    const std::uint64_t id = nextId_++;
    double arrival = kInf;
    if (local) {
        const double wire = loggp::bytesAfterFirst(bytes) * q.G;
        R.memFree = start + std::max({q.g, q.o_s, wire});
        arrival = start + q.o_s + wire + q.L;
    } else if (fluid_) {
        // Its bytes share the links with the other messages in flight; the sender may start its next message
        // after its gap, and the two then share its link too.
        R.nicFree = start + std::max(q.g, q.o_s);
        const double put = net_.putFrom > 0 && bytes >= net_.putFrom ? bytes - net_.putFrom : 0.0;
        fluid_->add(src, to, start + q.o_s, loggp::bytesAfterFirst(bytes), q.G, q.L, id, put);
    } else {
        const double wire = loggp::bytesAfterFirst(bytes) * effectiveG(net_, q.G, prices_.pair(src, to));
        R.nicFree = start + std::max({q.g, q.o_s, wire});
        arrival = start + q.o_s + wire + q.L;
    }
    std::deque<Msg>& inbox = ranks_[static_cast<std::size_t>(dst)].inbox;
    if (inbox.size() >= kMaxUnmatched)
        throw ModelError("rank " + std::to_string(r) + ", line " + std::to_string(e.line) + ": rank " +
                         std::to_string(dst) + " has " + std::to_string(kMaxUnmatched) +
                         " messages sent to it that it has not received: the recordings do not match");
    inbox.push_back({r, tag, e.comm, arrival, id, local});
    ++res_.messages;
    if (arrival < kInf)
        wake(dst);
}

bool Engine::receive(RankState& R, std::int32_t src, std::int32_t tag, std::int32_t comm)
{
    for (auto it = R.inbox.begin(); it != R.inbox.end(); ++it)
        if (it->comm == comm && (src < 0 || it->src == src) && (tag < 0 || it->tag == tag)) {
            if (it->arrival == kInf)
                return false; // in flight: its receiver waits for it
            R.t = std::max(R.t, it->arrival) + (it->local ? net_.node.o_r : net_.loggp.o_r);
            R.inbox.erase(it);
            return true;
        }
    return false;
}

bool Engine::complete(RankState& R, std::int32_t req, std::int32_t src)
{
    Req& q = R.reqs[static_cast<std::size_t>(req)];
    if (!q.recv)
        return true; // an isend (done at its o_s) or a request already completed
    // The source a wait names (`wait REQ SRC`, an irecv from ANY_SOURCE) is this completion's own, where the
    // irecv's line, posted in a loop, stands for irecvs whose sources differ pass by pass.
    if (!receive(R, src >= 0 ? src : q.src, q.tag, q.comm))
        return false;
    q.recv = false;
    return true;
}

double Engine::collectivePrice(std::int32_t comm, const CollectivePlan& plan)
{
    const std::uint64_t key = (std::uint64_t(static_cast<std::uint32_t>(comm)) << 16) ^
                              (static_cast<std::uint64_t>(plan.algo) << 8) ^ (static_cast<std::uint64_t>(plan.op) << 4) ^
                              (plan.inward ? 1u : 0u);
    auto it = collPrices_.find(key);
    if (it != collPrices_.end())
        return it->second;
    const std::vector<std::int32_t>& m = rec_.members(comm);
    const std::vector<Flows> rounds = collectiveRounds(plan, static_cast<int>(m.size()));
    double sum = 0;
    std::size_t counted = 0; // rounds with a flow across the network
    for (Flows f : rounds) {
        for (auto& [a, b] : f) {
            a = static_cast<std::uint32_t>(m[a]);
            b = static_cast<std::uint32_t>(m[b]);
        }
        // A flow between two ranks of one node is no flow of the network.
        f.erase(std::remove_if(f.begin(), f.end(), [&](const auto& ab) { return net_.sameNode(ab.first, ab.second); }),
                f.end());
        if (f.empty())
            continue;
        std::sort(f.begin(), f.end());
        f.erase(std::unique(f.begin(), f.end()), f.end());
        sum += prices_.set(f);
        ++counted;
    }
    const double s = counted == 0 ? 0.0 : sum / static_cast<double>(counted);
    collPrices_.emplace(key, s);
    return s;
}

bool Engine::sharesNode(std::int32_t comm)
{
    if (net_.nodeOf.empty())
        return false;
    auto it = sharesNode_.find(comm);
    if (it != sharesNode_.end())
        return it->second;
    std::vector<std::uint32_t> nodes;
    for (std::int32_t m : rec_.members(comm))
        nodes.push_back(static_cast<std::size_t>(m) < net_.nodeOf.size() ? net_.nodeOf[static_cast<std::size_t>(m)]
                                                                         : ~static_cast<std::uint32_t>(m));
    std::sort(nodes.begin(), nodes.end());
    const bool shares = std::adjacent_find(nodes.begin(), nodes.end()) != nodes.end();
    return sharesNode_.emplace(comm, shares).first->second;
}

// A collective whose members share a node, step by step: each step takes its slowest message, the intra-node
// one-way time for a message within a node, the network's (p) for one across it.
double Engine::steppedSeconds(std::int32_t comm, const CollectivePlan& plan, const loggp::Params& p)
{
    const std::vector<std::int32_t>& m = rec_.members(comm);
    const std::uint64_t key = (std::uint64_t(static_cast<std::uint32_t>(comm)) << 16) ^
                              (static_cast<std::uint64_t>(plan.algo) << 8) ^ (static_cast<std::uint64_t>(plan.op) << 4) ^
                              (plan.halving ? 2u : 0u) ^ (plan.inward ? 1u : 0u);
    auto it = collSteps_.find(key);
    if (it == collSteps_.end()) {
        CollectivePlan unit = plan;
        unit.k = 1.0; // the steps' bytes are proportional to k
        std::vector<StepKind> kinds;
        for (const CollectiveStep& st : collectiveSteps(unit, static_cast<int>(m.size()))) {
            StepKind k{st.bytes};
            for (const auto& [a, b] : st.flows)
                (net_.sameNode(static_cast<std::uint32_t>(m[a]), static_cast<std::uint32_t>(m[b])) ? k.local
                                                                                                    : k.remote) = true;
            kinds.push_back(k);
        }
        it = collSteps_.emplace(key, std::move(kinds)).first;
    }
    double t = 0;
    for (const StepKind& k : it->second) {
        const double bytes = k.perK * plan.k;
        t += std::max(k.local ? loggp::oneWay(net_.node, bytes) : 0.0, k.remote ? loggp::oneWay(p, bytes) : 0.0);
    }
    return t;
}

bool Engine::collective(std::int32_t r, const Event& e)
{
    RankState& R = ranks_[static_cast<std::size_t>(r)];
    std::uint32_t& seq = R.seqOf(e.comm);
    const std::uint64_t key = (std::uint64_t(static_cast<std::uint32_t>(e.comm)) << 32) | seq;
    Instance& I = instances_[key];
    const std::vector<std::int32_t>& members = rec_.members(e.comm);
    const auto n = static_cast<std::uint32_t>(members.size());
    if (R.partial == 0) { // entering
        if (I.arrived == 0) {
            I.kind = e.kind;
            I.line = e.line;
            I.firstRank = r;
        } else if (I.kind != e.kind) {
            throw ModelError("rank " + std::to_string(r) + ", line " + std::to_string(e.line) + ": its " +
                             kindName(e.kind) + " meets rank " + std::to_string(I.firstRank) + "'s " +
                             kindName(I.kind) + " (line " + std::to_string(I.line) +
                             ") as the same collective of their communicator: the ranks' recordings disagree");
        }
        ++I.arrived;
        I.maxT = std::max(I.maxT, R.t);
        I.bytes = std::max(I.bytes, e.value);
        R.partial = 1;
        if (I.arrived == n) {
            const CollectivePlan plan = collectivePlan(e.kind, I.bytes, static_cast<int>(n));
            loggp::Params p = loggp::forSize(net_.loggp, plan.k);
            p.G = effectiveG(net_, p.G, collectivePrice(e.comm, plan));
            I.finish = I.maxT + (sharesNode(e.comm) ? steppedSeconds(e.comm, plan, p)
                                                    : collectiveSeconds(plan, p, static_cast<int>(n)));
            I.finished = true;
            ++res_.collectives;
            if (e.kind == Kind::Barrier && n == static_cast<std::uint32_t>(rec_.P())) {
                // Every rank is in it: their compute so far is all they do before it.
                res_.barrierEnds.push_back(I.finish);
                const std::size_t at = res_.barrierEnds.size() - 1;
                if (spanAt_ && (at == spanAt_->first || at == spanAt_->second)) {
                    std::vector<double>& into = at == spanAt_->first ? res_.computeAtSpanStart : res_.computeAtSpanEnd;
                    into.resize(ranks_.size());
                    for (std::size_t k = 0; k < ranks_.size(); ++k)
                        into[k] = ranks_[k].compute;
                }
            }
            for (std::int32_t m : members)
                if (m != r)
                    wake(m);
        }
    }
    if (!I.finished)
        return false;
    R.t = I.finish;
    R.partial = 0;
    ++seq;
    if (++I.left == n)
        instances_.erase(key);
    return true;
}

bool Engine::step(std::int32_t r)
{
    RankState& R = ranks_[static_cast<std::size_t>(r)];
    const RankTrace& trace = rec_.ranks[static_cast<std::size_t>(r)];
    if (R.at.pc >= trace.events.size()) {
        R.done = true;
        return false;
    }
    const Event& e = trace.events[R.at.pc];
    bool ok = true;
    switch (e.kind) {
    case Kind::Compute:
        R.t += e.value * o_.computeScale;
        R.compute += e.value * o_.computeScale;
        break;
    case Kind::Send:
    case Kind::Isend: // complete once posted (eager): its wait costs nothing
        post(r, e, e.peer, e.value, e.tag);
        if (e.kind == Kind::Isend)
            R.reqs[static_cast<std::size_t>(e.req)].recv = false;
        break;
    case Kind::Recv: ok = receive(R, e.peer, e.tag, e.comm); break;
    case Kind::Irecv: R.reqs[static_cast<std::size_t>(e.req)] = {true, e.peer, e.tag, e.comm}; break;
    case Kind::Wait: ok = complete(R, e.req, e.peer); break;
    case Kind::Waitall:
        for (; R.partial < e.count && ok; R.partial += ok ? 1 : 0)
            ok = complete(R, static_cast<std::int32_t>(trace.args[e.first + R.partial]));
        if (ok)
            R.partial = 0;
        break;
    case Kind::Sendrecv:
        if (R.partial == 0) {
            post(r, e, e.peer, e.value, e.tag);
            R.partial = 1;
        }
        ok = receive(R, e.src, e.tag2, e.comm);
        if (ok)
            R.partial = 0;
        break;
    case Kind::Loop:
    case Kind::CommDef: break;
    default: ok = collective(r, e); break;
    }
    if (!ok) {
        R.blocked = true;
        return false;
    }
    R.at.advance(trace.events);
    return true;
}

void Engine::stuck() const
{
    std::string what;
    int shown = 0;
    for (std::size_t r = 0; r < ranks_.size() && shown < 3; ++r) {
        const RankState& R = ranks_[r];
        if (R.done)
            continue;
        const Event& e = rec_.ranks[r].events[R.at.pc];
        what += std::string(shown++ ? "; " : "") + "rank " + std::to_string(r) + " waits at line " +
                std::to_string(e.line) + " (" + kindName(e.kind) +
                (e.kind == Kind::Recv || e.kind == Kind::Sendrecv
                     ? " from rank " + std::to_string(e.kind == Kind::Recv ? e.peer : e.src)
                     : std::string()) +
                ")";
    }
    throw ModelError("the replay cannot go on: " + what +
                     ", for a message or collective no other rank's recording gives it");
}

ReplayResult Engine::run()
{
    for (std::int32_t r = 0; r < rec_.P(); ++r)
        heap_.emplace(0.0, r);
    for (;;) {
        // The earliest of the ranks and the network goes first, so that the fluid network's flows start and end
        // in time order.
        const double network = fluid_ ? fluid_->next() : kInf;
        if (heap_.empty() && network == kInf)
            break;
        if (network < kInf && (heap_.empty() || network <= heap_.top().first)) {
            deliver();
            continue;
        }
        const std::int32_t r = heap_.top().second;
        heap_.pop();
        RankState& R = ranks_[static_cast<std::size_t>(r)];
        if (R.blocked || R.done)
            continue;
        // The rank runs while it is the earliest.
        while (step(r)) {
            if (o_.cancel && (++steps_ & 0xfff) == 0 && o_.cancel->load(std::memory_order_relaxed))
                throw ReplayCancelled();
            const double next = std::min(heap_.empty() ? kInf : heap_.top().first, fluid_ ? fluid_->next() : kInf);
            if (R.t > next) {
                heap_.emplace(R.t, r);
                break;
            }
        }
    }
    res_.rankSeconds.reserve(ranks_.size());
    for (const RankState& R : ranks_) {
        if (!R.done)
            stuck();
        res_.rankSeconds.push_back(R.t);
        res_.rankCompute.push_back(R.compute);
        res_.seconds = std::max(res_.seconds, R.t);
    }
    return res_;
}

} // namespace

ReplaySpan spanOf(const ReplayResult& r, bool wholeRun)
{
    ReplaySpan s;
    const BarrierPair pair = r.between.value_or(BarrierPair{});
    if (r.between && !wholeRun)
        checkBarrierPair(pair, r.barrierEnds.size(), static_cast<int>(r.rankSeconds.size()));
    const auto at = barrierPositions(pair, r.barrierEnds.size());
    const double timed = timedSpan(r.barrierEnds, pair), alone = timedSpan(r.aloneBarrierEnds, pair);
    s.timed = !wholeRun && at && std::isfinite(timed) && std::isfinite(alone);
    if (s.timed) {
        s.seconds = timed;
        s.alone = alone;
        s.from = at->first;
        s.to = at->second;
        for (std::size_t k = 0; k < r.computeAtSpanEnd.size() && k < r.computeAtSpanStart.size(); ++k)
            s.compute = std::max(s.compute, r.computeAtSpanEnd[k] - r.computeAtSpanStart[k]);
    } else {
        s.seconds = r.seconds;
        s.alone = r.aloneSeconds;
        const auto last = std::max_element(r.rankSeconds.begin(), r.rankSeconds.end());
        if (last != r.rankSeconds.end() && r.rankCompute.size() == r.rankSeconds.size())
            s.compute = r.rankCompute[static_cast<std::size_t>(last - r.rankSeconds.begin())];
    }
    s.compute = std::min(s.compute, s.seconds);
    return s;
}

ReplayResult replay(const Recording& rec, const ReplayNetwork& net, const ReplayOptions& options)
{
    for (const RankTrace& t : rec.ranks)
        if (t.truncated)
            throw ModelError("rank " + std::to_string(t.rank) + "'s recording was cut short at line " +
                             std::to_string(t.truncatedLine) + " (" + t.truncatedWhy +
                             "): a replay of it would predict only part of the program");
    const double events = static_cast<double>(rec.expandedEvents());
    if (events > options.maxEvents)
        throw ModelError("the recording's loops expand to " + std::to_string(static_cast<long long>(events)) +
                         " events, more than the replay's limit of " +
                         std::to_string(static_cast<long long>(options.maxEvents)));
    // The span's barriers, known before the replay: a recording that lacks them is refused now, not after it.
    const std::size_t barriers = barriersOfAllRanks(rec);
    if (options.between) {
        if (options.wholeRun)
            throw ModelError("a span between barriers " + toString(*options.between) +
                             " and the whole run were both asked for: they are two different spans, ask for one");
        checkBarrierPair(*options.between, barriers, rec.P());
    }
    const auto spanAt = barrierPositions(options.between.value_or(BarrierPair{}), barriers);
    Prices prices(net);
    ReplayResult alone = Engine(rec, net, options, prices, nullptr, spanAt).run();
    alone.aloneSeconds = alone.seconds;
    alone.aloneBarrierEnds = alone.barrierEnds;
    if (!options.contention || !net.flowRates) {
        alone.pricedFlowSets = prices.priced;
        return alone;
    }
    FluidNetwork fluid(net, options.buckets);
    ReplayResult shared = Engine(rec, net, options, prices, &fluid, spanAt).run();
    shared.aloneSeconds = alone.seconds;
    shared.aloneBarrierEnds = alone.barrierEnds;
    shared.pricedFlowSets = prices.priced + fluid.pricedSets();
    shared.fluidSteps = fluid.steps();
    return shared;
}

} // namespace cs::rec
