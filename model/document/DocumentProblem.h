#pragma once
// A problem with a document or with an edit of one, as data: callers decide
// by `kind` and `path`, never by the words of `message`.
#include <string>
#include <vector>

namespace cs {

enum class ProblemKind {
    NotFound,   // a name or path that names nothing (block, parameter, input, output, variant, vertex)
    Wired,      // a value for an input a wire feeds
    OutOfRange, // a value outside its parameter's range
    Duplicate,  // a name already taken
    BadName,    // a name that is not a valid name
    BadValue,   // a value of the wrong shape (a sweep axis spec, a negative cost, a section entry)
    Graph,      // the design does not compile: a cycle, a unit mismatch, a follows bound
    Topology,   // the topology section does not build
};

struct DocumentProblem {
    ProblemKind kind = ProblemKind::BadValue;
    std::string path;    // JSON path in the document: "variants[1].overrides.fft.P", "sweep.axes[0].path"
    std::string field;   // the member or slot concerned: "fft.P", "min"
    std::string value;   // the offending value as text, when there is one
    std::string message; // one line without the path

    // "path: message"; the message alone when the path is the slot itself
    // (an edit of "fft.P" refused for its value needs no second name).
    std::string line() const { return path.empty() || path == field ? message : path + ": " + message; }
    bool operator==(const DocumentProblem&) const = default;
};

using DocumentProblems = std::vector<DocumentProblem>;

// The problems' lines, one per line.
std::string problemText(const DocumentProblems& problems);

} // namespace cs
