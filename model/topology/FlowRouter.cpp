#include "model/topology/FlowRouter.h"
#include "model/topology/CubeRouter.h"
#include "model/topology/FatTreeRouter.h"

namespace cs {

std::unique_ptr<FlowRouter> coordinateRouter(const Topology& t, const CoreGraph& g)
{
    if (auto c = CubeRouter::detect(t, g))
        return std::make_unique<CubeRouter>(std::move(*c));
    if (auto f = FatTreeRouter::detect(t, g))
        return std::make_unique<FatTreeRouter>(std::move(*f));
    return nullptr;
}

} // namespace cs
