#pragma once
#include <QString>

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace cs::app {

// Why the rows of a sweep failed, for its status line. Messages that differ
// only in their numbers ("P = 17 exceeds topology.hosts = 16", "P = 18 ...")
// are one reason; the reason that applies to most rows comes first, with the
// message of its first row as the example, then how many rows failed for
// other reasons and one of theirs:
//   "60 rows failed: 48 because design parameter P = 17 exceeds topology.hosts = 16;
//    12 for 2 other reasons, e.g. fftw.transpose: rows = 1024 is not divisible by P = 3"
// `errors` is SweepTable::errors (row -> message, sorted by row); "" when empty.
QString failureSummary(const std::vector<std::pair<std::size_t, std::string>>& errors);

} // namespace cs::app
