#pragma once
// A document can load and still fail when it is evaluated: a wired value
// out of its input's range (a topology's bw = 3 B/s feeding B_net), P above
// the topology's hosts, a block's consistency check (P exceeds rows). The
// reader evaluates each variant once at the document's values, as `eval`
// does, so that these are told when the file is opened, with the file and
// the JSON path of the value concerned, not only later, per variant, naming
// neither.
//
// They are warnings, not refusals: an unfinished design (a drawing with a
// host not yet linked) must still open, and every edit keeps a document
// loadable (DocumentValidator.h) without evaluating it on the GUI thread.
#include "model/document/DesignDocument.h"
#include "model/document/DocumentProblem.h"

#include <cstddef>

namespace cs {

// Estimated metrics seconds (TopologyBudget.h) above which the check does
// not evaluate a variant. A larger network's metrics are computed when the
// design is evaluated, where progress is shown.
inline constexpr double kMaxCheckMetricsSeconds = 1.0;

// The first `maxProblems` failures, each with the JSON path of the value
// that failed ("variants[3].overrides.topology.bw", "parameters[0].value",
// "blocks[1]", "sweep.speedup.baseline") and a message naming the variant.
// One per path. Empty when the design does not compile (the validator says
// why) or every variant evaluates.
DocumentProblems evaluationProblems(const DesignDocument& doc, std::size_t maxProblems = 20);

} // namespace cs
