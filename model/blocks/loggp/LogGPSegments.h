#pragma once
// The piecewise LogGP inputs that logp.loggp and fftw.transpose share: up to
// two size ranges (segments) below the bulk one, each with its own L and G
// (LogGPMath.h Segment); the block's L and G are those of bulk messages.
// Calibration fills them when the one-way time against message size shows a
// protocol change (docs/calibration.md "Piecewise LogGP"); a design without
// them (k_1 = k_2 = 0) is the plain LogGP of one segment.
#include "model/blocks/loggp/LogGPMath.h"
#include "model/core/ParamSpec.h"

#include <string>
#include <vector>

namespace cs::loggp {

// k_1, L_1, G_1, k_2, L_2, G_2, in this order (6 inputs): messages of fewer
// than k_1 bytes pay L_1 and G_1; of k_1 up to k_2 (when set) L_2 and G_2;
// larger ones the bulk L and G. k_i = 0: no such segment.
std::vector<ParamSpec> segmentInputs();
constexpr int kSegmentInputs = 6;
// `inputs` with segmentInputs() appended.
std::vector<ParamSpec> withSegments(std::vector<ParamSpec> inputs);

// "" or what is wrong: k_2 set without k_1, or k_2 <= k_1. `in` points at k_1.
std::string segmentProblem(const double* in);

// Fills p.segments from the six inputs at `in` (k_1 first): L_i + addL, and
// G_i raised to floorG when `floor` (as the blocks do with the first
// segment's L and G).
void readSegments(const double* in, Params& p, double addL, double floorG, bool floor);

} // namespace cs::loggp
