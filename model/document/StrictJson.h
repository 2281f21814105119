#pragma once
// Reading JSON that may come from anyone (a received design, a results
// file): the library accepts nesting deep enough to overflow the stack of
// any recursive walk (copy, dump, our own readers), keeps the last of two
// duplicate keys without a word, and reports a number too large for a
// double without saying where. These helpers refuse all three with the JSON
// path, and keep messages short whatever the input holds.
#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <string_view>

namespace cs {

// Deeper nesting than any document needs (a design is about 8 levels deep),
// yet far below what would overflow a thread's stack in a recursive walk.
inline constexpr int kMaxJsonDepth = 64;

// Parses `text`. Throws DocumentError with one problem naming the JSON path
// ("blocks[0].values.P: ...") when the text is malformed, nests deeper than
// `maxDepth` (refused before the tree is built), repeats a key within one
// object, or holds a number a double cannot represent (1e309).
nlohmann::json parseStrictJson(const std::string& text, int maxDepth = kMaxJsonDepth);

// True when `j` nests deeper than `maxDepth` (a scalar is depth 0, [] is 1).
// Iterative: safe on any tree.
bool deeperThan(const nlohmann::json& j, int maxDepth);

// `s` as it may be quoted in a message: unchanged when short, else its first
// `max` characters (never splitting a UTF-8 sequence) and "…".
std::string clipText(std::string_view s, std::size_t max = 60);

// A JSON value for a message: dump() clipped the same way.
std::string clipJson(const nlohmann::json& j, std::size_t max = 60);

} // namespace cs
