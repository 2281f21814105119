#pragma once
#include <vector>

namespace cs::app {

class LinkItem;
class VertexItem;

// Gives every link whose straight line would pass through another vertex
// (closer than half a host spacing to its centre, between the ends) a detour:
// a bridge beside the line, on the side away from the middle of the drawing,
// so a torus's wrap-around links run outside their row or column and a
// hypercube's higher dimensions do not hide behind the lower ones. Bridges
// on the same line and side whose spans overlap get different distances
// (lanes). Other links, and taps onto a segment (drawn to the bar beside
// the host), are straight. Networks of more than `maxLinks` links
// (drawn as an overview when they fit the view) are left straight.
void routeDetours(const std::vector<VertexItem*>& vertices, const std::vector<LinkItem*>& links,
                  std::size_t maxLinks = 6000);

} // namespace cs::app
