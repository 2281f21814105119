#include "model/formula/FormulaBlock.h"
#include "model/formula/UnitCheck.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cs {

using formula::Dimension;
using formula::ExpressionTree;

namespace {

constexpr std::size_t kMaxPorts = 1000;

BlockSpec baseSpec()
{
    return BlockSpec{kFormulaType,
                     "Formula",
                     "Formula",
                     "A model written in the document: inputs with units, values and ranges, and outputs that are "
                     "expressions over them (log2, ln, sqrt, ceil, floor, min, max, abs, if, ^), checked for units "
                     "when the document is read. An output that is the sum of other outputs is their total, and "
                     "they are its phases.",
                     "the document (written by its user)",
                     {},
                     {},
                     {}};
}

// The outputs a tree reads (indices into the definition's outputs).
std::vector<std::size_t> outputsUsed(const ExpressionTree& t, std::size_t nIn)
{
    std::vector<std::size_t> used;
    for (const formula::Node& n : t.nodes)
        if (n.op == formula::Op::Var && static_cast<std::size_t>(n.var) >= nIn)
            used.push_back(static_cast<std::size_t>(n.var) - nIn);
    return used;
}

// Evaluation order: each output after those it uses, ties in written order.
// Throws naming a cycle ("a -> b -> a").
std::vector<std::size_t> evaluationOrder(const FormulaDefinition& def, const std::vector<ExpressionTree>& trees)
{
    const std::size_t n = def.outputs.size(), nIn = def.inputs.size();
    std::vector<std::vector<std::size_t>> uses(n);
    for (std::size_t k = 0; k < n; ++k)
        uses[k] = outputsUsed(trees[k], nIn);
    std::vector<char> done(n, 0);
    std::vector<std::size_t> order;
    while (order.size() < n) {
        bool progressed = false;
        for (std::size_t k = 0; k < n; ++k) {
            if (done[k])
                continue;
            bool ready = true;
            for (std::size_t u : uses[k])
                ready = ready && done[u];
            if (ready) {
                done[k] = 1;
                order.push_back(k);
                progressed = true;
                break; // restart: the written order decides among the ready ones
            }
        }
        if (progressed)
            continue;
        // Every output left waits for another one left: follow them to a repeat.
        std::size_t at = 0;
        while (done[at])
            ++at;
        std::vector<std::size_t> path;
        std::vector<char> onPath(n, 0);
        while (!onPath[at]) {
            onPath[at] = 1;
            path.push_back(at);
            for (std::size_t u : uses[at])
                if (!done[u]) {
                    at = u;
                    break;
                }
        }
        std::string cycle;
        bool in = false;
        for (std::size_t p : path) {
            in = in || p == at;
            if (in)
                cycle += def.outputs[p].name + " -> ";
        }
        cycle += def.outputs[at].name;
        throw FormulaError("outputs." + def.outputs[at].name + ".expr",
                           "outputs depend on each other in a cycle: " + cycle);
    }
    return order;
}

// The outputs whose sum `t` is, when it is a sum of two or more distinct
// outputs and nothing else; otherwise none.
std::vector<std::size_t> summands(const ExpressionTree& t, std::size_t nIn)
{
    std::vector<std::size_t> out;
    std::vector<int> todo{t.root()};
    while (!todo.empty()) {
        const formula::Node& n = t.nodes[static_cast<std::size_t>(todo.back())];
        todo.pop_back();
        if (n.op == formula::Op::Add) {
            todo.push_back(n.b);
            todo.push_back(n.a);
        } else if (n.op == formula::Op::Var && static_cast<std::size_t>(n.var) >= nIn) {
            const std::size_t k = static_cast<std::size_t>(n.var) - nIn;
            if (std::find(out.begin(), out.end(), k) != out.end())
                return {};
            out.push_back(k);
        } else {
            return {};
        }
    }
    return out.size() >= 2 ? out : std::vector<std::size_t>{};
}

void checkInput(const FormulaInput& in)
{
    const std::string at = "inputs." + in.name;
    if (!std::isfinite(in.value.value))
        throw FormulaError(at + ".value", "input " + in.name + " = " + formatNumber(in.value.value) +
                                              " is not a finite number");
    for (const auto& [bound, key] : {std::pair{in.min, "min"}, std::pair{in.max, "max"}})
        if (bound && !std::isfinite(*bound))
            throw FormulaError(at + "." + key, "input " + in.name + ": " + key + " = " + formatNumber(*bound) +
                                                   " is not a finite number");
    if (in.min && in.max && *in.min > *in.max)
        throw FormulaError(at + ".min", "input " + in.name + ": min " + formatNumber(*in.min) + " is above max " +
                                            formatNumber(*in.max));
    if (in.unit == Unit::Choice)
        throw FormulaError(at + ".unit", "input " + in.name + ": a formula input has no choices; use unit 1 or count");
    if (in.jobSize && in.unit != Unit::Ratio && in.unit != Unit::Count)
        throw FormulaError(at + ".job_size", "input " + in.name + ": job_size marks a count of the job's ranks, so "
                                             "its unit must be 1 or count, not " + std::string(unitSymbol(in.unit)));
}

} // namespace

