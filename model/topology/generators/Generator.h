#pragma once
// A topology generator: a named family of networks with numeric parameters,
// e.g. "fat-tree" with k, or "beowulf-mesh" with rows, cols and routing.
#include "model/core/ParamSpec.h"
#include "model/topology/budget/GeneratorCounts.h"
#include "model/topology/graph/Topology.h"
#include "model/topology/metrics/TopologyMetrics.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cs {

struct GeneratorSpec {
    std::string name;        // registry key, e.g. "fat-tree"
    std::string title;       // human name, e.g. "k-ary three-level fat-tree"
    std::string description; // a few sentences: what is built, how it is wired
    std::string source;      // seed file and section, or "standard"
    std::vector<ParamSpec> params; // the order of the `p` arrays below

    int paramIndex(std::string_view symbol) const; // -1 if none
};

// Generators are stateless and thread-safe.
class Generator {
public:
    virtual ~Generator() = default;
    virtual const GeneratorSpec& spec() const = 0;
    // `p` holds one value per spec().params, each already inside its range.
    // Returns "" when the combination can be built, otherwise a sentence
    // naming the parameters and values at fault ("k = 5 must be even").
    // Must not allocate when returning "".
    virtual std::string check(const double* p) const;
    // Counts of what build() makes; valid after check() returned "".
    virtual GeneratorCounts counts(const double* p) const = 0;
    // Adds the network to an empty topology; call only after check().
    virtual void build(const double* p, Topology& t) const = 0;
    // computeMetrics(t, options) of the network build() would make, without
    // making it, where the generator has a way (a network whose symmetry
    // makes every host alike: CubeMetrics.h); nullopt: build it and compute.
    // Valid after check() returned ""; the network's facts are not part of
    // it (a generator with a way states none).
    virtual std::optional<TopologyMetrics> metrics(const double* /*p*/, const MetricsOptions& /*options*/) const
    {
        return std::nullopt;
    }
};

// The largest network any generator builds (hosts).
inline constexpr double kMaxGeneratedHosts = 2097152; // 2^21

// Link parameters every generator shares: bw, lat, channels.
std::vector<ParamSpec> linkParams(double defaultBw, const std::string& bwSource);
// Reads them back from `p` at the given index of "bw" (bw, lat, channels follow in order).
LinkProps linkFrom(const double* p, int bwIndex);

} // namespace cs
