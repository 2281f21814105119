#include "model/topology/io/TopologyJson.h"
#include "model/core/JsonKeys.h"
#include "model/core/ModelError.h"
#include "model/core/ReadProgress.h"
#include "model/core/Unit.h"
#include "model/os/AvailableMemory.h"
#include "model/topology/generators/GeneratorRegistry.h"
#include "model/topology/graph/TopologyFields.h"
#include "model/topology/io/NetworkBuild.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <span>
#include <string_view>
#include <vector>

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

void onlyKeys(const json& obj, const std::string& path, std::span<const std::string_view> keys)
{
    forUnknownKeys(obj, keys, [&](const std::string& key, const std::string& takes) {
        // Quoted as JSON, so that a control character in the key is escaped.
        fail(path + "." + key, "unknown key " + json(key).dump(-1, ' ', false, json::error_handler_t::replace) +
                                   " (this object takes " + takes + ")");
    });
}
void onlyKeys(const json& obj, const std::string& path, std::initializer_list<std::string_view> keys)
{
    onlyKeys(obj, path, std::span<const std::string_view>(keys.begin(), keys.size()));
}

// The keys each object of the explicit form takes: its identity (`identity`),
// then the fields of the one table (TopologyFields.h) in its order. Views of
// the table's symbols, which outlive every call.
std::vector<std::string_view> keysOf(std::initializer_list<std::string_view> identity,
                                     const std::vector<ParamSpec>& fields)
{
    std::vector<std::string_view> keys(identity);
    for (const ParamSpec& f : fields)
        keys.emplace_back(f.symbol);
    return keys;
}
std::span<const std::string_view> vertexKeys(VertexKind k)
{
    static const std::array<std::vector<std::string_view>, kVertexKinds.size()> keys = [] {
        std::array<std::vector<std::string_view>, kVertexKinds.size()> out;
        for (const VertexKindTraits& t : kVertexKinds)
            out[static_cast<std::size_t>(t.kind)] = keysOf({"id", "kind"}, vertexFields(t.kind));
        return out;
    }();
    return keys[static_cast<std::size_t>(k)];
}
std::span<const std::string_view> linkKeys()
{
    static const std::vector<std::string_view> keys = keysOf({"id", "from", "to"}, linkFields());
    return keys;
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

// A number in SI units, or a string with a unit; `how` and `text` say which.
double quantity(const json& v, Unit unit, const std::string& p, Written& how, std::string& text)
{
    if (v.is_number()) {
        how = v.is_number_float() ? Written::Number : Written::Integer;
        text.clear();
        return v.get<double>();
    }
    if (v.is_string()) {
        try {
            const double x = parseQuantity(v.get<std::string>(), unit);
            how = Written::Text;
            text = v.get<std::string>();
            return x;
        } catch (const ModelError& e) {
            fail(p, e.what());
        }
    }
    fail(p, "must be a number or a string with a unit, got " + typeName(v));
}

long long integer(const json& v, const std::string& p, Written& how)
{
    if (!v.is_number())
        fail(p, "must be a whole number, got " + typeName(v));
    const double x = v.get<double>();
    if (std::floor(x) != x || std::fabs(x) > 1e15)
        fail(p, "must be a whole number, got " + formatNumber(x));
    how = v.is_number_float() ? Written::Number : Written::Integer;
    return static_cast<long long>(x);
}

bool boolean(const json& v, const std::string& p, Written& how)
{
    if (!v.is_boolean())
        fail(p, "must be true or false, got " + typeName(v));
    how = Written::Boolean;
    return v.get<bool>();
}

// The position of field `key` in vertexFields(kind), which indexes
// NetworkVertex::written; -1 for none.
int vertexFieldIndex(VertexKind kind, std::string_view key)
{
    const std::vector<ParamSpec>& fields = vertexFields(kind);
    for (std::size_t i = 0; i < fields.size(); ++i)
        if (fields[i].symbol == key)
            return static_cast<int>(i);
    return -1;
}

int linkFieldIndex(std::string_view key)
{
    const std::vector<ParamSpec>& fields = linkFields();
    for (std::size_t i = 0; i < fields.size(); ++i)
        if (fields[i].symbol == key)
            return static_cast<int>(i);
    return -1;
}

// The fields of a vertex as they are read (each present key of `v`).
void readVertexFields(NetworkVertex& x, const json& v, const std::string& p)
{
    for (const ParamSpec& f : vertexFields(x.attributes.kind))
        if (auto it = v.find(f.symbol); it != v.end())
            readVertexField(x, f.symbol, *it, p);
}

void readLinkFields(NetworkLink& x, const json& e, const std::string& p)
{
    for (const ParamSpec& f : linkFields())
        if (auto it = e.find(f.symbol); it != e.end())
            readLinkField(x, f.symbol, *it, p);
}

Network explicitForm(const json& j, const std::string& path)
{
    onlyKeys(j, path, {"vertices", "edges", "job"});
    auto vit = j.find("vertices");
    if (vit == j.end())
        fail(path + ".vertices", "missing (or give \"generator\")");
    if (!vit->is_array())
        fail(path + ".vertices", "must be an array, got " + typeName(*vit));
    const auto eit = j.find("edges");
    // Refused before anything is read, from the counts alone.
    const std::size_t linkCount = eit != j.end() && eit->is_array() ? eit->size() : 0;
    if (std::string p = drawnTopologyProblem(vit->size(), linkCount); !p.empty())
        fail(path, p);
    Network n = Network::drawing();
    n.reserve(vit->size(), linkCount);
    n.setEdgesWritten(eit != j.end());
    // A drawing of 10^5 items takes seconds to read: how far it is goes to the GUI's progress bar.
    const std::size_t items = vit->size() + linkCount;
    auto done = [items](std::size_t i) {
        if ((i & 4095) == 0)
            ReadProgress::report(ReadProgress::kParsedAt, ReadProgress::kTopologyBuiltAt, i, items);
    };
    std::vector<Network::Placed> vertices;
    vertices.reserve(vit->size());
    std::unordered_map<std::string, std::size_t> firstIndex;
    firstIndex.reserve(vit->size());
    for (std::size_t i = 0; i < vit->size(); ++i) {
        done(i);
        const std::string p = path + ".vertices[" + std::to_string(i) + "]";
        const json& v = object((*vit)[i], p);
        NetworkVertex x;
        x.id = stringAt(v, "id", p);
        if (x.id.empty())
            fail(p + ".id", "must not be empty");
        if (auto [f, fresh] = firstIndex.emplace(x.id, i); !fresh)
            fail(p + ".id", "'" + x.id + "' is already used by vertices[" + std::to_string(f->second) + "]");
        const std::string kind = stringAt(v, "kind", p);
        const std::optional<VertexKind> k = vertexKindFromName(kind);
        if (!k)
            fail(p + ".kind", "unknown kind '" + kind + "' (expected host, switch or segment)");
        x.attributes.kind = *k;
        x.kindAlias = kind == "hub" ? 1 : kind == "bus" ? 2 : 0;
        onlyKeys(v, p, vertexKeys(*k));
        if (*k == VertexKind::Segment && !v.contains("bandwidth"))
            fail(p + ".bandwidth", "missing (a segment's medium rate, e.g. \"10Mbit/s\")");
        readVertexFields(x, v, p);
        vertices.emplace_back(i, std::move(x));
    }
    firstIndex = {};
    n.insertVertices(std::move(vertices));
    if (eit == j.end())
        return n;
    if (!eit->is_array())
        fail(path + ".edges", "must be an array, got " + typeName(*eit));
    // Ids given first, so that a link without one gets the next free number.
    std::vector<char> given(eit->size(), 0);
    std::vector<NetworkLink> links(eit->size());
    std::unordered_map<std::uint32_t, std::size_t> seen;
    std::uint32_t next = 0;
    for (std::size_t i = 0; i < eit->size(); ++i) {
        const json& e = (*eit)[i];
        const auto id = e.is_object() ? e.find("id") : e.end();
        if (!e.is_object() || id == e.end())
            continue;
        const std::string p = path + ".edges[" + std::to_string(i) + "].id";
        Written how{};
        const long long v = integer(*id, p, how);
        if (v < 0 || v >= 0xffffffffLL)
            fail(p, "must be in [0, 4294967294], got " + std::to_string(v));
        if (auto [it, fresh] = seen.emplace(static_cast<std::uint32_t>(v), i); !fresh)
            fail(p, std::to_string(v) + " is already used by edges[" + std::to_string(it->second) + "]");
        links[i].id = LinkId{static_cast<std::uint32_t>(v)};
        given[i] = 1;
        next = std::max(next, static_cast<std::uint32_t>(v + 1));
    }
    std::vector<Network::PlacedLink> placed;
    placed.reserve(eit->size());
    for (std::size_t i = 0; i < eit->size(); ++i) {
        done(vit->size() + i);
        const std::string p = path + ".edges[" + std::to_string(i) + "]";
        const json& e = object((*eit)[i], p);
        onlyKeys(e, p, linkKeys());
        NetworkLink& x = links[i];
        const std::string from = stringAt(e, "from", p);
        const std::string to = stringAt(e, "to", p);
        const auto a = n.vertexIndex(from);
        if (!a)
            fail(p + ".from", "'" + from + "' refers to no vertex");
        const auto b = n.vertexIndex(to);
        if (!b)
            fail(p + ".to", "'" + to + "' refers to no vertex");
        if (!e.contains("bandwidth"))
            fail(p + ".bandwidth", "missing");
        x.from = static_cast<std::uint32_t>(*a);
        x.to = static_cast<std::uint32_t>(*b);
        readLinkFields(x, e, p);
        if (!given[i]) {
            if (next == 0xffffffffu)
                fail(p, "no link id is left to number it");
            x.id = LinkId{next++};
        }
        placed.emplace_back(i, std::move(x));
    }
    n.insertLinks(std::move(placed));
    return n;
}

// How a quantity or a count is written back: as it was read.
json writtenValue(Written how, double value, const std::string& text)
{
    switch (how) {
    case Written::Text: return text;
    case Written::Integer: return static_cast<long long>(value);
    case Written::Boolean: return value != 0.0;
    default: return value;
    }
}

bool defaultLinkIds(const Network& n)
{
    for (std::size_t i = 0; i < n.links().size(); ++i)
        if (n.links()[i].id.value != i)
            return false;
    return true;
}

} // namespace

