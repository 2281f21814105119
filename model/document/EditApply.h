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
// holds what it replaced. Otherwise `doc` is unchanged and the outcome holds
// the problems. The results sections (measured samples above all) are
// copied only by an edit of kResults: any other edit moves them into the
// copy and back, so they are never duplicated.
Outcome apply(DesignDocument& doc, unsigned parts, const std::function<void(DesignDocument&, Change&)>& mutate);

} // namespace cs::edit::detail
