#include "app/cli/Args.h"
#include "app/cli/Cli.h"
#include "app/cli/SweepCommands.h"
#include "app/cli/TableOutput.h"
#include "model/calibration/LiveNetwork.h"
#include "model/sweep/Sweep.h"
#include "model/core/Design.h"
#include "model/core/ModelError.h"
#include "model/core/Printable.h"
#include "model/core/Plan.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <iomanip>
#include <map>
#include <ostream>
#include <set>

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

namespace {

// `eval DESIGN`: every variant at the document's values. It is a sweep of
// one point, so eval and sweep can never disagree.
int evalDocument(const Args& args, std::ostream& out, std::ostream& err)
{
    const DesignDocument doc = documentFromArgs(args, "eval");
    const SweepTable t = sweepWithProgress(doc, {}, err);
    // Calibrated inputs from a network the drawing no longer is (LiveNetwork.h).
    for (const std::string& n : calib::changedNetworkNotes(doc))
        err << "clusterscope-cli eval: note: " << printable(n) << "\n";
    if (args.flag("--json")) {
        nlohmann::json variants = nlohmann::json::array();
        for (std::size_t r = 0; r < t.rows(); ++r) {
            nlohmann::json row = rowToJson(t, r);
            row.erase("axes");
            nlohmann::json phases = nlohmann::json::object();
            for (std::size_t c = 4; c < t.columns.size(); ++c)
                if (!row[t.columns[c]].is_null())
                    phases[t.columns[c]] = row[t.columns[c]];
            for (std::size_t c = 4; c < t.columns.size(); ++c)
                row.erase(t.columns[c]);
            row["phases"] = phases;
            variants.push_back(row);
        }
        out << nlohmann::json{{"design", doc.name}, {"variants", variants}}.dump(2) << "\n";
        return t.errors.empty() ? 0 : 1;
    }
    // The document's own words pass through printable(): its name, source
    // and variant names are anyone's text.
    out << printable(doc.name) << "\n";
    if (!doc.source.empty())
        out << "  source: " << printable(doc.source) << "\n";
    // One display unit per kind of total for every variant, so that they
    // read side by side: the blocks' own, when they agree, else the one that
    // puts the smallest total at 1 or more (never 0.5 s beside 800 ms).
    std::map<Unit, std::string> unitOf;
    {
        std::map<Unit, std::set<std::string>> named;
        std::map<Unit, double> smallest;
        for (std::size_t r = 0; r < t.rows(); ++r) {
            if (t.error(r))
                continue;
            const SweepTable::Total& total = t.totals[r];
            named[total.unit].insert(total.displayUnit.empty() ? std::string(unitSymbol(total.unit)) : total.displayUnit);
            const double T = std::abs(t.at(r, 0));
            if (std::isfinite(T) && T > 0 && (!smallest.count(total.unit) || T < smallest[total.unit]))
                smallest[total.unit] = T;
        }
        for (const auto& [unit, names] : named)
            unitOf[unit] = names.size() == 1 || !smallest.count(unit)
                               ? *names.begin()
                               : std::string(autoDisplayUnit(smallest[unit], unit).name);
    }
    for (std::size_t r = 0; r < t.rows(); ++r) {
        out << "variant " << printable(t.variants[r]) << ":\n";
        if (const std::string* e = t.error(r)) {
            out << "  error: " << printable(*e) << "\n";
            continue;
        }
        const double T = t.at(r, 0);
        const SweepTable::Total& total = t.totals[r];
        const std::string unitName = unitOf[total.unit];
        out << "  " << std::left << std::setw(12) << total.symbol << formatQuantity(T, unitName, total.unit) << "\n";
        for (std::size_t c = 4; c < t.columns.size(); ++c) {
            const double v = t.at(r, c);
            if (std::isnan(v))
                continue;
            char pct[32];
            std::snprintf(pct, sizeof pct, "%5.1f%%", 100.0 * v / T);
            out << "    " << std::left << std::setw(12) << t.columns[c] << std::setw(16)
                << formatQuantity(v, unitName, total.unit) << pct << "\n";
        }
        if (!std::isnan(t.at(r, 1)))
            out << "  speedup     " << formatRatio(t.at(r, 1)) << "  (efficiency " << formatRatio(t.at(r, 2))
                << ", " << printable(t.speedupBasis) << ")\n";
        if (const std::string why = superlinearReason(t, r); !why.empty())
            out << "  efficiency above 1: " << printable(why) << "\n";
        if (t.at(r, 3) > 0)
            out << "  cost        " << formatNumber(t.at(r, 3)) << " USD\n";
    }
    for (const auto& [row, msg] : t.errors)
        err << "clusterscope-cli eval: error: variant " << printable(t.variants[row % t.variants.size()]) << ": "
            << printable(msg) << "\n";
    return t.errors.empty() ? 0 : 1;
}

} // namespace

int evalCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err)
{
    const Args args(words, {"--block", "--set", "--baseline"}, {"--json"});
    if (auto id = args.value("--block")) {
        if (!args.positional().empty())
            throw UsageError("eval --block takes no document");
        return evalBlock(*id, args, out);
    }
    if (args.positional().empty())
        throw UsageError("eval needs --block ID or a DESIGN");
    return evalDocument(args, out, err);
}

} // namespace cs::cli