void readVertexField(NetworkVertex& x, const std::string& key, const json& value, const std::string& path)
{
    const VertexKind kind = x.attributes.kind;
    const int field = vertexFieldIndex(kind, key);
    if (field < 0) {
        onlyKeys(json{{key, nullptr}}, path, vertexKeys(kind));
        fail(path + "." + key, "a " + std::string(vertexKindName(kind)) + "'s " + key + " is not a property");
    }
    const std::string p = path + "." + key;
    Written& how = x.written[static_cast<std::size_t>(field)];
    // Only the quantities, which come first, keep a text (a host's cores, its third field, is a count).
    std::string unused;
    std::string& text = static_cast<std::size_t>(field) < x.text.size() ? x.text[static_cast<std::size_t>(field)]
                                                                          : unused;
    VertexAttributes& a = x.attributes;
    if (key == "forwards") {
        a.forwards = boolean(value, p, how);
    } else if (key == "forward_cost") {
        a.forwardCost = quantity(value, Unit::Seconds, p, how, text);
    } else if (key == "latency") {
        a.latency = quantity(value, Unit::Seconds, p, how, text);
    } else if (key == "bandwidth") {
        a.bandwidth = quantity(value, Unit::BytesPerSecond, p, how, text);
    } else if (key == "ports") {
        const long long ports = integer(value, p, how);
        // Refused before the int is made; the validator words it the same (fieldProblem).
        if (std::string m = fieldProblem(vertexField(VertexKind::Switch, "ports"), static_cast<double>(ports));
            !m.empty())
            fail(p, m);
        a.ports = static_cast<int>(ports);
    } else if (key == "cores") {
        const long long cores = integer(value, p, how);
        // Refused before the int is made; the validator words it the same (fieldProblem).
        if (std::string m = fieldProblem(vertexField(VertexKind::Host, "cores"), static_cast<double>(cores));
            !m.empty())
            fail(p, m);
        a.cores = static_cast<int>(cores);
    }
}

