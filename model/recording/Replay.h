#pragma once
// The analytic replay of a recording (issue 44, "Replay on the drawing"): every
// rank's events in order, as a discrete-event run over all ranks, each message
// priced by LogGP and the placed hosts' links.
//
// The model, and what it assumes:
//  - A message of k bytes, sent at the rank's time t: its injection starts at
//    s = max(t, the sender's previous injection + max(g, o_s, (k-1)G)) (LogGP's
//    gap, LogGPMath.h trainInterval); the sender is busy until s + o_s; the
//    data arrive at s + o_s + (k-1)G + L; the receiver, once it waits for the
//    message (recv, wait, waitall), is done at max(its time, arrival) + o_r.
//    So a ping-pong round trip is 2(o_s + (k-1)G + L + o_r).
//  - Sends are eager: a send returns after o_s whether or not the receive is
//    posted (no rendezvous for large messages); isend's request is complete then.
//  - Point-to-point matching is by (source, tag, communicator) in order: the
//    first unmatched message that fits, ANY_SOURCE and ANY_TAG matching any.
//    A receive is matched when it is waited for (irecv at its wait).
//  - Without contention (ReplayOptions::contention false, or no flowRates),
//    each message is priced alone on its route: its G is the host's own
//    per-byte gap combined with its route's seconds per byte s as the
//    logp.loggp block's G_floor says (network: max(G, s); none: G; in series:
//    G + s; scaled: G max(1, B_pair s) B_cal / B_pair), and a sender's
//    messages follow one another at max(g, o_s, (k-1)G).
//  - With contention, the messages in flight share the placed hosts' links as
//    fluid flows (ReplayFluid.h): each flow's rate is its max-min fair share of
//    the links it crosses (FairShare.h), recomputed whenever a message starts
//    or ends, its s the inverse of that rate, combined with G as above; a
//    host's own G is shared by the messages it sends (or takes in) at once.
//    A sender starts its next message after max(g, o_s), and the two then
//    share its link: sends to several peers run at once, as MPI's isends over
//    TCP do. A message arrives one L after its last byte left.
//  - TCP's acknowledgements (ReplayNetwork::ack, logp.loggp's ack; with
//    contention and ReplayOptions::acks): each flow also loads the links of
//    its reverse route with `ack` of its rate, so that a link carrying data
//    one way and the ACKs of data the other way shares its rate between them
//    (an exchange both ways at once: r (1 + ack) = the link's rate). A lone
//    flow's ACKs go on a reverse link nothing else uses and cost nothing.
//  - Token buckets (ReplayNetwork::buckets, a drawn link's burst; with
//    contention and ReplayOptions::buckets): a bucket starts full, and while
//    it holds tokens its link does not limit the flows on it; they drain at
//    the flows' total rate less the link's, and when they run out the link
//    has its rate again; while its load is below its rate it refills at the
//    difference, up to its burst (ReplayFluid.h). The replay without
//    contention (aloneSeconds) and the collectives ignore the buckets.
//  - A collective starts when the last member enters and ends for all of them
//    at once, after the time of its algorithm (CollectiveMath.h, Thakur et
//    al.): broadcast and reduce binomial; allreduce, barrier and allgather
//    recursive doubling (allgather ring for a size not a power of two);
//    reduce_scatter recursive halving (pairwise for other sizes); alltoall and
//    alltoallv pairwise (alltoallv with its largest rank's mean block); gather
//    and scatter binomial with the data halving. Its G is priced by the mean
//    over its rounds' flows on the members' placed hosts. The reduction's
//    arithmetic is not modelled (gamma = 0).
//  - Two ranks on one node (ReplayNetwork::nodeOf, the job's ranks_per_node)
//    exchange through its memory: their messages are priced with the
//    intra-node LogGP (logp.loggp's L_node .. G_node) alone, as above without
//    contention, and load no link (they are never flows of the network).
//    They are paced by the intra-node gap on their own, apart from the
//    sender's network messages (its memory path is not its NIC). A
//    collective whose members share a node is priced step by step
//    (collectiveSteps): each step takes its slowest message, a message
//    between two ranks of one node the intra-node one-way time, any other the
//    network's (with the collective's G as above).
//  - With ReplayNetwork::putFrom set (Open MPI over TCP), contention and
//    ReplayOptions::protocol, a message between two nodes of at least that
//    many bytes goes by Open MPI's put protocol (ob1 over the tcp BTL, whose
//    put flag is on by default): its sender sends a header of no bytes; its
//    receiver, once a receive it posted has met the header, sends a request
//    back; the sender then puts the message's bytes and a FIN behind them;
//    its send is complete when the put starts (TCP has taken its bytes: the
//    hosts' send buffers held 214-422 KB of a 1 MiB put, and all of 256 KiB,
//    measured at 20-190 Mbit/s), and the receive when the FIN has come. Each of these waits its turn on its pair's connection (one TCP
//    stream a pair, ReplayFluid.h), so a request written behind the bytes of
//    a put the other way waits for all of them: two ranks that send each
//    other such messages send them one after the other whenever one of them
//    answers the other's header before it has sent its own. A rank takes in
//    what reaches it only inside MPI: at once while it waits (a blocking
//    call), else at its next blocking call; an irecv or isend takes in
//    nothing, and an irecv meets only headers taken in before it. Measured on
//    two namespaces at 96 Mbit/s, 1 MiB both ways: 168-180 ms when the later
//    rank had waited in MPI while the other's header came, 88-108 ms when it
//    had slept, 88-94 ms with the put flag off (the links' time 91 ms).
//    Messages between two ranks of one node are sent whole.
//  - Compute is replayed as recorded (a loop's compute is the mean of its
//    repetitions), times ReplayOptions::computeScale.
//  - The span a program times: a program measures its own time between two
//    barriers of all its ranks (the examples: a barrier, MPI_Wtime, the loop,
//    a barrier, MPI_Wtime), not from its start, whose setup (allocation, FFTW's
//    plans, LAMMPS's atoms) its recording holds as compute. So the replay also
//    gives the end of each barrier of all ranks (ReplayResult::barrierEnds),
//    and spanOf() the span between two of them, the first and the last unless
//    ReplayOptions::between names others (BarrierSpan.h), which is what is
//    compared with a run's own time; the whole run (seconds) is kept beside it.
#include "model/blocks/loggp/LogGPMath.h"
#include "model/core/ModelError.h"
#include "model/recording/BarrierSpan.h"
#include "model/recording/Recording.h"

