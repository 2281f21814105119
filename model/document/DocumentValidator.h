#pragma once
// The checks a document must pass once it is in memory, whoever built it:
// the reader runs them after parsing a file, and every edit of the editing
// layer (DocumentEdits.h) runs them on its result, so that whatever an edit
// can reach can be saved and opened again.
#include "model/document/DesignDocument.h"
#include "model/document/DocumentProblem.h"

#include <cstddef>
#include <functional>
#include <string>

namespace cs {

struct ValidateOptions {
    // Paths ("fft.P", "P") whose block or parameter has already been reported
    // (by the reader, as it failed to load); references to them are not
    // reported again.
    std::function<bool(const std::string&)> alreadyReported;
    // Compile the design at the end (when nothing else was found).
    bool compile = true;
    // Stop after this many problems (a hostile file can hold millions; the
    // reader shows 20 and counts the rest up to this bound).
    std::size_t maxProblems = static_cast<std::size_t>(-1);
};

// Every reference, value, wired input, range and section entry, and whether
// the design compiles. Empty when the document can be saved and read back.
DocumentProblems validateDocument(const DesignDocument& doc, const ValidateOptions& options = {});

} // namespace cs
