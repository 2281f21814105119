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

// What the parsed tree of one document may take in memory (estimated as it
// is read, see parseStrictJson). Far above any real design: 512 MiB of raw
// samples take about 700 MiB as a tree. A file of empty objects, though,
// takes some 27 bytes of tree per byte of text, so the bound, not the file
// size, is what keeps a small file from taking gigabytes.
inline constexpr std::size_t kMaxJsonTreeBytes = std::size_t{1} << 30;

// Parses `text`. Throws DocumentError with one problem naming the JSON path
// ("blocks[0].values.P: ...") when the text is malformed, nests deeper than
// `maxDepth` (refused before the tree is built), repeats a key within one
// object, holds a number a double cannot represent (1e309), holds a NUL
// byte or anything after the value, or would take more than `maxTreeBytes`
// in memory. That last estimate is kept as the text is read: once it passes
// the bound, the tree stops growing, the rest of the text is only counted,
// and the refusal gives the whole estimate.
nlohmann::json parseStrictJson(const std::string& text, int maxDepth = kMaxJsonDepth,
                               std::size_t maxTreeBytes = kMaxJsonTreeBytes);

// Empties `j` without allocating: the library's own destructor first copies
// a container's children into a vector of their number, which under a
// memory limit fails inside a destructor and ends the program. Called on the
// way out of a failed read, when memory is what ran out. Leaves null.
void releaseJson(nlohmann::json& j) noexcept;

// True when `j` nests deeper than `maxDepth` (a scalar is depth 0, [] is 1).
// Iterative: safe on any tree.
bool deeperThan(const nlohmann::json& j, int maxDepth);

// Why `s` cannot be a name or a line of text that a terminal or the GUI
// shows, or "" when it can: a control character (C0, DEL, C1; with
// `multiline`, newline and tab are allowed) or a bidirectional formatting
// character (U+061C, U+200E/F, U+202A-E, U+2066-9), which can make what is
// shown differ from what is stored. The character is named as U+XXXX.
std::string textProblem(std::string_view s, bool multiline = false);

// `s` as it may be quoted in a message: unchanged when short, else its first
// `max` characters (never splitting a UTF-8 sequence) and "…". Control and
// bidirectional formatting characters are written as escapes ("\u001b",
// "\n"), so that a message cannot draw on the terminal or reorder itself.
std::string clipText(std::string_view s, std::size_t max = 60);

// A JSON value for a message: dump() clipped the same way.
std::string clipJson(const nlohmann::json& j, std::size_t max = 60);

} // namespace cs