void readLinkField(NetworkLink& x, const std::string& key, const json& value, const std::string& path)
{
    const int field = linkFieldIndex(key);
    if (field < 0) {
        onlyKeys(json{{key, nullptr}}, path, linkKeys());
        fail(path + "." + key, "a link's " + key + " is not a property");
    }
    const std::string p = path + "." + key;
    Written& how = x.written[static_cast<std::size_t>(field)];
    std::string unused;
    const int at = linkTextIndex(static_cast<std::size_t>(field));
    std::string& text = at >= 0 ? x.text[static_cast<std::size_t>(at)] : unused;
    if (key == "bandwidth") {
        x.props.bandwidth = quantity(value, Unit::BytesPerSecond, p, how, text);
    } else if (key == "latency") {
        x.props.latency = quantity(value, Unit::Seconds, p, how, text);
    } else if (key == "channels") {
        const long long ch = integer(value, p, how);
        if (std::string m = fieldProblem(linkField("channels"), static_cast<double>(ch)); !m.empty())
            fail(p, m);
        x.props.channels = static_cast<int>(ch);
    } else if (key == "duplex") {
        x.props.duplex = boolean(value, p, how);
    } else if (key == "burst") {
        x.props.burst = quantity(value, Unit::Bytes, p, how, text);
    }
}

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
    return {gen, pv, Network::Params(values.begin(), values.end())};
}

