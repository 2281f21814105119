#include "model/document/DocumentEvaluation.h"
#include "model/core/ModelError.h"
#include "model/core/Plan.h"
#include "model/core/Unit.h"
#include "model/core/StrictJson.h"
#include "model/document/VariantSlots.h"
#include "model/topology/budget/TopologyBudget.h"
#include "model/topology/TopologySource.h"

#include <algorithm>
#include <set>

namespace cs {

namespace {

class Evaluation {
public:
    Evaluation(const DesignDocument& doc, const Plan& plan, std::size_t maxProblems)
        : doc_(doc), plan_(plan), max_(maxProblems)
    {
        for (std::size_t s = 0; s < plan.steps().size(); ++s)
            if (plan.steps()[s].name == kTopologyBlock)
                topologyStep_ = static_cast<int>(s);
        if (topologyStep_ >= 0) {
            topology_ = dynamic_cast<const TopologySource*>(plan.steps()[topologyStep_].block);
        }
    }

    DocumentProblems run()
    {
        const std::vector<Variant> declared = doc_.effectiveVariants();
        std::vector<VariantSlots> variants;
        try {
            variants = resolveVariants(doc_, plan_);
        } catch (const ModelError&) {
            return {}; // a reference that does not resolve: the validator reports it
        }
        const int against = indexOf(variants, doc_.sweep.speedupAgainst);
        std::vector<double> slots(plan_.slotCount());
        EvalError err;
        for (std::size_t v = 0; v < variants.size() && out_.size() < max_; ++v) {
            const VariantSlots& vs = variants[v];
            std::copy(plan_.initialSlots().begin(), plan_.initialSlots().end(), slots.begin());
            vs.apply(slots.data());
            if (tooCostly(slots))
                continue;
            if (!plan_.run(slots.data(), &err, &vs.steps)) {
                report(v, declared[v], err);
                continue;
            }
            // The speedup reference point, which every speedup divides by.
            if (vs.speedupSlot < 0 || (against >= 0 && static_cast<int>(v) != against))
                continue;
            std::copy(plan_.initialSlots().begin(), plan_.initialSlots().end(), slots.begin());
            vs.apply(slots.data());
            vs.atReference(slots.data(), doc_.sweep.speedupBaseline);
            if (!tooCostly(slots) && !plan_.run(slots.data(), &err, &vs.steps))
                add("sweep.speedup.baseline", who(declared[v]) + " cannot be evaluated at the speedup reference " +
                                                  doc_.sweep.speedupParam + " = " +
                                                  formatNumber(doc_.sweep.speedupBaseline) + ": " + err.message);
        }
        return std::move(out_);
    }

private:
    static int indexOf(const std::vector<VariantSlots>& variants, const std::string& name)
    {
        if (name.empty())
            return -1;
        for (std::size_t v = 0; v < variants.size(); ++v)
            if (variants[v].name == name)
                return static_cast<int>(v);
        return -1;
    }

    std::string who(const Variant& v) const
    {
        return doc_.variants.empty() ? "the design" : "variant '" + clipText(v.name, 40) + "'";
    }

    // True when the network this evaluation builds would take its metrics
    // longer than the check may take (TopologyBudget.h).
    bool tooCostly(const std::vector<double>& initial) const
    {
        if (!topology_)
            return false;
        const Plan::Step& step = plan_.steps()[topologyStep_];
        std::vector<double> in(initial.begin() + step.inBase, initial.begin() + step.inBase + step.nIn);
        for (std::uint32_t c = step.copyBegin; c < step.copyEnd; ++c) { // wired from design parameters
            const Plan::Copy& copy = plan_.copies()[c];
            if (copy.to >= step.inBase && copy.to < step.inBase + step.nIn)
                in[copy.to - step.inBase] = initial[copy.from];
        }
        if ((!topology_->generator() && !topology_->drawn()) || !topology_->check(in.data()).empty())
            return false; // refused before any metrics: cheap, and worth telling
        return topology_->estimatedSeconds(in.data()) > kMaxCheckMetricsSeconds;
    }

