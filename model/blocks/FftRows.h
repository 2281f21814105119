#pragma once
#include "model/core/Unit.h"

#include <cmath>
#include <string>

// How the 2D-FFT's rows x rows matrix is split over P processors: one rule,
// shared by inic.fft2d, inic.proto.fft2d and fftw.transpose
// (000_e9da438bafb3289f.txt §3.1.2: each processor holds M = rows / P rows
// and sends an M x M block to every other one).
//
// Any P up to rows is accepted. When P does not divide rows, rows mod P
// processors hold one row more; every phase waits for the most loaded
// processor, so the models use M = ceil(rows / P) rows, a partition of
// S = M x rows x elem bytes and blocks of M x M x elem bytes. When P divides
// rows these are exactly eq. (5), S = rows^2 elem / P, and S / P.
namespace cs::fftrows {

// "" when P processors can share `rows` rows (at least one row each), else why not.
inline std::string check(double P, double rows)
{
    if (P > rows)
        return "P = " + formatNumber(P) + " exceeds rows = " + formatNumber(rows) +
               ": each processor needs at least one row (M = rows / P, §3.1.2)";
    return {};
}

// Rows the most loaded processor holds, ceil(rows / P).
inline double rowsPerProc(double P, double rows)
{
    return std::ceil(rows / P);
}

} // namespace cs::fftrows
