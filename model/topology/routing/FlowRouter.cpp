#include "model/topology/routing/FlowRouter.h"
#include "model/topology/routing/CubeEvenSplit.h"
#include "model/topology/routing/DragonflyEvenSplit.h"
#include "model/topology/routing/FatTreeEvenSplit.h"
#include "model/topology/routing/HyperXEvenSplit.h"

#include <cstdio>

namespace cs {

void noteSkipped(std::string& skipped, TrafficPattern p, double work)
{
    char buf[160];
    std::snprintf(buf, sizeof buf, "%s%s not computed: its loads take %.2g steps (box positions or arcs), more than %.2g",
                  skipped.empty() ? "" : "; ", std::string(patternName(p)).c_str(), work, kMaxPatternWork);
    skipped += buf;
}

std::unique_ptr<FlowRouter> coordinateRouter(const Topology& t, const CoreGraph& g, int threads)
{
    if (auto c = CubeEvenSplit::detect(t, g))
        return std::make_unique<CubeEvenSplit>(std::move(*c));
    if (auto f = FatTreeEvenSplit::detect(t, g))
        return std::make_unique<FatTreeEvenSplit>(std::move(*f));
    if (auto d = DragonflyEvenSplit::detect(t, g, threads))
        return d;
    if (auto x = HyperXEvenSplit::detect(t, g))
        return std::make_unique<HyperXEvenSplit>(std::move(*x));
    return nullptr;
}

} // namespace cs
