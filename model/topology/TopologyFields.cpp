#include "model/topology/TopologyFields.h"
#include "model/core/ModelError.h"

namespace cs {

namespace {

const char* kTopoSource = "topology document (see docs: topology JSON)";
const char* kSegments = "004_07d1c859a4352179.txt (shared segments)";

const ParamSpec* findField(const std::vector<ParamSpec>& fields, std::string_view key)
{
    for (const ParamSpec& f : fields)
        if (f.symbol == key)
            return &f;
    return nullptr;
}

} // namespace

const std::vector<ParamSpec>& vertexFields(VertexKind kind)
{
    static const std::vector<ParamSpec> host = {
        choiceParam("forwards", {"no", "yes"}, 0, "forwards packets between its links (software routing)",
                    "004_07d1c859a4352179.txt §4 Fig. 5 (software-routed mesh)"),
        param("forward_cost", Unit::Seconds, "us", 0.0, 0.0, 1.0, "time to forward one packet in software",
              kTopoSource),
    };
    static const std::vector<ParamSpec> sw = {
        countParam("ports", 8, 1, 1e9, "ports; each link channel uses one", kTopoSource),
        param("latency", Unit::Seconds, "us", 0.0, 0.0, 1.0, "switch latency", kTopoSource),
    };
    static const std::vector<ParamSpec> segment = {
        // 100 Mbit/s, the hub of Beowulf's generations 2 to 4 (seed 004, Table 1; the first had 10 Mbit/s), which
        // the palette adds; the field's form showed 10 Mbit/s while the palette added 100.
        param("bandwidth", Unit::BytesPerSecond, "Mbit/s", 1.25e7, 1.0, 1e15,
              "the medium's rate, shared by every attached host", kSegments),
        param("latency", Unit::Seconds, "us", 0.0, 0.0, 1.0, "segment latency", kTopoSource),
    };
    switch (kind) {
    case VertexKind::Host: return host;
    case VertexKind::Switch: return sw;
    case VertexKind::Segment: return segment;
    }
    return host;
}

const std::vector<ParamSpec>& linkFields()
{
    static const std::vector<ParamSpec> fields = {
        param("bandwidth", Unit::BytesPerSecond, "Gbit/s", 1.25e8, 1.0, 1e15,
              "rate of one channel, each way when duplex", kTopoSource),
        param("latency", Unit::Seconds, "us", 0.0, 0.0, 1.0, "propagation latency", kTopoSource),
        countParam("channels", 1, 1, 1e6, "bonded channels (each uses a switch port)",
                   "004_07d1c859a4352179.txt (channel bonding)"),
        choiceParam("duplex", {"half", "full"}, 1, "full duplex: the rate is available each way", kTopoSource),
    };
    return fields;
}

const ParamSpec& vertexField(VertexKind kind, std::string_view key)
{
    if (const ParamSpec* f = findField(vertexFields(kind), key))
        return *f;
    throw ModelError("a " + std::string(vertexKindName(kind)) + " has no property '" + std::string(key) + "'");
}

const ParamSpec& linkField(std::string_view key)
{
    if (const ParamSpec* f = findField(linkFields(), key))
        return *f;
    throw ModelError("a link has no property '" + std::string(key) + "'");
}

double vertexFieldValue(const VertexProps& p, std::string_view key)
{
    if (key == "forwards")
        return p.forwards ? 1.0 : 0.0;
    if (key == "forward_cost")
        return p.forwardCost;
    if (key == "ports")
        return p.ports;
    if (key == "latency")
        return p.latency;
    if (key == "bandwidth")
        return p.bandwidth;
    throw ModelError("a vertex has no property '" + std::string(key) + "'");
}

double linkFieldValue(const LinkProps& l, std::string_view key)
{
    if (key == "bandwidth")
        return l.bandwidth;
    if (key == "latency")
        return l.latency;
    if (key == "channels")
        return l.channels;
    if (key == "duplex")
        return l.duplex ? 1.0 : 0.0;
    throw ModelError("a link has no property '" + std::string(key) + "'");
}

} // namespace cs
