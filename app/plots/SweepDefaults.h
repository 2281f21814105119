#pragma once
#include "model/document/DesignDocument.h"
#include "model/sweep/Sweep.h"

#include <vector>

namespace cs::plots {

// The sweep the charts show when nobody chose one: the document's own sweep
// axes, or else its speedup parameter over 1:16 when that is a design
// parameter (P = 1..16). Empty when neither applies.
std::vector<SweepAxis> chartAxes(const DesignDocument& doc);

// The spec of that default axis.
inline constexpr const char* kDefaultSpeedupSpec = "1:16";

// The axis the breakdown's point is chosen along: the speedup parameter
// when the table sweeps it, else the table's first axis ("" when none).
std::string breakdownParam(const DesignDocument& doc, const SweepTable& table);

// Where the phase breakdown is taken by default: that parameter's current
// value in the document when it is one of the swept values, otherwise the
// largest swept value (NaN when there is no axis).
double defaultBreakdownAt(const DesignDocument& doc, const SweepTable& table);

} // namespace cs::plots
