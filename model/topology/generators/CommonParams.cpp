#include "model/topology/generators/Generators.h"
#include "model/topology/graph/TopologyFields.h"

namespace cs {

ParamSpec switchLatencyParam()
{
    return param("switch_lat", Unit::Seconds, "us", 1e-6, 0.0, 1.0, "switch latency",
                 "assumed: 1 us store-and-forward latency (not used by hop metrics)");
}

ParamSpec forwardCostParam(double def, const std::string& source)
{
    return param("forward_cost", Unit::Seconds, "us", def, 0.0, 1.0, "time a host takes to forward a packet",
                 source);
}

ParamSpec portsParam(const std::string& source)
{
    return switchPortsParam("switch port count; 0 = as many as the links need", source);
}

void appendHostParams(std::vector<ParamSpec>& params)
{
    params.push_back(coresParam());
}

int appendLinkParams(std::vector<ParamSpec>& params, double defaultBw, const std::string& bwSource)
{
    const int at = static_cast<int>(params.size());
    for (ParamSpec& p : linkParams(defaultBw, bwSource))
        params.push_back(std::move(p));
    return at;
}

} // namespace cs
