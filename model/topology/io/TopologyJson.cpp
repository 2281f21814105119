#include "model/topology/io/TopologyJson.h"
#include "model/core/JsonKeys.h"
#include "model/core/ReadProgress.h"
#include "model/topology/graph/PortsUsed.h"
#include "model/os/AvailableMemory.h"
#include "model/core/ModelError.h"
#include "model/core/Unit.h"
#include "model/topology/generators/GeneratorRegistry.h"
#include "model/topology/graph/TopologyFields.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <string_view>

namespace cs {

namespace {

using nlohmann::json;

[[noreturn]] void fail(const std::string& path, const std::string& message)
{
    throw ModelError(path + ": " + message);
}

std::string typeName(const json& j)
{
    return j.type_name();
}

void onlyKeys(const json& obj, const std::string& path, std::initializer_list<std::string_view> keys)
{
    forUnknownKeys(obj, keys, [&](const std::string& key, const std::string& takes) {
        // Quoted as JSON, so that a control character in the key is escaped.
        fail(path + "." + key, "unknown key " + json(key).dump(-1, ' ', false, json::error_handler_t::replace) +
                                   " (this object takes " + takes + ")");
    });
}

const json& object(const json& j, const std::string& path)
{
    if (!j.is_object())
        fail(path, "must be an object, got " + typeName(j));
    return j;
}

std::string stringAt(const json& obj, const char* key, const std::string& path)
{
    const std::string p = path + "." + key;
    auto it = obj.find(key);
    if (it == obj.end())
        fail(p, "missing");
    if (!it->is_string())
        fail(p, "must be a string, got " + typeName(*it));
    return it->get<std::string>();
}

// A number in SI units, or a string with a unit.
double quantity(const json& v, Unit unit, const std::string& p)
{
    if (v.is_number())
        return v.get<double>();
    if (v.is_string()) {
        try {
            return parseQuantity(v.get<std::string>(), unit);
        } catch (const ModelError& e) {
            fail(p, e.what());
        }
    }
    fail(p, "must be a number or a string with a unit, got " + typeName(v));
}

double quantityAt(const json& obj, const char* key, Unit unit, const std::string& path, double def)
{
    auto it = obj.find(key);
    return it == obj.end() ? def : quantity(*it, unit, path + "." + key);
}

long long integerAt(const json& obj, const char* key, const std::string& path, long long def)
{
    auto it = obj.find(key);
    if (it == obj.end())
        return def;
    const std::string p = path + "." + key;
    if (!it->is_number())
        fail(p, "must be a whole number, got " + typeName(*it));
    const double v = it->get<double>();
    if (std::floor(v) != v || std::fabs(v) > 1e15)
        fail(p, "must be a whole number, got " + formatNumber(v));
    return static_cast<long long>(v);
}

bool boolAt(const json& obj, const char* key, const std::string& path, bool def)
{
    auto it = obj.find(key);
    if (it == obj.end())
        return def;
    if (!it->is_boolean())
        fail(path + "." + key, "must be true or false, got " + typeName(*it));
    return it->get<bool>();
}

Topology fromGenerator(const json& j, const std::string& path)
{
    const GeneratorForm f = readGeneratorForm(j, path);
    return generate(*f.generator, f.params.data());
}

Topology explicitForm(const json& j, const std::string& path, TopologyCheck check)
{
    onlyKeys(j, path, {"vertices", "edges", "job"});
    auto vit = j.find("vertices");
    if (vit == j.end())
        fail(path + ".vertices", "missing (or give \"generator\")");
    if (!vit->is_array())
        fail(path + ".vertices", "must be an array, got " + typeName(*vit));
    {
        // Refused before anything is built, from the counts alone.
        const auto eit = j.find("edges");
        const std::size_t links = eit != j.end() && eit->is_array() ? eit->size() : 0;
        if (std::string p = drawnTopologyProblem(vit->size(), links); !p.empty())
            fail(path, p);
    }
    Topology t;
    std::vector<char> portsGiven;
    std::unordered_map<std::string, std::size_t> firstIndex;
    // A drawing of 10^5 items takes seconds to build: how far it is goes to the GUI's progress bar.
    const auto eitems = j.find("edges");
    const std::size_t items = vit->size() + (eitems != j.end() && eitems->is_array() ? eitems->size() : 0);
    auto built = [items](std::size_t done) {
        if ((done & 4095) == 0)
            ReadProgress::report(ReadProgress::kParsedAt, ReadProgress::kTopologyBuiltAt, done, items);
    };
    for (std::size_t i = 0; i < vit->size(); ++i) {
        built(i);
        const std::string p = path + ".vertices[" + std::to_string(i) + "]";
        const json& v = object((*vit)[i], p);
        const std::string id = stringAt(v, "id", p);
        if (id.empty())
            fail(p + ".id", "must not be empty");
        if (auto f = firstIndex.find(id); f != firstIndex.end())
            fail(p + ".id", "'" + id + "' is already used by vertices[" + std::to_string(f->second) + "]");
        firstIndex.emplace(id, i);
        const std::string kind = stringAt(v, "kind", p);
        const std::optional<VertexKind> k = vertexKindFromName(kind);
        if (!k)
            fail(p + ".kind", "unknown kind '" + kind + "' (expected host, switch or segment)");
        switch (*k) {
        case VertexKind::Host: {
            onlyKeys(v, p, {"id", "kind", "forwards", "forward_cost", "cores"});
            const long long cores = integerAt(v, "cores", p, 0);
            // Refused before the int is made; the validator words it the same (fieldProblem).
            if (std::string m = fieldProblem(vertexField(VertexKind::Host, "cores"), static_cast<double>(cores));
                !m.empty())
                fail(p + ".cores", m);
            t.addHost(id, boolAt(v, "forwards", p, false), quantityAt(v, "forward_cost", Unit::Seconds, p, 0.0),
                      static_cast<int>(cores));
            portsGiven.push_back(1);
            break;
        }
        case VertexKind::Switch: {
            onlyKeys(v, p, {"id", "kind", "ports", "latency"});
            const long long ports = integerAt(v, "ports", p, 0);
            // Refused before the int is made; the validator words it the same (fieldProblem).
            if (std::string m = fieldProblem(vertexField(VertexKind::Switch, "ports"), static_cast<double>(ports));
                v.contains("ports") && !m.empty())
                fail(p + ".ports", m);
            t.addSwitch(id, static_cast<int>(ports), quantityAt(v, "latency", Unit::Seconds, p, 0.0));
            portsGiven.push_back(v.contains("ports") ? 1 : 0);
            break;
        }
        case VertexKind::Segment:
            onlyKeys(v, p, {"id", "kind", "bandwidth", "latency"});
            if (!v.contains("bandwidth"))
                fail(p + ".bandwidth", "missing (a segment's medium rate, e.g. \"10Mbit/s\")");
            t.addSegment(id, quantityAt(v, "bandwidth", Unit::BytesPerSecond, p, 0.0),
                         quantityAt(v, "latency", Unit::Seconds, p, 0.0));
            portsGiven.push_back(1);
            break;
        }
    }
    if (auto eit = j.find("edges"); eit != j.end()) {
        if (!eit->is_array())
            fail(path + ".edges", "must be an array, got " + typeName(*eit));
        for (std::size_t i = 0; i < eit->size(); ++i) {
            built(vit->size() + i);
            const std::string p = path + ".edges[" + std::to_string(i) + "]";
            const json& e = object((*eit)[i], p);
            onlyKeys(e, p, {"from", "to", "bandwidth", "latency", "channels", "duplex"});
            const std::string from = stringAt(e, "from", p);
            const std::string to = stringAt(e, "to", p);
            const auto a = t.find(from);
            if (!a)
                fail(p + ".from", "'" + from + "' refers to no vertex");
            const auto b = t.find(to);
            if (!b)
                fail(p + ".to", "'" + to + "' refers to no vertex");
            if (!e.contains("bandwidth"))
                fail(p + ".bandwidth", "missing");
            LinkProps l;
            l.bandwidth = quantityAt(e, "bandwidth", Unit::BytesPerSecond, p, 0.0);
            l.latency = quantityAt(e, "latency", Unit::Seconds, p, 0.0);
            const long long ch = integerAt(e, "channels", p, 1);
            if (std::string m = fieldProblem(linkField("channels"), static_cast<double>(ch)); !m.empty())
                fail(p + ".channels", m);
            l.channels = static_cast<int>(ch);
            l.duplex = boolAt(e, "duplex", p, true);
            t.addLink(*a, *b, l);
        }
    }
    // Switches without a port count get exactly what their links use. The
    // graph is rebuilt only if needed (VertexProps are owned by the graph).
    const std::vector<long long> used = portsUsed(t);
    bool fixPorts = false;
    for (std::size_t v = 0; v < t.vertexCount(); ++v)
        fixPorts = fixPorts || !portsGiven[v];
    if (fixPorts) {
        Topology u;
        for (std::size_t v = 0; v < t.vertexCount(); ++v) {
            const VertexProps& p = t.vertex(v);
            switch (p.kind) {
            case VertexKind::Host: u.addHost(p.id, p.forwards, p.forwardCost, p.cores); break;
            case VertexKind::Switch:
                u.addSwitch(p.id, portsGiven[v] ? p.ports : static_cast<int>(std::max<long long>(used[v], 1)),
                            p.latency);
                break;
            case VertexKind::Segment: u.addSegment(p.id, p.bandwidth, p.latency); break;
            }
        }
        for (std::size_t e = 0; e < t.edgeCount(); ++e) {
            const auto [a, b] = t.endpoints(e);
            u.addLink(a, b, t.link(e));
        }
        t = std::move(u);
    }
    for (const TopologyProblem& pr : t.problems())
        if (check == TopologyCheck::Full || !pr.unfinished)
            throw ModelError(problemText(pr, path));
    return t;
}

} // namespace

std::optional<VertexKind> vertexKindOf(const json& vertex)
{
    if (!vertex.is_object())
        return std::nullopt;
    const auto kind = vertex.find("kind");
    if (kind == vertex.end() || !kind->is_string())
        return std::nullopt;
    return vertexKindFromName(kind->get_ref<const std::string&>());
}

std::string drawnTopologyProblem(std::size_t vertices, std::size_t links)
{
    const double items = static_cast<double>(vertices) + static_cast<double>(links);
    const double bytes = items * kDrawnItemBytes;
    const double available = static_cast<double>(availableMemory());
    const double memory = std::max(0.0, available * 0.8 - 256e6);
    const auto gb = [](double b) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.2g GB", b / 1e9);
        return std::string(buf);
    };
    const std::string counts = std::to_string(vertices) + " vertices and " + std::to_string(links) + " links";
    if (items > static_cast<double>(kMaxDrawnItems))
        return "a drawing of " + counts + " is larger than the " + std::to_string(kMaxDrawnItems) +
               " vertices and links a drawing may have (it would need about " + gb(bytes) +
               " to read and draw); a network this large is a generator's (\"generator\": \"star\", ...)";
    if (available > 0 && bytes > memory)
        return "a drawing of " + counts + " needs about " + gb(bytes) + " to read and draw, more than the " +
               gb(memory) + " of memory available here";
    return {};
}