Network readNetwork(const json& j, const std::string& path)
{
    if (j.is_null())
        return Network();
    object(j, path);
    const bool gen = j.contains("generator");
    if (gen && (j.contains("vertices") || j.contains("edges")))
        fail(path, "give either \"generator\" or \"vertices\" and \"edges\", not both");
    Network n;
    if (gen) {
        GeneratorForm f = readGeneratorForm(j, path);
        n = Network::generated(f.generator->spec().name, std::move(f.given));
    } else {
        n = explicitForm(j, path);
    }
    if (auto job = j.find("job"); job != j.end())
        n.setJob(*job);
    return n;
}

json writeNetwork(const Network& n, NetworkJsonOptions options)
{
    json j;
    if (n.isNone())
        return j;
    if (n.isGenerated()) {
        json params = json::object();
        for (const auto& [k, v] : n.params())
            params[k] = v;
        j = {{"generator", n.generator()}, {"params", std::move(params)}};
    } else {
        json vertices = json::array();
        for (const NetworkVertex& v : n.vertices()) {
            json o{{"id", v.id}, {"kind", std::string(kindNameOf(v))}};
            const std::vector<ParamSpec>& fields = vertexFields(v.attributes.kind);
            for (std::size_t f = 0; f < fields.size() && f < v.written.size(); ++f)
                if (v.written[f] != Written::Absent)
                    o[fields[f].symbol] = writtenValue(v.written[f], vertexFieldValue(v.attributes, fields[f].symbol),
                                                       f < v.text.size() ? v.text[f] : std::string());
            vertices.push_back(std::move(o));
        }
        j = {{"vertices", std::move(vertices)}};
        if (n.edgesWritten() || !n.links().empty()) {
            const bool ids = options.linkIds && !defaultLinkIds(n);
            json edges = json::array();
            const std::vector<ParamSpec>& fields = linkFields();
            for (const NetworkLink& l : n.links()) {
                json o{{"from", n.vertices()[l.from].id}, {"to", n.vertices()[l.to].id}};
                if (ids)
                    o["id"] = l.id.value;
                for (std::size_t f = 0; f < fields.size(); ++f)
                    if (l.written[f] != Written::Absent)
                        o[fields[f].symbol] =
                            writtenValue(l.written[f], linkFieldValue(l.props, fields[f].symbol),
                                         linkTextIndex(f) >= 0 ? l.text[static_cast<std::size_t>(linkTextIndex(f))]
                                                               : std::string());
                edges.push_back(std::move(o));
            }
            j["edges"] = std::move(edges);
        }
    }
    if (options.job && !n.job().is_null())
        j["job"] = n.job();
    return j;
}

std::string linkKey(LinkId id)
{
    return "link:" + std::to_string(id.value);
}

std::optional<LinkId> linkFromKey(std::string_view key)
{
    constexpr std::string_view prefix = "link:";
    if (key.substr(0, prefix.size()) != prefix)
        return std::nullopt;
    std::uint32_t n = 0;
    const char* end = key.data() + key.size();
    const auto [ptr, ec] = std::from_chars(key.data() + prefix.size(), end, n);
    if (ec != std::errc() || ptr != end)
        return std::nullopt;
    return LinkId{n};
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
    return buildTopology(readNetwork(j, path), path, check);
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
    if (form == TopologyJsonForm::Auto && !t.generator.empty())
        return writeNetwork(Network::generated(t.generator, t.generatorParams), {.job = false});
    return writeNetwork(networkOf(t), {.job = false, .linkIds = false});
}

} // namespace cs
