#pragma once
// The messages in flight during a replay with contention, as flows on the
// placed hosts' network (Replay.h): each flow moves its bytes at the rate its
// fair share of the links gives it (ReplayNetwork::flowRates, max-min fair),
// and the rates change whenever a flow starts or ends. Messages between one
// pair of ranks go one after another, as on the one connection MPI keeps per
// pair: the next starts when the one before it has left. A message arrives
// one L after its last byte left. An item of no bytes (a control message of
// Open MPI's put protocol, Replay.h) waits its turn on the pair's connection
// like any message and arrives one L after the one before it has left. Flows
// are kept in (source, destination) order,
// so a set of flows is priced once however often it recurs (for each set of
// token buckets that hold tokens then).
//
// Token buckets (ReplayNetwork::buckets, a link's burst): each starts full.
// While a bucket holds tokens its link does not limit its flows
// (flowRatesOpen), and its tokens drain at the flows' total rate on it less
// the link's rate; the moment they run out is an event (next()), after which
// the link limits at its rate again. A bucket whose load is below its rate
// refills at the difference, up to its burst, and gives credit again once it
// holds a frame (kFrame). Loads are in the link's bytes:
// with G_floor = scaled a message's byte is G B_cal of them (TCP's framing,
// which the calibrated G holds), so a link its flows keep busy stays empty.
// A bucket's tokens are brought up to date only when its load changes, so
// buckets no flow crosses cost nothing.
//
// What then limits a flow that no link limits (reprice): the host's own per-
// byte time as before, except that with G_floor = scaled (gMode 3, the
// netns clusters' designs) G is the per-byte time a lone flow was calibrated
// at through the links, i.e. the link's rate with TCP's framing (calibrate
// fits the bulk sizes, whose bucket is empty), not the host's: there G
// follows the network's seconds per byte without the stretch's floor of 1
// (G B_cal s; a flow the buckets speed up gets that much less G), and the
// host's own per-byte time is the intra-node G (ReplayNetwork::node.G: a veth
// is a copy through the host's memory). Under every mode a flow that crosses
// a bucket holding tokens takes at least kDevicePerByte, so that no rate is
// infinite and the tokens drain in finite time.
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
    // buckets: model the network's token buckets (ReplayOptions::buckets).
    // ack: each flow's ACKs load its reverse route with that share of its rate (ReplayNetwork::ack), in the
    // rates and in the reverse route's buckets.
    explicit FluidNetwork(const ReplayNetwork& net, bool buckets = true, double ack = 0.0);

    // The fastest a flow passes a bucket that holds tokens, s/B (1 TB/s), where
    // nothing else limits it.
    static constexpr double kDevicePerByte = 1e-12;
    // A bucket that has run out gives no credit again until it holds one Ethernet frame of the link's bytes
    // (1514 B; its burst if that is smaller): tbf sends a packet only when its bucket holds all of it. Each
    // opening then lets at least a frame through, so the buckets' events are bounded by the bytes; reopened
    // at any refill (1e-9 of the burst), buckets that refilled while others drained opened and ran out in
    // turn every 1e-10 s of the replay's time, without end (issue 44).
    static constexpr double kFrame = 1514;

    // A message from rank `src` to rank `dst` whose `bytes` (priced by G, the
    // host's own seconds per byte for the message's size) start at `start`,
    // behind what the pair's connection holds then; `id` names it in the
    // arrivals. No bytes: a control message, which leaves when its turn comes.
    // `started`: report it also when its turn comes and its bytes start (an
    // Arrival with `started` set, at that time).
    void add(std::uint32_t src, std::uint32_t dst, double start, double bytes, double G, double L, std::uint64_t id,
             bool started = false);

    // The time of the next start or end; +infinity when nothing is in flight.
    double next() const;

    struct Arrival {
        std::uint32_t dst;
        std::uint64_t id;
        double at;   // the message's last byte left, plus L
        double left; // its last byte left its sender
        bool started = false; // not an arrival: its bytes started at `at` (add's `started`)
    };
    // Moves to next(): the flows that end then are appended to `arrived`, and
    // those that start then begin.
    void advance(std::vector<Arrival>& arrived);

    std::uint64_t pricedSets() const { return priced_; }
    // The moves advance() made: starts, ends and buckets running out.
    std::uint64_t steps() const { return steps_; }

private:
    using Crossed = std::vector<std::pair<std::uint32_t, double>>; // buckets and the share of the bytes on each
    struct Flow {
        std::uint32_t src, dst;
        double left, G, L;
        std::uint64_t id;
        double perByte = 0; // seconds per byte at the current rates
        bool started = false; // report its start (add's `started`)
        const Crossed* crossed = nullptr; // its buckets (in crossed_), null: none
        const Crossed* acked = nullptr;   // its reverse route's buckets (in crossed_, the pair's reverse), ack > 0
    };
    // A bucket's tokens (B) at `since` (s), the load on it since then (B/s),
    // and when its tokens run out at that load (+infinity: not).
    struct Tokens {
        double tokens = 0, since = 0, load = 0, empty = std::numeric_limits<double>::infinity();
        bool shut = false; // ran out, and holds less than a frame since (holds())
    };
    // Brings bucket k's tokens up to now_ at its load so far, and whether it is shut.
    void settle(std::uint32_t k);
    // Bucket k gives credit: it has not run out since it last held a frame (kFrame, or its burst if smaller).
    bool holds(std::uint32_t k) const;
    using Queues = std::unordered_map<std::uint64_t, std::deque<Flow>>;
    // Moves the first flow of queue `key` to `starting`.
    static void takeNext(Queues& queues, std::uint64_t key, std::vector<Flow>& starting);
    // `f` has left at `at`: it arrives one L later, and the pair's next message may start now (to `starting`).
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
    // Rates of each flow set seen, by its (source, destination) list and the
    // buckets on its flows that held tokens.
    std::map<std::pair<Flows, std::vector<std::uint32_t>>, std::vector<double>> rates_;
    bool buckets_ = false; // the network has buckets and they are modelled
    double ack_ = 0;       // share of a flow's rate its ACKs put on its reverse route
    std::vector<Tokens> tokens_;
    std::vector<std::uint32_t> loaded_; // buckets with a load
    std::vector<char> open_;            // scratch: per bucket, holds tokens (flowRatesOpen's `open`)
    double empty_ = std::numeric_limits<double>::infinity(); // the first bucket to run out
    std::unordered_map<std::uint64_t, Crossed> crossed_;      // per pair of ranks
    std::uint64_t priced_ = 0;
    std::uint64_t steps_ = 0;
};

} // namespace cs::rec
