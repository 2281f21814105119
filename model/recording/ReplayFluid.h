#pragma once
// The messages in flight during a replay with contention, as flows on the
// placed hosts' network (Replay.h): each flow moves its bytes at the rate its
// fair share of the links gives it (ReplayNetwork::flowRates, max-min fair),
// and the rates change whenever a flow starts or ends. Messages between one
// pair of ranks go one after another, as on the one connection MPI keeps per
// pair: the next starts when the one before it has left. A message arrives
// one L after its last byte left. A message with a put part (Replay.h,
// putFrom) sends its first part, then its put once no other put between the
// same two ranks (either way) is on its way. Flows are kept in (source, destination) order,
// so a set of flows is priced once however often it recurs.
#include "model/recording/Replay.h"

#include <cstdint>
#include <deque>
#include <functional>
#include <unordered_map>
#include <limits>
#include <map>
#include <queue>
#include <vector>

namespace cs::rec {

class FluidNetwork {
public:
    explicit FluidNetwork(const ReplayNetwork& net) : net_(net) {}

    // A message from rank `src` to rank `dst` whose `bytes` (priced by G, the
    // host's own seconds per byte for the message's size) start at `start`;
    // `id` names it in the arrivals. The last `put` of its bytes are a put.
    void add(std::uint32_t src, std::uint32_t dst, double start, double bytes, double G, double L, std::uint64_t id,
             double put = 0);

    // The time of the next start or end; +infinity when nothing is in flight.
    double next() const;

    struct Arrival {
        std::uint32_t dst;
        std::uint64_t id;
        double at; // the message's last byte left, plus L
    };
    // Moves to next(): the flows that end then are appended to `arrived`, and
    // those that start then begin.
    void advance(std::vector<Arrival>& arrived);

    std::uint64_t pricedSets() const { return priced_; }

private:
    struct Flow {
        std::uint32_t src, dst;
        double left, G, L;
        std::uint64_t id;
        double perByte = 0; // seconds per byte at the current rates
        double put = 0;      // > 0: bytes of its put, sent after `left`; < 0: this is a put
    };
    using Queues = std::unordered_map<std::uint64_t, std::deque<Flow>>;
    // Moves the first flow of queue `key` to `starting`.
    static void takeNext(Queues& queues, std::uint64_t key, std::vector<Flow>& starting);
    // `f` has left at `at`: it arrives, or its put is due; the flows that may start now go to `starting` (the
    // pair's next message, and after a put the next put waiting for the pair).
    void left(const Flow& f, std::vector<Flow>& starting, std::vector<Arrival>& arrived, double at);
    void reprice();

    const ReplayNetwork& net_;
    double now_ = 0;
    std::vector<Flow> active_; // sorted by (src, dst)
    struct Pending {
        double start;
        std::uint64_t order;
        Flow flow;
        bool operator>(const Pending& o) const { return start != o.start ? start > o.start : order > o.order; }
    };
    std::priority_queue<Pending, std::vector<Pending>, std::greater<>> pending_;
    std::uint64_t order_ = 0;
    // Per pair with a message in flight: the messages due to start after it, in order.
    Queues queued_;
    // Per pair of ranks (the lower first) with a put on its way: the puts due after it, in order.
    Queues puts_;
    // Rates of each flow set seen, by its (source, destination) list.
    std::map<Flows, std::vector<double>> rates_;
    std::uint64_t priced_ = 0;
};

} // namespace cs::rec