    // The JSON path of the value `err` concerns: the variant's override of
    // it, else where the document sets it.
    void report(std::size_t v, const Variant& variant, const EvalError& err)
    {
        std::string slot;     // "P", "net.B_net": what an override would name
        std::string basePath; // where the document itself sets it
        std::vector<std::string> inputs; // a block's, when its check failed
        if (err.step < 0) {
            slot = plan_.paramChecks()[err.port].name;
            const auto& params = doc_.design.designParams();
            for (std::size_t k = 0; k < params.size(); ++k)
                if (params[k].spec.symbol == slot)
                    basePath = "parameters[" + std::to_string(k) + "].value";
        } else {
            const Plan::Step& step = plan_.steps()[err.step];
            const std::string block = blockPath(step.name);
            if (err.kind == EvalError::Kind::InputRange) {
                const std::string& symbol = step.block->spec().inputs[err.port].symbol;
                slot = step.name + "." + symbol;
                basePath = wirePath(Endpoint{step.name, symbol});
                if (basePath.empty())
                    basePath = block + (step.name == kTopologyBlock ? ".params." : ".values.") + symbol;
            } else {
                basePath = block; // its consistency check, or an output that is not finite
                for (const ParamSpec& in : step.block->spec().inputs)
                    inputs.push_back(step.name + "." + in.symbol);
            }
        }
        std::string path = basePath.empty() ? "(document)" : basePath;
        if (!slot.empty())
            inputs = {slot};
        if (const std::string over = overridePath(v, inputs); !over.empty())
            path = over;
        add(path, who(variant) + " cannot be evaluated at the document's values: " + err.message);
    }

    // The variant's override that set one of `slots` or, when it is wired,
    // the one override upstream of it (through the wires and the blocks
    // that compute them: "topology.bw" for net.B_net wired from
    // topology.link_bw); "variants[i].overrides" when several are; "" when
    // none is.
    std::string overridePath(std::size_t v, const std::vector<std::string>& slots) const
    {
        if (slots.empty() || v >= doc_.variants.size())
            return {};
        std::set<std::string> upstream(slots.begin(), slots.end()); // slots ("P", "net.B_net"), blocks ("net.")
        std::vector<std::string> todo(slots.begin(), slots.end());
        while (!todo.empty()) {
            const std::string at = todo.back();
            todo.pop_back();
            const auto dot = at.rfind('.');
            if (dot == std::string::npos)
                continue; // a design parameter: set, never computed
            const Wire* w = doc_.design.wireInto(Endpoint{at.substr(0, dot), at.substr(dot + 1)});
            if (!w)
                continue;
            if (w->from.isDesignParam()) {
                if (upstream.insert(w->from.port).second)
                    todo.push_back(w->from.port);
            } else if (upstream.insert(w->from.block + ".").second) {
                if (const BlockInstance* b = doc_.design.findBlock(w->from.block))
                    for (const ParamSpec& in : b->spec().inputs)
                        if (upstream.insert(b->name + "." + in.symbol).second)
                            todo.push_back(b->name + "." + in.symbol);
            }
        }
        std::string found;
        int count = 0;
        for (const auto& [over, value] : doc_.variants[v].overrides)
            if (upstream.count(over)) {
                found = over;
                ++count;
            }
        const std::string base = "variants[" + std::to_string(v) + "].overrides";
        return count == 0 ? std::string() : count == 1 ? base + "." + clipText(found, 40) : base;
    }

    std::string blockPath(const std::string& name) const
    {
        if (name == kTopologyBlock)
            return "topology";
        std::size_t fileIndex = 0;
        for (const BlockInstance& b : doc_.design.blocks()) {
            if (b.name == kTopologyBlock)
                continue;
            if (b.name == name)
                return "blocks[" + std::to_string(fileIndex) + "]";
            ++fileIndex;
        }
        return "blocks";
    }

    std::string wirePath(const Endpoint& to) const
    {
        const auto& wires = doc_.design.wires();
        for (std::size_t k = 0; k < wires.size(); ++k)
            if (wires[k].to == to)
                return "wires[" + std::to_string(k) + "]";
        return {};
    }

    void add(const std::string& path, const std::string& message)
    {
        // Every variant that fails on one base value says the same: once is enough.
        if (out_.size() < max_ && reported_.insert(path).second)
            out_.push_back({ProblemKind::BadValue, path, "", "", clipText(message, 300)});
    }

    const DesignDocument& doc_;
    const Plan& plan_;
    std::size_t max_;
    int topologyStep_ = -1;
    const TopologySource* topology_ = nullptr;
    std::set<std::string> reported_;
    DocumentProblems out_;
};

} // namespace

DocumentProblems evaluationProblems(const DesignDocument& doc, std::size_t maxProblems)
{
    try {
        const Plan plan = doc.design.compile();
        return Evaluation(doc, plan, maxProblems).run();
    } catch (const ModelError&) {
        return {}; // the design does not compile: the validator says why
    }
}

} // namespace cs