FormulaBlock::FormulaBlock() : spec_(baseSpec()) {}

const FormulaBlock* asFormula(const Block* block)
{
    return block && block->spec().id == kFormulaType ? static_cast<const FormulaBlock*>(block) : nullptr;
}

std::shared_ptr<const FormulaBlock> FormulaBlock::build(FormulaDefinition def)
{
    if (def.inputs.size() > kMaxPorts || def.outputs.size() > kMaxPorts)
        throw FormulaError(def.inputs.size() > kMaxPorts ? "inputs" : "outputs",
                           "a formula block may have at most " + std::to_string(kMaxPorts) + " inputs and as many outputs");
    std::vector<std::string> names;
    for (const FormulaInput& in : def.inputs)
        names.push_back(in.name);
    for (const FormulaOutput& o : def.outputs)
        names.push_back(o.name);
    for (std::size_t i = 0; i < names.size(); ++i) {
        const bool isIn = i < def.inputs.size();
        const std::string at = (isIn ? "inputs." : "outputs.") + names[i].substr(0, 64);
        if (auto p = formula::symbolProblem(names[i]); !p.empty())
            throw FormulaError(at, p);
        for (std::size_t j = 0; j < i; ++j)
            if (names[j] == names[i])
                throw FormulaError(at, "'" + names[i] + "' is both an input and an output");
    }
    for (const FormulaInput& in : def.inputs)
        checkInput(in);

    const std::size_t nIn = def.inputs.size();
    std::vector<ExpressionTree> trees;
    for (const FormulaOutput& o : def.outputs) {
        if (o.unit == Unit::Choice)
            throw FormulaError("outputs." + o.name + ".unit", "output " + o.name + ": unit 'choice' is for inputs of "
                                                                  "built-in blocks");
        try {
            trees.push_back(formula::parseExpression(o.expr, names));
        } catch (const ModelError& e) {
            throw FormulaError("outputs." + o.name + ".expr", "output " + o.name + ": " + e.what());
        }
    }
    const std::vector<std::size_t> order = evaluationOrder(def, trees);

    // Units: each output against its declaration.
    std::vector<Dimension> dims;
    for (const FormulaInput& in : def.inputs)
        dims.push_back(Dimension::of(in.unit));
    for (const FormulaOutput& o : def.outputs)
        dims.push_back(Dimension::of(o.unit));
    for (std::size_t k = 0; k < def.outputs.size(); ++k) {
        const FormulaOutput& o = def.outputs[k];
        std::optional<Dimension> got;
        try {
            got = formula::checkUnits(trees[k], dims, names);
        } catch (const ModelError& e) {
            throw FormulaError("outputs." + o.name + ".expr", "output " + o.name + ": " + e.what());
        }
        if (got && !(*got == dims[nIn + k]))
            throw FormulaError("outputs." + o.name + ".unit",
                               "output " + o.name + " is declared in " + dims[nIn + k].text() + " (" +
                                   std::string(unitSymbol(o.unit)) + ") but '" +
                                   formula::termText(trees[k], trees[k].root(), names) + "' is in " + got->text());
    }

    // Phases: as declared, else inferred from an output that sums others.
    std::vector<std::string> phaseOf(def.outputs.size());
    for (std::size_t k = 0; k < def.outputs.size(); ++k) {
        const FormulaOutput& o = def.outputs[k];
        if (o.phaseOf.empty())
            continue;
        const auto it = std::find_if(def.outputs.begin(), def.outputs.end(),
                                     [&](const FormulaOutput& x) { return x.name == o.phaseOf; });
        if (it == def.outputs.end() || o.phaseOf == o.name)
            throw FormulaError("outputs." + o.name + ".phaseOf", "output " + o.name + ": phaseOf '" +
                                                                     o.phaseOf.substr(0, 64) +
                                                                     "' is not another output of the block");
        phaseOf[k] = o.phaseOf;
    }
    for (std::size_t k : order) // totals of totals: the inner sums are claimed first
        for (std::size_t part : summands(trees[k], nIn))
            if (phaseOf[part].empty() && def.outputs[part].phaseOf.empty())
                phaseOf[part] = def.outputs[k].name;

    // The program runs the outputs in evaluation order: renumber the outputs
    // the trees read.
    std::vector<std::int32_t> position(def.outputs.size());
    for (std::size_t p = 0; p < order.size(); ++p)
        position[order[p]] = static_cast<std::int32_t>(p);
    std::vector<ExpressionTree> ordered;
    for (std::size_t k : order) {
        ExpressionTree t = trees[k];
        for (formula::Node& n : t.nodes)
            if (n.op == formula::Op::Var && static_cast<std::size_t>(n.var) >= nIn)
                n.var = static_cast<std::int32_t>(nIn) + position[static_cast<std::size_t>(n.var) - nIn];
        ordered.push_back(std::move(t));
    }

    auto block = std::make_shared<FormulaBlock>();
    try {
        block->program_ = formula::FormulaProgram(static_cast<std::uint32_t>(nIn),
                                                  static_cast<std::uint32_t>(def.outputs.size()), ordered);
    } catch (const ModelError& e) {
        throw FormulaError("outputs", std::string("the block ") + e.what());
    }
    for (const FormulaInput& in : def.inputs) {
        ParamSpec p;
        p.symbol = in.name;
        p.unit = in.unit;
        p.displayUnit = in.displayUnit;
        p.defaultValue = in.value.value;
        p.min = in.min.value_or(-std::numeric_limits<double>::max());
        p.max = in.max.value_or(std::numeric_limits<double>::max());
        p.meaning = in.meaning;
        p.source = in.source;
        p.integer = in.unit == Unit::Count;
        p.jobSize = in.jobSize;
        p.topology = in.topology;
        block->spec_.inputs.push_back(std::move(p));
    }
    for (std::size_t k : order) {
        const FormulaOutput& o = def.outputs[k];
        block->spec_.outputs.push_back(
            output(o.name, o.unit, o.displayUnit, o.meaning.empty() ? o.expr : o.meaning, o.source, phaseOf[k]));
    }
    for (const FormulaInput& in : def.inputs) {
        const ParamSpec& p = block->spec_.inputs[static_cast<std::size_t>(block->spec_.inputIndex(in.name))];
        if (auto problem = p.rangeProblem(in.value.value); !problem.empty())
            throw FormulaError("inputs." + in.name + ".value", "input " + in.name + " " + problem);
    }
    block->def_ = std::move(def);
    return block;
}

} // namespace cs
