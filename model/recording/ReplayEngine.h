#pragma once
// The analytic replay's engine (Replay.h), shared by its parts: Replay.cpp (the ranks' events, sends and
// receives), ReplayProtocol.cpp (Open MPI's put protocol, ReplayNetwork::putFrom) and ReplayEngineCollectives.cpp
// (the collectives). Not an interface: only those files include it.
#include "model/core/ModelError.h"
#include "model/recording/EventCursor.h"
#include "model/recording/Replay.h"
#include "model/recording/ReplayCollectives.h"
#include "model/recording/ReplayFluid.h"

#include <cstdint>
#include <deque>
#include <limits>
#include <optional>
#include <queue>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace cs::rec::detail {

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
    std::uint64_t put = 0; // an isend by put (Open MPI's put protocol) whose put has not started: its message's id
};

// Open MPI's put protocol (ReplayNetwork::putFrom, with contention): what travels for a message between two
// nodes. Eager: a message sent whole; Rndv: the rendezvous header of one sent by put; PutRequest: its receiver's
// request for the put, once a receive has met the header; PutData: the put, the message's bytes; Fin: the header
// that ends it, behind the put.
enum class ItemKind : std::uint8_t { Eager, Rndv, PutRequest, PutData, Fin };
struct Item {
    ItemKind kind = ItemKind::Eager;
    std::int32_t src = 0, dst = 0, tag = 0, comm = 0; // the message's
    std::uint64_t msg = 0;                             // the message's id
};
// A message sent by put, until its sender has seen its put start.
struct PutMsg {
    std::int32_t src, dst;
    double bytes, G, L;
    bool sent = false;
    double sentAt = 0;
};

struct RankState {
    double t = 0, nicFree = 0, compute = 0;
    double memFree = 0; // the sender's next message within its node may start (its memory path, not its NIC)
    std::uint32_t partial = 0; // progress inside a waitall, sendrecv or collective
    EventCursor at;
    bool blocked = false, done = false;
    std::vector<Req> reqs;
    std::deque<Msg> inbox; // arrived or on their way, not yet matched
    // The put protocol's matching, as MPI matches in the order messages are taken in: receives posted and not
    // yet met by a message, messages taken in and not yet met by a receive (put: a header's message id, 0 for
    // an eager one), and what arrived while the rank was outside MPI, taken in at its next blocking call.
    struct Posted {
        std::int32_t src, tag, comm;
    };
    std::deque<Posted> posted;
    struct Unexpected {
        std::int32_t src, tag, comm;
        std::uint64_t put;
    };
    std::deque<Unexpected> unexpected;
    std::vector<Item> due;
    std::uint64_t sendWait = 0; // a blocking send's message sent by put, until its put starts
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
        protocol_ = fluid_ != nullptr && net.putFrom > 0 && o.protocol;
        res_.between = o.between;
        for (std::size_t r = 0; r < ranks_.size(); ++r)
            ranks_[r].reqs.resize(static_cast<std::size_t>(rec.ranks[r].maxRequest + 1));
    }

    ReplayResult run();

private:
    bool step(std::int32_t r);
    // Sends; returns the message's id where it goes by put (its send completes when the put starts), else 0.
    std::uint64_t post(std::int32_t r, const Event& e, std::int32_t dst, double bytes, std::int32_t tag);
    // The put protocol (protocol_): a receive posted; an item reaching rank `to` at `at`; the rank takes in what
    // reached it (a blocking call); an item taken in; a send by put is complete.
    void postReceive(std::int32_t r, std::int32_t src, std::int32_t tag, std::int32_t comm);
    void reach(std::int32_t to, const Item& it, double at);
    void progress(std::int32_t r);
    void takeIn(std::int32_t r, const Item& it, double at);
    void requestPut(std::uint64_t msg, double at);
    bool sendDone(RankState& R, std::uint64_t& msg); // a send by put (msg; 0 none) is complete: msg set to 0
    double nextArrival() const { return items_.empty() ? kInf : items_.top().at; }
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
    std::uint64_t nextId_ = 1; // 0: no message (Req::put, RankState::sendWait)
    std::vector<FluidNetwork::Arrival> arrived_;
    // The put protocol: on with contention and ReplayNetwork::putFrom. Items on their way by their fluid id,
    // messages sent by put by their id, and items that have arrived, in time order, to be taken in.
    bool protocol_ = false;
    std::unordered_map<std::uint64_t, Item> travelling_;
    std::unordered_map<std::uint64_t, PutMsg> puts_;
    struct Due {
        double at;
        std::uint64_t order;
        std::int32_t to;
        Item item;
        bool operator>(const Due& o) const { return at != o.at ? at > o.at : order > o.order; }
    };
    std::priority_queue<Due, std::vector<Due>, std::greater<>> items_;
    std::uint64_t itemOrder_ = 0;
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

} // namespace cs::rec::detail
