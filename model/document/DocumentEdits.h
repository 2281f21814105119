#pragma once
// The editing layer: every change to a DesignDocument, by the GUI (through
// DocumentModel), the command line or a test, is one of these operations.
// Each works on a copy, does the referential cleanup the change implies,
// runs validateDocument (the reader's own checks) on the result and only then
// replaces the document; a refused edit changes nothing and says why as
// structured problems. So every state an edit reaches can be saved and read
// back as it is.
#include "model/document/DesignDocument.h"
#include "model/document/DocumentProblem.h"
#include "model/formula/FormulaBlock.h"
#include "model/topology/graph/Topology.h"
#include "model/topology/network/Network.h"
#include "model/topology/network/NetworkPatch.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace cs::edit {

// The parts of a document, as views and undo steps see them.
enum Part : unsigned {
    kDesign = 1u,   // name, description, source, parameters, blocks, values, wires, variants, sweep, costs
    kTopology = 2u, // the topology section (and so the topology block's ports)
    kLayout = 4u,   // GUI positions
    kResults = 8u,  // calibration, measured, imported, nodes
};

// What an accepted edit changed, so that views can update in place.
struct Change {
    unsigned parts = 0;
    // Blocks, wires or parameters added, removed or renamed, or several
    // values at once: views re-read the design.
    bool structure = false;
    std::vector<std::string> values;        // slots whose value changed alone ("fft.P", "P")
    std::vector<std::string> movedBlocks;   // layout only
    std::vector<std::string> movedVertices; // layout only
    // The topology's items the edit added, removed, or set a property of in
    // place, by id: vertices by their id ("h3"), links by their LinkId,
    // stable across the edit (links that went with a removed vertex are
    // listed too). kTopology with all six empty: the network was replaced as
    // a whole (a generator, an import), and a view reads it anew.
    std::vector<std::string> verticesAdded, verticesRemoved, verticesSet;
    std::vector<LinkId> linksAdded, linksRemoved, linksSet;
    bool wholeTopology() const
    {
        return verticesAdded.empty() && verticesRemoved.empty() && verticesSet.empty() && linksAdded.empty() &&
               linksRemoved.empty() && linksSet.empty();
    }
    // The design's items the edit touched, by id, with added, removed, set
    // and moved kept apart, so that a view adds, removes, redraws or moves
    // those items alone (issue 47). Found by comparing the design before and
    // after the edit, so an edit cannot forget one; undo swaps added and
    // removed (inverse()).
    // Blocks by name: added and removed (a paste, a delete, and their undo);
    // set: kept, but their type object was replaced (a formula redefined,
    // the topology redrawn or regenerated), so their ports and texts may
    // differ and a view makes their items anew; moved: movedBlocks above.
    std::vector<std::string> blocksAdded, blocksRemoved;
    std::vector<std::string> blocksSet;
    // Design parameters by name; set: kept with another range or bound (follows).
    std::vector<std::string> paramsAdded, paramsRemoved, paramsSet;
    // Wires by their two ends, (from block.port or parameter, to block.port):
    // drawn or removed by the edit, or with a block that came or went.
    std::vector<Wire> wiresAdded, wiresRemoved;
    // Not an edit: how every item reads changed (the display units), and a
    // view reads the document anew. (MainWindow's preferences.)
    bool reread = false;
    // What the edit removed to keep the document consistent, one line each
    // ("sweep axis fft.P removed: fft.P is now wired").
    std::vector<std::string> cleanup;
    // The change that undoing this one makes: what was added is removed.
    Change inverse() const;
};

// The parts of a document, kept to put them back (what undo restores).
struct Snapshot {
    unsigned parts = 0;
    // Only the members of `parts` are meaningful. (Value-initialized, so
    // that `Outcome{}` needs no explicit Design constructor.)
    DesignDocument doc = DesignDocument();
};

// A change of the layout (positions, the charts' settings), recorded as an
// edit makes it: layout[group][key] went from `before` to `after` (null:
// absent; an empty key: the whole group). `groupWas` and `layoutWas` say
// whether the group and the layout object existed before, so that undo
// leaves the section as it found it.
struct LayoutStep {
    std::string group, key;
    nlohmann::json before, after;
    bool groupWas = true, layoutWas = true;
};

