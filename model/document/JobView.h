#pragma once
// The job at one point of a sweep: the hosts its ranks are placed on and the
// figures the topology gives the models for them (DESIGN.md, "Job and
// placement"). The GUI highlights those hosts in the drawing and lists the
// figures in the metrics dock for the P under the sweep chart's cursor.
#include "model/core/ParamSpec.h"
#include "model/document/DesignDocument.h"

#include <string>
#include <vector>

namespace cs {

struct JobView {
    std::vector<std::string> hosts; // host ids, in rank order
    double P = 0;                   // the topology's job size at this point (0: every host)
    std::string placement, schedule; // the names of the choices ("packed", "shift")
    bool sampled = false;            // random placement: `hosts` is one of the orders its figures average
    struct Figure {
        OutputSpec spec; // the topology output's symbol, unit and meaning
        double value = 0; // SI
    };
    std::vector<Figure> figures; // placed, xchg_bw, a2a_bw, ... in a fixed order
    std::string error;           // "" or why the job's figures cannot be shown (no topology, a failed point);
                                 // `hosts` may still say where it runs
    bool hasTopology = false;    // false: the design has no network to place a job on
};

// The job when the design's `path` (a sweep axis: "P", "topology.k") takes
// `value`, at the document's base values (no variant); path "": the job as
// the document's values have it. Runs the design's plan once, so it may
// build a generated network: call it off the GUI thread. Never throws.
JobView jobView(const DesignDocument& doc, const std::string& path, double value);

} // namespace cs
