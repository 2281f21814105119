#include "model/topology/placement/NodeFlows.h"

#include "model/core/MixBits.h"

namespace cs {

namespace {

std::size_t slotHash(std::uint64_t x)
{
    return static_cast<std::size_t>(mixBits(x));
}

} // namespace

NodeFlowCounter::NodeFlowCounter(const std::vector<std::size_t>& nodes, const std::vector<std::uint32_t>& nodeOf)
    : nodes_(nodes), nodeOf_(nodeOf), table_(64, kNone)
{
}

void NodeFlowCounter::addNew(std::uint32_t na, std::uint32_t nb, double n)
{
    lastFrom_ = na;
    lastTo_ = nb;
    const std::uint64_t pair = (std::uint64_t{na} << 32) | nb;
    const std::size_t mask = table_.size() - 1;
    std::size_t i = slotHash(pair) & mask;
    for (; table_[i] != kNone; i = (i + 1) & mask)
        if (pairOf_[table_[i]] == pair) {
            last_ = table_[i];
            flows_[last_].weight += n;
            return;
        }
    last_ = static_cast<std::uint32_t>(flows_.size());
    table_[i] = last_;
    flows_.push_back({nodes_[na], nodes_[nb], n});
    pairOf_.push_back(pair);
    slotOf_.push_back(static_cast<std::uint32_t>(i));
    if (2 * flows_.size() > table_.size())
        grow();
}

void NodeFlowCounter::grow()
{
    table_.assign(2 * table_.size(), kNone);
    const std::size_t mask = table_.size() - 1;
    for (std::uint32_t k = 0; k < pairOf_.size(); ++k) {
        std::size_t i = slotHash(pairOf_[k]) & mask;
        while (table_[i] != kNone)
            i = (i + 1) & mask;
        table_[i] = k;
        slotOf_[k] = static_cast<std::uint32_t>(i);
    }
}

std::vector<HostFlow> NodeFlowCounter::take()
{
    std::vector<HostFlow> out;
    take(out);
    return out;
}

void NodeFlowCounter::take(std::vector<HostFlow>& out)
{
    // Only the slots in use are emptied: a round of few node pairs costs
    // what it holds, not the table.
    for (std::uint32_t i : slotOf_)
        table_[i] = kNone;
    pairOf_.clear();
    slotOf_.clear();
    last_ = kNone;
    out.swap(flows_);
    flows_.clear();
}

std::vector<HostFlow> nodeFlows(const std::vector<std::size_t>& nodes, const std::vector<std::uint32_t>& nodeOf,
                                const std::vector<std::pair<std::uint32_t, std::uint32_t>>& flows)
{
    NodeFlowCounter c(nodes, nodeOf);
    for (const auto& [a, b] : flows)
        c.add(a, b);
    return c.take();
}

} // namespace cs
