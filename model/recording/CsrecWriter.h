#pragma once
// A rank's trace written back as csrec text (docs/format.md "Recordings"), as
// the PMPI library would have written it: the synthesis writes the ranks it
// makes and reads them with every check of the reader.
#include "model/recording/Recording.h"

#include <string>

namespace cs::rec {

// Rank `t` of `rec` (linked). Communicators other than MPI_COMM_WORLD are
// written as `comm` lines where the rank defined them; peers and roots as
// ranks of their communicator.
std::string csrecText(const Recording& rec, const RankTrace& t);

// A whole number (bytes, a count) as csrec and SimGrid's traces write it: digits, never an exponent.
std::string wholeText(double v);

} // namespace cs::rec
