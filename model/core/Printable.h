#pragma once
// Text from a document (a design's name, a node's name, a variant, a
// source) is written to terminals and dialogs. A name that holds escape
// codes could move the cursor, recolour or erase what was printed before
// it, and a bidi override could show a line in another order than it is
// read: a consent list could then hide the commands it asks about. Every
// place that prints such text passes it through printable() first.
#include <string>
#include <string_view>

namespace cs {

// `text` with every control character (C0 but tab, DEL, C1), every bidi
// control (U+061C, U+200E-U+200F, U+202A-U+202E, U+2066-U+2069) and every
// byte that is not part of valid UTF-8 written out visibly: "\x1b",
// "\u202e", "\xff"; a backslash itself stays as it is. Newlines are
// escaped too ("\n") unless `keepNewlines` (for multi-line messages whose
// lines the program composed).
std::string printable(std::string_view text, bool keepNewlines = false);

// True when printable(text) would change nothing.
bool isPrintable(std::string_view text, bool keepNewlines = false);

} // namespace cs
