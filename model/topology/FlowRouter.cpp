#include "model/topology/FlowRouter.h"
#include "model/topology/CubeRouter.h"
#include "model/topology/DragonflyRouter.h"
#include "model/topology/FatTreeRouter.h"

namespace cs {

std::unique_ptr<FlowRouter> coordinateRouter(const Topology& t, const CoreGraph& g, int threads)
{
    if (auto c = CubeRouter::detect(t, g))
        return std::make_unique<CubeRouter>(std::move(*c));
    if (auto f = FatTreeRouter::detect(t, g))
        return std::make_unique<FatTreeRouter>(std::move(*f));
    if (auto d = DragonflyRouter::detect(t, g, threads))
        return d;
    return nullptr;
}

} // namespace cs
