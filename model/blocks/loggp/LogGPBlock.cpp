#include "model/blocks/loggp/LogGPBlock.h"
#include "model/blocks/SpecHelpers.h"
#include "model/blocks/loggp/LogGPCalibration.h"
#include "model/blocks/loggp/LogGPMath.h"
#include "model/blocks/loggp/LogGPSegments.h"
#include "model/core/JobSize.h"

#include <algorithm>

namespace cs {

namespace {

constexpr const char* kSeed002 = "002_5a9fca780898fb85.txt";
constexpr const char* kSeed001 = "001_6f8c605996d22b4f.txt";

} // namespace

// Default values: the seed's Fig. 5 gives NOW's LogP bars without numbers in
// the text, so L, o_s, o_r and g are assumed, NOW-like values chosen so that
// o_s + L + o_r = 15 us, the MPI one-way echo time stated in 002 §4. G is
// the text's 38 MB/s for medium and bulk messages (002 §3), taken as 38e6 B/s.
namespace {

// The LogGP of two ranks on one node, which exchange through shared memory
// rather than the network (DESIGN.md, Job and placement). The defaults are
// assumed, not measured: they are typical of an MPI shared-memory transport
// (Open MPI's sm/vader BTL, copy-in copy-out through a shared segment) on a
// current x86 node: a small message one way in o_s + L + o_r = 0.1 + 0.2 +
// 0.1 = 0.4 us, 5 million messages a second (g = 0.2 us), and 5 GB/s for
// long messages (G = 0.2 ns/B: a copy into the segment and one out of it).
// The seeds give no intra-node figures; calibrate them with mpi.loggp on
// two ranks of one host (IntraNodeFit.h).
} // namespace

std::vector<ParamSpec> intraNodeLogGPInputs()
{
    const std::string assumed = "assumed: typical of an MPI shared-memory transport on one x86 node (Open MPI "
                                "sm/vader); the seeds give no intra-node figure";
    return {
        param("L_node", Unit::Seconds, "us", 0.2e-6, 0.0, 1.0,
              "intra-node latency: a message between two ranks of one node, beyond the overheads",
              "LogP " + cite(kSeed002, "§3") + " for a node's shared memory; default 0.2 us " + assumed),
        param("o_s_node", Unit::Seconds, "us", 0.1e-6, 0.0, 1.0,
              "intra-node send overhead: sending processor busy per message to a rank of its node",
              "LogP " + cite(kSeed002, "§3") + "; default 0.1 us " + assumed),
        param("o_r_node", Unit::Seconds, "us", 0.1e-6, 0.0, 1.0,
              "intra-node receive overhead: receiving processor busy per message from a rank of its node",
              "LogP " + cite(kSeed002, "§3") + "; default 0.1 us " + assumed),
        param("g_node", Unit::Seconds, "us", 0.2e-6, 0.0, 1.0,
              "intra-node gap: time per message in a sequence to a rank of the same node",
              "LogP " + cite(kSeed002, "§3") + "; default 0.2 us (5 million messages/s) " + assumed),
        param("G_node", Unit::SecondsPerByte, "ns/B", 0.2e-9, 0.0, 1e-3,
              "intra-node gap per byte of a long message, 1/(shared-memory copy bandwidth)",
              "LogGP (Alexandrov 1995); default 0.2 ns/B = 1/(5 GB/s) " + assumed),
    };
}

namespace {

std::vector<ParamSpec> logGPInputs()
{
    std::vector<ParamSpec> v{
        param("L", Unit::Seconds, "us", 6e-6, 0.0, 1.0, "latency: time in the network, beyond the overheads",
              cite(kSeed002, "§3 Fig. 5 (L); default assumed, NOW-like: o_s + L + o_r = 15 us as in §4")),
        param("o_s", Unit::Seconds, "us", 4e-6, 0.0, 1.0, "send overhead: sending processor busy per message",
              cite(kSeed002, "§3 Fig. 5 (o_s); default assumed, NOW-like")),
        param("o_r", Unit::Seconds, "us", 5e-6, 0.0, 1.0,
              "receive overhead: receiving processor busy per message",
              cite(kSeed002, "§3 Fig. 5 (o_r); default assumed, NOW-like")),
        param("g", Unit::Seconds, "us", 6e-6, 0.0, 1.0, "gap: time per message in a sequence, 1/MessageRate",
              cite(kSeed002, "§3 Fig. 5 (g = 1/MessageRate); default assumed, NOW-like (g >= o)")),
        param("G", Unit::SecondsPerByte, "ns/B", 1.0 / 38e6, 0.0, 1e-3,
              "gap per byte of a long message, 1/bandwidth",
              "LogGP (Alexandrov 1995); default 1/(38 MB/s), medium and bulk messages on NOW, " +
                  cite(kSeed002, "§3")),
        wholeBytes("k", 8, 0, 1e12, "message size (bytes); collectives move k bytes per message",
                   "LogGP (Alexandrov 1995); default assumed: one double"),
        countParam("n", 100, 1, 1e9, "messages in a train from one sender to one receiver",
                   cite(kSeed002, "§3 Fig. 5 (sequence of messages); default assumed")),
        followsJob(countParam(kJobSize, 8, 1, 1048576, "hosts taking part in the collectives",
                              cite(kSeed001, "§4.3.2 (4, 6 and 8 hosts); default assumed"))),
        choiceParam("alltoall", {"linear", "pairwise"}, 1, "all-to-all algorithm",
                    "assumed: MPICH's pairwise exchange by default; linear posts all sends at once"),
        throughNetwork(param("L_net", Unit::Seconds, "us", 0.0, 0.0, 1.0,
                             "latency the network's route adds to L (links, switches, forwarding hosts)",
                             "the design's topology (L, mean over host pairs); default 0: L alone"),
                       "L"),
        throughNetwork(param("B_net", Unit::BytesPerSecond, "MB/s", 1e13, 1e3, 1e13,
                             "per-host bandwidth the network leaves under all-to-all traffic; G is at least 1 / B_net",
                             "the design's topology (xchg_bw: the pairwise exchange's rounds on the hosts the job "
                             "runs on; a2a_bw is their fluid bound); default 1e13 B/s = no limit"),
                       "xchg_bw"),
        choiceParam("G_floor", {"network", "none", "in series", "scaled"}, 0,
                    "network: G is at least 1/B_net, what the drawn network gives each host; none: G as set "
                    "(calibrated) stands even where the drawing says the network is slower; in series: G is the "
                    "host's own cost per byte and the wire's 1/B_net adds to it (G + 1/B_net); scaled: G is a "
                    "lone flow's gap (as a pair probe measures it) and the job's contention stretches it by "
                    "B_pair / B_net (G x max(1, B_pair / B_net), and x B_cal / B_pair when calibrate recorded "
                    "B_cal), so the share of the wire a calibrated flow got carries over to every shared link and "
                    "to a faster or slower drawing",
                    "which of a calibrated G and the topology's stands (docs/calibration.md \"Calibrated against "
                    "drawn\"); default network. In series: TCP with a window-limited stream on a host that copies "
                    "and checksums each window before the NIC sends it, so host and wire time add rather than "
                    "overlap (form assumed). Scaled: a flow sharing a link gets 1/k of what it gets alone, "
                    "framing and protocol overhead included (fair sharing, form assumed)"),
        // Not wired from the topology by itself: only a design that chooses
        // scaled needs it (scripts/netns-cluster.sh wires topology.inj_bw).
        param("B_pair", Unit::BytesPerSecond, "MB/s", 0.0, 0.0, 1e13,
              "bandwidth one flow gets alone from a host (G_floor = scaled): wire topology.inj_bw; 0: not given, G "
              "is not stretched",
              "the design's topology (inj_bw: what a host's links inject); default 0"),
        param("B_cal", Unit::BytesPerSecond, "MB/s", 0.0, 0.0, 1e13,
              "B_pair when G was measured (G_floor = scaled): a drawing whose hosts inject more or less than then "
              "scales G by B_cal / B_pair, the flow keeping its share of the wire; 0: not recorded, G as measured",
              "recorded by calibrate beside G (the drawing's B_pair on the hosts the probe ran on); default 0"),
    };
    for (ParamSpec& p : loggp::segmentInputs())
        v.push_back(std::move(p));
    for (ParamSpec& p : intraNodeLogGPInputs())
        v.push_back(std::move(p));
    // Open MPI over TCP (ob1 and the tcp BTL, whose put flag is on by default): a message above the eager limit
    // (65,536 B less ob1's header) goes by put. Its header goes first; its receiver, once a receive has met it,
    // asks for the put; the sender puts the bytes and a FIN. Each waits its turn on the pair's one connection, so
    // a request written behind a put the other way waits for all of it. Measured on two namespaces at 96 Mbit/s,
    // 1 MiB both ways at once: 168-180 ms an exchange when the later rank answered the other's header before
    // sending its own, 88-108 ms when it had not (it slept outside MPI), 88-94 ms with the put flag off (the
    // links' time 91 ms). A recording's replay runs this protocol (Replay.h).
    v.push_back(wholeBytes("S_put", 0, 0, 1e12,
                           "messages between nodes from this size on go by Open MPI's put protocol over TCP: a "
                           "header, the receiver's request once a receive has met it, then the bytes as one put "
                           "(65000: the tcp BTL's eager limit of 65536 B less ob1's header); 0: none, every message "
                           "sent whole",
                           "Open MPI 4.1's ob1 (pml_ob1_sendreq.h: above btl_eager_limit less its header, a contiguous "
                           "message over a BTL with put goes by put) and tcp BTL defaults (eager limit 64 KiB); the "
                           "protocol measured on the namespace cluster (README, Your program, recorded); default 0"));
    // TCP's acknowledgements: a flow's receiver sends ACKs back along the reverse route, and on a link that also
    // carries data that way (an exchange: halos, a transpose) they take part of its rate. A lone flow, which
    // calibrates G, has its ACKs on an idle reverse link, so G does not hold them.
    v.push_back(param("ack", Unit::Ratio, "1", 0.0, 0.0, 1.0,
                      "link bytes a flow's receiver sends back per link byte of its data (TCP's ACKs), loading the "
                      "reverse route in a replay's fluid network (0.0218: a 66 B frame per two 1514 B segments); "
                      "0: none",
                      "RFC 5681 sec. 4.2 (an ACK for at least every second full-sized segment): 66 B (Ethernet 14, "
                      "IPv4 20, TCP with timestamps 32) per 2 x 1514 B = 0.0218; default 0"));
    return v;
}

} // namespace

const BlockSpec& LogGPBlock::spec() const
{
    static const BlockSpec s{
        "logp.loggp",
        "LogGP network",
        "Network",
        "LogP/LogGP model of a network: one-way, round-trip and train times of k-byte messages, and the "
        "binomial broadcast, recursive-doubling allreduce and barrier (MPICH) and all-to-all times for P "
        "hosts. The parameters are also output so application blocks can be wired from this one. Up to two "
        "segments (k_1, k_2) give smaller messages their own L and G (piecewise LogGP). L_node .. G_node are the "
        "LogGP of two ranks of one node (shared memory), with which a recording's replay prices their messages.",
        "LogP: 002_5a9fca780898fb85.txt §3; LogGP (Alexandrov 1995); MPICH recursive doubling: "
        "001_6f8c605996d22b4f.txt §4.3.2",
        logGPInputs(),
        {
            output("T_oneway", Unit::Seconds, "us", "one-way time of a k-byte message, o_s + (k-1)G + L + o_r",
                   "LogGP (Alexandrov 1995); LogP " + cite(kSeed002, "§3 Fig. 5 left bars")),
            output("T_rtt", Unit::Seconds, "us", "round trip of a k-byte echo, 2 T_oneway",
                   cite(kSeed002, "§4 (echo test)")),
            output("T_train", Unit::Seconds, "us",
                   "time until the last of n k-byte messages is received, (n-1) T_msg + T_oneway",
                   "LogP " + cite(kSeed002, "§3") + "; LogGP (Alexandrov 1995)"),
            output("T_msg", Unit::Seconds, "us",
                   "time per k-byte message in a sustained train, max(g, o_s, (k-1)G)",
                   cite(kSeed002, "§3 Fig. 5 right bars (g = 1/MessageRate)") + "; LogGP (Alexandrov 1995)"),
            output("T_bcast", Unit::Seconds, "us", "binomial-tree broadcast of k bytes, steps_bcast T_oneway",
                   "binomial tree, the standard peer-to-peer broadcast; " + cite(kSeed001, "§4.3.3")),
            output("T_allreduce", Unit::Seconds, "us",
                   "recursive-doubling allreduce of k bytes, steps_allreduce T_oneway",
                   cite(kSeed001, "§4.3.2, §4.3.4 (MPICH recursive doubling)")),
            output("T_barrier", Unit::Seconds, "us",
                   "recursive-doubling barrier, steps_barrier one-way times of empty messages",
                   cite(kSeed001, "§4.3.2 (MPICH recursive doubling)")),
            output("T_alltoall", Unit::Seconds, "us", "all-to-all of k-byte blocks with the chosen algorithm",
                   "LogGP (Alexandrov 1995); pairwise and linear exchange"),
            output("steps_bcast", Unit::Count, "", "binomial broadcast steps, ceil(log2 P)",
                   "binomial tree; " + cite(kSeed001, "§4.3.3")),
            output("steps_allreduce", Unit::Count, "",
                   "recursive-doubling steps, log2 P' (+2 when P is not a power of two)",
                   cite(kSeed001, "§4.3.2 (2, 4, 3 steps for 4, 6, 8 hosts)")),
            output("steps_barrier", Unit::Count, "", "barrier steps, as steps_allreduce",
                   cite(kSeed001, "§4.3.2 (2, 4, 3 steps for 4, 6, 8 hosts)")),
            output("steps_alltoall", Unit::Count, "", "all-to-all rounds: P-1 pairwise, 1 linear",
                   "pairwise and linear exchange"),
            output("L_out", Unit::Seconds, "us", "L, for wiring to other blocks", cite(kSeed002, "§3 Fig. 5")),
            output("o_s_out", Unit::Seconds, "us", "o_s, for wiring to other blocks", cite(kSeed002, "§3 Fig. 5")),
            output("o_r_out", Unit::Seconds, "us", "o_r, for wiring to other blocks", cite(kSeed002, "§3 Fig. 5")),
            output("g_out", Unit::Seconds, "us", "g, for wiring to other blocks", cite(kSeed002, "§3 Fig. 5")),
            output("G_out", Unit::SecondsPerByte, "ns/B", "G, for wiring to other blocks",
                   "LogGP (Alexandrov 1995)"),
            output("L_node_out", Unit::Seconds, "us", "L_node, for wiring to other blocks",
                   cite(kSeed002, "§3")),
            output("o_s_node_out", Unit::Seconds, "us", "o_s_node, for wiring to other blocks",
                   cite(kSeed002, "§3")),
            output("o_r_node_out", Unit::Seconds, "us", "o_r_node, for wiring to other blocks",
                   cite(kSeed002, "§3")),
            output("g_node_out", Unit::Seconds, "us", "g_node, for wiring to other blocks", cite(kSeed002, "§3")),
            output("G_node_out", Unit::SecondsPerByte, "ns/B", "G_node, for wiring to other blocks",
                   "LogGP (Alexandrov 1995)"),
            output("T_oneway_node", Unit::Seconds, "us",
                   "one-way time of a k-byte message between two ranks of one node, o_s_node + (k-1)G_node + L_node + "
                   "o_r_node",
                   "LogGP (Alexandrov 1995) with the intra-node parameters"),
        },
        logGPCalibration(),
    };
    return s;
}

std::string LogGPBlock::check(const double* in) const
{
    return loggp::segmentProblem(in + k_1);
}

void LogGPBlock::evaluate(const double* in, double* out) const
{
    // The network adds its route latency to L, and a congested network can
    // make the per-byte gap larger than the host's own G, unless the user
    // chose that the calibrated G stands (G_floor = none).
    // In series (2), the host's G and the wire's 1/B_net add: the host
    // handles a window before the wire carries it, so neither hides the other.
    const int mode = static_cast<int>(in[G_floor]);
    const bool floor = mode == 0;
    const double wire = 1.0 / in[B_net];
    const double L_eff = in[L] + in[L_net];
    // Scaled (3): the lone flow's gap G stretched by the contention the
    // drawing gives the job, B_pair / B_net (never below 1), and by the
    // drawing's host rate against the one G was measured at, B_cal / B_pair.
    const bool scaled = mode == 3 && in[B_pair] > 0.0;
    const double stretch = scaled ? std::max(1.0, in[B_pair] / in[B_net]) * (in[B_cal] > 0.0 ? in[B_cal] / in[B_pair] : 1.0)
                                  : 1.0;
    const double G_eff = floor ? std::max(in[G], wire) : mode == 2 ? in[G] + wire : in[G] * stretch;
    loggp::Params p{L_eff, in[o_s], in[o_r], in[g], G_eff};
    loggp::readSegments(in + k_1, p, in[L_net], wire, floor);
    for (loggp::Segment& s : p.segments) {
        if (mode == 2)
            s.G += wire;
        else if (mode == 3)
            s.G *= stretch;
    }
    const double bytes = in[k];
    const double hosts = in[P];
    const auto algo = static_cast<loggp::AllToAll>(static_cast<int>(in[alltoall]));

    out[T_oneway] = loggp::oneWay(p, bytes);
    out[T_rtt] = loggp::roundTrip(p, bytes);
    out[T_train] = loggp::trainTime(p, bytes, in[n]);
    out[T_msg] = loggp::trainInterval(p, bytes);
    out[T_bcast] = loggp::bcastTime(p, bytes, hosts);
    out[T_allreduce] = loggp::allreduceTime(p, bytes, hosts);
    out[T_barrier] = loggp::barrierTime(p, hosts);
    out[T_alltoall] = loggp::alltoallTime(p, bytes, hosts, algo);
    out[steps_bcast] = loggp::bcastSteps(hosts);
    out[steps_allreduce] = loggp::allreduceSteps(hosts);
    out[steps_barrier] = loggp::barrierSteps(hosts);
    out[steps_alltoall] = loggp::alltoallSteps(hosts, algo);
    out[L_out] = L_eff;
    out[o_s_out] = in[o_s];
    out[o_r_out] = in[o_r];
    out[g_out] = in[g];
    out[G_out] = G_eff;
    // The intra-node LogGP is passed on as it is: no network adds to it.
    out[L_node_out] = in[L_node];
    out[o_s_node_out] = in[o_s_node];
    out[o_r_node_out] = in[o_r_node];
    out[g_node_out] = in[g_node];
    out[G_node_out] = in[G_node];
    out[T_oneway_node] = loggp::oneWay(loggp::Params{in[L_node], in[o_s_node], in[o_r_node], in[g_node], in[G_node]}, bytes);
}

} // namespace cs
