#pragma once
// Everything the topology derives for the models and the `topo` command, in
// one call: the measures of metrics/ (hops, bisection, loads under each
// pattern), with the symmetry and the closed forms that a generated
// network's generator states (countsOf, GeneratorRegistry.h). Above the
// generators for that reason; the result types are metrics/TopologyMetrics.h.
#include "model/topology/graph/Topology.h"
#include "model/topology/metrics/TopologyMetrics.h"

namespace cs {

// Validates, then computes. Allocates freely (it is not on a sweep's hot
// path; the topology block caches its results). Throws ModelError for an
// invalid topology and MetricsCancelled when options.cancel is set.
TopologyMetrics computeMetrics(const Topology& t, const MetricsOptions& options = {});

} // namespace cs
