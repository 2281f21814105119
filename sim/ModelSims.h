#pragma once
// Which communication pattern simulates which model output, and how the
// simulated time enters the model's total. Each case is derived from the
// block's evaluated inputs and outputs at one design point.
//
//   inic.fft2d         T, T_trans, T_transpose, T_dfg: the transpose's all-to-all
//                      of S/P blocks (000 eq. (8)) replaces T_dfg (twice in T and
//                      T_trans); the card's rate bw_cn caps each host.
//   inic.proto.fft2d   the same exchange replaces T_dtg + T_dfg (serialised: the
//                      prototype sends and receives one after the other; pipelined:
//                      the card's whole exchange, out and in; its bus wait T_wait
//                      stays analytic, §6).
//   fftw.transpose     T, T_trans, T_a2a: the same exchange of S_block blocks
//                      (pairwise or linear, as the block's alltoall) replaces
//                      each transpose's half of T_a2a; host costs as logp.loggp.
//   logp.loggp         T_oneway, T_rtt (ping-pong), T_train (PRTT), T_bcast
//                      (binomial), T_allreduce and T_barrier (recursive doubling),
//                      T_alltoall (pairwise or linear): the whole output. o_s and
//                      o_r are host delays, 1/G caps each host and the block's own
//                      L (without L_net) is split over the two host links; the
//                      network's latency and bandwidth come from the topology.
//   mesh.routing       X_PL, X_PR: the token exchange of 004 §3-4 between P local
//                      or remote pairs, m-byte tokens sent as packets of s payload
//                      and h header bytes; segments run at eta_m of their rate.
#include "model/core/Block.h"
#include "model/topology/graph/Topology.h"
#include "sim/SimProgram.h"
#include "sim/Simulator.h"

#include <optional>
#include <string>

namespace cs::sim {

struct SimCase {
    SimProgram program;
    SimOptions options;
    // A time total: simulated = base + count x (simulated pattern time), where
    // base is the analytic total less count x the replaced part.
    // A throughput total: simulated = payload / (simulated pattern time).
    bool throughput = false;
    double base = 0.0;
    double count = 1.0;
    double payload = 0.0;        // bytes, for a throughput total
    // 0: the pattern's time is the run's total; n: the sum of its first n
    // phases (T_train ends before PRTT's reply).
    std::size_t phasesUsed = 0;
    std::string replaced;        // the analytic part the simulation stands for, e.g. "T_dfg"
    double analyticPart = 0.0;   // its analytic value (one occurrence)
};

// The case for output `symbol` of `block` with inputs `in` and outputs `out`
// on topology `t` (whose own mean latency is `topologyL`); nullopt with
// `whyNot` set when the output has no simulated counterpart. Throws
// ModelError when the inputs cannot make a pattern (e.g. more processors than
// hosts).
std::optional<SimCase> simCaseFor(const Block& block, const std::string& symbol, const double* in,
                                  const double* out, const Topology& t, std::string& whyNot);

} // namespace cs::sim
