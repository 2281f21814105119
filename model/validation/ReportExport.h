#pragma once
#include "model/validation/Validation.h"

#include <string>

namespace cs {

// The validation table as the command line and the GUI export it: one row
// per claim with id, seed, section, figure, quantity, preset, the paper's
// value (with its bound and margin), the model's value, the relative error,
// the basis (predicted, fitted, -), the verdict and the reason, then the
// counts. CSV quotes every text field (RFC 4180: "" for a quote); Markdown
// escapes the pipe and keeps each row on one line.
std::string validationCsv(const ValidationReport& report);
std::string validationMarkdown(const ValidationReport& report);

// "81 claims: 38 predictions within ..., 11 off, ..." as both print it.
std::string validationSummary(const ValidationReport& report);

// "predicted", "fitted" or "-" (not modelled, no check).
const char* claimBasis(Verdict v);

} // namespace cs
