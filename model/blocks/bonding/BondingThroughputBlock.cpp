#include "model/blocks/bonding/BondingThroughputBlock.h"
#include "model/blocks/SpecHelpers.h"
#include "model/blocks/bonding/BondingCalibration.h"
#include "model/core/Unit.h"

#include <algorithm>
#include <cmath>

namespace cs {

namespace {

constexpr const char* kSeed003 = "003_9603d52cdb909e6e.txt";
constexpr const char* kSeed004 = "004_07d1c859a4352179.txt";

std::vector<ParamSpec> inputs()
{
    std::vector<ParamSpec> v;
    v.push_back(throughNetwork(countParam("n", 8, 1, BondingThroughputBlock::kMaxLinks,
                                          "physical links bonded into one logical link",
                                          cite(kSeed003, "§3 (1 to 8 links of 1 Gbit/s); default 8x1")),
                               "channels"));
    v.push_back(throughNetwork(param("r", Unit::BytesPerSecond, "Gbit/s", 125e6, 1e3, 1e12,
                                     "rate of each link unless overridden by r_i",
                                     cite(kSeed003, "§3 (1 Gbit/s Intel PRO/1000 links)")),
                               "link_bw"));
    for (int i = 1; i <= BondingThroughputBlock::kMaxLinks; ++i)
        v.push_back(param("r_" + std::to_string(i), Unit::BytesPerSecond, "Gbit/s", 0.0, 0.0, 1e12,
                          "rate of link " + std::to_string(i) + "; 0 means the common rate r",
                          cite(kSeed003, "§2, §4.4 (heterogeneous links: 1x10 + 4x1)")));
    v.push_back(choiceParam("sched", {"SRR", "WSRR", "WD"}, BondingThroughputBlock::SRR,
                            "link scheduler: static round robin, weighted static round robin, weighted dynamic",
                            cite(kSeed003, "§2 (SRR is MultiEdge's default); 004 §3 alternates packets")));
    v.push_back(param("l_st", Unit::Ratio, "1", 1.0 - 1.0 / 1.11, 0.0, 0.9,
                      "share of link capacity a static schedule (SRR, WSRR) loses to varying per-link load "
                      "(links of different rates, or shared segments with eta_m < 1; 0 for identical "
                      "point-to-point links)",
                      cite(kSeed003, "§4.4: WD outperforms WSRR by 11% one-way, so l_st = 1 - 1/1.11; abstract (d)")));
    v.push_back(param("eta_m", Unit::Ratio, "1", 1.0, 0.01, 1.0,
                      "medium efficiency: share of a shared, contended segment a transfer obtains (1: point-to-point)",
                      cite(kSeed003, "§3 (links cross-cabled back to back, no contention); 004 §3 (contention "
                                    "on shared 10 and 100 Mbit/s Ethernet)")));
    v.push_back(wholeBytes("MTU", 9000, 46, 65536, "frame size: bytes of protocol headers plus payload per frame",
                           cite(kSeed003, "§3 (9000-byte frames); 004 §3 uses 1500")));
    v.push_back(wholeBytes("h", 28, 0, 1024, "protocol header bytes inside each frame",
                           "assumed: IPv4 20 + UDP 8 (" + cite(kSeed004, "§3 uses UDP") +
                               "); 003 does not give MultiEdge's header size"));
    v.push_back(wholeBytes("h_w", 38, 0, 1024, "wire bytes per frame outside the MTU",
                           "assumed: IEEE 802.3 header 14 + FCS 4 + preamble 8 + inter-frame gap 12"));
    v.push_back(countParam("k_c", 1, 0, 4, "memory copies of each payload byte on the send path (0 = noCopy)",
                           cite(kSeed003, "§2 (user-to-kernel copy on send), §3 noCopy configuration")));
    v.push_back(param("B_copy", Unit::BytesPerSecond, "GB/s", 1.3e9, 1e6, 1e12,
                      "memory-copy bandwidth of one CPU", cite(kSeed003, "§3 Fig. 1 (about 1.3 GBytes/s)")));
    v.push_back(param("o_pkt", Unit::Seconds, "us", 4.3e-6, 1e-9, 1.0,
                      "send-path CPU time per frame: protocol and device work (Packet + Device)",
                      cite(kSeed003, "§4.2: 1x10 polling reaches 800 MB/s one-way, so o_pkt = 8972 B x "
                                    "(1/800e6 - 1/1.3e9) s/B = 4.3 us")));
    v.push_back(choiceParam("irq", {"interrupts", "polling"}, BondingThroughputBlock::Interrupts,
                            "how links are serviced; polling runs on the other CPU, off the send path",
                            cite(kSeed003, "§2 (polling version), §4.2")));
    v.push_back(param("o_irq", Unit::Seconds, "us", 7.8e-6, 0.0, 1e-3, "CPU time per interrupt",
                      cite(kSeed003, "§4.1: 8x1 base reaches 550 MB/s one-way, so 8 o_irq f_irq = 1 - 550e6 x "
                                    "(1/1.3e9 + o_pkt/8972) = 0.313, o_irq = 0.0392/f_irq = 7.8 us")));
    v.push_back(param("f_irq", Unit::PerSecond, "1/s", 5000.0, 1.0, 1e7,
                      "most interrupts per second one busy link raises under coalescing",
                      "assumed: 5000/s (a 200 us coalescing timer); " +
                          cite(kSeed003, "gives no rate; only o_irq x f_irq matters while links are busy")));
    v.push_back(choiceParam("way", {"one-way", "two-way"}, BondingThroughputBlock::OneWay,
                            "benchmark: one node streams to the other (X: payload sent), or both stream at once "
                            "(X: payload sent plus received per node; the receive path on the second CPU; a shared segment, "
                            "eta_m < 1, carries both directions in one medium)",
                            cite(kSeed003, "§3 (one-way and two-way benchmarks; two CPUs per node), §4.1 (one CPU "
                                          "for the send path), §4.2 (b) (the receive path on a different CPU)")));
    v.push_back(param("o_dma", Unit::SecondsPerByte, "ns/B", 0.0, 0.0, 1e-6,
                      "memory time per payload byte a memory-bound copy waits for the NIC's DMA crossing the same "
                      "memory, 1 / peak memory throughput (0: the DMA is free)",
                      cite(kSeed003, "§3 Fig. 1 (a copy is two crossings of the memory bus; peak memory throughput "
                                    "about 2.5 GBytes/s, so 0.4 ns/B), §1, §4.2 (polling limited by memory copies); "
                                    "default 0")));
    return v;
}

std::vector<OutputSpec> outputs()
{
    const std::string s3 = kSeed003;
    return {
        output("f", Unit::Ratio, "1", "framing efficiency, (MTU - h) / (MTU + h_w)",
               s3 + " §3 (small MTUs decrease the payload per packet)"),
        output("R_nom", Unit::BytesPerSecond, "MB/s", "nominal aggregate rate, sum of the n link rates",
               s3 + " abstract (nominal aggregate throughput); 004 §3 (peak 2.5 MBps on two channels)"),
        output("C", Unit::BytesPerSecond, "MB/s", "raw link capacity the scheduler can use",
               s3 + " §2 (SRR, WSRR, WD), §4.4"),
        output("X_link", Unit::BytesPerSecond, "MB/s", "link-limited payload rate, C eta_m f (two-way over full-duplex links, eta_m = 1: both directions, 2 C f)",
               s3 + " §4.3 (noCopy reaches the maximum possible throughput)"),
        output("X_host", Unit::BytesPerSecond, "MB/s", "host-limited payload rate: send-path CPU busy all the time",
               s3 + " §4.1 (throughput is limited by the available CPU resources)"),
        output("X", Unit::BytesPerSecond, "MB/s",
               "delivered payload throughput, min(X_link, X_host): one-way sent, or two-way sent plus received",
               s3 + " §4.1-4.4 one-way and two-way; 004 §3 token exchange"),
        output("E", Unit::Ratio, "%", "fraction of nominal, X / R_nom (two-way: X / (2 R_nom))",
               s3 + " abstract; 004 §3"),
        output("lim", Unit::Choice, "", "limiting resource: 0 = links, 1 = host CPU", s3 + " §4.1"),
        output("U", Unit::Ratio, "%", "send-path CPU utilisation at X (two-way: the CPU that also takes the interrupts)",
               s3 + " §4.1 Fig. 2(b)"),
        output("U_copy", Unit::Ratio, "%", "share of U copying, X k_c (1 / B_copy + o_dma)", s3 + " Fig. 2(b) TxCopy", "U"),
        output("U_pkt", Unit::Ratio, "%", "share of U on per-frame work, X o_pkt / (MTU - h)",
               s3 + " Fig. 2(b) Packet + Device", "U"),
        output("U_irq", Unit::Ratio, "%", "share of U servicing interrupts", s3 + " Fig. 2(b) Poll/IRQ", "U"),
        output("U_rx", Unit::Ratio, "%",
               "CPU utilisation of the receive path at X, at the send path's costs per byte (one-way: with the "
               "received frames' interrupts; two-way: the receive CPU)",
               s3 + " §3 (both nodes behave in a similar manner), §4.1 Fig. 2(b) (receive path)"),
        output("U_rx_copy", Unit::Ratio, "%", "the receive path's copying, X k_c (1 / B_copy + o_dma) (two-way: X / 2)",
               s3 + " Fig. 2(b) RxCopy; §4.1 (65% on the receive path in one-way)"),
    };
}

// Rate of link i (0-based) given the common rate and the overrides.
double linkRate(const double* in, int i)
{
    const double ri = in[BondingThroughputBlock::r_1 + i];
    return ri > 0.0 ? ri : in[BondingThroughputBlock::r];
}

// The interrupt CPU share at payload rate x: every link raises one
// interrupt per frame until coalescing caps it at fIrq per second.
double irqShare(const double* w, int n, double x, double s, double oIrq, double fIrq)
{
    double u = 0.0;
    for (int i = 0; i < n; ++i)
        u += std::min(fIrq, x * w[i] / s);
    return oIrq * u;
}

// Solves c x + irqShare(x) = 1 for x. The left side is increasing and
// piecewise linear in x, with a kink where link i reaches fIrq frames per
// second (x = fIrq s / w_i); walk the kinks in increasing order.
double hostLimit(const double* w, int n, double s, double c, double oIrq, double fIrq)
{
    double kink[BondingThroughputBlock::kMaxLinks] = {};
    int order[BondingThroughputBlock::kMaxLinks] = {};
    for (int i = 0; i < n; ++i) { // insertion sort by kink: n <= 8
        kink[i] = fIrq * s / w[i];
        int j = i;
        for (; j > 0 && kink[order[j - 1]] > kink[i]; --j)
            order[j] = order[j - 1];
        order[j] = i;
    }
    double x0 = 0.0, u0 = 0.0;
    double slope = c + oIrq / s; // all links below their cap; the shares w sum to 1
    for (int k = 0; k < n; ++k) {
        const int i = order[k];
        const double uAtKink = u0 + slope * (kink[i] - x0);
        if (uAtKink >= 1.0)
            break;
        x0 = kink[i];
        u0 = uAtKink;
        slope -= oIrq * w[i] / s;
    }
    return x0 + (1.0 - u0) / std::max(slope, c);
}

} // namespace

const BlockSpec& BondingThroughputBlock::spec() const
{
    static const BlockSpec s{
        "bonding.throughput",
        "Bonded links throughput",
        "Network",
        "One-way throughput of a logical link bonded from 1 to 8 physical links: the smaller of the link "
        "capacity the scheduler (SRR, WSRR, WD) can use, after framing and medium efficiency, and the rate "
        "at which the sending host's CPU saturates on copies, per-frame work and per-link interrupts. "
        "Models 003's base, polling and noCopy configurations, one-way and two-way (the receive path on the "
        "node's second CPU), and 004's channel-bonded Ethernet.",
        cite(kSeed003, "§2-4") + "; " + cite(kSeed004, "§3"),
        inputs(),
        outputs(),
        bondingCalibration(),
    };
    return s;
}

std::string BondingThroughputBlock::check(const double* in) const
{
    if (in[h] >= in[MTU])
        return "h = " + formatNumber(in[h]) + " B of headers leave no payload in MTU = " + formatNumber(in[MTU]) +
               " B frames";
    return {};
}

void BondingThroughputBlock::evaluate(const double* in, double* out) const
{
    const int links = std::clamp(static_cast<int>(in[n]), 1, kMaxLinks);
    double rate[kMaxLinks] = {};
    double rMin = 0.0, rSum = 0.0;
    for (int i = 0; i < links; ++i) {
        rate[i] = linkRate(in, i);
        rMin = (i == 0) ? rate[i] : std::min(rMin, rate[i]);
        rSum += rate[i];
    }

    // Capacity under the scheduler and each link's share of the frames.
    double w[kMaxLinks] = {};
    double cap = rSum;
    const int scheduler = static_cast<int>(in[sched]);
    // A static schedule loses l_st only where per-link load varies: links of
    // different rates (003 abstract (d), §4.4) or shared segments whose other
    // traffic loads the channels unevenly (004 §3: alternating packets "does not
    // exploit possible traffic patterns on the two networks"). Identical
    // point-to-point links take equal shares in turn and lose nothing (003 §4.3:
    // noCopy reaches the nominal rate "in all link configurations").
    const bool loadVaries = rMin < rSum / links || in[eta_m] < 1.0;
    const double keep = loadVaries ? 1.0 - in[l_st] : 1.0;
    if (links == 1) {
        w[0] = 1.0;
    } else if (scheduler == SRR) {
        cap = links * rMin * keep;
        for (int i = 0; i < links; ++i)
            w[i] = 1.0 / links;
    } else if (scheduler == WSRR) {
        double weight[kMaxLinks] = {};
        double wSum = 0.0;
        for (int i = 0; i < links; ++i) {
            weight[i] = std::max(1.0, std::floor(rate[i] / rMin + 0.5));
            wSum += weight[i];
        }
        cap = rate[0] * wSum / weight[0];
        for (int i = 0; i < links; ++i) {
            cap = std::min(cap, rate[i] * wSum / weight[i]);
            w[i] = weight[i] / wSum;
        }
        cap *= keep;
    } else { // WD
        for (int i = 0; i < links; ++i)
            w[i] = rate[i] / rSum;
    }

    const double payload = in[MTU] - in[h];
    const double frame = payload / (in[MTU] + in[h_w]);
    const double xLink = cap * in[eta_m] * frame;

    // A copy runs at the memory's pace and waits for the DMA's crossing of each
    // byte (o_dma, see the header); noCopy (k_c = 0) leaves the CPU out of both.
    const double copyPerByte = in[k_c] * (1.0 / in[B_copy] + in[o_dma]);
    const double perByte = copyPerByte + in[o_pkt] / payload;
    const double oIrq = (static_cast<int>(in[irq]) == Polling) ? 0.0 : in[o_irq];
    // Two-way: X is sent plus received, half each way; each link carries both
    // directions, so both the link limit and the interrupting frames double,
    // while each CPU runs one path for half of X (see the header).
    const bool twoWay = static_cast<int>(in[way]) == TwoWay;
    const double dirs = twoWay ? 2.0 : 1.0;
    const double pathShare = 1.0 / dirs; // share of X each path carries
    double xHost = hostLimit(w, links, payload, perByte * pathShare, oIrq, in[f_irq]);
    if (twoWay && perByte > 0.0)
        xHost = std::min(xHost, dirs / perByte); // the receive CPU
    // Point-to-point links are full duplex; a shared segment (eta_m < 1, 004's
    // hubs and thin-net) carries both directions in the one medium.
    const double xLinkAll = (in[eta_m] < 1.0 ? 1.0 : dirs) * xLink;

    const double x = std::min(xLinkAll, xHost);
    out[f] = frame;
    out[R_nom] = rSum;
    out[C] = cap;
    out[X_link] = xLinkAll;
    out[X_host] = xHost;
    out[X] = x;
    out[E] = x / (dirs * rSum);
    out[lim] = (xLinkAll <= xHost) ? LinkLimited : HostLimited;
    out[U_copy] = x * pathShare * copyPerByte;
    out[U_pkt] = x * pathShare * in[o_pkt] / payload;
    out[U_irq] = irqShare(w, links, x, payload, oIrq, in[f_irq]);
    out[U] = out[U_copy] + out[U_pkt] + out[U_irq];
    // The receive path: the same work per byte; one-way its node also takes the
    // received frames' interrupts, two-way those run with the send path.
    out[U_rx_copy] = out[U_copy];
    out[U_rx] = out[U_copy] + out[U_pkt] + (twoWay ? 0.0 : out[U_irq]);
}

} // namespace cs
