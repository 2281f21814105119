#pragma once
// What an edit did to a network, step by step, with what undoes each step:
// the editing layer records the steps as it makes them (never a copy of the
// network), undo applies them backwards and redo forwards again. A step
// holds only the items it touched, so removing a host of a 100,000-host
// drawing is a patch of two items (the host and its link), well under a
// kilobyte, and undoing it shifts the drawing back in place.
#include "model/topology/network/Network.h"

#include <cstddef>
#include <memory>
#include <variant>
#include <vector>

namespace cs {

class NetworkPatch {
public:
    // Each makes its change on `n` (the network the patch goes with) and
    // records it; on ModelError nothing is changed or recorded.
    void insertVertices(Network& n, std::vector<Network::Placed> items);
    void eraseVertices(Network& n, const std::vector<std::size_t>& at);
    void insertLinks(Network& n, std::vector<Network::PlacedLink> items);
    void eraseLinks(Network& n, const std::vector<std::size_t>& at);
    void replaceVertex(Network& n, std::size_t at, NetworkVertex v);
    void replaceLink(Network& n, std::size_t at, NetworkLink l);
    void setJob(Network& n, nlohmann::json job);
    // The network replaced as a whole (a generator, an import, a drawing
    // made of a generated network); the old one is moved into the patch.
    void replace(Network& n, Network by);

    bool empty() const { return steps_.empty(); }
    // The steps of `next` after these.
    void append(NetworkPatch&& next);
    // Puts `n` back as it was before the patch (undo), or makes the patch
    // again on it (redo). Never throws for the network the patch was
    // recorded on, in the state it left it (undo) or found it (redo).
    void undo(Network& n) const;
    void redo(Network& n) const;
    // Whether a step replaced the network as a whole.
    bool replacesWhole() const;
    // Whether a step changed a vertex or link (not only the job).
    bool changesItems() const;
    // Gives back the room its lists grew into beyond what they hold (a
    // selection's items pushed one by one), once the edit is done and the
    // patch is kept as an undo step.
    void shrink();
    // What the patch holds in memory, in bytes (its steps and the items in
    // them), for the undo stack's figures and tests.
    std::size_t bytes() const;

private:
    struct InsertVertices {
        std::vector<Network::Placed> items;
    };
    struct EraseVertices {
        std::vector<Network::Placed> items;
    };
    struct InsertLinks {
        std::vector<Network::PlacedLink> items;
    };
    struct EraseLinks {
        std::vector<Network::PlacedLink> items;
    };
    // Items replaced in place (a property set on a selection): each with
    // its position, as it was and as it became. Several in a row are one step.
    template <class Item>
    struct Replaced {
        std::size_t at = 0;
        Item before, after;
    };
    struct ReplaceVertices {
        std::vector<Replaced<NetworkVertex>> items;
    };
    struct ReplaceLinks {
        std::vector<Replaced<NetworkLink>> items;
    };
    struct SetJob {
        nlohmann::json before, after;
    };
    struct Replace {
        std::shared_ptr<const Network> before, after;
    };
    // Every alternative is a few words (the items are on the heap), so that
    // a step costs little beside what it holds.
    using Step = std::variant<InsertVertices, EraseVertices, InsertLinks, EraseLinks, ReplaceVertices, ReplaceLinks,
                              SetJob, Replace>;
    std::vector<Step> steps_;
};

// What a network holds in memory, in bytes (NetworkPatch::bytes).
std::size_t networkBytes(const Network& n);

} // namespace cs