// What an edit did to the network and the layout, step by step, with what
// undoes it (never a copy of either: a drawing of 100,000 hosts is edited in
// place and its undo step holds the items the edit touched).
struct Patch {
    NetworkPatch network;
    std::vector<LayoutStep> layout;
    // After the network's steps are undone or made again, the design's
    // topology block is built anew from the network, its inputs as they are:
    // the edit changed the design by that alone, so no copy of the design is
    // kept for it.
    bool rebuild = false;
    bool empty() const { return network.empty() && layout.empty(); }
    std::size_t bytes() const;
};

struct Outcome {
    DocumentProblems problems; // empty when accepted
    Change change;
    // The parts the accepted edit replaced whole, as they were (moved out
    // of the document, not copied): the design and the results, which undo
    // puts back. The network and the layout are never among them: `patch`
    // has what the edit did to them.
    Snapshot before = Snapshot();
    Patch patch;
    bool ok() const { return problems.empty(); }
    std::string message() const { return problemText(problems); }
};

// ---- Design
Outcome addBlock(DesignDocument& doc, const std::string& name, const std::string& type);
// Removes the blocks with their wires, and every variant total, override,
// sweep axis, cost, follows bound and layout position that names them.
Outcome removeBlocks(DesignDocument& doc, const std::vector<std::string>& names);
// `path` is a design parameter ("P") or a block input ("fft.rows").
Outcome setValue(DesignDocument& doc, const std::string& path, double value, Provenance provenance = Provenance::user());
// A value to set, with where it came from (a calibration, a fit, the user).
struct ValueAssignment {
    std::string path; // a design parameter ("P") or a block input ("fft.rows")
    double value = 0;
    Provenance provenance = Provenance::user();
};
// Several values as one step: all are set, or none (the first refused names itself).
Outcome setValues(DesignDocument& doc, const std::vector<ValueAssignment>& values);
// Back to the input's default; a design parameter that follows an output follows it again.
Outcome clearValue(DesignDocument& doc, const std::string& path);
// Several inputs back to their defaults as one step (calibrated values reverted).
Outcome clearValues(DesignDocument& doc, const std::vector<std::string>& paths);
// Wires `from` into `to`. The input's own value, and the overrides and sweep
// axes that set it, no longer mean anything: they are removed (in Change::cleanup).
Outcome wire(DesignDocument& doc, const Source& from, const Endpoint& to);
Outcome unwire(DesignDocument& doc, const Endpoint& to);
Outcome setParameterRange(DesignDocument& doc, const std::string& name, double min, double max);
// A formula block's definition replaced (its inputs, outputs and
// expressions, edited in the inspector). Inputs that keep their name keep
// their value and its provenance unless the definition's value differs from
// the old definition's; wires, overrides and sweep axes of ports that are
// gone are removed (in Change::cleanup). A definition the block refuses
// (syntax, unknown name, cycle, units) is refused with the member at fault
// ("blocks.app.outputs.T.expr"), and the document is unchanged.
Outcome setFormula(DesignDocument& doc, const std::string& block, FormulaDefinition definition);
// ---- Sweep
Outcome setSweepAxes(DesignDocument& doc, std::vector<SweepAxis> axes);
// The variant every speedup is against (sweep.speedup_against), or "" for
// each variant against itself; a name that is no variant is refused, naming the variants.
Outcome setSpeedupAgainst(DesignDocument& doc, const std::string& variant);

// ---- Topology
// Replaces the network (a generator's, an import, a drawing; none). A
// network that names no job of its own takes the current one.
Outcome setTopology(DesignDocument& doc, Network topology);
// Adds the items of a drawing `piece` (from Copy, extract in
// model/topology/network/NetworkEdits.h) with fresh ids (topoedit::pastedIds says which).
Outcome pasteTopology(DesignDocument& doc, const Network& piece);
// Adds a vertex named `id` (or, when "", the first free "h0", "sw0", "seg0").
Outcome addVertex(DesignDocument& doc, const std::string& id, VertexKind kind);
Outcome addLink(DesignDocument& doc, const std::string& from, const std::string& to, double bandwidth, int channels);
// Removes the vertices (with their links) and the links named.
Outcome removeTopologyItems(DesignDocument& doc, const std::set<std::string>& vertices, const std::set<LinkId>& links);
// Sets one property of every vertex in `ids` (of every link in `links`) as
// one edit: a multiple selection changed at once. `value` as a document
// writes it (a number, a string with a unit, true or false).
Outcome setVertexProperty(DesignDocument& doc, const std::set<std::string>& ids, const std::string& key,
                          nlohmann::json value);
