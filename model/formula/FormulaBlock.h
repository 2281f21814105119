#pragma once
// "formula": a block the user writes in the document (docs/format.md,
// "Formula blocks"). Its inputs have units, values, ranges and provenance and
// are wired, swept and calibrated like any block's; its outputs are
// expressions over the inputs and the other outputs, checked for units when
// the block is built. An output that is the sum of other outputs is their
// total: they are its phases in the breakdown charts.
#include "model/core/Block.h"
#include "model/core/Provenance.h"
#include "model/formula/FormulaProgram.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cs {

inline constexpr const char* kFormulaType = "formula";

struct FormulaInput {
    std::string name;
    Unit unit = Unit::Ratio;
    ParamValue value;               // the block's default, and its value as loaded
    std::optional<double> min, max; // unbounded when absent
    std::string meaning, source, displayUnit;
    bool fit = false; // to be fitted to measured runs (clusterscope-cli fit)
    // Counts the job's ranks ("job_size": true): it follows the design's P
    // like the built-in blocks' P (ParamSpec::jobSize); a count (unit 1).
    bool jobSize = false;
    // The output of the design's topology that supplies it ("topology": "job_cores"), as a built-in
    // block's input may be (ParamSpec::topology): wired from it when the block enters a design; "" none.
    std::string topology;
};

struct FormulaOutput {
    std::string name;
    Unit unit = Unit::Seconds;
    std::string expr;
    std::string meaning, source, displayUnit;
    std::string phaseOf; // as the document says; "" lets the block infer it
};

// A formula block as written: the reader builds it, the writer writes it back.
struct FormulaDefinition {
    std::vector<FormulaInput> inputs;
    std::vector<FormulaOutput> outputs;
};

// A refused definition: `where` is the member at fault relative to the block
// ("outputs.T.expr", "inputs.P.unit", "outputs"), the message says why.
class FormulaError : public ModelError {
public:
    FormulaError(std::string at, const std::string& what) : ModelError(what), where(std::move(at)) {}
    std::string where;
};

class FormulaBlock final : public Block {
public:
    // The empty formula: what the palette adds and `list blocks` shows.
    FormulaBlock();
    // Parses, orders and checks the definition. Throws FormulaError: a bad
    // name, an expression refused by the parser or its limits, an unknown
    // name, a cycle between outputs, units that do not agree, an output whose
    // unit is not the declared one, a default outside its range.
    static std::shared_ptr<const FormulaBlock> build(FormulaDefinition def);

    const BlockSpec& spec() const override { return spec_; }
    void evaluate(const double* in, double* out) const override { program_.run(in, out); }

    // As built: inputs and outputs in the definition's order.
    const FormulaDefinition& definition() const { return def_; }

private:
    FormulaDefinition def_;
    BlockSpec spec_; // outputs in evaluation order (each after the outputs it uses)
    formula::FormulaProgram program_;
};

// The formula block behind a block instance's type, or null.
const FormulaBlock* asFormula(const Block* block);

} // namespace cs
