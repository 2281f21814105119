// Design::compile: the design laid out as a Plan (slots, wires resolved to
// copies, blocks in dependency order). Design.cpp holds the editing members.
#include "model/core/Design.h"
#include "model/core/JobSize.h"
#include "model/core/ModelError.h"
#include "model/core/Plan.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cs {

Plan Design::compile() const
{
    // Every wire must still refer to something that exists (a hand-edited
    // document may say otherwise); the message names the wire.
    for (const Wire& w : wires_) {
        const BlockInstance* to = findBlock(w.to.block);
        if (!to || to->spec().inputIndex(w.to.port) < 0)
            throw ModelError("wire " + w.from.str() + " -> " + w.to.str() + ": no such input");
        if (w.from.isDesignParam() ? !findDesignParam(w.from.port)
                                   : (!findBlock(w.from.block) ||
                                      block(w.from.block).spec().outputIndex(w.from.port) < 0))
            throw ModelError("wire " + w.from.str() + " -> " + w.to.str() + ": no such source");
    }
    const std::vector<int> order = topologicalOrder();

    Plan plan;
    std::vector<std::pair<std::string, std::uint32_t>> names;
    auto addSlot = [&](double v, const ParamSpec* in, const OutputSpec* out) {
        plan.initial_.push_back(v);
        plan.inputSpecs_.push_back(in);
        plan.outputSpecs_.push_back(out);
        plan.wiredInput_.push_back(0);
        return static_cast<std::uint32_t>(plan.initial_.size() - 1);
    };
    plan.paramChecks_.reserve(params_.size()); // slot specs point into it
    for (const DesignParam& p : params_) {
        plan.paramChecks_.push_back({static_cast<std::uint32_t>(plan.initial_.size()), p.spec, p.spec.symbol, -1, {}, -1, {}, -1});
        const std::uint32_t s = addSlot(p.value.value, &plan.paramChecks_.back().spec, nullptr);
        names.emplace_back(p.spec.symbol, s);
    }
    // Lay out slots for every block first, so wires can be resolved.
    std::vector<std::uint32_t> inBase(blocks_.size()), outBase(blocks_.size());
    for (int bi : order) {
        const BlockInstance& b = blocks_[bi];
        const BlockSpec& spec = b.spec();
        inBase[bi] = static_cast<std::uint32_t>(plan.initial_.size());
        for (std::size_t i = 0; i < spec.inputs.size(); ++i)
            names.emplace_back(b.name + "." + spec.inputs[i].symbol, addSlot(b.values[i].value, &spec.inputs[i], nullptr));
        outBase[bi] = static_cast<std::uint32_t>(plan.initial_.size());
        for (std::size_t o = 0; o < spec.outputs.size(); ++o)
            names.emplace_back(b.name + "." + spec.outputs[o].symbol, addSlot(0.0, nullptr, &spec.outputs[o]));
    }
    auto sourceSlot = [&](const Source& s) -> std::uint32_t {
        if (s.isDesignParam()) {
            if (const auto it = paramIndex_.find(s.port); it != paramIndex_.end())
                return plan.paramChecks_[it->second].slot;
        }
        const int bi = blockIndex(s.block);
        return outBase[bi] + static_cast<std::uint32_t>(blocks_[bi].spec().outputIndex(s.port));
    };
    const std::vector<std::vector<std::size_t>> into = wiresByBlock(true);
    for (int bi : order) {
        const BlockInstance& b = blocks_[bi];
        Plan::Step step{b.block, b.name, inBase[bi], outBase[bi],
                        static_cast<std::uint32_t>(b.spec().inputs.size()),
                        static_cast<std::uint32_t>(b.spec().outputs.size()),
                        static_cast<std::uint32_t>(plan.copies_.size()), 0};
        for (std::size_t wi : into[static_cast<std::size_t>(bi)]) {
            const Wire& w = wires_[wi];
            const std::uint32_t to = inBase[bi] + static_cast<std::uint32_t>(b.spec().inputIndex(w.to.port));
            const std::uint32_t from = sourceSlot(w.from);
            plan.copies_.push_back({from, to});
            plan.wiredInput_[to] = 1;
            plan.initial_[to] = plan.initial_[from];
        }
        step.copyEnd = static_cast<std::uint32_t>(plan.copies_.size());
        plan.steps_.push_back(step);
    }
    // Parameters bounded by (and, by default, following) an output.
    for (std::size_t i = 0; i < params_.size(); ++i) {
        const DesignParam& p = params_[i];
        if (p.follows.empty())
            continue;
        const Endpoint ep = Endpoint::parse(p.follows);
        const int bi = blockIndex(ep.block);
        const int o = bi < 0 ? -1 : blocks_[bi].spec().outputIndex(ep.port);
        if (o < 0)
            throw ModelError("design parameter " + p.spec.symbol + " follows '" + p.follows + "', which is no output");
        // The one exception: the topology's job size takes the P that follows
        // its host count (Design::wireJobSize); a following P reaches it as 0,
        // every host (Plan::run), so the bound is the network's, not the job's.
        auto jobSize = [&](const Wire& w) { return ep.block == kTopologyBlock && w.to.port == kJobSize; };
        for (const Wire& w : wires_)
            if (w.to.block == ep.block && (!w.from.isDesignParam() || w.from.port == p.spec.symbol) && !jobSize(w))
                throw ModelError("design parameter " + p.spec.symbol + " follows " + p.follows + " but " +
                                 w.from.str() + " is wired into " + w.to.str());
        const auto stepIt = std::find(order.begin(), order.end(), bi);
        const auto step = static_cast<std::int64_t>(stepIt - order.begin());
        if (plan.boundStep_ >= 0 && plan.boundStep_ != step)
            throw ModelError("design parameters may follow the outputs of one block only");
        plan.boundStep_ = step;
        Plan::Check& chk = plan.paramChecks_[i];
        chk.boundSlot = outBase[bi] + static_cast<std::uint32_t>(o);
        chk.boundName = p.follows;
        if (p.value.provenance.kind == ProvenanceKind::Default) {
            // NaN: "take the output's value" (Plan::run); a sweep that writes
            // a number into the slot pins it for that pass.
            plan.initial_[chk.slot] = std::numeric_limits<double>::quiet_NaN();
            for (const Plan::Copy& c : plan.copies_)
                if (c.from == chk.slot)
                    plan.initial_[c.to] = plan.initial_[chk.slot];
        }
    }
    // The design parameter wired into the topology's job size is bounded by
    // its host count whether or not it follows it: the same check, and the
    // same words, as a following P set above the hosts ("P = 12 exceeds
    // topology.hosts = 8"). Without it the topology placed a job of more
    // ranks than hosts on every host, and a formula design's P (jacobi's,
    // which follows nothing) was clipped silently (issue 48).
    if (const Wire* w = wireInto({kTopologyBlock, kJobSize}); w && w->from.isDesignParam()) {
        const int bi = blockIndex(kTopologyBlock);
        const int o = blocks_[bi].spec().outputIndex("hosts");
        const auto it = paramIndex_.find(w->from.port);
        const auto step = static_cast<std::int64_t>(std::find(order.begin(), order.end(), bi) - order.begin());
        Plan::Check* chk = it == paramIndex_.end() ? nullptr : &plan.paramChecks_[it->second];
        // A bound of its own (follows) stands; so does a bound step on
        // another block's outputs (Plan::run checks bounds after one step).
        if (o >= 0 && chk && chk->boundSlot < 0 && (plan.boundStep_ < 0 || plan.boundStep_ == step)) {
            plan.boundStep_ = step;
            chk->boundSlot = outBase[bi] + static_cast<std::uint32_t>(o);
            chk->boundName = std::string(kTopologyBlock) + ".hosts";
        }
        // A job of several ranks a node holds up to hosts x ranks_per_node
        // ranks; a P that follows the host count fills every host.
        const int perNode = blocks_[bi].spec().inputIndex("ranks_per_node");
        if (o >= 0 && chk && perNode >= 0 && chk->boundSlot == outBase[bi] + static_cast<std::uint32_t>(o)) {
            chk->factorSlot = inBase[bi] + static_cast<std::uint32_t>(perNode);
            chk->factorName = std::string(kTopologyBlock) + ".ranks_per_node";
            // A P that follows takes the job's nodes x ranks_per_node when
            // the nodes are set (it reaches the topology as 0, which then
            // reads its size from them); the bound stays the hosts'.
            if (const int nodes = blocks_[bi].spec().inputIndex(kJobNodes); nodes >= 0)
                chk->nodesSlot = inBase[bi] + static_cast<std::uint32_t>(nodes);
        }
    }
    plan.ranges_.assign(plan.initial_.size(), {-HUGE_VAL, HUGE_VAL, false});
    for (std::size_t slot = 0; slot < plan.inputSpecs_.size(); ++slot)
        if (const ParamSpec* spec = plan.inputSpecs_[slot])
            plan.ranges_[slot] = {spec->min, spec->max, spec->integer};
    std::sort(names.begin(), names.end());
    plan.names_ = std::move(names);
    return plan;
}

} // namespace cs
