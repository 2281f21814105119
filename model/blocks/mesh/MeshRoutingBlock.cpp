#include "model/blocks/mesh/MeshRoutingBlock.h"
#include "model/blocks/SpecHelpers.h"
#include "model/core/JobSize.h"
#include "model/core/Unit.h"

#include <algorithm>
#include <cmath>

namespace cs {

namespace {

constexpr const char* kSeed004 = "004_07d1c859a4352179.txt";

std::string src(const char* where)
{
    return cite(kSeed004, where);
}

} // namespace

const BlockSpec& MeshRoutingBlock::spec() const
{
    static const BlockSpec sp{
        "mesh.routing",
        "Segment mesh routing",
        "Network",
        "A rows x cols mesh of shared Ethernet segments: each host is on one row and one column segment. "
        "Local and remote destinations, hop distribution, the doubled bandwidth of routed packets, the cost "
        "of forwarding by a host (software) or an Ethernet switch, and the throughput of local and remote "
        "transfers when transfers contend for segments.",
        src("§4 Figures 5-8"),
        {
            throughNetwork(countParam("rows", 4, 1, 1024, "row segments (hosts on each column segment)",
                                      src("§4 Fig. 5 (16 nodes, 4 x 4)")),
                           "mesh_rows"),
            throughNetwork(countParam("cols", 4, 1, 1024, "column segments (hosts on each row segment)",
                                      src("§4 Fig. 5 (16 nodes, 4 x 4)")),
                           "mesh_cols"),
            throughNetwork(param("B_seg", Unit::BytesPerSecond, "Mbit/s", 1.25e6, 1e3, 1e12,
                                 "bandwidth of one segment", src("§4 (10 Mbps Ethernet)")),
                           "seg_bw"),
            param("eta_m", Unit::Ratio, "1", 1.0, 0.01, 1.0,
                  "medium efficiency: share of a segment's rate left after collisions and backoff",
                  "assumed: 1; " + src("§3 measured 0.80 on one shared 10 Mbps channel")),
            choiceParam("route", {"software", "switch"}, Software,
                        "who forwards remote packets: an intermediate host, or an Ethernet switch",
                        src("§4 Fig. 5 (software routed), Fig. 6 (switch routed)")),
            param("o_fwd", Unit::Seconds, "us", 100e-6, 0.0, 1.0,
                  "CPU time a host spends forwarding one packet (software routing)",
                  "assumed: 100 us; " + src("§4 (routing consumes processor cycles) gives no figure")),
            param("t_sw", Unit::Seconds, "us", 10e-6, 0.0, 1.0,
                  "switch latency beyond receiving the frame (switch routing)",
                  "assumed: 10 us; " + src("§4 (latency introduced by the Ethernet switch) gives no figure")),
            wholeBytes("s", 1472, 1, 65536, "payload bytes per packet",
                       src("§3 (tokens above 1500 bytes split into UDP packets): 1500 - 20 IP - 8 UDP")),
            wholeBytes("h", 66, 0, 4096, "wire bytes per packet besides the payload",
                       "assumed: IP 20 + UDP 8 + Ethernet header 14 + FCS 4 + preamble 8 + gap 12"),
            wholeBytes("m", 8192, 1, 1e12, "message (token) size", src("§4 Fig. 7 (peak at 8192-byte tokens)")),
            // The paper's P, spelled as the job's; not the job's ranks, so it does not follow the job.
            countParam(kJobSize, 1, 1, 1048576, "concurrent transfers between disjoint send/receive pairs",
                       src("§3, §4 (7 sending/receiving pairs)")),
            param("t_host", Unit::Seconds, "us", 0.0, 0.0, 1.0,
                  "host time per packet at each end of a token exchange (system call, copy, driver), in series "
                  "with its wire time: a pair with one token in flight needs at least p (t_1 + t_host) per token",
                  src("§3 (\"the extra overhead of having to handle two UDP packets for every token\"); "
                      "\"a token rate of 1 does not stress the network\")") + "; default assumed 0: no host limit"),
        },
        {
            output("N", Unit::Count, "", "hosts, rows x cols", src("§4 Fig. 5")),
            output("S", Unit::Count, "", "segments with at least two hosts", src("§4 Fig. 5 (8 links)")),
            output("k", Unit::Count, "", "hosts on the largest segment, max(rows, cols)",
                   src("§4 (no more than four nodes contending for any one link)")),
            output("D_L", Unit::Count, "", "local destinations of a host, (cols - 1) + (rows - 1)",
                   src("§4 (six local nodes)")),
            output("D_R", Unit::Count, "", "remote destinations of a host, (rows - 1)(cols - 1)",
                   src("§4 (nine remote nodes)")),
            output("p_1", Unit::Ratio, "1", "fraction of destinations one segment hop away, D_L / (N - 1)",
                   src("§4")),
            output("p_2", Unit::Ratio, "1", "fraction of destinations two hops away, D_R / (N - 1)", src("§4")),
            output("h_avg", Unit::Ratio, "1", "average segment hops to a destination, p_1 + 2 p_2", src("§4")),
            output("I_max", Unit::Count, "", "most intermediate routers on a route (1 when any host is remote)",
                   src("§4 (no more than one intermediate router node)")),
            output("R_2", Unit::Count, "", "intermediates local to both ends of a remote pair (routes)",
                   src("§4 (always two possible routes)")),
            output("B_pay", Unit::BytesPerSecond, "MB/s", "payload capacity of one segment, B_seg eta_m s/(s+h)",
                   src("§3 (throughput counts packet payload)")),
            output("X_all", Unit::BytesPerSecond, "MB/s",
                   "aggregate throughput of uniform all-to-all traffic at saturation, B_pay (N-1)/(k-1), "
                   "and at most N s / (o_fwd p_2) with software routing",
                   src("§4 (spreading traffic over independent segments)")),
            output("X_agg_L", Unit::BytesPerSecond, "MB/s", "aggregate when all traffic is local, S B_pay",
                   src("§4 Fig. 7 local-net")),
            output("X_agg_R", Unit::BytesPerSecond, "MB/s",
                   "aggregate when all traffic is remote, S B_pay / 2 (two segments per packet); 0 when no "
                   "host is remote",
                   src("§4 (a routed packet consumes twice the aggregate bandwidth)")),
            output("c_L", Unit::Count, "", "local transfers sharing the busiest segment, ceil(P / S)",
                   src("§4 (contention on a segment)")),
            output("c_R", Unit::Count, "", "remote transfers sharing the busiest segment, ceil(2P / S)",
                   src("§4 (a routed packet is replicated on two links)")),
            output("X_L", Unit::BytesPerSecond, "MB/s", "streaming rate of one local transfer, B_pay / c_L",
                   src("§4 Fig. 7")),
            output("X_R", Unit::BytesPerSecond, "MB/s",
                   "streaming rate of one remote transfer, B_pay / c_R, at most s / o_fwd with software routing",
                   src("§4 Fig. 7, 8")),
            output("T_L", Unit::Seconds, "ms", "one-way time of an m-byte message to a local host, max(p t_L, p (t_1 + t_host))",
                   src("§4 Fig. 7 (token exchange)")),
            output("T_R", Unit::Seconds, "ms", "one-way time of an m-byte message to a remote host",
                   src("§4 (store and forward incurs a significant penalty)")),
            output("X_Lm", Unit::BytesPerSecond, "MB/s", "message throughput of one local pair, m / T_L",
                   src("§4 Fig. 7")),
            output("X_Rm", Unit::BytesPerSecond, "MB/s", "message throughput of one remote pair, m / T_R",
                   src("§4 Fig. 7 (local and remote differ by about 2.3 with a switch)")),
            output("X_PL", Unit::BytesPerSecond, "MB/s", "P local pairs together, P m / T_L", src("§4 Fig. 7")),
            output("X_PR", Unit::BytesPerSecond, "MB/s", "P remote pairs together, P m / T_R", src("§4 Fig. 7")),
            output("U_fwd", Unit::Ratio, "%", "CPU share a forwarding host spends on one remote stream, "
                                              "X_R o_fwd / s (0 with a switch)",
                   src("§4 (routing a packet through a node consumes processor cycles)")),
        },
    };
    return sp;
}

std::string MeshRoutingBlock::check(const double* in) const
{
    const double hosts = in[rows] * in[cols];
    if (hosts < 2)
        return "rows = " + formatNumber(in[rows]) + " and cols = " + formatNumber(in[cols]) +
               " make a single host; a mesh needs at least 2";
    if (2 * in[P] > hosts)
        return "P = " + formatNumber(in[P]) + " disjoint pairs need " + formatNumber(2 * in[P]) +
               " hosts, but rows x cols = " + formatNumber(hosts);
    return {};
}

void MeshRoutingBlock::evaluate(const double* in, double* out) const
{
    const double R = in[rows], Cc = in[cols];
    const double hosts = R * Cc;
    const double segments = (Cc >= 2 ? R : 0.0) + (R >= 2 ? Cc : 0.0);
    const double largest = std::max(R, Cc);
    const double local = (R - 1) + (Cc - 1);
    const double remote = (R - 1) * (Cc - 1);
    const bool hasRemote = remote > 0;
    const bool software = static_cast<int>(in[route]) == Software;
    const double fwd = software ? in[o_fwd] : 0.0;

    out[N] = hosts;
    out[S] = segments;
    out[k] = largest;
    out[D_L] = local;
    out[D_R] = remote;
    out[p_1] = local / (hosts - 1);
    out[p_2] = remote / (hosts - 1);
    out[h_avg] = out[p_1] + 2 * out[p_2];
    out[I_max] = hasRemote ? 1 : 0;
    out[R_2] = hasRemote ? 2 : 0;

    const double segRate = in[B_seg] * in[eta_m];
    const double pay = segRate * in[s] / (in[s] + in[h]);
    out[B_pay] = pay;

    // Forwarding limit of the hosts in software: each forwarded packet costs
    // one host o_fwd, and by symmetry every host forwards an equal share.
    const double fwdAll = (software && fwd > 0 && hasRemote) ? hosts * in[s] / (fwd * out[p_2]) : INFINITY;
    out[X_all] = std::min(pay * (hosts - 1) / (largest - 1), fwdAll);
    out[X_agg_L] = segments * pay;
    const double fwdRemote = (software && fwd > 0) ? hosts * in[s] / fwd : INFINITY;
    out[X_agg_R] = hasRemote ? std::min(segments * pay / 2, fwdRemote) : 0.0;

    const double cLocal = std::max(1.0, std::ceil(in[P] / segments));
    const double cRemote = std::max(1.0, std::ceil(2 * in[P] / segments));
    out[c_L] = cLocal;
    out[X_L] = pay / cLocal;

    const double packets = std::ceil(in[m] / in[s]);
    const double wire = in[m] / packets + in[h];
    const double tOne = wire / segRate;           // one packet alone on a segment
    const double turnaround = packets * in[t_host]; // the ends' host time per token
    // Contended, or the pair's own cycle when the segment has room to spare.
    out[T_L] = std::max(packets * cLocal * tOne, packets * tOne + turnaround);
    out[X_Lm] = in[m] / out[T_L];
    out[X_PL] = in[P] * out[X_Lm];

    if (hasRemote) {
        auto remoteTime = [&](double c) {
            const double t = c * tOne;
            return software ? 2 * t + fwd + (packets - 1) * std::max(t, fwd) : (packets + 1) * t + in[t_sw];
        };
        out[c_R] = cRemote;
        out[X_R] = (software && fwd > 0) ? std::min(pay / cRemote, in[s] / fwd) : pay / cRemote;
        out[T_R] = std::max(remoteTime(cRemote), remoteTime(1.0) + turnaround);
        out[X_Rm] = in[m] / out[T_R];
        out[X_PR] = in[P] * out[X_Rm];
        out[U_fwd] = out[X_R] / in[s] * fwd;
    } else {
        out[c_R] = 0;
        out[X_R] = 0;
        out[T_R] = 0;
        out[X_Rm] = 0;
        out[X_PR] = 0;
        out[U_fwd] = 0;
    }
}

} // namespace cs
