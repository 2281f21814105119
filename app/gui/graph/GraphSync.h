#pragma once

namespace cs::edit {
struct Change;
}

namespace cs::app::graph {

// How a graph editor's scene follows its document (issue 47): from the Change each edit's signal carries,
// it makes, removes, updates or moves only the items the change names; it makes every item anew only when
// a document is loaded or replaced, or when the change does not say enough. The block canvas and the
// topology editor implement it; their tests count the items an edit touches.
class GraphSync {
public:
    virtual ~GraphSync() = default;

    // An edit's change followed: applyChange, else resync. True when it was followed item by item.
    bool follow(const edit::Change& change)
    {
        if (applyChange(change))
            return true;
        resync();
        return false;
    }

protected:
    GraphSync() = default;
    GraphSync(const GraphSync&) = default;
    GraphSync& operator=(const GraphSync&) = default;

    // Every item made anew from the document.
    virtual void rebuild() = 0;
    // The items `change` names made, removed or updated in place; false when it does not name all it
    // changed (the scene is then out of step, and follow resyncs it).
    virtual bool applyChange(const edit::Change& change) = 0;
    // The items `change` names as moved put where the document has them now, with what they draw along.
    virtual void applyMoves(const edit::Change& change) = 0;
    // After a change applyChange could not follow: a rebuild, unless the editor has a cheaper way.
    virtual void resync() { rebuild(); }
};

} // namespace cs::app::graph
