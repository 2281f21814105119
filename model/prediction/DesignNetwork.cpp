#include "model/prediction/DesignNetwork.h"
#include "model/core/JobSize.h"
#include "model/blocks/loggp/LogGPBlock.h"
#include "model/blocks/loggp/LogGPSegments.h"
#include "model/core/ModelError.h"
#include "model/core/Plan.h"
#include "model/topology/graph/CoreGraph.h"
#include "model/topology/placement/FairShare.h"
#include "model/topology/generators/GeneratorRegistry.h"
#include "model/topology/placement/JobPlacement.h"
#include "model/topology/placement/PlacedMetrics.h"
#include "model/topology/TopologySource.h"

#include <optional>

namespace cs::rec {

namespace {

// The placed job's network, kept alive for as long as the replay prices flows on it.
struct Held {
    std::optional<Topology> built; // a generated network (a drawn one is the design's)
    const Topology* t = nullptr;
    std::unique_ptr<CoreGraph> g;
    std::unique_ptr<PlacedNetwork> net;
    std::vector<std::size_t> hosts; // topology vertex of each rank
    std::unique_ptr<FairShare> share;
};

std::vector<double> inputsOf(const Plan& plan, const std::vector<double>& slots, const std::string& block,
                             const BlockSpec& spec)
{
    std::vector<double> in;
    for (const ParamSpec& p : spec.inputs)
        in.push_back(slots[static_cast<std::size_t>(plan.slotOf(block + "." + p.symbol))]);
    return in;
}

// Each rank's node: ranks placed on one host share its index (the hosts' vertices are distinct per node).
std::vector<std::uint32_t> nodesOf(const std::vector<std::size_t>& hosts)
{
    std::vector<std::uint32_t> node;
    node.reserve(hosts.size());
    for (std::size_t h : hosts)
        node.push_back(static_cast<std::uint32_t>(h));
    return node;
}

} // namespace

std::vector<std::string> loggpBlocks(const DesignDocument& doc)
{
    std::vector<std::string> names;
    for (const BlockInstance& b : doc.design.blocks())
        if (b.spec().id == "logp.loggp")
            names.push_back(b.name);
    return names;
}

DesignNetwork designNetwork(const DesignDocument& doc, int P, const std::string& block)
{
    const std::vector<std::string> blocks = loggpBlocks(doc);
    auto list = [&] {
        std::string s;
        for (const std::string& b : blocks)
            s += (s.empty() ? "" : ", ") + b;
        return s;
    };
    DesignNetwork out;
    if (!block.empty()) {
        if (std::find(blocks.begin(), blocks.end(), block) == blocks.end())
            throw ModelError("--net " + block + " is not a logp.loggp block of the design" +
                             (blocks.empty() ? std::string(" (it has none)") : " (it has " + list() + ")"));
        out.loggpBlock = block;
    } else if (blocks.empty()) {
        throw ModelError("the design has no logp.loggp block to take LogGP from (add one, calibrated on the nodes)");
    } else if (blocks.size() > 1) {
        throw ModelError("the design has several logp.loggp blocks (" + list() +
                         "): --net names the one to replay with");
    } else {
        out.loggpBlock = blocks.front();
    }

    const Plan plan = doc.design.compile();
    std::vector<double> slots = plan.initialSlots();
    if (const int at = plan.slotOf(kJobSize); at >= 0)
        slots[static_cast<std::size_t>(at)] = P;
    EvalError err;
    if (!plan.run(slots.data(), &err))
        throw ModelError("the design does not evaluate at P = " + std::to_string(P) + ": " + err.message);

    const BlockSpec& spec = doc.design.block(out.loggpBlock).spec();
    const std::vector<double> in = inputsOf(plan, slots, out.loggpBlock, spec);
    using B = LogGPBlock;
    loggp::Params& p = out.net.loggp;
    p = {in[B::L] + in[B::L_net], in[B::o_s], in[B::o_r], in[B::g], in[B::G]};
    loggp::readSegments(in.data() + B::k_1, p, in[B::L_net], 0.0, false);
    out.net.gMode = static_cast<int>(in[B::G_floor]);
    out.net.B_pair = in[B::B_pair];
    out.net.B_cal = in[B::B_cal];
    out.net.routeLatency = in[B::L_net];
    out.net.node = {in[B::L_node], in[B::o_s_node], in[B::o_r_node], in[B::g_node], in[B::G_node]};
    out.net.putFrom = in[B::S_put];
    out.net.ack = in[B::ack];

    const BlockInstance* topo = doc.design.topology();
    const auto* source = topo ? dynamic_cast<const TopologySource*>(topo->block) : nullptr;
    if (!source || (!source->drawn() && !source->generator()))
        return out; // no network drawn: LogGP alone, a rank a node
    const std::vector<double> tin = inputsOf(plan, slots, kTopologyBlock, source->spec());
    auto held = std::make_shared<Held>();
    if (source->drawn()) {
        held->t = source->drawn();
    } else {
        held->built.emplace(generate(*source->generator(), tin.data()));
        held->t = &*held->built;
    }
    const Topology& t = *held->t;
    const auto placement = static_cast<Placement>(tin[source->jobInput(TopologySource::job_placement)]);
    const std::vector<std::uint32_t> order =
        placementOrder(t, placement, source->drawn() ? source->listed() : listedOrdinals(t, source->listedNames()), 0);
    const TopologySource::JobSettings job = source->jobSettings(tin.data());
    const JobShape shape{static_cast<std::size_t>(P), job.ranksPerNode, static_cast<RankOrder>(job.rankOrder)};
    if (order.size() < shape.nodes())
        throw ModelError("the design's network places " + std::to_string(order.size()) + " host(s), fewer than the " +
                         std::to_string(P) + " ranks of the recording (" +
                         (shape.ranksPerNode == 1 ? std::string("one rank a host")
                                                  : std::to_string(shape.ranksPerNode) + " ranks a host") +
                         ")");
    // The one rank-to-host mapping of the design's job: ranks of one host
    // exchange without loading its links.
    held->hosts = rankHosts(t, order, shape);
    out.net.nodeOf = nodesOf(held->hosts);
    for (std::size_t h : held->hosts)
        out.hosts.emplace_back(t.vertex(h).id);
    out.topology = &t;
    out.hostVertices = held->hosts;
    out.placement = placementNames()[static_cast<std::size_t>(placement)];
    held->g = std::make_unique<CoreGraph>(CoreGraph::build(t));
    held->net = std::make_unique<PlacedNetwork>(t, *held->g);
    held->share = std::make_unique<FairShare>(*held->net, held->hosts);
    Held* h = held.get();
    out.net.secondsPerByte = [h](const Flows& flows) { return roundSecondsPerByte(*h->net, h->hosts, flows); };
    out.net.flowRates = [h](const Flows& flows, double ack) { return h->share->rates(flows, {}, ack); };
    // The links' token buckets (their burst), each way a link carries.
    for (const FairShare::Bucket& b : h->share->buckets())
        out.net.buckets.push_back({b.burst, b.rate});
    if (!out.net.buckets.empty()) {
        out.net.bucketsOn = [h](std::uint32_t a, std::uint32_t b) { return h->share->bucketsOn(a, b); };
        out.net.flowRatesOpen = [h](const Flows& flows, const std::vector<char>& open, double ack) {
            return h->share->rates(flows, open, ack);
        };
    }
    out.held = held;
    return out;
}

} // namespace cs::rec
