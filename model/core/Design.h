#pragma once
#include "model/core/Block.h"
#include "model/core/BlockRegistry.h"
#include "model/core/Provenance.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cs {

class Plan;

// The name of the design's topology source block (see Design::setTopology).
inline constexpr const char* kTopologyBlock = "topology";

// One block placed in a design.
struct BlockInstance {
    std::string name;              // unique within the design, e.g. "fft"
    const Block* block = nullptr;  // the type (owned by a registry, or by `owned`)
    std::vector<ParamValue> values; // one per spec().inputs, SI units
    // Set for a block the design owns rather than the registry: the topology
    // source, whose spec depends on the drawing, and formula blocks, whose
    // spec the document defines. Shared by copies of the
    // design (the block is immutable apart from its thread-safe cache).
    std::shared_ptr<const Block> owned;

    const BlockSpec& spec() const { return block->spec(); }
};

// A value shared by several blocks, e.g. the processor count P.
struct DesignParam {
    ParamSpec spec;   // spec.symbol is the parameter's name
    ParamValue value;
    // A block output this parameter is bounded by, e.g. "topology.hosts":
    // a value above it is an error naming both numbers. While the value's
    // provenance is Default the parameter also takes that output's value at
    // every evaluation ("P follows the host count unless the user sets it").
    std::string follows;
};

// A port of a block instance: "fft.T" is block "fft", port "T".
struct Endpoint {
    std::string block;
    std::string port;

    static Endpoint parse(std::string_view dotted); // throws ModelError if there is no '.'
    std::string str() const { return block + "." + port; }
    bool operator==(const Endpoint&) const = default;
};

// What feeds an input: a block output, or a design parameter (block empty).
struct Source {
    std::string block; // empty for a design parameter
    std::string port;  // output symbol, or design parameter name

    static Source output(Endpoint e) { return {std::move(e.block), std::move(e.port)}; }
    static Source designParam(std::string name) { return {{}, std::move(name)}; }
    bool isDesignParam() const { return block.empty(); }
    std::string str() const { return isDesignParam() ? port : block + "." + port; }
    bool operator==(const Source&) const = default;
};

struct Wire {
    Source from;
    Endpoint to; // an input port
    bool operator==(const Wire&) const = default;
};

// The design graph: block instances, their values, wires and shared design
// parameters. It knows nothing of Qt; the GUI and the loader edit it through
// these functions, and connections go through checkConnection() only.
class Design {
public:
    explicit Design(const BlockRegistry& registry = BlockRegistry::builtin()) : registry_(&registry) {}

    const BlockRegistry& registry() const { return *registry_; }

    // Adds an instance of block type `typeId` with default values. Throws
    // ModelError for a duplicate or malformed name or an unknown type.
    BlockInstance& addBlock(const std::string& name, std::string_view typeId);
    // Adds an instance of a block the design owns (a formula block, whose
    // spec the document defines) with one value per input. Throws as addBlock.
    BlockInstance& addOwnedBlock(const std::string& name, std::shared_ptr<const Block> block,
                                 std::vector<ParamValue> values);
    // Replaces the block of owned instance `name` (a formula block whose
    // definition was edited) in place, with one value per input of the new
    // block. Keeps every wire whose ports still exist and returns the wires
    // it dropped (a bound on an output that is gone is the caller's to
    // clear, as the editing layer's cleanup does). Throws ModelError for an unknown name or a block of the
    // registry (change its type by removing and adding it).
    std::vector<Wire> replaceOwnedBlock(const std::string& name, std::shared_ptr<const Block> block,
                                        std::vector<ParamValue> values);
    // Removes the instance and every wire into or out of it.
    void removeBlock(const std::string& name);
    void renameBlock(const std::string& from, const std::string& to);

    const std::vector<BlockInstance>& blocks() const { return blocks_; }
    const BlockInstance* findBlock(std::string_view name) const;
    const BlockInstance& block(std::string_view name) const; // throws naming the block

    // Sets an input's value (SI units). Throws ModelError naming the block,
    // parameter, value and valid range when out of range, or when the input
    // is wired (its value comes from the wire).
    void setValue(const Endpoint& input, double value, Provenance provenance = Provenance::user());
    // Sets a value without the range or wire check: the reader and the editing
    // layer record what they are given, and validateDocument reports a value
    // out of range or given to a wired input with its JSON path. (compile()
    // does not check ranges; Plan::run() checks each input as it runs.)
    void setValueUnchecked(const Endpoint& input, ParamValue value);
    ParamValue value(const Endpoint& input) const;
    // Back to the spec's default, provenance Default.
    void resetValue(const Endpoint& input);

