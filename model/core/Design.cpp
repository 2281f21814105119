#include "model/core/Design.h"
#include "model/core/ModelError.h"
#include "model/core/Settable.h"
#include "model/core/Plan.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <queue>

namespace cs {

Endpoint Endpoint::parse(std::string_view dotted)
{
    const auto dot = dotted.rfind('.');
    if (dot == std::string_view::npos || dot == 0 || dot + 1 == dotted.size())
        throw ModelError("'" + std::string(dotted) + "' is not of the form block.port");
    return {std::string(dotted.substr(0, dot)), std::string(dotted.substr(dot + 1))};
}

std::string nameProblem(std::string_view name)
{
    if (name.empty())
        return "name must not be empty";
    if (std::isdigit(static_cast<unsigned char>(name.front())))
        return "name '" + std::string(name) + "' must not start with a digit";
    for (char c : name)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-'))
            return "name '" + std::string(name) + "' may only contain letters, digits, '_' and '-'";
    return {};
}

int Design::blockIndex(std::string_view name) const
{
    const auto it = blockIndex_.find(name);
    return it == blockIndex_.end() ? -1 : static_cast<int>(it->second);
}

void Design::reindexBlocks()
{
    blockIndex_.clear();
    for (std::size_t i = 0; i < blocks_.size(); ++i)
        blockIndex_.emplace(blocks_[i].name, i);
}

void Design::reindexParams()
{
    paramIndex_.clear();
    for (std::size_t i = 0; i < params_.size(); ++i)
        paramIndex_.emplace(params_[i].spec.symbol, i);
}

const BlockInstance* Design::findBlock(std::string_view name) const
{
    const int i = blockIndex(name);
    return i < 0 ? nullptr : &blocks_[i];
}

const BlockInstance& Design::block(std::string_view name) const
{
    if (const BlockInstance* b = findBlock(name))
        return *b;
    throw ModelError("no block named '" + std::string(name) + "' in the design");
}

void Design::checkNewBlockName(const std::string& name) const
{
    if (auto p = nameProblem(name); !p.empty())
        throw ModelError("block " + p);
    if (name == kTopologyBlock)
        throw ModelError("the name 'topology' is reserved for the design's topology");
    if (findBlock(name))
        throw ModelError("a block named '" + name + "' already exists");
    if (findDesignParam(name))
        throw ModelError("block name '" + name + "' is already a design parameter");
}

BlockInstance& Design::addBlock(const std::string& name, std::string_view typeId)
{
    checkNewBlockName(name);
    const Block& type = registry_->get(typeId);
    BlockInstance inst;
    inst.name = name;
    inst.block = &type;
    for (const ParamSpec& p : type.spec().inputs)
        inst.values.push_back({p.defaultValue, {}});
    blocks_.push_back(std::move(inst));
    blockIndex_.emplace(name, blocks_.size() - 1);
    return blocks_.back();
}

BlockInstance& Design::addOwnedBlock(const std::string& name, std::shared_ptr<const Block> block,
                                     std::vector<ParamValue> values)
{
    if (!block)
        throw ModelError("addOwnedBlock: no block");
    if (values.size() != block->spec().inputs.size())
        throw ModelError("addOwnedBlock: " + std::to_string(values.size()) + " values for " +
                         std::to_string(block->spec().inputs.size()) + " inputs");
    checkNewBlockName(name);
    BlockInstance inst;
    inst.name = name;
    inst.block = block.get();
    inst.values = std::move(values);
    inst.owned = std::move(block);
    blocks_.push_back(std::move(inst));
    blockIndex_.emplace(name, blocks_.size() - 1);
    return blocks_.back();
}

std::vector<Wire> Design::replaceOwnedBlock(const std::string& name, std::shared_ptr<const Block> block,
                                            std::vector<ParamValue> values)
{
    const int i = blockIndex(name);
    if (i < 0)
        throw ModelError("no block named '" + name + "' in the design");
    BlockInstance& inst = blocks_[static_cast<std::size_t>(i)];
    if (!inst.owned || name == kTopologyBlock)
        throw ModelError("block " + name + " is not one the design defines; remove it and add another type instead");
    if (!block)
        throw ModelError("replaceOwnedBlock: no block");
    const BlockSpec& spec = block->spec();
    if (values.size() != spec.inputs.size())
        throw ModelError("replaceOwnedBlock: " + std::to_string(values.size()) + " values for " +
                         std::to_string(spec.inputs.size()) + " inputs");
    inst.block = block.get();
    inst.values = std::move(values);
    inst.owned = std::move(block);
    return dropStaleWires(name, spec);
}

std::vector<Wire> Design::dropStaleWires(const std::string& block, const BlockSpec& spec)
{
    std::vector<Wire> dropped;
    std::erase_if(wires_, [&](const Wire& w) {
        const bool stale = (w.to.block == block && spec.inputIndex(w.to.port) < 0) ||
                           (w.from.block == block && spec.outputIndex(w.from.port) < 0);
        if (stale)
            dropped.push_back(w);
        return stale;
    });
    reindexWires();
    return dropped;
}

void Design::removeBlock(const std::string& name)
{
    const int i = blockIndex(name);
    if (i < 0)
        throw ModelError("no block named '" + name + "' in the design");
    if (name == kTopologyBlock)
        throw ModelError("the topology is part of every design and cannot be removed; replace or redraw it");
    std::erase_if(wires_, [&](const Wire& w) { return w.to.block == name || w.from.block == name; });
    reindexWires();
    blocks_.erase(blocks_.begin() + i);
    reindexBlocks();
}

void Design::renameBlock(const std::string& from, const std::string& to)
{
    const int i = blockIndex(from);
    if (i < 0)
        throw ModelError("no block named '" + from + "' in the design");
    if (from == to)
        return;
    if (from == kTopologyBlock || to == kTopologyBlock)
        throw ModelError("the topology block keeps its name 'topology'");
    if (auto p = nameProblem(to); !p.empty())
        throw ModelError("block " + p);
    if (findBlock(to) || findDesignParam(to))
        throw ModelError("the name '" + to + "' is already taken");
    blocks_[i].name = to;
    reindexBlocks();
    for (Wire& w : wires_) {
        if (w.to.block == from)
            w.to.block = to;
        if (w.from.block == from)
            w.from.block = to;
    }
    reindexWires();
}


void Design::setValue(const Endpoint& input, double value, Provenance provenance)
{
    const BlockInstance& b = block(input.block);
    const int idx = b.spec().inputIndex(input.port);
    if (idx < 0)
        throw ModelError("block '" + b.name + "' (" + b.spec().id + ") has no input '" + input.port + "'");
    if (auto problem = rangeProblemAt(*this, input.str(), value); !problem.empty())
        throw ModelError(problem);
    if (SettableCheck c = checkSettable(*this, input.str()); c.kind == SettableKind::Wired)
        throw ModelError(c.message + "; disconnect it first");
    blocks_[blockIndex(input.block)].values[idx] = {value, std::move(provenance)};
}

void Design::setValueUnchecked(const Endpoint& input, ParamValue value)
{
    const BlockInstance& b = block(input.block);
    const int idx = b.spec().inputIndex(input.port);
    if (idx < 0)
        throw ModelError("block '" + b.name + "' (" + b.spec().id + ") has no input '" + input.port + "'");
    blocks_[blockIndex(input.block)].values[idx] = std::move(value);
}

ParamValue Design::value(const Endpoint& input) const
{
    const BlockInstance& b = block(input.block);
    const int idx = b.spec().inputIndex(input.port);
    if (idx < 0)
        throw ModelError("block '" + b.name + "' (" + b.spec().id + ") has no input '" + input.port + "'");
    if (const Wire* w = wireInto(input)) {
        ParamValue v = b.values[idx];
        v.provenance = Provenance::wired(w->from.str());
        return v;
    }
    return b.values[idx];
}

void Design::resetValue(const Endpoint& input)
{
    const BlockInstance& b = block(input.block);
    const int idx = b.spec().inputIndex(input.port);
    if (idx < 0)
        throw ModelError("block '" + b.name + "' (" + b.spec().id + ") has no input '" + input.port + "'");
    blocks_[blockIndex(input.block)].values[idx] = {b.spec().inputs[idx].defaultValue, {}};
}

std::vector<Wire> Design::setTopology(std::shared_ptr<const Block> source, std::vector<ParamValue> values)
{
    if (!source)
        throw ModelError("setTopology: no topology block");
    const BlockSpec& spec = source->spec();
    if (values.size() != spec.inputs.size())
        throw ModelError("setTopology: " + std::to_string(values.size()) + " values for " +
                         std::to_string(spec.inputs.size()) + " inputs");
    BlockInstance inst;
    inst.name = kTopologyBlock;
    inst.block = source.get();
    inst.values = std::move(values);
    inst.owned = std::move(source);
    if (const int i = blockIndex(kTopologyBlock); i >= 0)
        blocks_.erase(blocks_.begin() + i);
    // First, so that every plan evaluates it before the blocks it feeds.
    blocks_.insert(blocks_.begin(), std::move(inst));
    reindexBlocks();
    std::vector<Wire> dropped = dropStaleWires(kTopologyBlock, spec);
    for (DesignParam& p : params_)
        if (!p.follows.empty() && Endpoint::parse(p.follows).block == kTopologyBlock &&
            spec.outputIndex(Endpoint::parse(p.follows).port) < 0)
            p.follows.clear();
    wireJobSize();
    return dropped;
}

void Design::wireJobSize()
{
    const BlockInstance* topo = topology();
    const DesignParam* P = findDesignParam("P");
    if (!topo || !P)
        return;
    const int i = topo->spec().inputIndex("P");
    const Endpoint to{kTopologyBlock, "P"};
    if (i < 0 || topo->values[static_cast<std::size_t>(i)].provenance.kind != ProvenanceKind::Default || wireInto(to))
        return;
    if (checkConnection(Source::designParam("P"), to).empty()) {
        wires_.push_back({Source::designParam("P"), to});
        wireIndex_.emplace(to.str(), wires_.size() - 1);
    }
}

void Design::clearTopology()
{
    if (const int i = blockIndex(kTopologyBlock); i >= 0) {
        blocks_.erase(blocks_.begin() + i);
        reindexBlocks();
    }
    std::erase_if(wires_, [](const Wire& w) { return w.to.block == kTopologyBlock || w.from.block == kTopologyBlock; });
    reindexWires();
    for (DesignParam& p : params_)
        if (p.follows.rfind(std::string(kTopologyBlock) + ".", 0) == 0)
            p.follows.clear();
}

std::vector<Wire> Design::wireFromTopology(const std::string& name)
{
    std::vector<Wire> made;
    const BlockInstance* topo = topology();
    if (!topo || name == kTopologyBlock)
        return made;
    const BlockInstance& b = block(name);
    for (std::size_t i = 0; i < b.spec().inputs.size(); ++i) {
        const ParamSpec& in = b.spec().inputs[i];
        if (in.topology.empty() || b.values[i].provenance.kind != ProvenanceKind::Default)
            continue;
        const Source from{kTopologyBlock, in.topology};
        const Endpoint to{name, in.symbol};
        if (checkConnection(from, to).empty()) {
            wires_.push_back({from, to});
            wireIndex_.emplace(to.str(), wires_.size() - 1);
            made.push_back(wires_.back());
        }
    }
    return made;
}

void Design::setFollows(const std::string& name, const std::string& output)
{
    auto it = paramIt(name);
    if (it == params_.end())
        throw ModelError("no design parameter named '" + name + "'");
    if (!output.empty()) {
        const Endpoint ep = Endpoint::parse(output);
        const BlockInstance* b = findBlock(ep.block);
        if (!b)
            throw ModelError("design parameter " + name + " follows '" + output + "': no block named '" + ep.block + "'");
        const int o = b->spec().outputIndex(ep.port);
        if (o < 0)
            throw ModelError("design parameter " + name + " follows '" + output + "': block '" + ep.block +
                             "' has no output '" + ep.port + "'");
        if (b->spec().outputs[o].unit != it->spec.unit)
            throw ModelError("design parameter " + name + " follows '" + output + "': units differ");
        // Only a block that takes no wires from other blocks may bound a
        // parameter: it must run before anything that reads the parameter.
        for (const Wire& w : wires_)
            if (w.to.block == ep.block && !w.from.isDesignParam())
                throw ModelError("design parameter " + name + " can follow only an output of the topology");
    }
    it->follows = output;
}

void Design::addDesignParam(const ParamSpec& spec, double value)
{
    if (auto p = nameProblem(spec.symbol); !p.empty())
        throw ModelError("design parameter " + p);
    if (findDesignParam(spec.symbol))
        throw ModelError("design parameter '" + spec.symbol + "' already exists");
    if (findBlock(spec.symbol))
        throw ModelError("design parameter name '" + spec.symbol + "' is already a block");
    if (auto problem = spec.rangeProblem(value); !problem.empty())
        throw ModelError("design parameter " + spec.symbol + " " + problem);
    params_.push_back({spec, {value, Provenance::user()}, {}});
    paramIndex_.emplace(spec.symbol, params_.size() - 1);    wireJobSize();
}

void Design::setDesignParamRange(const std::string& name, double min, double max)
{
    auto it = paramIt(name);
    if (it == params_.end())
        throw ModelError("no design parameter named '" + name + "'");
    if (!(min <= max) || !std::isfinite(min) || !std::isfinite(max))
        throw ModelError("design parameter " + name + ": range [" + formatNumber(min) + ", " + formatNumber(max) +
                         "] is not a range (min must be a number at most max)");
    it->spec.min = min;
    it->spec.max = max;
}

void Design::removeDesignParam(const std::string& name)
{
    auto it = paramIt(name);
    if (it == params_.end())
        throw ModelError("no design parameter named '" + name + "'");
    std::erase_if(wires_, [&](const Wire& w) { return w.from.isDesignParam() && w.from.port == name; });
    reindexWires();
    params_.erase(it);
    reindexParams();
}

void Design::setDesignParam(const std::string& name, double value, Provenance provenance)
{
    auto it = paramIt(name);
    if (it == params_.end())
        throw ModelError("no design parameter named '" + name + "'");
    if (auto problem = rangeProblemAt(*this, name, value); !problem.empty())
        throw ModelError(problem);
    it->value = {value, std::move(provenance)};
}

const DesignParam* Design::findDesignParam(std::string_view name) const
{
    const auto it = paramIndex_.find(name);
    return it == paramIndex_.end() ? nullptr : &params_[it->second];
}

std::vector<DesignParam>::iterator Design::paramIt(std::string_view name)
{
    const auto it = paramIndex_.find(name);
    return it == paramIndex_.end() ? params_.end() : params_.begin() + static_cast<std::ptrdiff_t>(it->second);
}

const Wire* Design::wireInto(const Endpoint& to) const
{
    const auto it = wireIndex_.find(to.str());
    return it == wireIndex_.end() ? nullptr : &wires_[it->second];
}

void Design::reindexWires()
{
    wireIndex_.clear();
    for (std::size_t i = 0; i < wires_.size(); ++i)
        wireIndex_.emplace(wires_[i].to.str(), i);
}

std::vector<std::vector<std::size_t>> Design::wiresByBlock(bool into) const
{
    std::vector<std::vector<std::size_t>> by(blocks_.size());
    for (std::size_t i = 0; i < wires_.size(); ++i) {
        const Wire& w = wires_[i];
        if (!into && w.from.isDesignParam())
            continue;
        if (const int b = blockIndex(into ? w.to.block : w.from.block); b >= 0)
            by[static_cast<std::size_t>(b)].push_back(i);
    }
    return by;
}

bool Design::reaches(int fromBlock, int toBlock) const
{
    // Depth-first search along wires from block `fromBlock`.
    std::vector<char> seen(blocks_.size(), 0);
    std::vector<int> stack{fromBlock};
    while (!stack.empty()) {
        const int b = stack.back();
        stack.pop_back();
        if (b == toBlock)
            return true;
        if (seen[b])
            continue;
        seen[b] = 1;
        for (const Wire& w : wires_)
            if (!w.from.isDesignParam() && w.from.block == blocks_[b].name)
                stack.push_back(blockIndex(w.to.block));
    }
    return false;
}

std::string Design::checkConnection(const Source& from, const Endpoint& to) const
{
    const int toIdx = blockIndex(to.block);
    if (toIdx < 0)
        return "no block named '" + to.block + "'";
    const BlockSpec& toSpec = blocks_[toIdx].spec();
    const int in = toSpec.inputIndex(to.port);
    if (in < 0)
        return "block '" + to.block + "' (" + toSpec.id + ") has no input '" + to.port + "'";
    const ParamSpec& inSpec = toSpec.inputs[in];
    if (to.block == kTopologyBlock && !from.isDesignParam())
        return "the topology's parameters take wires from design parameters only, not from " + from.str();

    Unit fromUnit;
    if (from.isDesignParam()) {
        const DesignParam* p = findDesignParam(from.port);
        if (!p)
            return "no design parameter named '" + from.port + "'";
        fromUnit = p->spec.unit;
    } else {
        const int fromIdx = blockIndex(from.block);
        if (fromIdx < 0)
            return "no block named '" + from.block + "'";
        const BlockSpec& fromSpec = blocks_[fromIdx].spec();
        const int out = fromSpec.outputIndex(from.port);
        if (out < 0)
            return "block '" + from.block + "' (" + fromSpec.id + ") has no output '" + from.port + "'";
        fromUnit = fromSpec.outputs[out].unit;
    }
    // A count is a dimensionless number: it may feed a ratio (a formula's
    // P in unit 1 wired from the design's P). A ratio never feeds a count,
    // which must be whole.
    if (fromUnit != inSpec.unit && !(fromUnit == Unit::Count && inSpec.unit == Unit::Ratio))
        return "units differ: " + from.str() + " is in " + std::string(unitSymbol(fromUnit)) + " but " + to.str() +
               " is in " + std::string(unitSymbol(inSpec.unit));
    if (const Wire* w = wireInto(to))
        return "input " + to.str() + " is already wired from " + w->from.str();

    if (!from.isDesignParam()) {
        const int fromIdx = blockIndex(from.block);
        if (fromIdx == toIdx || reaches(toIdx, fromIdx))
            return "wiring " + from.str() + " to " + to.str() + " would make a cycle";
    }
    return {};
}

void Design::connect(const Source& from, const Endpoint& to)
{
    if (auto reason = checkConnection(from, to); !reason.empty())
        throw ModelError("cannot connect " + from.str() + " to " + to.str() + ": " + reason);
    wires_.push_back({from, to});
    wireIndex_.emplace(to.str(), wires_.size() - 1);
}

void Design::disconnect(const Endpoint& to)
{
    const bool had = wireInto(to) != nullptr;
    std::erase_if(wires_, [&](const Wire& w) { return w.to == to; });
    reindexWires();
    // The job size, unwired, keeps the value it has as the user's (0: every
    // host), so that wireJobSize does not wire it again when the file is read.
    if (had && to.block == kTopologyBlock && to.port == "P")
        if (const int b = blockIndex(kTopologyBlock); b >= 0)
            if (const int i = blocks_[b].spec().inputIndex("P"); i >= 0)
                blocks_[b].values[i].provenance = Provenance::user();
}

std::vector<int> Design::topologicalOrder() const
{
    // Kahn's algorithm; ties keep insertion order (the lowest index that is
    // ready goes first) so plans are stable. O((blocks + wires) log blocks):
    // a document may hold 10^5 blocks.
    const std::size_t n = blocks_.size();
    const std::vector<std::vector<std::size_t>> out = wiresByBlock(false);
    std::vector<int> indegree(n, 0);
    for (const Wire& w : wires_)
        if (!w.from.isDesignParam())
            ++indegree[blockIndex(w.to.block)];
    std::priority_queue<int, std::vector<int>, std::greater<>> ready;
    for (std::size_t i = 0; i < n; ++i)
        if (indegree[i] == 0)
            ready.push(static_cast<int>(i));
    std::vector<int> order;
    while (!ready.empty()) {
        const int next = ready.top();
        ready.pop();
        order.push_back(next);
        for (std::size_t wi : out[static_cast<std::size_t>(next)])
            if (const int to = blockIndex(wires_[wi].to.block); --indegree[to] == 0)
                ready.push(to);
    }
    if (order.size() < n) {
        std::string names;
        for (std::size_t i = 0; i < n; ++i)
            if (indegree[i] > 0)
                names += (names.empty() ? "" : ", ") + blocks_[i].name;
        throw ModelError("the wires form a cycle through blocks " + names);
    }
    return order;
}

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
        plan.paramChecks_.push_back({static_cast<std::uint32_t>(plan.initial_.size()), p.spec, p.spec.symbol, -1, {}});
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
        auto jobSize = [&](const Wire& w) { return ep.block == kTopologyBlock && w.to.port == "P"; };
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
    plan.ranges_.assign(plan.initial_.size(), {-HUGE_VAL, HUGE_VAL, false});
    for (std::size_t slot = 0; slot < plan.inputSpecs_.size(); ++slot)
        if (const ParamSpec* spec = plan.inputSpecs_[slot])
            plan.ranges_[slot] = {spec->min, spec->max, spec->integer};
    std::sort(names.begin(), names.end());
    plan.names_ = std::move(names);
    return plan;
}

} // namespace cs
