#include "app/cli/Args.h"
#include "app/cli/Cli.h"
#include "model/core/Design.h"
#include "model/core/ModelError.h"
#include "model/core/Plan.h"

#include <nlohmann/json.hpp>

#include <iomanip>
#include <ostream>

namespace cs::cli {

namespace {

int evalBlockIn(const std::string& id, const Args& args, std::ostream& out);

// `eval --block ID --set NAME=VALUE ...`: one block, evaluated once. The
// block lives in a one-block design as instance "b"; messages name its type.
int evalBlock(const std::string& id, const Args& args, std::ostream& out)
{
    try {
        return evalBlockIn(id, args, out);
    } catch (const ModelError& e) {
        std::string msg = e.what();
        const std::string instance = "block 'b' (" + id + ")";
        if (msg.rfind(instance, 0) == 0)
            msg = "block " + id + msg.substr(instance.size());
        throw ModelError(msg);
    }
}

int evalBlockIn(const std::string& id, const Args& args, std::ostream& out)
{
    Design design;
    design.addBlock("b", id);
    const BlockSpec& spec = design.block("b").spec();
    for (const std::string& assignment : args.values("--set")) {
        auto [name, text] = splitAssignment(assignment, "--set");
        const int idx = spec.inputIndex(name);
        if (idx < 0) {
            std::string known;
            for (const auto& p : spec.inputs)
                known += (known.empty() ? "" : ", ") + p.symbol;
            throw ModelError("block " + id + " has no input '" + name + "' (inputs: " + known + ")");
        }
        double v = 0.0;
        try {
            v = spec.inputs[idx].parse(text);
        } catch (const ModelError& e) {
            throw ModelError("block " + id + ": input " + name + ": " + e.what());
        }
        design.setValue({"b", name}, v);
    }
    const Plan plan = design.compile();
    std::vector<double> slots = plan.initialSlots();
    plan.runOrThrow(slots.data());
    const int inBase = plan.slotOf("b." + spec.inputs.front().symbol);
    const int outBase = plan.slotOf("b." + spec.outputs.front().symbol);

    if (args.flag("--json")) {
        nlohmann::json inputs = nlohmann::json::object();
        for (std::size_t i = 0; i < spec.inputs.size(); ++i)
            inputs[spec.inputs[i].symbol] = slots[inBase + i];
        nlohmann::json outputs = nlohmann::json::object();
        for (std::size_t o = 0; o < spec.outputs.size(); ++o)
            outputs[spec.outputs[o].symbol] = slots[outBase + o];
        out << nlohmann::json{{"block", id}, {"inputs", inputs}, {"outputs", outputs}}.dump(2) << "\n";
        return 0;
    }
    out << spec.id << ": " << spec.name << "\n  source: " << spec.source << "\ninputs:\n";
    for (std::size_t i = 0; i < spec.inputs.size(); ++i) {
        const ParamSpec& p = spec.inputs[i];
        const ParamValue pv = design.value({"b", p.symbol});
        std::string shown = p.choices.empty() ? formatQuantity(slots[inBase + i], p.displayUnit, p.unit)
                                              : p.choices[static_cast<std::size_t>(slots[inBase + i])];
        out << "  " << std::left << std::setw(14) << p.symbol << std::setw(20) << shown << " ("
            << provenanceName(pv.provenance.kind) << ")  " << p.meaning << "\n";
    }
    out << "outputs:\n";
    for (std::size_t o = 0; o < spec.outputs.size(); ++o) {
        const OutputSpec& s = spec.outputs[o];
        out << "  " << std::left << std::setw(14) << s.symbol << std::setw(20)
            << formatQuantity(slots[outBase + o], s.displayUnit, s.unit) << " " << s.meaning;
        if (!s.phaseOf.empty())
            out << "  [phase of " << s.phaseOf << "]";
        out << "\n";
    }
    return 0;
}

} // namespace

int evalCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream&)
{
    const Args args(words, {"--block", "--set"}, {"--json"});
    if (auto id = args.value("--block")) {
        if (!args.positional().empty())
            throw UsageError("eval --block takes no document");
        return evalBlock(*id, args, out);
    }
    throw UsageError("eval needs --block ID");
}

} // namespace cs::cli
