#pragma once
#include "model/topology/generators/Generator.h"

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cs {

// Topology generators keyed by name, in a fixed order (for `list generators`
// and the GUI's generator dialog).
class GeneratorRegistry {
public:
    void add(std::unique_ptr<Generator> g); // throws ModelError on a duplicate name
    const Generator* find(std::string_view name) const; // nullptr if unknown
    // Throws ModelError: "unknown generator 'x' (known: star, bus, ...)".
    const Generator& get(std::string_view name) const;
    std::vector<const Generator*> all() const; // registration order
    std::string names() const;                 // "star, bus, hub, ..."

    static const GeneratorRegistry& builtin();

private:
    std::vector<std::unique_ptr<Generator>> gens_;
};

using NamedValues = std::vector<std::pair<std::string, double>>;

// Parameter array in spec order: defaults, overridden by `values` by name.
// Throws ModelError "generator fat-tree has no parameter 'kk' (parameters: k, ...)".
std::vector<double> generatorParams(const Generator& g, const NamedValues& values);

// Ranges, then the generator's own check(). "" when fine, otherwise e.g.
// "k = 300 is out of range [2, 128]" or "k = 5 must be even". Does not
// allocate when the answer is "".
std::string checkGeneratorParams(const Generator& g, const double* p);

// Checks, builds, records the generator and its parameters in the topology,
// and validates it. Throws ModelError "generator NAME: <problem>".
Topology generate(const Generator& g, const double* p);
Topology generate(std::string_view name, const NamedValues& values = {});

// Counts of a built topology, for the checks of TopologyBudget.h: its generator's when it
// names one and still has the generator's counts (they know the symmetry),
// else counted, with one BFS root per vertex hosts hang off or host that is
// not a leaf (what the plain computation searches) and no symmetry.
GeneratorCounts countsOf(const Topology& t);

} // namespace cs
