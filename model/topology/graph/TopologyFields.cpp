#include "model/topology/graph/TopologyFields.h"
#include "model/core/ModelError.h"
#include "model/core/Unit.h"

#include <cmath>

namespace cs {

namespace {

const char* kTopoSource = "topology document (see docs: topology JSON)";
const char* kSegments = "004_07d1c859a4352179.txt (shared segments)";
// The ranges the generators' parameters and the drawing's fields share
// (issue 47: they were [0, 1e6] and [1, 1e9] for ports, [1, 64] and [1, 1e6]
// for channels, [1, 1e13] and [1, 1e15] B/s for rates).
// A switch takes up to 1e9 ports: a generated star of 2^21 hosts has a switch
// of 2,097,152 ports, which a drawing saved from it keeps (docs/format.md).
constexpr double kMaxPorts = 1e9;
// A link takes up to 1e6 bonded channels (docs/format.md); a generator's up to
// kMaxGeneratorChannels, which HyperX and leaf-spine multiply.
constexpr double kMaxChannels = 1e6;
// Rates from 1 B/s to 1e13 B/s (80 Tbit/s), the ceiling every block's network
// rate has (B_net, bw_mem); 1e15 in the drawing's form alone allowed rates no
// generator, block or link reaches.
constexpr double kMinRate = 1.0, kMaxRate = 1e13;
// A link's token bucket holds up to 1e12 bytes (a tbf's is tens of KiB to a few MiB).
constexpr double kMaxBurst = 1e12;

const ParamSpec* findField(const std::vector<ParamSpec>& fields, std::string_view key)
{
    for (const ParamSpec& f : fields)
        if (f.symbol == key)
            return &f;
    return nullptr;
}

} // namespace

const VertexKindTraits& vertexKindTraits(VertexKind k)
{
    return kVertexKinds[static_cast<std::size_t>(k)];
}

std::string_view vertexKindName(VertexKind k)
{
    return vertexKindTraits(k).name;
}

std::string_view vertexKindNoun(VertexKind k, double count)
{
    return count == 1 ? vertexKindTraits(k).name : vertexKindTraits(k).plural;
}

std::string countedVertices(std::size_t count, VertexKind k)
{
    return std::to_string(count) + " " + std::string(vertexKindNoun(k, static_cast<double>(count)));
}

std::optional<VertexKind> vertexKindFromName(std::string_view name)
{
    for (const VertexKindTraits& t : kVertexKinds)
        if (t.name == name)
            return t.kind;
    if (name == "hub" || name == "bus")
        return VertexKind::Segment;
    return std::nullopt;
}

namespace {

// A host's cores: the drawn host's field and every generator's parameter (coresParam) share it.
ParamSpec coresField()
{
    return countParam("cores", 0, 0, kMaxHostCores,
                      "cores the host's ranks compute on; ranks beyond them share them (the topology's output "
                      "job_cores); 0 = not stated: a core a rank",
                      "DESIGN.md, Job and placement (issue 45: nodes with many cores)");
}

} // namespace

ParamSpec coresParam()
{
    return coresField();
}

const std::vector<ParamSpec>& vertexFields(VertexKind kind)
{
    static const std::vector<ParamSpec> host = {
        choiceParam("forwards", {"no", "yes"}, 0, "forwards packets between its links (software routing)",
                    "004_07d1c859a4352179.txt §4 Fig. 5 (software-routed mesh)"),
        param("forward_cost", Unit::Seconds, "us", 0.0, 0.0, 1.0, "time to forward one packet in software",
              kTopoSource),
        coresField(),
    };
    static const std::vector<ParamSpec> sw = {
        countParam("ports", 8, 1, kMaxPorts, "ports; each link channel uses one", kTopoSource),
        param("latency", Unit::Seconds, "us", 0.0, 0.0, 1.0, "switch latency", kTopoSource),
    };
    static const std::vector<ParamSpec> segment = {
        // 100 Mbit/s, the hub of Beowulf's generations 2 to 4 (seed 004, Table 1; the first had 10 Mbit/s), which
        // the palette adds; the field's form showed 10 Mbit/s while the palette added 100.
        param("bandwidth", Unit::BytesPerSecond, "Mbit/s", 1.25e7, kMinRate, kMaxRate,
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
        param("bandwidth", Unit::BytesPerSecond, "Gbit/s", 1.25e8, kMinRate, kMaxRate,
              "rate of one channel, each way when duplex", kTopoSource),
        param("latency", Unit::Seconds, "us", 0.0, 0.0, 1.0, "propagation latency", kTopoSource),
        countParam("channels", 1, 1, kMaxChannels, "bonded channels (each uses a switch port)",
                   "004_07d1c859a4352179.txt (channel bonding)"),
        choiceParam("duplex", {"half", "full"}, 1, "full duplex: the rate is available each way", kTopoSource),
        // Last, so that the fields before it keep their positions (NetworkLink::written).
        param("burst", Unit::Bytes, "KiB", 0.0, 0.0, kMaxBurst,
              "token bucket: bytes the link passes above its rate after an idle spell (each way), refilled at the "
              "rate; 0 = none (a switched link)",
              "tc tbf's burst (scripts/netns-cluster.sh); README.md, Link buckets"),
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

double vertexFieldValue(const VertexAttributes& p, std::string_view key)
{
    if (key == "forwards")
        return p.forwards ? 1.0 : 0.0;
    if (key == "forward_cost")
        return p.forwardCost;
    if (key == "cores")
        return p.cores;
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
    if (key == "burst")
        return l.burst;
    throw ModelError("a link has no property '" + std::string(key) + "'");
}

std::string fieldProblem(const ParamSpec& f, double v)
{
    if (f.accepts(v))
        return {};
    // A rate or a time is first of all positive (or not negative), as the
    // validator has always worded it; then it is in range.
    if (!f.integer && f.min > 0 && !(v > 0))
        return "must be > 0, got " + formatNumber(v);
    if (!f.integer && f.min == 0 && !(v >= 0))
        return "must be >= 0, got " + formatNumber(v);
    const bool whole = f.integer && std::isfinite(v) && std::fabs(v) < 1e15 && std::floor(v) == v;
    return "must be in " + f.rangeText() + ", got " +
           (whole ? std::to_string(static_cast<long long>(v)) : formatNumber(v));
}

ParamSpec linkRateParam(std::string symbol, std::string displayUnit, double def, std::string meaning,
                        std::string source)
{
    const ParamSpec& f = linkField("bandwidth");
    return param(std::move(symbol), f.unit, std::move(displayUnit), def, f.min, f.max, std::move(meaning),
                 std::move(source));
}

ParamSpec linkChannelsParam(std::string symbol, std::string meaning, std::string source)
{
    const ParamSpec& f = linkField("channels");
    return countParam(std::move(symbol), f.defaultValue, f.min, kMaxGeneratorChannels, std::move(meaning),
                      std::move(source));
}

ParamSpec switchPortsParam(std::string meaning, std::string source)
{
    return countParam("ports", 0, 0, vertexField(VertexKind::Switch, "ports").max, std::move(meaning),
                      std::move(source));
}

} // namespace cs
