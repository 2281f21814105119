#pragma once
// What the document tests share: the reader's refusal of a document, as text.
#include "../core/TestBlocks.h"
#include "model/document/DocumentFormat.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <string>

namespace cs::test {

// The reader's error when `read` loads a document over the test blocks, or "(no error)" when it loads.
inline std::string readProblem(const std::function<void()>& read)
{
    try {
        read();
    } catch (const DocumentError& e) {
        return e.what();
    }
    return "(no error)";
}

// The same for a document's text (parseDocument) and for its JSON (documentFromJson).
inline std::string problemsOf(const std::string& text)
{
    return readProblem([&] { parseDocument(text, testRegistry()); });
}
inline std::string problemsOf(const char* text)
{
    return problemsOf(std::string(text));
}
inline std::string problemsOf(const nlohmann::json& j)
{
    return readProblem([&] { documentFromJson(j, testRegistry()); });
}

} // namespace cs::test