Outcome setLinkProperty(DesignDocument& doc, const std::set<LinkId>& links, const std::string& key,
                        nlohmann::json value);
// The network the topology edits above work on, as a drawing: the
// document's drawing, or the drawing a generated network is when one of its
// items is edited (built out, links numbered in order), or an empty one.
Network drawnTopology(const DesignDocument& doc);

// ---- Layout
Outcome moveBlocks(DesignDocument& doc, const std::map<std::string, std::pair<double, double>>& to);
Outcome moveVertices(DesignDocument& doc, const std::map<std::string, std::pair<double, double>>& to);
// The charts' logarithmic axes (layout.charts.log): a view setting kept
// with the document, so that a reopened or recovered design draws as it did.
Outcome setLogAxes(DesignDocument& doc, bool on);
// Whether layout.charts.log says so (false when absent or not a boolean).
bool logAxes(const DesignDocument& doc);
// Replaces every vertex position (a generator's drawing replaces the old one).
Outcome placeVertices(DesignDocument& doc, const std::map<std::string, std::pair<double, double>>& at);

// ---- Nodes and results
Outcome setNodes(DesignDocument& doc, nlohmann::json nodes);
Outcome setMeasured(DesignDocument& doc, nlohmann::json measured);
Outcome setImported(DesignDocument& doc, nlohmann::json imported);
// Probe or application results (an array of RESULT objects, or one) after the
// document's measured ones: a probe run, verify's runs, run-app's runs.
Outcome appendMeasured(DesignDocument& doc, nlohmann::json results);
// Measured series read from a file (calib::importedJson) after the imported ones.
Outcome appendImported(DesignDocument& doc, nlohmann::json series);
// A calibration applied as one step: its values with their provenance, its
// record after the document's calibration records, and the probe results it
// ran (null: none) after the measured ones. calib::planCalibration says what.
Outcome applyCalibration(DesignDocument& doc, const std::vector<ValueAssignment>& values, nlohmann::json record,
                         nlohmann::json measured = nullptr);

// Two operations as one step: `second` runs only when `first` was accepted;
// when it is refused, what `first` changed is put back and its problems are
// returned. The changes add up, and `before` is the state before both.
Outcome andThen(DesignDocument& doc, Outcome first, const std::function<Outcome()>& second);

// ---- Undo
// A copy of the parts of a document (the state an undo step goes forward to).
Snapshot snapshot(const DesignDocument& doc, unsigned parts);
// Puts the snapshot's parts back into `doc`. Never throws for a snapshot of
// a state the layer accepted.
void restore(DesignDocument& doc, const Snapshot& s);

// One undo step of an accepted edit: the operation as its patch (undone
// backwards, made again forwards) and the parts it replaced whole, before
// and after.
struct UndoEntry {
    std::unique_ptr<const Snapshot> before, after; // null when the edit replaced no part whole
    Patch patch;
    // What the step holds in memory, in bytes.
    std::size_t bytes() const;
};
// The undo step of an accepted outcome, made right after the edit (`doc` as
// it left it).
UndoEntry undoEntry(const DesignDocument& doc, Outcome&& accepted);
// Puts the document back as it was before the step's edit, or as the edit
// left it. Never throws for the document the step was made on, in the state
// it left it (undo) or found it (redo).
void undo(DesignDocument& doc, const UndoEntry& step);
void redo(DesignDocument& doc, const UndoEntry& step);
// A step's successor merged into it (the same field typed into again): its
// patch after this one's, and its state after.
void merge(UndoEntry& into, UndoEntry&& next);

} // namespace cs::edit
