#pragma once
#include "model/sweep/Sweep.h"

#include <cstddef>
#include <string>
#include <vector>

namespace cs::plots {

// Reading a SweepTable the way the charts need it.

// Columns holding phases of the variants' totals: those after the four fixed
// columns (T, speedup, efficiency, cost) that are symbols, not the extra
// output paths a sweep may add ("fft.S").
std::vector<int> phaseColumns(const SweepTable& t);

// Index of axis `path` in t.axes, or -1.
int axisIndex(const SweepTable& t, const std::string& path);

// The distinct values of axis `a`, in the order the grid takes them.
std::vector<double> axisLevels(const SweepTable& t, int a);

// The point whose value on axis `a` is nearest `value` (ties: the smaller),
// with every other axis at its first level. Point 0 when a < 0.
std::size_t pointNear(const SweepTable& t, int a, double value);

// "P = 8, rows = 1024": the axis values of point p, leaving out axis `skip`.
std::string describePoint(const SweepTable& t, std::size_t p, int skip = -1);

} // namespace cs::plots
