#pragma once
#include "app/gui/widgets/InspectorText.h"
#include "model/core/Design.h"
#include "model/core/ModelError.h"
#include "model/core/Plan.h"

#include <QString>

#include <climits>
#include <optional>
#include <string>
#include <vector>

namespace cs::app::inspector {

// The design evaluated once, as the CLI does: compile, then one pass.
struct Evaluation {
    std::optional<Plan> plan;
    std::vector<double> slotValues;
    int reached = INT_MAX; // steps before this one ran; INT_MAX when all did
    QString error;

    explicit Evaluation(const Design& d)
    {
        try {
            plan.emplace(d.compile());
        } catch (const ModelError& e) {
            error = q(e.what());
            reached = -1;
            return;
        }
        slotValues = plan->initialSlots();
        EvalError err;
        if (!plan->run(slotValues.data(), &err)) {
            error = q(err.message);
            // P above topology.hosts stops the pass after the topology ran: its outputs (the bound) are read.
            reached = plan->stepsRun(err);
        }
    }
    int stepOf(const std::string& block) const
    {
        if (!plan)
            return -1;
        for (std::size_t i = 0; i < plan->steps().size(); ++i)
            if (plan->steps()[i].name == block)
                return static_cast<int>(i);
        return -1;
    }
    // The slot's value when the pass got that far.
    std::optional<double> value(const std::string& path, bool output, int step) const
    {
        if (!plan || step < 0 || reached < 0 || step > reached || (output && step == reached))
            return std::nullopt;
        const int slot = plan->slotOf(path);
        if (slot < 0)
            return std::nullopt;
        return slotValues[static_cast<std::size_t>(slot)];
    }
};

} // namespace cs::app::inspector
