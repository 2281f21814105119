#pragma once
#include <string>

namespace cs {

// Writes `content` to `path` atomically: a temporary file in the same folder
// is written, flushed to disk, then renamed over `path`, so a crash leaves
// either the old file or the new one, never half of each. Throws ModelError
// naming the path and the system's reason.
void writeFileAtomically(const std::string& path, const std::string& content);

// Reads a whole file; throws ModelError naming the path when it cannot.
std::string readFile(const std::string& path);

} // namespace cs