    // The topology source: a block the design owns, named kTopologyBlock,
    // placed first, whose inputs are the generator's parameters (none for a
    // drawing) and whose outputs are what the network gives the models.
    // Replacing it keeps every wire whose ports still exist and returns the
    // wires it dropped. It cannot be removed or renamed, and its inputs take
    // wires from design parameters only.
    std::vector<Wire> setTopology(std::shared_ptr<const Block> source, std::vector<ParamValue> values);
    const BlockInstance* topology() const { return findBlock(kTopologyBlock); }
    // Removes the topology (an empty drawing), its wires and the bounds it set.
    void clearTopology();
    // Wires each input of `block` that the topology can supply
    // (ParamSpec::topology), that is free and still at its default, from the
    // topology's output. Returns the wires it made (none without a topology).
    std::vector<Wire> wireFromTopology(const std::string& block);

    // The job on the network: wires the design parameter P into the
    // topology's job size (its input P) when both exist and that input is
    // free and at its default, so that the topology's figures are those of
    // the hosts the job runs on (DESIGN.md, "Job and placement").
    // setTopology and addDesignParam call it.
    void wireJobSize();
    // Every block input that counts the job's ranks follows the job: wires
    // the design parameter P into each input of `block` marked followsJob
    // (ParamSpec::jobSize) that is free and still at its default. The
    // editing layer calls it when a block enters the design or a formula
    // gains such an input, and the reader for every block it reads, so that
    // a block enters by any road following the job; an input given a value
    // of its own stays apart, and is told (RankCounts.h). Returns the wires
    // it made (none without a design parameter P).
    std::vector<Wire> wireJobRanks(const std::string& block);

    // Design parameters.
    void addDesignParam(const ParamSpec& spec, double value);
    void removeDesignParam(const std::string& name); // also drops its wires
    void setDesignParam(const std::string& name, double value, Provenance provenance = Provenance::user());
    // Changes the parameter's range. Throws ModelError when min > max or
    // either is not a number; the value is not checked here (the document
    // validator reports a value the new range leaves out).
    void setDesignParamRange(const std::string& name, double min, double max);
    // Bounds the parameter by a block output ("" to clear); see DesignParam::follows.
    void setFollows(const std::string& name, const std::string& output);
    const std::vector<DesignParam>& designParams() const { return params_; }
    const DesignParam* findDesignParam(std::string_view name) const;

    // THE connection rule, in one place. Returns "" when `from` may feed
    // `to`, otherwise the reason: an unknown block or port, units that
    // differ, an input that is already wired, or a cycle.
    std::string checkConnection(const Source& from, const Endpoint& to) const;
    // Adds the wire after checkConnection(); throws ModelError with its reason.
    void connect(const Source& from, const Endpoint& to);
    // Removes the wire into `to`, if any.
    void disconnect(const Endpoint& to);
    const std::vector<Wire>& wires() const { return wires_; }
    const Wire* wireInto(const Endpoint& to) const;

    // Block instances in an order where every wire goes forward. Throws on a
    // cycle (which connect() never creates, but a hand-edited file might).
    std::vector<int> topologicalOrder() const;

    // Compiles the design into a flat evaluation plan (see Plan.h).
    Plan compile() const;

private:
    int blockIndex(std::string_view name) const;
    void checkNewBlockName(const std::string& name) const; // throws ModelError why a new block may not take it
    bool reaches(int fromBlock, int toBlock) const; // is there a wire path from -> to?

    std::vector<DesignParam>::iterator paramIt(std::string_view name);
    void reindexBlocks();
    void reindexParams();
    void reindexWires();
    // Throws ModelError naming `operation` for no block, or a value count other than its inputs'.
    static void requireValues(const char* operation, const Block* block, std::size_t values);
    // Wires each input of `block` for which `sourceOf` names a source, that is
    // free and at its default, from that source; returns the wires made.
    std::vector<Wire> wireDefaults(const std::string& block,
                                   const std::function<std::optional<Source>(const ParamSpec&)>& sourceOf);
    // Removes the wires into or out of `block` whose port `spec` lacks; returns them.
    std::vector<Wire> dropStaleWires(const std::string& block, const BlockSpec& spec);
    // For each block (by index), the wires into it (`into`) or out of it
    // (false: block outputs only), in wire order.
    std::vector<std::vector<std::size_t>> wiresByBlock(bool into) const;

    const BlockRegistry* registry_;
    std::vector<BlockInstance> blocks_;
    std::vector<DesignParam> params_;
    // Name -> index into blocks_ / params_: a document may hold 10^5 of
    // each, and a linear search per name made reading one quadratic.
    std::map<std::string, std::size_t, std::less<>> blockIndex_;
    std::map<std::string, std::size_t, std::less<>> paramIndex_;
    std::vector<Wire> wires_;
    // "block.port" of each wire's input -> index into wires_ (at most one wire per input).
    std::map<std::string, std::size_t, std::less<>> wireIndex_;
};

// Checks a block or design-parameter name: letters, digits, '_' and '-',
// not starting with a digit. Returns "" or the reason.
std::string nameProblem(std::string_view name);

} // namespace cs
