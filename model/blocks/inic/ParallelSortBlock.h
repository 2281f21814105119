#pragma once
#include "model/core/Block.h"

namespace cs {

// "sort.parallel": the standard distributed-memory integer sort of seed 000
// §3.2.1 on an ordinary NIC (Gigabit Ethernet, TCP), the baseline that
// inic.sort is compared with in Fig. 5(b). Phases, serialized as in the
// timed breakdown of Fig. 5(a):
//   T_bucket1 = (E_init / P) * t_bucket1        bucket sort into P buckets
//   T_xchg    = (P - 1) * (o_msg + m / bw_net + [m < m_small] * t_small)
//               all-to-all of messages m = S / P over P - 1 rounds
//   T_bucket2 = (E_init / P) * t_bucket2        bucket sort into cache-sized buckets
//   T_count   = T_countsort                     Count Sort of each bucket
//   T = T_bucket1 + T_xchg + T_bucket2 + T_count
// The paper gives no equations for this baseline; the per-key costs, the
// exchange model and its small-message penalty (§4.1: interrupt mitigation
// and TCP slow start hurt short messages) are assumptions, stated in each
// parameter's source.
//
// Inputs (SI units): E_init (count), P (count), key (B), t_bucket1 and
// t_bucket2 (s per key), T_countsort (s), bw_net (B/s, TCP payload rate per
// node), o_msg (s per message), m_small (B), t_small (s per short message),
// B_net (B/s, the network's share a host), cores (count): the cores the job's
// ranks compute on (0 = a core a rank). Fewer than P share them, and the
// three passes over each rank's keys (T_bucket1, T_bucket2, T_count) take
// P / min(P, cores) times as long (model/blocks/JobCores.h); T_xchg does not.
class ParallelSortBlock final : public Block {
public:
    const BlockSpec& spec() const override;
    std::string check(const double* in) const override;
    void evaluate(const double* in, double* out) const override;

    enum In { E_init, P, key, t_bucket1, t_bucket2, T_countsort, bw_net, o_msg, m_small, t_small, B_net, cores };
    enum Out { S, m, T_bucket1, T_xchg, T_bucket2, T_count, T };
};

} // namespace cs
