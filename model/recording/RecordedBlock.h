#pragma once
// "recorded": a program's recording (run-app --record, one P of RUNS.json's
// "recordings") replayed on the design (issue 44, "Replay on the drawing").
// Its T is model/recording/Replay.h's analytic replay of every rank's calls
// with the wired LogGP (L, o_s, o_r, g, G: wire them from a logp.loggp block
// calibrated on the live nodes, whose provenance they then carry) and the
// network the drawing leaves the placed job, B_net: topology.nn_bw, the
// per-flow bandwidth of the P placed hosts under neighbour traffic, so the
// drawing, its rates and the job's placement move the prediction. Each
// message's G is max(G, 1 / B_net) (logp.loggp's G_floor "network").
//
// Two ranks the job puts on one node (ranks_per_node and rank_order, wired
// from the topology's job_ranks_per_node and job_rank_order) exchange at the
// intra-node LogGP (L_node .. G_node: wire them from logp.loggp's *_node_out)
// and load no link, as clusterscope-cli replay prices them.
//
// What this block does not do (clusterscope-cli replay does): route each
// phase's flows on the placed hosts' links (it takes the one per-flow figure
// B_net for every phase), follow the job's P (a recording is of one P, and
// the block refuses a design whose job is of another: input P), and price a
// span other than the first to the last barrier of all ranks (replay
// --between; the block's T is always that span, by the same spanOf()).
//
// The registry's instance holds no recording: its check() says how to give it
// one. A design document embeds the recording in the block (docs/format.md,
// "Recorded blocks"); the document owns that instance. Unlike other blocks,
// evaluate() allocates (the replay's queues): one evaluation is a replay of
// the whole recording, so a sweep over a recorded block is as slow as that.
#include "model/core/Block.h"
#include "model/recording/RecordingJson.h"

#include <nlohmann/json.hpp>

#include <memory>

namespace cs {

inline constexpr const char* kRecordedType = "recorded";

class RecordedBlock final : public Block {
public:
    RecordedBlock() = default; // the registry's: no recording
    // A block holding `run`; `source` is the JSON it was read from, written
    // back unchanged when the document is saved. Throws ModelError when the
    // recording was cut short by its limit or does not replay (a receive no
    // send matches), naming the rank and the line.
    RecordedBlock(rec::RecordedRun run, nlohmann::json source);

    const BlockSpec& spec() const override;
    std::string check(const double* in) const override;
    void evaluate(const double* in, double* out) const override;

    const rec::RecordedRun* run() const { return run_.get(); }
    const nlohmann::json& source() const { return source_; }

    // Events (loops expanded) a recording may hold: each evaluation replays them all.
    static constexpr double kMaxEvents = 1e7;

    // After P (so that older documents keep their slots): the intra-node LogGP, and the job's ranks a node
    // and their order (from the topology), which put the recording's ranks on nodes.
    enum In { L, o_s, o_r, g, G, B_net, P, L_node, o_s_node, o_r_node, g_node, G_node, ranks_per_node, rank_order };
    enum Out { T, T_comp, T_comm, messages, collectives };

private:
    std::shared_ptr<const rec::RecordedRun> run_;
    nlohmann::json source_;
};

// The recorded block behind `block`, or nullptr.
const RecordedBlock* asRecorded(const Block* block);

} // namespace cs