GeneratorForm readGeneratorForm(const json& j, const std::string& path)
{
    onlyKeys(j, path, {"generator", "params", "job"});
    const std::string name = stringAt(j, "generator", path);
    const Generator* gen = GeneratorRegistry::builtin().find(name);
    if (!gen)
        fail(path + ".generator",
             "unknown generator '" + name + "' (known: " + GeneratorRegistry::builtin().names() + ")");
    const GeneratorSpec& spec = gen->spec();
    NamedValues values;
    if (auto it = j.find("params"); it != j.end()) {
        const json& params = object(*it, path + ".params");
        for (auto p = params.begin(); p != params.end(); ++p) {
            const std::string ppath = path + ".params." + p.key();
            const int idx = spec.paramIndex(p.key());
            if (idx < 0) {
                std::string known;
                for (const ParamSpec& ps : spec.params)
                    known += (known.empty() ? "" : ", ") + ps.symbol;
                fail(ppath, name + " has no parameter '" + p.key() + "' (parameters: " + known + ")");
            }
            const ParamSpec& ps = spec.params[static_cast<std::size_t>(idx)];
            double v = 0;
            if (p->is_string()) {
                try {
                    v = ps.parse(p->get<std::string>());
                } catch (const ModelError& e) {
                    fail(ppath, e.what());
                }
            } else if (p->is_number()) {
                v = p->get<double>();
            } else {
                fail(ppath, "must be a number or a string, got " + typeName(*p));
            }
            const std::string range = ps.rangeProblem(v);
            if (!range.empty())
                fail(ppath, range.substr(2)); // "300 is out of range [2, 160]"
            values.emplace_back(p.key(), v);
        }
    }
    std::vector<double> pv = generatorParams(*gen, values);
    const std::string problem = gen->check(pv.data());
    if (!problem.empty())
        fail(path + ".params", problem + " (" + name + ")");
    return {gen, pv};
}

