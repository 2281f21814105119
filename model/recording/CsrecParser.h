#pragma once
// Reading the csrec text a PMPI recording writes per rank (h44 contract,
// section 1; docs/format.md "Recordings"). The reader holds a text to every
// limit of the format (Recording.h): a line of more than 1 MiB, a loop COUNT
// above 10^7, a loop body past the end of the text or of the loop around it, a
// negative number, a peer or root outside its communicator, an unknown
// communicator, a text cut short (no `end` and no `truncated`). Each is refused
// with a ModelError that names the rank and the line. Nothing is allocated by
// what a line claims (a COUNT, an N) before the line's fields are checked
// against it, so memory stays bounded by the text.
#include "model/recording/Recording.h"

#include <string>
#include <string_view>
#include <vector>

namespace cs::rec {

// One rank's text. `where` names it in messages ("rank 3", "RUNS.json:
// recordings[0].ranks[3]"): "<where>, line 12: <what is wrong>".
// `lineOffset` is added to the line numbers messages give (a text converted
// from another format, whose lines sit one below the source's).
RankTrace parseCsrec(std::string_view text, const std::string& where, int lineOffset = 0);

// Every rank's text, rank i at [i], parsed and linked (Recording.h link()).
// `where` prefixes each rank's name ("recordings[0]" gives "recordings[0].ranks[3]").
Recording parseRecording(const std::vector<std::string>& texts, const std::string& where = "");

} // namespace cs::rec
