#pragma once
// The one reading of sweep axes, for the GUI's axis editor and charts, the
// command line (sweep --param, plot), the document validator and the sweep
// itself: the path must be settable (checkSettable: a design parameter or an
// unwired block input) and its values are read in that slot's unit, so
// "64KiB,1MiB" sweeps a size, "1us:1ms:log10" a time, and a time given for a
// size is refused.
#include "model/document/DesignDocument.h"

#include <string>
#include <vector>

namespace cs {

class Design;

// One swept parameter with its expanded values.
struct SweepAxisValues {
    std::string path; // writable slot: design parameter or unwired block input
    std::vector<double> values;
};

// The values of one axis. Throws ModelError "PATH: what is wrong".
std::vector<double> axisValues(const Design& design, const SweepAxis& axis);
// Every axis, in order; also refuses an empty path and a path swept twice.
std::vector<SweepAxisValues> resolveAxes(const Design& design, const std::vector<SweepAxis>& axes);

} // namespace cs
