#pragma once
// A chart's title in words, from the meanings the blocks and parameters
// declare: "one-way time of a k-byte message (T_oneway) against message size
// (k)", not the paths "T against mpi.k" (issue 34, defect 13).
#include "model/document/DesignDocument.h"

#include <QString>

#include <string>

namespace cs::plots {

// A meaning's first clause ("message size (bytes); collectives move ..." is
// "message size"), or empty when that clause is longer than `most` characters.
QString shortMeaning(const std::string& meaning, int most = 40);
// What `path` names in words (a design parameter, a block's input or output:
// its meaning's first clause); empty when the path does not resolve.
QString pathWords(const DesignDocument& doc, const std::string& path);
// The variants' totals in words when every one means the same; else empty.
QString totalWords(const DesignDocument& doc);
// "message size (k)": the words and the symbol, or the symbol alone.
QString titleName(const QString& words, const QString& symbol);

} // namespace cs::plots
