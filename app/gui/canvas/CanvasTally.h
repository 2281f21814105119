#pragma once
#include <QString>

#include <set>

namespace cs::app::canvas {

// What the block canvas did to its items since the tally was last reset,
// for the tests that count the items an edit touches (issue 47): a move
// redraws the moved node and its wires only, a wire drawn adds one item.
// Items by name: nodes by block or design-parameter name, wires by their
// ends, "from>to" ("P>fft.P", "fft.T>s.T"). Kept by the scene, so that the
// items themselves record what they redraw, whoever asked them to.
struct CanvasTally {
    std::set<QString> nodesCreated, nodesRemoved;
    std::set<QString> nodesMoved;   // the item's position changed
    std::set<QString> nodesUpdated; // a port's text, tooltip or wired state set
    std::set<QString> wiresCreated, wiresRemoved;
    std::set<QString> wiresRedrawn; // the curve computed again
    int rebuilds = 0;               // every item made anew (a document loaded or replaced)

    // Nodes and wires touched in any way.
    std::size_t nodesTouched() const
    {
        std::set<QString> all = nodesCreated;
        for (const auto* s : {&nodesRemoved, &nodesMoved, &nodesUpdated})
            all.insert(s->begin(), s->end());
        return all.size();
    }
    std::size_t wiresTouched() const
    {
        std::set<QString> all = wiresCreated;
        for (const auto* s : {&wiresRemoved, &wiresRedrawn})
            all.insert(s->begin(), s->end());
        return all.size();
    }
};

} // namespace cs::app::canvas
