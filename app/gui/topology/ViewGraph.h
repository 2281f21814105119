#pragma once
#include "app/plots/RateUnit.h"
#include "model/topology/graph/Topology.h"

#include <QString>

#include <string>
#include <utility>
#include <vector>

namespace cs::app {

// What the topology editor draws: vertices and links in the topology's own
// order (vertex index, edge index), read from the built network (a drawing in
// progress, e.g. a host not linked yet, is built too: DocumentModel::drawing()).
// Plain data, no Qt widgets.
struct ViewGraph {
    struct Vertex {
        std::string id;
        VertexKind kind = VertexKind::Host;
        bool forwards = false;  // host: forwards packets (software routing)
        int ports = 0;          // switch: port count (0 = as many as its links use)
        double bandwidth = 0.0; // segment: medium rate, B/s
    };
    struct Edge {
        int a = 0, b = 0;       // vertex indices
        double bandwidth = 0.0; // B/s per channel
        int channels = 1;
        bool duplex = true;
    };
    std::vector<Vertex> vertices;
    std::vector<Edge> edges;
    // The generator that made it ("" when drawn by hand) and its parameters
    // in spec order; the layout uses them for grid-shaped networks.
    std::string generator;
    std::vector<std::pair<std::string, double>> generatorParams;

    static ViewGraph fromTopology(const Topology& t);
    // One vertex or link of `t`, as fromTopology reads it.
    static Vertex vertexOf(const Topology& t, std::size_t v);
    static Edge edgeOf(const Topology& t, std::size_t e);

    double param(const std::string& name, double def) const;
    // The one unit every bandwidth of this network is written in (link
    // labels, segment rates): plots::rateUnitFor over the links' and
    // segments' rates, in the family the user prefers.
    plots::RateUnit rateUnit() const;
    // The same unit read from a topology without building its view (a worker
    // thread may call it: `family` is passed, not read from the settings).
    static plots::RateUnit rateUnitOf(const Topology& t, plots::RateFamily family);
};

// One rate on its own: "1 Gbit/s", "100 Mbit/s", "160 MB/s" (the unit
// plots::rateUnitFor picks for this value alone). A view that shows several
// rates formats them all in one plots::RateUnit instead.
QString formatBandwidth(double bytesPerSecond);
// "1 Gbit/s", or "1 Gbit/s ×2" for a bonded link, plus " half" when half
// duplex; in `unit`, or the value's own unit when null.
QString formatLink(double bytesPerSecond, int channels, bool duplex = true, const plots::RateUnit* unit = nullptr);

} // namespace cs::app
