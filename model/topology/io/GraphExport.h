#pragma once
// A topology written as a plain graph for other tools (networkx, igraph,
// Gephi, d3): every host, switch and shared segment a node, every link an
// edge, with the numbers the metrics use.
//
// Node attributes: kind ("host", "switch", "segment"), forwards (a host that
// routes), forward_cost (s per packet), ports (switch), latency (s, switch
// or segment), bandwidth (B/s, segment: shared by everything on it).
// Edge attributes: bandwidth (B/s per channel), channels, capacity
// (bandwidth x channels, B/s per direction when duplex), latency (s), duplex.
// The graph's own attributes name the generator and its parameters, if any.
// Node ids are the topology's vertex ids; a link between the same two
// vertices twice is two edges (networkx then reads a MultiGraph).
#include "model/topology/graph/Topology.h"

#include <string>
#include <string_view>

namespace cs {

enum class GraphFormat {
    GraphML,  // GraphML 1.0 XML (networkx.read_graphml, igraph, Gephi)
    NodeLink, // JSON {"directed", "multigraph", "graph", "nodes", "links"}: networkx's
              // node_link_graph (edges="links" on networkx >= 3.4) and d3's node-link form
};

// The format a file name asks for by its extension: ".graphml" or ".json"
// (any case). Throws ModelError naming the file and the extensions known.
GraphFormat graphFormatOf(std::string_view fileName);

std::string topologyToGraphML(const Topology& t);
std::string topologyToNodeLinkJson(const Topology& t);
std::string exportGraph(const Topology& t, GraphFormat format);

} // namespace cs
