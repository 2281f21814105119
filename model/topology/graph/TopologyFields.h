#pragma once
// The rules of a topology's vertices and links, with one owner: the kinds of
// vertex and their names, and the properties a user sets with their ranges,
// defaults, units, meanings and sources. Every place that reads or checks
// them takes them from here: the JSON reader (TopologyJson.cpp), the
// validator (Topology::problems), the inspector's topology form
// (app/gui/inspector/TopologyForm.cpp), the generators' and topology.metrics'
// link and port parameters, the editing layer's defaults and new ids
// (network/NetworkEdits.h), the drawing's summary (TopologySummary.cpp), and
// every message that counts vertices (vertexKindNoun).
#include "model/core/ParamSpec.h"
#include "model/topology/graph/TopologyTypes.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cs {

// A kind of vertex: its name in a topology's JSON, the plural a count of
// them is written with, and the prefix of the ids the editor gives new ones.
struct VertexKindTraits {
    VertexKind kind;
    std::string_view name;     // "host", "switch", "segment"
    std::string_view plural;   // "hosts", "switches", "segments"
    std::string_view idPrefix; // "h", "sw", "seg" (topoedit::idPrefix)
};
// Every kind, in VertexKind's order.
inline constexpr std::array<VertexKindTraits, 3> kVertexKinds = {{
    {VertexKind::Host, "host", "hosts", "h"},
    {VertexKind::Switch, "switch", "switches", "sw"},
    {VertexKind::Segment, "segment", "segments", "seg"},
}};
const VertexKindTraits& vertexKindTraits(VertexKind k);
std::string_view vertexKindName(VertexKind k); // "host", "switch", "segment"
// The noun a count of `count` vertices of kind k is written with: the kind's
// name for exactly 1, its plural otherwise ("1 host", "0 hosts", "3 switches").
// Every message that counts vertices (the budget, the network's stamp, the
// CLI's and the editor's summaries) takes its words here.
std::string_view vertexKindNoun(VertexKind k, double count);
// `count` and its noun: "2 hosts", "1 switch", "0 segments".
std::string countedVertices(std::size_t count, VertexKind k);
// The kind a name in a topology's JSON means: "host", "switch", "segment",
// and "hub" and "bus", which are segments (docs/format.md); nullopt for any
// other. The one place these names are read: the reader, the editing layer
// and the GUI's views of a drawing that does not load all ask it.
std::optional<VertexKind> vertexKindFromName(std::string_view name);

// The fields of a vertex of `kind`, in the order a form shows them. Each
// spec's symbol is the JSON key ("ports", "forward_cost"); values are SI, and
// a boolean is a choice of two (0 = false). Its range is what the reader and
// the validator refuse outside (fieldProblem).
const std::vector<ParamSpec>& vertexFields(VertexKind kind);
// The fields of a link: "bandwidth", "latency", "channels", "duplex", "burst".
const std::vector<ParamSpec>& linkFields();
// One field by its key; throws ModelError naming it when the kind has none.
const ParamSpec& vertexField(VertexKind kind, std::string_view key);
const ParamSpec& linkField(std::string_view key);

// The value of field `key` of a vertex (a link), as the field's number.
double vertexFieldValue(const VertexAttributes& p, std::string_view key);
double linkFieldValue(const LinkProps& l, std::string_view key);

// Why `v` is no value of field `f`, as the reader and the validator word it
// ("must be in [1, 1e+09], got 0"; a rate or a time below zero "must be > 0"
// or "must be >= 0, got -5"); empty when f accepts v.
std::string fieldProblem(const ParamSpec& f, double v);

// The most channels one link of a generator (or topology.metrics) may have,
// and the most trunk channels HyperX multiplies them by: the links a
// generator makes carry up to 64 x 64 = 4096 channels (HyperX trunks,
// leaf-spine up-links), inside the link field's [1, 1e6], and a generated
// switch's ports (hosts x channels, at most 2^21 x 64 = 1.3e8) inside the
// switch field's [1, 1e9] and an int. Seed 004 bonds two channels.
inline constexpr double kMaxGeneratorChannels = 64;

// The parameters a generator (and topology.metrics) takes for what the fields
// above describe, with the fields' units and ranges:
// a link's rate, `symbol` ("bw") with the link field "bandwidth"'s range;
ParamSpec linkRateParam(std::string symbol, std::string displayUnit, double def, std::string meaning,
                        std::string source);
// a count of channels, `symbol` ("channels", "trunk"), in [1, kMaxGeneratorChannels];
ParamSpec linkChannelsParam(std::string symbol, std::string meaning, std::string source);
// a switch's port count, with 0 for "as many as its links need" beside the
// switch field "ports"'s range.
ParamSpec switchPortsParam(std::string meaning, std::string source);
// The most cores a host may have (its field "cores" and the generators' parameter).
inline constexpr double kMaxHostCores = 65536;
// A host's cores, the generators' parameter `cores`: the host field "cores"
// (0 = not stated, a core a rank).
ParamSpec coresParam();

} // namespace cs
