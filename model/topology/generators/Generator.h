#pragma once
// A topology generator: a named family of networks with numeric parameters,
// e.g. "fat-tree" with k, or "beowulf-mesh" with rows, cols and routing.
#include "model/core/ParamSpec.h"
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

// Counts known without building (for size limits). Doubles, so that an
// absurd parameter set cannot overflow. `roots` is the number of distinct
// BFS roots the hop histogram needs (attachment switches for single-homed
// hosts, every host in a direct network). The rest says what the metrics
// will do with the generator's record (see TopologyBudget, Symmetry.h and
// FlowRouter.h), so that the work estimate counts what actually runs.
struct GeneratorCounts {
    double hosts = 0;
    double switches = 0;
    double segments = 0;
    double links = 0;
    double roots = 0;
    // BFS roots left after the symmetry Symmetry.h finds for this generator
    // (one per orbit); < 0: no symmetry, every root is searched.
    double orbitRoots = -1;
    // Automorphisms Symmetry.h proposes, each checked in about one pass
    // over the graph.
    double symmetryChecks = 0;
    // A coordinate router (FlowRouter.h) loads the sparse patterns.
    bool coordinateRouted = false;
    // Full searches the coordinate router makes for its tables (the
    // dragonfly's: one per router of one group); 0 for closed forms.
    double routerSearches = 0;
    // The generator states the exact bisection (no cut search).
    bool exactBisection = false;
    // It states an upper bound, which stands alone above kSearchLimit
    // vertices and links and is compared with a cut search below it.
    bool bisectionBound = false;
    // Hosts on one link to a switch or segment: the metrics' searches run
    // over the core without them (CoreGraph.h), so a search costs the core's
    // vertices and arcs, not the whole network's.
    double leafHosts = 0;
    // Flows of the nearest-neighbour pattern that are listed one by one
    // (TrafficDemands.h; a switch's sibling leaves are counted, not
    // listed): a host's neighbours at the least distance. Where every host
    // is a neighbour of every other (a complete graph, hosts bonded on
    // shared networks) they are n (n - 1), the metrics' largest linear term.
    double neighbourFlows = 0;
    // What the coordinate router sweeps for the transpose, ring and
    // nearest-neighbour patterns, where the generator knows it, in box
    // positions of a torus (the budget's kBox each); < 0: about 16 a flow.
    // A hypercube's flow between hosts h bits apart sweeps 2^h dims
    // positions (FlowRouter::work): its transpose is far above 16 a flow.
    double patternWork[3] = {-1, -1, -1};
    // FlowRouter::work of those patterns, which decides whether a pattern is
    // left out (above kMaxPatternWork); < 0: the same as patternWork.
    double patternRouterWork[3] = {-1, -1, -1};
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
