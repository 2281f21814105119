#pragma once
#include "app/gui/topology/ViewGraph.h"

#include <QPointF>

#include <cstddef>
#include <vector>

namespace cs::app {

// Spacing of the automatic layout, in scene units (pixels at zoom 1).
inline constexpr double kHostSpacing = 64;  // between neighbouring hosts
inline constexpr double kLayerSpacing = 130; // between switch layers
// Between neighbours of a torus, mesh or hypercube: room between the rows
// (and columns) for the host labels and, beside them, the bridges of the
// wrap-around links (see LinkDetours.h).
inline constexpr double kGridSpacing = kHostSpacing * 1.6;
// A layered drawing wider than this many times its height is stretched
// upwards to about 2:1 (see autoLayout).
inline constexpr double kFlatAspect = 4;
// A star of one switch with up to this many hosts (and nothing else) is
// drawn radially; a larger one in layers, which keeps it compact.
inline constexpr std::size_t kRadialStarMaxHosts = 64;

// A position (item centre, scene units) for every vertex of g, in O(V + E):
// - grids for the grid-shaped generators (torus, mesh, hypercube, Beowulf
//   segment mesh: hosts on the grid, row segments to the left, column
//   segments above);
// - a single switch with only hosts on it (up to kRadialStarMaxHosts): the
//   switch in the centre, the hosts on a circle around it;
// - otherwise layers: hosts in a row of blocks under the switch or segment
//   they first link to, that switch layer above them, and every further
//   switch layer above the one it links down to (core at the top), each
//   vertex centred over its neighbours below; a drawing wider than
//   kFlatAspect times its height has its layers moved apart to about 2:1;
// - a circle (or a grid when large) for networks of hosts only.
std::vector<QPointF> autoLayout(const ViewGraph& g);

} // namespace cs::app
