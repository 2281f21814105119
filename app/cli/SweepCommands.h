#pragma once
#include "app/cli/Args.h"
#include "model/document/DesignDocument.h"
#include "model/sweep/Sweep.h"

#include <iosfwd>
#include <string>
#include <vector>

namespace cs::cli {

// Opens the document named by the first positional word and applies --set.
DesignDocument documentFromArgs(const Args& args, const char* command);

// Axes from --param NAME=SPEC (or the document's own sweep settings when
// there are none). Values are parsed in the parameter's unit.
std::vector<SweepAxisValues> axesFromArgs(const DesignDocument& doc, const Args& args);

// Runs a sweep with a progress line on `err` when it is long; `options`
// may stream the rows (SweepOptions::onRow).
SweepTable sweepWithProgress(const DesignDocument& doc, const std::vector<SweepAxisValues>& axes,
                             std::ostream& err, std::vector<std::string> extraOutputs = {},
                             SweepOptions options = {});

// Writes `text` to -o FILE atomically, or to `out`.
void emit(const Args& args, const std::string& text, std::ostream& out);

} // namespace cs::cli
