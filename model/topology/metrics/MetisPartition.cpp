#include "model/topology/metrics/MetisPartition.h"
#include "model/core/ModelError.h"

#include <metis.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace cs {

std::vector<std::uint8_t> metisBisect(const WeightedGraph& g, int seed, double imbalance)
{
    idx_t n = static_cast<idx_t>(g.offset.empty() ? 0 : g.offset.size() - 1);
    std::vector<std::uint8_t> side(static_cast<std::size_t>(n), 0);
    if (n < 2)
        return side;
    std::vector<idx_t> xadj(g.offset.begin(), g.offset.end()), adjncy(g.adj.begin(), g.adj.end()),
        adjwgt(g.edgeWeight.begin(), g.edgeWeight.end()), vwgt(g.vertexWeight.begin(), g.vertexWeight.end());
    idx_t ncon = 1, nparts = 2, objval = 0;
    std::vector<idx_t> part(static_cast<std::size_t>(n), 0);
    idx_t options[METIS_NOPTIONS];
    METIS_SetDefaultOptions(options);
    options[METIS_OPTION_SEED] = seed;
    options[METIS_OPTION_NUMBERING] = 0;
    // ufactor is the allowed load imbalance in thousandths (1 = 0.1 %).
    options[METIS_OPTION_UFACTOR] = std::max<idx_t>(1, static_cast<idx_t>(std::lround(imbalance * 1000)));
    const int rc = METIS_PartGraphRecursive(&n, &ncon, xadj.data(), adjncy.data(), vwgt.data(), nullptr,
                                            adjwgt.data(), &nparts, nullptr, nullptr, options, &objval, part.data());
    if (rc != METIS_OK)
        throw ModelError("METIS could not partition the network (code " + std::to_string(rc) + ")");
    for (std::size_t v = 0; v < side.size(); ++v)
        side[v] = part[v] ? 1 : 0;
    return side;
}

} // namespace cs
