#pragma once
#include "model/core/Block.h"

#include <vector>

namespace cs {

// "logp.loggp": the LogGP network model. Inputs are the five LogGP
// parameters (L, o_s, o_r, g in seconds; G in seconds per byte), a message
// size k (bytes), a train length n, a host count P and an all-to-all
// algorithm. Outputs are point-to-point and collective times built on
// cs::loggp (LogGPMath.h), the step count of each collective, and the five
// parameters again (L_out, o_s_out, o_r_out, g_out, G_out) so that one
// network block can feed the LogGP inputs of application blocks by wires.
// k_1..G_2 make it a piecewise LogGP (LogGPSegments.h); G_floor says whether
// the drawn network's 1/B_net may raise G (the default) or the calibrated G
// stands. With G_floor = scaled, B_cal is the B_pair G was measured at
// (calibrate records it): a drawing whose host links are faster or slower
// scales G by B_cal / B_pair.
// L_node .. G_node are the LogGP of two ranks on one node (shared memory):
// the recording replay prices a message between ranks the job places on one
// host with them (model/recording/Replay.h), and they are output again
// (L_node_out .. G_node_out); no other output depends on them.
// The intra-node LogGP's inputs (L_node, o_s_node, o_r_node, g_node, G_node: SI, assumed shared-memory
// defaults), which a recorded program's replay takes too (RecordedBlock.h).
std::vector<ParamSpec> intraNodeLogGPInputs();

class LogGPBlock final : public Block {
public:
    const BlockSpec& spec() const override;
    std::string check(const double* in) const override;
    void evaluate(const double* in, double* out) const override;

    enum In { L, o_s, o_r, g, G, k, n, P, alltoall, L_net, B_net, G_floor, B_pair, B_cal, k_1, L_1, G_1, k_2, L_2, G_2,
              L_node, o_s_node, o_r_node, g_node, G_node, S_put, ack };
    enum Out {
        T_oneway,
        T_rtt,
        T_train,
        T_msg,
        T_bcast,
        T_allreduce,
        T_barrier,
        T_alltoall,
        steps_bcast,
        steps_allreduce,
        steps_barrier,
        steps_alltoall,
        L_out,
        o_s_out,
        o_r_out,
        g_out,
        G_out,
        L_node_out,
        o_s_node_out,
        o_r_node_out,
        g_node_out,
        G_node_out,
        T_oneway_node,
    };
};

} // namespace cs
