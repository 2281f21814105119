#pragma once
#include "model/core/Block.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cs {

// Why a pass over the plan stopped.
struct EvalError {
    enum class Kind { None, ParamRange, InputRange, Inconsistent, NonFinite };
    Kind kind = Kind::None;
    int step = -1;   // index into Plan::steps(), -1 for a design parameter
    int port = -1;   // input or output index within the block, or design parameter index
    std::string message; // complete sentence naming block, parameter, value and range
};

// A design compiled to a flat program over one array of doubles ("slots").
// Slots hold, in order: the design parameters, then for each block in
// topological order its inputs followed by its outputs. A pass copies wired
// values into input slots, checks ranges, checks consistency, evaluates, and
// checks outputs are finite. A pass does no look-ups and no allocation
// unless it fails.
class Plan {
public:
    struct Step {
        const Block* block;
        std::string name;        // instance name, for messages
        std::uint32_t inBase;    // first input slot
        std::uint32_t outBase;   // first output slot
        std::uint32_t nIn;
        std::uint32_t nOut;
        std::uint32_t copyBegin; // range in copies() to perform before this step
        std::uint32_t copyEnd;
    };
    struct Copy {
        std::uint32_t from;
        std::uint32_t to;
    };
    struct Check { // a design parameter's own range
        std::uint32_t slot;
        ParamSpec spec; // owned: the plan outlives edits to the design
        std::string name;
        // Bound by this output slot (DesignParam::follows), checked after the
        // step that writes it; -1 when unbounded.
        std::int64_t boundSlot = -1;
        std::string boundName; // "topology.hosts"
        // The bound is the output times this input slot (the topology's
        // ranks_per_node: P is at most hosts x ranks a node); -1: the output alone.
        std::int64_t factorSlot = -1;
        std::string factorName; // "topology.ranks_per_node"
        // A following value is this input slot (the topology's job nodes,
        // kJobNodes) times the factor when it holds one or more: P follows
        // the job's nodes x ranks a node; -1 or 0 there: the bound's value.
        std::int64_t nodesSlot = -1;
    };

    Plan() = default;
    // Move-only: slot specs point into the plan's own storage.
    Plan(Plan&&) = default;
    Plan& operator=(Plan&&) = default;
    Plan(const Plan&) = delete;
    Plan& operator=(const Plan&) = delete;

    std::size_t slotCount() const { return initial_.size(); }
    // Slots as the design sets them: defaults, user values, design params.
    const std::vector<double>& initialSlots() const { return initial_; }

    // Slot of "block.port" (an input or output) or of a design parameter
    // name; -1 when there is none. For a sweep, resolve once, then write.
    int slotOf(std::string_view path) const;
    // The spec of whatever lives in that slot (input, output or design param).
    const ParamSpec* inputSpecAt(int slot) const;
    const OutputSpec* outputSpecAt(int slot) const;
    // True when the slot is an input fed by a wire (writing it has no effect).
    bool isWiredInput(int slot) const;
    // How many steps ran to the end before `e` stopped a pass (the values of
    // their outputs are in the slots): the failing step's index; for a design
    // parameter checked against the output that bounds it (P above
    // topology.hosts), every step through the one that writes the bound, so
    // that the bound can be read; -1 when no step ran.
    int stepsRun(const EvalError& e) const;
    // True when a design parameter in this slot follows an output (its
    // initial value is NaN, "take the output's value"; writing a number pins it).
    bool isFollowing(int slot) const;

    // One evaluation pass over `slots` (slotCount() doubles, usually a copy of
    // initialSlots() with swept values written in). Returns false and fills
    // `err` (when not null) at the first problem. With `only`, just those
    // steps run (ascending indices, e.g. from stepsFor()).
    bool run(double* slots, EvalError* err, const std::vector<std::uint32_t>* only = nullptr) const;

    // The steps needed to compute the given slots: the steps that own them
    // and, through wires, every step they depend on; ascending. Design
    // parameters need no step.
    std::vector<std::uint32_t> stepsFor(const std::vector<int>& slots) const;
    // The same, throwing ModelError with the message.
    void runOrThrow(double* slots) const;

    const std::vector<Step>& steps() const { return steps_; }
    // The design parameters' own checks (an EvalError of kind ParamRange names one by `port`).
    const std::vector<Check>& paramChecks() const { return paramChecks_; }
    const std::vector<Copy>& copies() const { return copies_; }

private:
    friend class Design;
    bool checkParam(std::size_t check, const double* slots, EvalError* err) const;
    bool fail(EvalError* err, EvalError::Kind kind, int step, int port, const double* slots,
              const std::string& detail) const;

    std::vector<double> initial_;
    std::vector<Step> steps_;
    std::vector<Copy> copies_;
    std::vector<Check> paramChecks_;
    // Design parameters bounded by an output are checked (and, when their
    // slot holds NaN, set) right after step boundStep_ runs.
    std::int64_t boundStep_ = -1;
    std::vector<std::uint8_t> wiredInput_; // per slot
    std::vector<std::pair<std::string, std::uint32_t>> names_; // path -> slot, sorted
    std::vector<const ParamSpec*> inputSpecs_;  // per slot, or nullptr
    // Each slot's valid range, packed so the per-pass check reads one small
    // array instead of the specs (unbounded for outputs); checked with
    // acceptsValue, the rule ParamSpec::accepts() applies.
    struct Range {
        double min;
        double max;
        bool integer;
    };
    std::vector<Range> ranges_; // per slot
    std::vector<const OutputSpec*> outputSpecs_; // per slot, or nullptr
};

} // namespace cs
