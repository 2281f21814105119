#pragma once
// The one path of every edit of model/document/DocumentEdits.h, shared by
// the files that implement them (design, topology and layout, results):
// mutate a copy, clean up what the edit broke, validate, commit. Not a
// public header of the editing layer.
#include "model/document/DocumentEdits.h"

#include <functional>
#include <string>

namespace cs::edit::detail {

// A problem with its texts clipped to what a message line can hold.
DocumentProblem problem(ProblemKind kind, std::string path, std::string field, std::string message,
                        std::string value = {});

// Refuses an edit from inside a mutation, with a structured problem: apply()
// catches it and returns it as the outcome's problem.
struct Refusal {
    DocumentProblem p;
};
[[noreturn]] void refuse(ProblemKind kind, std::string path, std::string field, std::string message,
                         std::string value = {});

// Whether `path` ("block.port") names an output of a block of `d`.
bool outputExists(const Design& d, const std::string& path);

// Moves the members of `parts` out of `doc` (into an undo step's "before").
Snapshot take(DesignDocument& doc, unsigned parts);

// Runs `mutate` on a copy of `doc` that owns `parts` (kDesign, kTopology,
// kLayout, kResults); on success, with the referential cleanup done and the
// whole document valid, the copy replaces `doc` and the outcome's `before`
// holds what it replaced whole, its `patch` what it did to the network and
// the layout. Otherwise `doc` is unchanged and the outcome holds the
// problems. The copy's design and sweep are copies; its network, layout and
// results are `doc`'s own, lent and given back: the network and the layout
// change in place, each change recorded in the patch (`mutate` makes them
// through it: NetworkPatch's steps, setLayout), and a refused edit undoes
// them; the results (measured samples above all) are copied only by an edit
// of kResults. So no edit copies a large drawing or its positions.
using Mutation = std::function<void(DesignDocument&, Change&, Patch&)>;
Outcome apply(DesignDocument& doc, unsigned parts, const Mutation& mutate);
// The same for an edit of the design or the results alone.
Outcome apply(DesignDocument& doc, unsigned parts, const std::function<void(DesignDocument&, Change&)>& mutate);

// Sets layout[group][key] to `value` (null: removes it; an empty key: the
// whole group) and records the step in `patch`.
void setLayout(DesignDocument& d, Patch& patch, const std::string& group, const std::string& key,
               nlohmann::json value);
// Makes a recorded layout step again, or undoes it.
void redoLayout(nlohmann::json& layout, const LayoutStep& s);
void undoLayout(nlohmann::json& layout, const LayoutStep& s);

// The job and a generated network's parameters written into d.topology as
// the design's topology block has them now (an edit in the inspector, a
// variant's base values), each change recorded in `patch`.
void syncNetwork(DesignDocument& d, Patch& patch);

} // namespace cs::edit::detail
