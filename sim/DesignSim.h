#pragma once
// A design's sweep, analytic and simulated side by side. At every grid point
// each variant is evaluated as `sweep` does (runSweep), and the variant's
// total is simulated on the SimGrid platform of the design's topology at that
// point, built from the design's values at that point: a calibrated or
// user-set parameter (o_s, G, bw_cn, eta_m, ...) reaches the platform just as
// it reaches the equations (ModelSims.h says which).
#include "model/document/DesignDocument.h"
#include "model/sweep/Sweep.h"
#include "sim/Simulator.h"

#include <atomic>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace cs::sim {

struct SimRow {
    std::size_t point = 0;
    std::size_t variant = 0;
    double analytic = 0.0;  // the variant's total (NaN when the point failed)
    double simulated = 0.0; // NaN when not simulated (see note)
    double ratio = 0.0;     // simulated / analytic (NaN when either is)
    double speedup = 0.0;   // analytic speedup (NaN without one)
    double simSpeedup = 0.0; // the same baseline over the simulated total
    std::string replaced;   // the analytic part the simulation stands for
    double analyticPart = 0.0;
    double simulatedPart = 0.0; // the simulated pattern's time (s)
    std::string pattern;
    std::vector<std::pair<std::string, double>> phases; // simulated phases (s)
    std::string note; // why there is no simulated value, or ""
    double wallSeconds = 0.0;
};

struct SimTable {
    SweepTable analytic; // what `sweep` gives for the same axes
    std::vector<SimRow> rows; // row = point * variants + variant
    bool cancelled = false;
    double simulatedSeconds() const; // sum of the simulated pattern times
    double wallSeconds() const;      // sum of the simulations' wall times
};

struct SimSweepOptions {
    SimOptions sim; // host cap, segment efficiency and latency are set per case
    std::vector<std::string> variants; // names to simulate (empty: all)
    std::function<void(std::size_t done, std::size_t total)> progress; // from the calling thread
    const std::atomic<bool>* cancel = nullptr;
    std::size_t maxSimulations = 2000; // refuse bigger sweeps before starting
    // One slice of the points for one task of a job array: the points p with
    // p % sliceCount == sliceIndex are simulated, the others are rows "not
    // asked for" (the analytic sweep is still whole and cheap).
    std::size_t sliceIndex = 0, sliceCount = 1;
};

// Throws ModelError for a bad axis, an unknown variant name, or more
// simulations than maxSimulations. Per-point failures go into SimRow::note.
SimTable simulateSweep(const DesignDocument& doc, const std::vector<SweepAxisValues>& axes,
                       const SimSweepOptions& options = {});

} // namespace cs::sim
