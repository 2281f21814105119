#include "model/blocks/offload/OffloadPciTrafficBlock.h"
#include "model/blocks/offload/OffloadMath.h"
#include "model/blocks/offload/OffloadSpecs.h"
#include "model/core/Unit.h"

namespace cs {

using offload::src;

const BlockSpec& OffloadPciTrafficBlock::spec() const
{
    static const BlockSpec s{
        "offload.pcitraffic",
        "MDO vs peer-to-peer PCI traffic",
        "Collectives",
        "Bytes crossing the hosts' PCI buses, summed over all hosts, for a broadcast and an allreduce with MDO "
        "(the switch box copies and combines) and with peer-to-peer MMP (binomial broadcast, recursive-doubling "
        "allreduce). Each send or receive moves the data and one control command. The broadcast is broken down "
        "by role: initiator, intermediates (relays) and receivers.",
        src("§4.3.5, Fig. 11; §4.3 (MDO message flow); §4.3.2 (MPICH recursive doubling)"),
        {
            offload::hostsParam("hosts taking part (one switch box)", "; Fig. 11 uses 4 and 8; default 8"),
            offload::wholeBytes("k", "KiB", 65536, 1, 1073741824, "data bytes of the broadcast message and of each "
                                "host's allreduce contribution",
                                src("§4.3.5 (size not stated); default assumed: 64 KiB, the broadcast size of "
                                    "Fig. 9; max 1 GiB, the host memory of Table 1")),
            offload::wholeBytes("c", "B", 32, 0, 65536,
                                "control-command bytes a host exchanges with its NI per send or receive",
                                src("§4.3.5 (\"the traffic consists of data and control commands\"); default "
                                    "assumed: 32 B, a request descriptor of eight 32-bit words")),
            offload::wholeBytes("c_mdo", "B", 32, 0, 65536,
                                "control bytes a host exchanges with its NI per MDO send or receive: the request "
                                "to the module with its arguments and the result returned through the MDO library",
                                src("§3.2, Fig. 3 (a)-(e) (requests with arguments to the module, results through "
                                    "the MDO library); default assumed: c, no more than a peer-to-peer command")),
        },
        {
            output("V_bcast_p2p", Unit::Bytes, "KiB", "peer-to-peer broadcast, all hosts: 2 (P - 1) (k + c)",
                   src("§4.3.5, Fig. 11 (a)")),
            output("V_bcast_p2p_init", Unit::Bytes, "KiB", "initiator: n_init_sends (k + c)",
                   src("§4.3.5 (\"the initiator issues the message twice\" on 4 hosts)"), "V_bcast_p2p"),
            output("V_bcast_p2p_int1", Unit::Bytes, "KiB",
                   "intermediate 1: each relay's receive and first re-send, 2 n_int1 (k + c)",
                   src("§4.3.5, Fig. 11 (a) (intermediate 1)"), "V_bcast_p2p"),
            output("V_bcast_p2p_int2", Unit::Bytes, "KiB",
                   "intermediate 2: relays' second (and later) re-sends",
                   src("§4.3.5, Fig. 11 (a) (intermediate 2)"), "V_bcast_p2p"),
            output("V_bcast_p2p_recv", Unit::Bytes, "KiB", "receivers that do not relay: n_leaf (k + c)",
                   src("§4.3.5, Fig. 11 (a) (receiver)"), "V_bcast_p2p"),
            output("V_bcast_mdo", Unit::Bytes, "KiB", "MDO broadcast, all hosts: P (k + c_mdo)",
                   src("§4.3.5, Fig. 11 (a)")),
            output("V_bcast_mdo_init", Unit::Bytes, "KiB", "initiator: one send, k + c_mdo",
                   src("§4.3 (the switch box generates the copies)"), "V_bcast_mdo"),
            output("V_bcast_mdo_recv", Unit::Bytes, "KiB", "receivers: (P - 1) (k + c_mdo), no intermediates",
                   src("§4.3.5"), "V_bcast_mdo"),
            output("R_bcast", Unit::Ratio, "%", "broadcast traffic saved by MDO, 1 - V_bcast_mdo / V_bcast_p2p",
                   src("§4.3.5: 18% (4 hosts), 42% (8 hosts) measured")),
            output("V_allreduce_p2p", Unit::Bytes, "KiB",
                   "peer-to-peer (recursive doubling) allreduce, all hosts: ops_allreduce_p2p (k + c)",
                   src("§4.3.5, Fig. 11 (b)")),
            output("V_allreduce_mdo", Unit::Bytes, "KiB", "MDO allreduce, all hosts: 2 P (k + c_mdo)",
                   src("§4.3.5, Fig. 11 (b)")),
            output("R_allreduce", Unit::Ratio, "%",
                   "allreduce traffic saved by MDO, 1 - V_allreduce_mdo / V_allreduce_p2p",
                   src("§4.3.5: 9% (4 hosts), 39% (8 hosts) measured")),
            output("n_init_sends", Unit::Count, "", "peer-to-peer broadcast: messages the initiator issues, "
                   "ceil(log2 P)", src("§4.3.5")),
            output("n_int1", Unit::Count, "", "peer-to-peer broadcast: hosts that receive and re-send "
                   "(intermediate 1)", src("§4.3.5: 1 on 4 hosts, 3 on 8 hosts")),
            output("n_int2", Unit::Count, "", "peer-to-peer broadcast: relays that re-send a second time "
                   "(intermediate 2)", src("§4.3.5: 0 on 4 hosts, 1 on 8 hosts")),
            output("n_leaf", Unit::Count, "", "peer-to-peer broadcast: hosts that only receive",
                   src("§4.3.5: 2 on 4 hosts")),
            output("ops_bcast_p2p", Unit::Count, "", "peer-to-peer broadcast: sends plus receives, 2 (P - 1)",
                   src("§4.3.5")),
            output("ops_bcast_mdo", Unit::Count, "", "MDO broadcast: sends plus receives, P", src("§4.3.5")),
            output("ops_allreduce_p2p", Unit::Count, "",
                   "recursive doubling: sends plus receives over all hosts, 2 P' log2 P' + 4 (P - P')",
                   src("§4.3.5 (order log n per host), §4.3.2 (MPICH)")),
            output("ops_allreduce_mdo", Unit::Count, "", "MDO allreduce: one send and one receive per host, 2 P",
                   src("§4.3.5")),
            output("ops_allreduce_host_max", Unit::Count, "",
                   "recursive doubling: sends plus receives of the busiest host, 2 log2 P' (+2 if P is not a "
                   "power of two)",
                   src("§4.3.5 (order log n per host)")),
        },
    };
    return s;
}

void OffloadPciTrafficBlock::evaluate(const double* in, double* out) const
{
    const long hosts = static_cast<long>(in[P]);
    const double perOp = in[k] + in[c];      // data and the command of one peer-to-peer send or receive
    const double perMdo = in[k] + in[c_mdo]; // data and the module request of one MDO send or receive
    const offload::BcastTree tree = offload::binomialBcast(hosts);
    const offload::Doubling rd = offload::recursiveDoubling(hosts);

    out[V_bcast_p2p_init] = static_cast<double>(tree.initSends) * perOp;
    out[V_bcast_p2p_int1] = 2.0 * static_cast<double>(tree.relays) * perOp;
    out[V_bcast_p2p_int2] = static_cast<double>(tree.relaySends - tree.relays) * perOp;
    out[V_bcast_p2p_recv] = static_cast<double>(tree.leaves) * perOp;
    out[V_bcast_p2p] =
        out[V_bcast_p2p_init] + out[V_bcast_p2p_int1] + out[V_bcast_p2p_int2] + out[V_bcast_p2p_recv];

    out[V_bcast_mdo_init] = perMdo;
    out[V_bcast_mdo_recv] = (in[P] - 1.0) * perMdo;
    out[V_bcast_mdo] = out[V_bcast_mdo_init] + out[V_bcast_mdo_recv];
    out[R_bcast] = 1.0 - out[V_bcast_mdo] / out[V_bcast_p2p];

    out[V_allreduce_p2p] = static_cast<double>(rd.ops) * perOp;
    out[V_allreduce_mdo] = 2.0 * in[P] * perMdo;
    out[R_allreduce] = 1.0 - out[V_allreduce_mdo] / out[V_allreduce_p2p];

    out[n_init_sends] = static_cast<double>(tree.initSends);
    out[n_int1] = static_cast<double>(tree.relays);
    out[n_int2] = static_cast<double>(tree.relays2);
    out[n_leaf] = static_cast<double>(tree.leaves);
    // Sends (initiator and relays) plus receives (every host but the initiator).
    out[ops_bcast_p2p] = static_cast<double>(tree.initSends + tree.relaySends + tree.relays + tree.leaves);
    out[ops_bcast_mdo] = in[P];
    out[ops_allreduce_p2p] = static_cast<double>(rd.ops);
    out[ops_allreduce_mdo] = 2.0 * in[P];
    out[ops_allreduce_host_max] = static_cast<double>(rd.hostMaxOps);
}

} // namespace cs
