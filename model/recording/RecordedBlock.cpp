#include "model/recording/RecordedBlock.h"
#include "model/blocks/BuiltinBlocks.h"
#include "model/blocks/loggp/LogGPBlock.h"
#include "model/core/BlockRegistry.h"
#include "model/core/JobSize.h"
#include "model/core/ModelError.h"
#include "model/recording/Replay.h"

#include <algorithm>
#include <cmath>

namespace cs {

namespace {

const char* kLive = "; from the live network when wired from a logp.loggp block calibrated on the nodes (its "
                    "provenance shows it)";

std::string live(const char* what)
{
    return std::string(what) + kLive;
}

rec::ReplayNetwork networkAt(const double* in, std::int32_t P)
{
    using B = RecordedBlock;
    rec::ReplayNetwork net;
    net.loggp = {in[B::L], in[B::o_s], in[B::o_r], in[B::g], in[B::G]};
    net.node = {in[B::L_node], in[B::o_s_node], in[B::o_r_node], in[B::g_node], in[B::G_node]};
    // The job's ranks on its nodes, as the topology places them (JobPlacement.h's rankHosts): block fills a
    // node first, cyclic deals the ranks round-robin over ceil(P / ranks_per_node) nodes.
    if (const auto perNode = static_cast<std::int32_t>(in[B::ranks_per_node]); perNode > 1 && P > 1) {
        const std::int32_t nodes = (P + perNode - 1) / perNode;
        for (std::int32_t r = 0; r < P; ++r)
            net.nodeOf.push_back(static_cast<std::uint32_t>(in[B::rank_order] == 1 ? r % nodes : r / perNode));
    }
    net.gMode = 0; // G is at least the network's seconds per byte
    const double s = in[RecordedBlock::B_net] >= 1e13 ? 0.0 : 1.0 / in[RecordedBlock::B_net];
    net.secondsPerByte = [s](const rec::Flows&) { return s; };
    return net;
}

} // namespace

RecordedBlock::RecordedBlock(rec::RecordedRun run, nlohmann::json source)
    : run_(std::make_shared<const rec::RecordedRun>(std::move(run))), source_(std::move(source))
{
    if (run_->truncated || run_->recording.truncated())
        throw ModelError("the recording was cut short by its limit: it cannot predict the whole program");
    // Each evaluation (each sweep point) is a whole replay, and a document
    // from elsewhere must not take minutes to open: the block holds less than
    // the command line's replay does.
    if (const double events = static_cast<double>(run_->recording.expandedEvents()); events > kMaxEvents)
        throw ModelError("its loops expand to " + std::to_string(static_cast<long long>(events)) +
                         " events, more than the 10^7 a recorded block replays at each evaluation (clusterscope-cli "
                         "replay takes up to 4 x 10^8)");
    // A recording whose receives no send matches is refused now, with its
    // rank and line, rather than at every evaluation.
    std::vector<double> defaults;
    for (const ParamSpec& p : spec().inputs)
        defaults.push_back(p.defaultValue);
    rec::ReplayOptions once;
    once.contention = false;
    once.maxEvents = kMaxEvents;
    rec::replay(run_->recording, networkAt(defaults.data(), run_->P), once);
}

const BlockSpec& RecordedBlock::spec() const
{
    static const BlockSpec s = [] {
        const char* loggp = "LogGP (Alexandrov et al. 1995) per message of the recording; default assumed, as "
                            "logp.loggp";
        std::vector<ParamSpec> inputs{
            param("L", Unit::Seconds, "us", 6e-6, 0.0, 1.0, live("latency: time in the network, beyond the overheads"),
                  loggp),
            param("o_s", Unit::Seconds, "us", 4e-6, 0.0, 1.0, live("send overhead per message"), loggp),
            param("o_r", Unit::Seconds, "us", 5e-6, 0.0, 1.0, live("receive overhead per message"), loggp),
            param("g", Unit::Seconds, "us", 6e-6, 0.0, 1.0, live("gap: least interval between a sender's messages"),
                  loggp),
            param("G", Unit::SecondsPerByte, "ns/B", 1.0 / 38e6, 0.0, 1e-3, live("gap per byte of a long message"),
                  loggp),
            throughNetwork(param("B_net", Unit::BytesPerSecond, "MB/s", 1e13, 1e3, 1e13,
                                 "per-flow bandwidth the drawn network leaves the placed job under neighbour "
                                 "traffic; each message's G is at least 1 / B_net",
                                 "the design's topology (nn_bw of the P placed hosts); default 1e13 B/s = no limit"),
                           "nn_bw"),
            countParam(kJobSize, 0, 0, 1048576, "the job's ranks: 0 takes the recording's; another P is refused (a "
                       "recording is of one P)", "the design's P when wired"),
        };
        // The intra-node LogGP (logp.loggp's own inputs: its defaults and meanings) and the job's ranks a node
        // and their order, which put the recording's ranks on nodes.
        for (ParamSpec& p : intraNodeLogGPInputs())
            inputs.push_back(std::move(p));
        inputs.push_back(throughNetwork(countParam("ranks_per_node", 1, 1, 65536,
                                                   "the job's ranks a node: two ranks of one node exchange at the "
                                                   "intra-node LogGP and load no link",
                                                   "the design's topology (job_ranks_per_node)"),
                                        "job_ranks_per_node"));
        inputs.push_back(throughNetwork(countParam("rank_order", 0, 0, 1,
                                                   "the job's rank order: 0 block (a node filled first), 1 cyclic "
                                                   "(round-robin over the nodes)",
                                                   "the design's topology (job_rank_order)"),
                                        "job_rank_order"));
        std::vector<OutputSpec> outputs{
            output("T", Unit::Seconds, "s",
                   "the recording's replayed time: from the end of its first barrier of all ranks to the end of its "
                   "last, the span a program times itself in (its last rank's end when it has fewer than two)",
                   "model/recording/Replay.h, the analytic replay"),
            output("T_comp", Unit::Seconds, "s",
                   "compute within T of the rank that computes most there (the rank that ends last, for a whole "
                   "run), as recorded",
                   "the recording's compute lines"),
            output("T_comm", Unit::Seconds, "s", "the rest of T: that rank's time in MPI calls and waiting",
                   "T - T_comp"),
            output("messages", Unit::Count, "", "point-to-point messages replayed", "the recording"),
            output("collectives", Unit::Count, "", "collectives replayed", "the recording"),
        };
        outputs[T_comp].phaseOf = "T";
        outputs[T_comm].phaseOf = "T";
        return BlockSpec{
            kRecordedType,
            "Recorded program",
            "Applications",
            "A program's MPI calls as recorded on live nodes (run-app --record), replayed message by message with "
            "the wired LogGP on the network the drawing leaves the placed job. The document embeds the recording "
            "(docs/format.md, \"Recorded blocks\").",
            "issue 44; LogGP (Alexandrov et al. 1995); collectives as comm.collective (Thakur et al. 2005)",
            std::move(inputs),
            std::move(outputs),
        };
    }();
    return s;
}

std::string RecordedBlock::check(const double* in) const
{
    if (!run_)
        return "no recording: a recorded block embeds one of a results file's recordings (docs/format.md, "
               "\"Recorded blocks\"; run-app --record writes them)";
    if (in[P] != 0 && in[P] != run_->P)
        return "P = " + std::to_string(static_cast<long long>(in[P])) + " is not the recording's P = " +
               std::to_string(run_->P) + " (record the program at that P, or replay it with clusterscope-cli "
               "replay --at, which synthesises other P)";
    return {};
}

void RecordedBlock::evaluate(const double* in, double* out) const
{
    rec::ReplayResult r;
    try {
        rec::ReplayOptions options;
        options.maxEvents = kMaxEvents;
        r = rec::replay(run_->recording, networkAt(in, run_->P), options);
    } catch (const ModelError&) {
        // The constructor replayed it once: only the event budget can be
        // passed here, and then no figure is better than a wrong one.
        std::fill(out, out + spec().outputs.size(), NAN);
        return;
    }
    // The span the program times itself in, as clusterscope-cli replay prices it (Replay.h, spanOf).
    const rec::ReplaySpan span = rec::spanOf(r, false);
    out[T] = span.seconds;
    out[T_comp] = span.compute;
    out[T_comm] = span.seconds - span.compute;
    out[messages] = static_cast<double>(r.messages);
    out[collectives] = static_cast<double>(r.collectives);
}

const RecordedBlock* asRecorded(const Block* block)
{
    return dynamic_cast<const RecordedBlock*>(block);
}

void registerRecordedBlocks(BlockRegistry& r)
{
    r.add(std::make_unique<RecordedBlock>());
}

} // namespace cs
