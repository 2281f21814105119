#pragma once
// A rank count set apart from the job's is never silent (DESIGN.md, "Job and
// placement"). A block input that counts the job's ranks (countsJobRanks,
// JobSize.h: fftw.transpose's P, logp.loggp's P) and is neither wired to the
// job's size nor equal to it prices another job than the one the topology
// places: an 8-rank FFT on the links of 2 hosts (issue 45). eval, sweep and
// the GUI's sweep banner tell it; verify refuses to compare a run with such a
// model. Qt-free.
#include "model/document/DesignDocument.h"
#include "model/sweep/Sweep.h"

#include <string>
#include <vector>

namespace cs {

class Plan;

// One input found apart from the job.
struct RankCountApart {
    std::string input;   // "fft.P"
    double value = 0;    // its value at the point
    double job = 0;      // the job's size there
    std::string point;   // "P = 2": the sweep value it was found at; "" at the document's values
    std::string variant; // the variant whose total it feeds
    std::string source;  // what follows the job, to wire into it: "P", or "topology.placed"

    // "fft.P = 8 counts other ranks than the job's P = 2 (at P = 2): fft is
    // priced for 8 ranks while the job runs 2; wire P into fft.P so that it
    // follows the job"
    std::string message() const;
};

// The job's size in `slots` after a pass of `plan` that ran the topology: its
// input P, or when that is 0 (every host, or the job's nodes) its output
// `placed` x its ranks_per_node; without a
// topology the design parameter P. 0 when the design has no job.
double jobSizeAt(const Plan& plan, const double* slots);

// Where rankCountsApart looks.
struct RankCountScope {
    // Only this variant (""): every variant but the serial baseline
    // (SweepSettings::speedupAgainst: one processor by definition, DESIGN.md
    // "Baseline").
    std::string variant;
    bool documentValues = true;       // also at the document's own values
    std::size_t maxValuesPerAxis = 64; // the first values of each axis
};

// The inputs that count the job's ranks and hold another value than the job's
// size, each once (at the first point found), in the blocks the variants'
// totals depend on: at the document's values and, one axis at a time, at the
// values of each of `axes`, the others at the document's. Empty for a design
// that does not compile or has no job. Never throws ModelError.
std::vector<RankCountApart> rankCountsApart(const DesignDocument& doc, const std::vector<SweepAxisValues>& axes = {},
                                            const RankCountScope& scope = {});

// Their messages.
std::vector<std::string> rankCountWarnings(const DesignDocument& doc, const std::vector<SweepAxisValues>& axes = {});
// The same over the axes of a sweep's table (the first 64 values of each).
std::vector<std::string> rankCountWarnings(const DesignDocument& doc, const SweepTable& table);

} // namespace cs
