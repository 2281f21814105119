#pragma once
// The properties of a topology's vertices and links that a user sets, with
// their ranges, meanings and sources: one table for the topology form of the
// inspector (app/gui/inspector/TopologyForm.cpp), which edits them, and the
// JSON reader (TopologyJson.cpp), which refuses a switch's ports or a link's
// channels out of range. The lower bounds every topology keeps (a rate > 0,
// a latency >= 0) are also Topology::validate's.
#include "model/core/ParamSpec.h"
#include "model/topology/Topology.h"

#include <string_view>
#include <vector>

namespace cs {

// The fields of a vertex of `kind`, in the order a form shows them. Each
// spec's symbol is the JSON key ("ports", "forward_cost"); values are SI, and
// a boolean is a choice of two (0 = false).
const std::vector<ParamSpec>& vertexFields(VertexKind kind);
// The fields of a link: "bandwidth", "latency", "channels", "duplex".
const std::vector<ParamSpec>& linkFields();
// One field by its key; throws ModelError naming it when the kind has none.
const ParamSpec& vertexField(VertexKind kind, std::string_view key);
const ParamSpec& linkField(std::string_view key);

// The value of field `key` of a vertex (a link), as the field's number.
double vertexFieldValue(const VertexProps& p, std::string_view key);
double linkFieldValue(const LinkProps& l, std::string_view key);

} // namespace cs
