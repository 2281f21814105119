#include "model/blocks/offload/OffloadCollectiveBlock.h"
#include "model/blocks/offload/OffloadSpecs.h"
#include "model/core/Unit.h"

namespace cs {

using offload::src;

namespace {

// Steps and module calls on the critical path: NI -> switch -> every NI
// (§4.3, Fig. 5); modules run on the sending NI, the switch box and the
// receiving NI (§3.3, Fig. 3 (c), (h), receive handler).
constexpr double kSteps = 2.0;
constexpr double kModCalls = 3.0;

} // namespace

// The seed gives no numbers for the times in Figs. 6-10 in its text, so the
// host, firmware and switch times are assumed values of the right order for
// a 300 MHz PowerPC 603e on the NI and the switch (§2.1) and a 2.8 GHz Xeon
// host (Table 1). They are chosen so that the three module calls are about
// 30% of the barrier (§4.3.1): (o_s + o_r) + (2 t_NI + t_SB) + 2 k_sync /
// B_link = 2 + 5 + 0.08 = 7.08 us, 3 o_mod = 3 us, 3 / 10.08 = 0.298.
const BlockSpec& OffloadCollectiveBlock::spec() const
{
    static const BlockSpec s{
        "offload.collective",
        "MDO switch-offloaded collectives",
        "Collectives",
        "Barrier, broadcast and allreduce run by MDO modules on the Maestro2 network interfaces and switch box: "
        "two network steps (every NI to the switch, the switch to every NI) whatever the number of hosts, plus "
        "the host's PCI request and DMA, NI and switch firmware, three module calls and, for allreduce, the "
        "switch combining the P contributions. Compare with logp.loggp's peer-to-peer times.",
        src("§4.3 (Fig. 5), §4.3.1 (module-call overhead), §2.1 (hardware)"),
        {
            offload::hostsParam("hosts taking part (one switch box)", "; default 8 (Figs. 7, 8)"),
            offload::wholeBytes("k", "B", 8, 1, offload::kSwitchMemory,
                                "message bytes of the broadcast and of each host's allreduce contribution",
                                src("§4.3.3, §4.3.4; default assumed: one double, as the product allreduce of "
                                    "§4.3.4; max 32 MiB, the switch box's SDRAM (§2.1(2))")),
            offload::wholeBytes("k_sync", "B", 16, 1, 8192,
                                "bytes of a barrier arrival or release message",
                                src("§4.3 (synchronization messages); default assumed: a 16-byte header-only "
                                    "message; max 8 KiB, the NI network buffer (§2.1(1))")),
            offload::linkBwParam(),
            param("B_pci", Unit::BytesPerSecond, "MB/s", 528e6, 1e6, 1e12,
                  "host <-> NI DMA bandwidth over the PCI bus",
                  src("§2.1(1) (NI on the host's PCI bus); default assumed: 64-bit 66 MHz PCI, 8 B x 66 MHz = "
                      "528e6 B/s")),
            param("o_s", Unit::Seconds, "us", 1e-6, 0.0, 1.0,
                  "host -> NI: the host issues the request over PCI (MMP_Mod_req)",
                  src("§3.2(3), Fig. 3 (a), (b); default assumed: 1 us")),
            param("o_r", Unit::Seconds, "us", 1e-6, 0.0, 1.0,
                  "NI -> host: the host sees completion (MMP_Get_mod_req_stat)",
                  src("§3.2(5), Fig. 3 (d), (e); default assumed: 1 us")),
            param("t_NI", Unit::Seconds, "us", 1.5e-6, 0.0, 1.0,
                  "NI firmware time to handle one message (sending or receiving side)",
                  src("§2.1(1), §3.1 (MDO firmware on a 300 MHz PowerPC 603e); default assumed: 1.5 us")),
            param("t_SB", Unit::Seconds, "us", 2e-6, 0.0, 1.0,
                  "switch-box firmware time: header analysis and crossbar set-up for the copies",
                  src("§2.1(2), §4.3 (crossbar broadcast); default assumed: 2 us")),
            offload::oModParam(),
            param("c_red", Unit::SecondsPerByte, "ns/B", 4e-9, 0.0, 1e-3,
                  "switch-box time to combine one byte of one contribution into the result",
                  src("§4.3, Fig. 5 (the switch module computes); default assumed: 4 ns/B, about 1.2 cycles "
                      "per byte on the 300 MHz PowerPC 603e")),
        },
        {
            output("T_barrier", Unit::Seconds, "us",
                   "MDO barrier: arrivals NI -> switch, release switch -> every NI, constant in P",
                   src("§4.3, §4.3.2 (Fig. 7)")),
            output("T_barrier_pci", Unit::Seconds, "us", "host request and completion, o_s + o_r",
                   src("§3.2, Fig. 3"), "T_barrier"),
            output("T_barrier_dev", Unit::Seconds, "us", "firmware, 2 t_NI + t_SB", src("§2.1, §4.3"),
                   "T_barrier"),
            output("T_barrier_link", Unit::Seconds, "us", "two link steps, 2 k_sync / B_link",
                   src("§2.1(1), §4.3"), "T_barrier"),
            output("T_barrier_mod", Unit::Seconds, "us", "three module calls, 3 o_mod", src("§4.3.1"),
                   "T_barrier"),
            output("T_bcast", Unit::Seconds, "us",
                   "MDO broadcast: initiator NI -> switch, crossbar copies -> every NI, constant in P",
                   src("§4.3, §4.3.3 (Figs. 8, 9)")),
            output("T_bcast_pci", Unit::Seconds, "us", "request, completion and two DMAs, o_s + o_r + 2 k / B_pci",
                   src("§3.2, Fig. 3"), "T_bcast"),
            output("T_bcast_dev", Unit::Seconds, "us", "firmware, 2 t_NI + t_SB", src("§2.1, §4.3"), "T_bcast"),
            output("T_bcast_link", Unit::Seconds, "us", "two link steps, 2 k / B_link", src("§2.1(1), §4.3"),
                   "T_bcast"),
            output("T_bcast_mod", Unit::Seconds, "us", "three module calls, 3 o_mod", src("§4.3.1"), "T_bcast"),
            output("T_allreduce", Unit::Seconds, "us",
                   "MDO allreduce: every NI -> switch, the switch combines, result -> every NI",
                   src("§4.3, Fig. 5, §4.3.4 (Fig. 10)")),
            output("T_allreduce_pci", Unit::Seconds, "us",
                   "request, completion and two DMAs, o_s + o_r + 2 k / B_pci", src("§3.2, Fig. 3"), "T_allreduce"),
            output("T_allreduce_dev", Unit::Seconds, "us", "firmware, 2 t_NI + t_SB", src("§2.1, §4.3"),
                   "T_allreduce"),
            output("T_allreduce_link", Unit::Seconds, "us", "two link steps, 2 k / B_link", src("§2.1(1), §4.3"),
                   "T_allreduce"),
            output("T_allreduce_red", Unit::Seconds, "us",
                   "the switch combines P contributions, (P - 1) k c_red (the only term that grows with P)",
                   src("§4.3, Fig. 5"), "T_allreduce"),
            output("T_allreduce_mod", Unit::Seconds, "us", "three module calls, 3 o_mod", src("§4.3.1"),
                   "T_allreduce"),
            output("T_barrier_builtin", Unit::Seconds, "us",
                   "the same barrier built into MMP's monolithic firmware (no module calls), T_barrier - "
                   "T_barrier_mod",
                   src("§4.3.1, Fig. 6 (first program)")),
            output("f_mod", Unit::Ratio, "%", "share of the barrier spent calling modules, T_barrier_mod / T_barrier",
                   src("§4.3.1: about 30%")),
            output("steps_net", Unit::Count, "", "network steps of each MDO collective: 2, for any P",
                   src("§4.3, Fig. 5")),
            output("n_mod", Unit::Count, "", "module calls on the critical path: 3 (sending NI, switch, receiving NI)",
                   src("§3.3, Fig. 3")),
        },
    };
    return s;
}

std::string OffloadCollectiveBlock::check(const double* in) const
{
    // The switch module receives every host's contribution before it
    // combines them (Fig. 5), so all P of them must fit in its SDRAM.
    if (in[P] * in[k] > offload::kSwitchMemory)
        return "P * k = " + formatNumber(in[P]) + " * " + formatNumber(in[k]) + " B = " +
               formatNumber(in[P] * in[k]) + " B exceeds the switch box's 32 MiB SDRAM (" +
               formatNumber(offload::kSwitchMemory) + " B), which must hold every host's allreduce contribution";
    return {};
}

void OffloadCollectiveBlock::evaluate(const double* in, double* out) const
{
    const double host = in[o_s] + in[o_r];
    const double dev = 2.0 * in[t_NI] + in[t_SB];
    const double mod = kModCalls * in[o_mod];
    const double dma = 2.0 * in[k] / in[B_pci];
    const double link = kSteps * in[k] / in[B_link];

    out[T_barrier_pci] = host;
    out[T_barrier_dev] = dev;
    out[T_barrier_link] = kSteps * in[k_sync] / in[B_link];
    out[T_barrier_mod] = mod;
    out[T_barrier] = out[T_barrier_pci] + out[T_barrier_dev] + out[T_barrier_link] + out[T_barrier_mod];

    out[T_bcast_pci] = host + dma;
    out[T_bcast_dev] = dev;
    out[T_bcast_link] = link;
    out[T_bcast_mod] = mod;
    out[T_bcast] = out[T_bcast_pci] + out[T_bcast_dev] + out[T_bcast_link] + out[T_bcast_mod];

    out[T_allreduce_pci] = host + dma;
    out[T_allreduce_dev] = dev;
    out[T_allreduce_link] = link;
    out[T_allreduce_red] = (in[P] - 1.0) * in[k] * in[c_red];
    out[T_allreduce_mod] = mod;
    out[T_allreduce] = out[T_allreduce_pci] + out[T_allreduce_dev] + out[T_allreduce_link] +
                       out[T_allreduce_red] + out[T_allreduce_mod];

    out[T_barrier_builtin] = out[T_barrier] - out[T_barrier_mod];
    out[f_mod] = out[T_barrier_mod] / out[T_barrier];
    out[steps_net] = kSteps;
    out[n_mod] = kModCalls;
}

} // namespace cs
