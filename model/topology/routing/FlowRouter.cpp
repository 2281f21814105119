#include "model/topology/routing/FlowRouter.h"

#include <cstdio>

namespace cs {

void noteSkipped(std::string& skipped, TrafficPattern p, double work)
{
    char buf[160];
    std::snprintf(buf, sizeof buf, "%s%s not computed: its loads take %.2g steps (box positions or arcs), more than %.2g",
                  skipped.empty() ? "" : "; ", std::string(patternName(p)).c_str(), work, kMaxPatternWork);
    skipped += buf;
}

} // namespace cs
