#include "model/core/Design.h"
#include "model/core/JobSize.h"
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

void Design::requireValues(const char* operation, const Block* block, std::size_t values)
{
    if (!block)
        throw ModelError(std::string(operation) + ": no block");
    if (values != block->spec().inputs.size())
        throw ModelError(std::string(operation) + ": " + std::to_string(values) + " values for " +
                         std::to_string(block->spec().inputs.size()) + " inputs");
}

BlockInstance& Design::addOwnedBlock(const std::string& name, std::shared_ptr<const Block> block,
                                     std::vector<ParamValue> values)
{
    requireValues("addOwnedBlock", block.get(), values.size());
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
    requireValues("replaceOwnedBlock", block.get(), values.size());
    const BlockSpec& spec = block->spec();
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
    // host), so that wireJobSize does not wire it again when the file is read;
    // so does an input that counts the job's ranks (wireJobRanks): unwired,
    // it is a count set apart from the job's, and told (RankCounts.h).
    if (!had)
        return;
    if (const int b = blockIndex(to.block); b >= 0)
        if (const int i = blocks_[b].spec().inputIndex(to.port); i >= 0 &&
            ((to.block == kTopologyBlock && to.port == kJobSize) || blocks_[b].spec().inputs[i].jobSize))
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

} // namespace cs
