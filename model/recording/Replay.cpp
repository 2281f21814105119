#include "model/recording/Replay.h"
#include "model/recording/ReplayEngine.h"

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

namespace detail {

void Engine::wake(std::int32_t r)
{
    RankState& R = ranks_[static_cast<std::size_t>(r)];
    if (R.blocked) {
        R.blocked = false;
        heap_.emplace(R.t, r);
    }
}

std::uint64_t Engine::post(std::int32_t r, const Event& e, std::int32_t dst, double bytes, std::int32_t tag)
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
    std::uint64_t byPut = 0;
    if (local) {
        const double wire = loggp::bytesAfterFirst(bytes) * q.G;
        R.memFree = start + std::max({q.g, q.o_s, wire});
        arrival = start + q.o_s + wire + q.L;
        if (protocol_)
            reach(dst, {ItemKind::Eager, r, dst, tag, e.comm, id}, arrival);
    } else if (fluid_) {
        // Its bytes share the links with the other messages in flight; the sender may start its next message
        // after its gap, and the two then share its link too.
        R.nicFree = start + std::max(q.g, q.o_s);
        if (protocol_ && bytes >= net_.putFrom) {
            // By put: its header now; its bytes once the receiver has asked for them (takeIn).
            puts_[id] = {r, dst, bytes, q.G, q.L};
            const std::uint64_t rndv = nextId_++;
            travelling_[rndv] = {ItemKind::Rndv, r, dst, tag, e.comm, id};
            fluid_->add(src, to, start + q.o_s, 0, 0, q.L, rndv);
            byPut = id;
        } else {
            if (protocol_)
                travelling_[id] = {ItemKind::Eager, r, dst, tag, e.comm, id};
            fluid_->add(src, to, start + q.o_s, loggp::bytesAfterFirst(bytes), q.G, q.L, id);
        }
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
    return byPut;
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
    if (q.put != 0) // an isend by put: done when its put starts
        return sendDone(R, q.put);
    if (!q.recv)
        return true; // an isend (done at its o_s) or a request already completed
    // The source a wait names (`wait REQ SRC`, an irecv from ANY_SOURCE) is this completion's own, where the
    // irecv's line, posted in a loop, stands for irecvs whose sources differ pass by pass.
    if (!receive(R, src >= 0 ? src : q.src, q.tag, q.comm))
        return false;
    q.recv = false;
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
    case Kind::Send: // eager: complete once posted; by put: once its put starts
        if (R.partial == 0) {
            R.sendWait = post(r, e, e.peer, e.value, e.tag);
            R.partial = 1;
        }
        progress(r);
        ok = sendDone(R, R.sendWait);
        if (ok)
            R.partial = 0;
        break;
    case Kind::Isend: { // eager: complete once posted, its wait costs nothing; by put: once its put starts
        const std::uint64_t put = post(r, e, e.peer, e.value, e.tag);
        Req& q = R.reqs[static_cast<std::size_t>(e.req)];
        q.recv = false;
        q.put = put;
        break;
    }
    case Kind::Recv:
        if (R.partial == 0) {
            postReceive(r, e.peer, e.tag, e.comm);
            R.partial = 1;
        }
        progress(r);
        ok = receive(R, e.peer, e.tag, e.comm);
        if (ok)
            R.partial = 0;
        break;
    case Kind::Irecv:
        R.reqs[static_cast<std::size_t>(e.req)] = {true, e.peer, e.tag, e.comm};
        postReceive(r, e.peer, e.tag, e.comm);
        break;
    case Kind::Wait:
        progress(r);
        ok = complete(R, e.req, e.peer);
        break;
    case Kind::Waitall:
        progress(r);
        for (; R.partial < e.count && ok; R.partial += ok ? 1 : 0)
            ok = complete(R, static_cast<std::int32_t>(trace.args[e.first + R.partial]));
        if (ok)
            R.partial = 0;
        break;
    case Kind::Sendrecv: // Open MPI's: the receive posted, then the send, then both waited for
        if (R.partial == 0) {
            postReceive(r, e.src, e.tag2, e.comm);
            R.sendWait = post(r, e, e.peer, e.value, e.tag);
            R.partial = 1;
        }
        progress(r);
        ok = sendDone(R, R.sendWait) && receive(R, e.src, e.tag2, e.comm);
        if (ok)
            R.partial = 0;
        break;
    case Kind::Loop:
    case Kind::CommDef: break;
    default:
        progress(r);
        ok = collective(r, e);
        break;
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
        const double network = fluid_ ? fluid_->next() : kInf, item = nextArrival();
        if (heap_.empty() && network == kInf && item == kInf)
            break;
        if (item < kInf && item <= network && (heap_.empty() || item <= heap_.top().first)) {
            // A protocol item has arrived: a rank in MPI (waiting) takes it in now, any other at its next call.
            const Due d = items_.top();
            items_.pop();
            RankState& T = ranks_[static_cast<std::size_t>(d.to)];
            if (T.blocked && !T.done)
                takeIn(d.to, d.item, d.at);
            else if (!T.done)
                T.due.push_back(d.item);
            continue;
        }
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
            const double next = std::min({heap_.empty() ? kInf : heap_.top().first, fluid_ ? fluid_->next() : kInf,
                                          nextArrival()});
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

} // namespace detail

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
    detail::Prices prices(net);
    ReplayResult alone = detail::Engine(rec, net, options, prices, nullptr, spanAt).run();
    alone.aloneSeconds = alone.seconds;
    alone.aloneBarrierEnds = alone.barrierEnds;
    if (!options.contention || !net.flowRates) {
        alone.pricedFlowSets = prices.priced;
        return alone;
    }
    FluidNetwork fluid(net, options.buckets, options.acks ? net.ack : 0.0);
    ReplayResult shared = detail::Engine(rec, net, options, prices, &fluid, spanAt).run();
    shared.aloneSeconds = alone.seconds;
    shared.aloneBarrierEnds = alone.barrierEnds;
    shared.pricedFlowSets = prices.priced + fluid.pricedSets();
    shared.fluidSteps = fluid.steps();
    return shared;
}

} // namespace cs::rec
