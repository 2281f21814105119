#pragma once
#include <QString>

#include <vector>

namespace cs::app {

class LinkItem;
class VertexItem;

// One kind of link (same bandwidth, channels, duplex) and how many there are.
struct LinkClass {
    QString label; // "1 Gbit/s ×2"
    int count = 0;
    double width = 1;
    int channels = 1;
};

// Chooses which link labels to show and where along each link, so that no
// label covers another label or a vertex: links unlike most others are
// labelled from a moderate zoom, the common kind only when zoomed in (the
// legend names it). Greedy, O(links) with a grid of occupied boxes.
// Returns the link kinds, the most common first.
std::vector<LinkClass> placeLinkLabels(const std::vector<VertexItem*>& vertices, const std::vector<LinkItem*>& links);

} // namespace cs::app