#include <atomic>

#include <cstdint>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

namespace cs::rec {

using Flows = std::vector<std::pair<std::uint32_t, std::uint32_t>>; // (source, destination) world ranks

// The network a recording is replayed on.
struct ReplayNetwork {
    loggp::Params loggp; // L with the route's latency, o_s, o_r, g (s), G (s/B) the host's own
    int gMode = 0;       // logp.loggp's G_floor: 0 network, 1 none, 2 in series, 3 scaled
    double B_pair = 0, B_cal = 0; // B/s, for gMode 3
    // s: the part of loggp.L that is the placed routes' latency (logp.loggp's
    // L_net); a simulator whose routes carry their own latency adds only the rest.
    double routeLatency = 0;
    // Seconds per byte of the slowest of these flows when they run at once on
    // the placed hosts (a lone pair's route; a collective's rounds); unset: no
    // network limit beyond G (s = 0).
    std::function<double(const Flows&)> secondsPerByte;
    // B/s of each of these flows when they run at once (max-min fair on the
    // placed hosts, +infinity where no link limits it), each loading its
    // reverse route with `ack` of its rate (FairShare::rates); unset: no
    // contention, each message priced alone by secondsPerByte.
    std::function<std::vector<double>(const Flows&, double ack)> flowRates;
    // Token buckets of the placed links (a link's burst, one bucket each way
    // it carries; ReplayFluid.h): each one's burst (B) and rate (B/s). Empty:
    // no link has a bucket.
    struct Bucket {
        double burst = 0, rate = 0;
    };
    std::vector<Bucket> buckets;
    // The buckets (indices into `buckets`) that the flow from rank a to rank b
    // crosses, with the share of its bytes on each.
    std::function<std::vector<std::pair<std::uint32_t, double>>(std::uint32_t, std::uint32_t)> bucketsOn;
    // As flowRates, where the buckets with open[k] != 0 hold tokens: their
    // links do not limit. Unset: the buckets are not modelled.
    std::function<std::vector<double>(const Flows&, const std::vector<char>& open, double ack)> flowRatesOpen;
    // TCP's acknowledgements (logp.loggp's ack): link bytes a flow's receiver
    // sends back per link byte of its data, on the reverse route, with
    // contention (ReplayOptions::acks). 0: none.
    double ack = 0;
    // Bytes from which a message between two nodes goes by Open MPI's put
    // protocol (logp.loggp's S_put, Open MPI's eager limit less its header); 0: none, every message
    // is sent whole.
    double putFrom = 0;
    // The intra-node LogGP (s, s/B; no segments): a message between two ranks
    // of one node pays it and no network.
    loggp::Params node;
    // Each rank's node, in rank order (an index; equal for ranks of one node);
    // empty: every rank on a node of its own.
    std::vector<std::uint32_t> nodeOf;
    // True when ranks a and b (a != b) are on one node.
    bool sameNode(std::uint32_t a, std::uint32_t b) const
    {
        return a != b && a < nodeOf.size() && b < nodeOf.size() && nodeOf[a] == nodeOf[b];
    }
};

struct ReplayOptions {
    double computeScale = 1.0;   // recorded compute seconds times this
    bool contention = true;      // false: every message priced alone on its route
    // false: replay as if no link had a token bucket (ReplayNetwork::buckets
    // ignored), as SimGrid's links have none.
    bool buckets = true;
    // false: every message is sent whole, as if ReplayNetwork::putFrom were 0 (SimGrid's replay has no put
    // protocol).
    bool protocol = true;
    // false: no flow's ACKs load the reverse route, as if ReplayNetwork::ack were 0 (SimGrid's replay runs without
    // its cross-traffic, sim/ChildRun.cpp).
    bool acks = true;
    double maxEvents = 4e8;      // events (loops expanded) a replay goes through at most
    // What a prediction (Prediction.h) reports: false, the span between two barriers of all ranks (spanOf);
    // true, the whole run. The replay itself gives both.
    bool wholeRun = false;
    // The two barriers of all ranks the span runs between (BarrierSpan.h; replay --between). Unset: the first
    // and the last where the recording has two, else the whole run. Set: those two, and replay() refuses a
    // recording that lacks either (BarrierRangeError, before it replays) or options that set wholeRun too.
    std::optional<BarrierPair> between;
    // Set from another thread to stop the replay: it then throws ReplayCancelled
    // (a GUI's Cancel; checked every few thousand events).
    const std::atomic<bool>* cancel = nullptr;
};

// What replay() throws when ReplayOptions::cancel was set.
struct ReplayCancelled : ModelError {
    ReplayCancelled() : ModelError("the replay was cancelled") {}
};

struct ReplayResult {
    double seconds = 0;              // the last rank's end
    double aloneSeconds = 0;         // every message priced alone on its route
    std::vector<double> rankSeconds; // each rank's end
    std::vector<double> rankCompute; // each rank's replayed compute
    std::uint64_t messages = 0, collectives = 0;
    std::uint64_t pricedFlowSets = 0; // distinct flow sets priced by secondsPerByte and flowRates
    std::uint64_t fluidSteps = 0;     // the flows' moves (starts, ends, token buckets running out)
    // The end of each barrier of all ranks, in order (s), and of the first pass's (every message alone).
    std::vector<double> barrierEnds, aloneBarrierEnds;
    // The options' between: the barriers whose compute is below.
    std::optional<BarrierPair> between;
    // Each rank's compute replayed by the end of the span's first and of its last barrier (s): of `between`,
    // else of the first and the last; empty when the recording has no such pair.
    std::vector<double> computeAtSpanStart, computeAtSpanEnd;
};

// The time a prediction reports of a replay: the span between two barriers of all ranks (timed, where
// `wholeRun` is false and the recording has them: r.between, else the first and the last), else the whole
// run. compute: the largest compute of a rank within it (the whole run's: the rank that ends last), at most
// seconds. Throws BarrierRangeError when r.between is set and the recording lacks one of its barriers (replay()
// refused it already).
struct ReplaySpan {
    bool timed = false;
    double seconds = 0, alone = 0, compute = 0;
    // The span's barriers, 0-based among the recording's barriers of all ranks (timed only).
    std::size_t from = 0, to = 0;
};
ReplaySpan spanOf(const ReplayResult& r, bool wholeRun);

// Replays `rec` (linked, not truncated) on `net`. Throws ModelError when the
// recording is truncated, when it is longer than options.maxEvents, when it
// lacks a barrier options.between names (BarrierRangeError), when options set
// both between and wholeRun, or when the replay cannot go on (a receive that
// no rank's send matches, members of a communicator that leave a collective
// out), naming the rank and the line.
ReplayResult replay(const Recording& rec, const ReplayNetwork& net, const ReplayOptions& options = {});

// G for a message when the network gives its flow `s` seconds per byte.
double effectiveG(const ReplayNetwork& net, double G, double s);

} // namespace cs::rec
