#pragma once
// What a generator's network holds and what its metrics will cost, counted
// from its parameters without building it (Generator::counts). Here, below
// the generators, because the budget (TopologyBudget.h) prices these counts
// and the generators' generate() asks the budget before it builds.

namespace cs {

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

} // namespace cs
