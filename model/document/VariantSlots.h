#pragma once
#include "model/core/Plan.h"
#include "model/document/DesignDocument.h"

#include <string>
#include <vector>

namespace cs {

// A variant resolved against a compiled plan: which slots to write, and
// which to read, so evaluating it is array work only.
struct VariantSlots {
    std::string name;
    std::vector<std::pair<int, double>> overrides; // slot -> value
    int total = -1;                                 // slot of the total time
    std::vector<int> phases;                        // leaf phases of the total, in spec order
    std::vector<std::string> phaseNames;            // output symbols of those phases
    std::vector<std::pair<int, double>> costs;      // slot (-1 = once) -> USD each
    int speedupSlot = -1;                           // slot of the speedup parameter, -1 if none
    // When the speedup parameter is the job's size: the slot whose value
    // reaches the topology's job nodes (kJobNodes), which the reference
    // point clears: the serial baseline is one rank, no job of nodes; -1 if none.
    int jobNodesSlot = -1;
    // The steps this variant needs (its total, phases, costs and any extra
    // outputs and what they depend on): a block that only another variant
    // uses cannot fail this one.
    std::vector<std::uint32_t> steps;

    // Writes the overrides into `slots` (a copy of plan.initialSlots()).
    void apply(double* slots) const
    {
        for (const auto& [s, v] : overrides)
            slots[s] = v;
    }
    // Writes the speedup reference (P = 1) into `values` (the slots): the speedup
    // parameter, and no job nodes (that a sweep of them would set apart).
    void atReference(double* values, double reference) const
    {
        values[speedupSlot] = reference;
        if (jobNodesSlot >= 0)
            values[jobNodesSlot] = 0.0;
    }
    // Total cost in USD at the evaluated slots.
    double cost(const double* slots) const
    {
        double c = 0.0;
        for (const auto& [s, usd] : costs)
            c += usd * (s < 0 ? 1.0 : slots[s]);
        return c;
    }
};

// Resolves every effective variant of `doc` against `plan`. Throws
// ModelError naming the variant and the path that does not resolve.
// `extraOutputs` are slots every variant must also compute.
std::vector<VariantSlots> resolveVariants(const DesignDocument& doc, const Plan& plan,
                                          const std::vector<int>& extraOutputs = {});

// Resolves a slot path for writing ("P", "fft.rows"); throws ModelError
// naming the path when it is unknown, an output, or a wired input.
int writableSlot(const Plan& plan, const std::string& path);

} // namespace cs
