#pragma once
// A recording (model/recording/Recording.h) replayed on SimGrid: the same
// events as the analytic replay (model/recording/Replay.h) run by one S4U
// actor per rank, on the platform SimPlatform.h builds from the design's
// topology, with the job's ranks on their placed hosts (issue 44, "the same
// recording runs on the SimGrid back end").
//
// What is the same as the analytic replay:
//  - compute: a sleep of the recorded seconds times computeScale;
//  - a message of k bytes: the sender waits for its gap (its previous
//    message's start + max(g, o_s)), is busy o_s, and then posts the message
//    eagerly (a detached put to a mailbox whose permanent receiver is the
//    destination, so the bytes move whether or not the receive is posted);
//    the receiver, once it waits for the message (recv, wait, waitall in
//    order), is done one o_r after it has arrived; matching by (source, tag,
//    communicator), any source and any tag as in the recording;
//  - collectives: the algorithms of ReplayCollectives.h run as messages
//    (collectiveSteps()), each step a send then a receive per member; a
//    member's send in a collective returns once its bytes have arrived (as
//    MPICH's blocking sends inside the algorithms), so a root's sends follow
//    one another. A collective alone on an uncontended network takes the
//    analytic time when its size is a power of two (tested for every kind);
//  - two ranks the job puts on one node (ReplayNetwork::nodeOf): their
//    message takes the intra-node LogGP, paced by its own gap, arrives
//    L_node + (k-1) G_node after it is sent (and after the pair's previous
//    one) and crosses no link of the platform (issue 45).
// What SimGrid does itself, where the analytic replay has formulas:
//  - the bytes: (k - 1) of them cross each rank's own cap link of 1/G B/s
//    (so the messages a rank sends, or takes in, at once share its G) and
//    the placed route's links, max-min fair (CM02, no TCP factors); so a
//    lone message takes (k-1) max(G, 1/B_route), logp.loggp's G_floor
//    "network". The other G_floor modes (none, in series, scaled) are not
//    modelled: the platform's links always limit.
//  - latency: each route's own link and switch latencies, plus the rest of
//    L (L - routeLatency, logp.loggp's L without L_net), half on each rank's
//    cap link. The analytic replay adds L_net, a mean over host pairs, to
//    every message instead. L and G per message size (logp.loggp's segments)
//    are not modelled: the simulation uses the first segment's L and G.
//  - messages between one pair run at once and share the route, where the
//    analytic replay sends them one after another;
//  - a collective's members go on as their own messages arrive, where the
//    analytic replay ends it for all members at once, one algorithm time
//    after the last one entered: a root that only sends (broadcast, scatter)
//    or a leaf of a reduce or gather goes on early, and the binomial tree on
//    a size that is not a power of two has a shorter critical path than the
//    formula's ceil(log2 n) steps. So rooted collectives in a loop with
//    compute run faster simulated than replayed analytically;
//  - a message of 0 or 1 bytes crosses as one byte (SimGrid gives an empty
//    transfer no latency).
#include "model/recording/Recording.h"
#include "model/recording/Replay.h"
#include "model/topology/graph/Topology.h"
#include "sim/Simulator.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace cs::sim {

struct RecordingSimOptions {
    SimOptions sim;            // network model, timeout, cancel (its hostCap and hostLatency come from the LogGP)
    double computeScale = 1.0; // recorded compute seconds times this
    // A recording whose simulation goes through more events than this (loops
    // expanded, collectives counted as their messages) is refused before it
    // starts, with its estimate.
    double maxEvents = 5e6;
    std::size_t maxRanks = 4096; // actors (and their stacks) at most
};

// What a simulation of a recording will take, counted before it runs.
struct RecordingSimEstimate {
    double events = 0;      // the actors' steps: events with loops expanded, a collective as its messages
    double messages = 0;    // point-to-point messages, the collectives' included
    std::size_t routes = 0; // ordered pairs of ranks that exchange messages (the platform's routes)
    double wallSeconds = 0; // the expected wall time on this machine (kEventsPerSecond)
};

// Steps of a recording's simulation per second of wall time: bench_recording_sim
// measured 1.2e5 to 1.4e5 on the development machine (2 cores, load average 8).
inline constexpr double kEventsPerSecond = 1.2e5;

RecordingSimEstimate estimateRecordingSim(const rec::Recording& recording);

struct RecordingSimResult {
    double seconds = 0;              // the last rank's end
    std::vector<double> rankSeconds; // each rank's end
    std::vector<double> barrierEnds; // the end of each barrier of all ranks (its last member's leaving)
    std::uint64_t messages = 0;      // messages sent, the collectives' included
    double wallSeconds = 0;          // wall time of the simulation (child process included)
};

// Simulates `recording` (linked, not truncated) on `t` with rank i on topology
// vertex rankVertices[i] (several ranks may share one) and LogGP from `net`
// (loggp, routeLatency; its flowRates and secondsPerByte are not used).
// Throws ModelError before it starts when the recording is truncated, has
// more ranks than options.maxRanks or more events than options.maxEvents
// (saying the estimate), when rankVertices does not place every rank on a
// host, and as runSimulation() does (cancel, timeout, a crash); and when the
// ranks cannot go on (a receive no send matches), naming the ranks and lines.
RecordingSimResult simulateRecording(const Topology& t, const std::vector<std::size_t>& rankVertices,
                                     const rec::Recording& recording, const rec::ReplayNetwork& net,
                                     const RecordingSimOptions& options = {});

} // namespace cs::sim
