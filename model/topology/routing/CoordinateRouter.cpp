#include "model/topology/routing/CoordinateRouter.h"
#include "model/topology/routing/CubeEvenSplit.h"
#include "model/topology/routing/DragonflyEvenSplit.h"
#include "model/topology/routing/FatTreeEvenSplit.h"
#include "model/topology/routing/HyperXEvenSplit.h"

namespace cs {

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