std::string problemText(const TopologyProblem& pr, const std::string& path)
{
    std::string p = path;
    if (pr.where == TopologyProblem::Where::Vertex)
        p += ".vertices[" + std::to_string(pr.index) + "]";
    else if (pr.where == TopologyProblem::Where::Edge)
        p += ".edges[" + std::to_string(pr.index) + "]";
    if (!pr.field.empty())
        p += "." + pr.field;
    return p + ": " + pr.message;
}

Topology topologyFromJson(const json& j, const std::string& path, TopologyCheck check)
{
    object(j, path);
    const bool gen = j.contains("generator");
    if (gen && (j.contains("vertices") || j.contains("edges")))
        fail(path, "give either \"generator\" or \"vertices\" and \"edges\", not both");
    if (gen)
        return fromGenerator(j, path);
    return explicitForm(j, path, check);
}

Topology topologyFromDocument(const json& doc)
{
    object(doc, "document");
    if (auto it = doc.find("topology"); it != doc.end())
        return topologyFromJson(*it, "topology");
    if (doc.contains("generator") || doc.contains("vertices"))
        return topologyFromJson(doc, "topology");
    throw ModelError("document: no \"topology\" member (and the top level is not a topology object)");
}

json topologyToJson(const Topology& t, TopologyJsonForm form)
{
    if (form == TopologyJsonForm::Auto && !t.generator.empty()) {
        json params = json::object();
        for (const auto& [k, v] : t.generatorParams)
            params[k] = v;
        return {{"generator", t.generator}, {"params", params}};
    }
    json vertices = json::array();
    for (std::size_t v = 0; v < t.vertexCount(); ++v) {
        const VertexProps& p = t.vertex(v);
        json o{{"id", p.id}, {"kind", vertexKindName(p.kind)}};
        switch (p.kind) {
        case VertexKind::Host:
            o["forwards"] = p.forwards;
            o["forward_cost"] = p.forwardCost;
            if (p.cores > 0) // not stated: left out, as files before cores read
                o["cores"] = p.cores;
            break;
        case VertexKind::Switch:
            o["ports"] = p.ports;
            o["latency"] = p.latency;
            break;
        case VertexKind::Segment:
            o["bandwidth"] = p.bandwidth;
            o["latency"] = p.latency;
            break;
        }
        vertices.push_back(std::move(o));
    }
    json edges = json::array();
    for (std::size_t e = 0; e < t.edgeCount(); ++e) {
        const auto [a, b] = t.endpoints(e);
        const LinkProps& l = t.link(e);
        edges.push_back({{"from", t.vertex(a).id},
                         {"to", t.vertex(b).id},
                         {"bandwidth", l.bandwidth},
                         {"latency", l.latency},
                         {"channels", l.channels},
                         {"duplex", l.duplex}});
    }
    return {{"vertices", vertices}, {"edges", edges}};
}

} // namespace cs
