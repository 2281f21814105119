// Calibration data of bonding.throughput.
//
// The host costs follow from throughput against link count. With every link
// busy above its interrupt cap, the send-path CPU is saturated when
//   U(X) = X (k_c (1/B_copy + o_dma) + o_pkt / s) + n o_irq f_irq = 1,   s = MTU - h
// (BondingThroughputBlock.h; 003_9603d52cdb909e6e.txt §4.1: throughput is
// limited by the CPU, and interrupt cost grows with the number of links,
// §4.1, §4.3; 004_07d1c859a4352179.txt §3 measures throughput per channel
// count). With c = k_c (1/B_copy + o_dma) + o_pkt / s and A = o_irq f_irq:
//   X_host(n) = (1 - n A) / c,    X_link(n) = n R,    X(n) = min(X_link, X_host)
// which is nonlinear in (R, A, c): Levenberg-Marquardt on net.stream's total
// rate against its socket count (one socket per link). Then
//   o_irq = A / f_irq                       (f_irq as the block has it)
//   o_pkt = s (c - k_c (1/B_copy + o_dma))  (B_copy calibrated first from mem.copy)
//   r     = R / (eta_m f),  f = (MTU - h) / (MTU + h_w)   (payload rate back to the link rate)
// A link-limited host (throughput still rising at the largest n) does not
// determine A and c; then only r is set, from a line through the origin.
#include "model/blocks/bonding/BondingCalibration.h"

#include <algorithm>
#include <cmath>

namespace cs {

namespace {

constexpr const char* kSrc = "003_9603d52cdb909e6e.txt §4.1, §4.3; 004_07d1c859a4352179.txt §3; "
                             "X(n) = min(n R, (1 - n o_irq f_irq) / (k_c (1/B_copy + o_dma) + o_pkt/(MTU-h)))";

CalibrationSpec stream(const char* input, const char* value)
{
    CalibrationSpec s;
    s.input = input;
    s.probe = "net.stream";
    s.read = "series:total";
    s.xParam = "sockets";
    s.method = "lm";
    s.form = "bonding";
    s.value = value;
    s.xInput = "n";
    s.yOutput = "X";
    s.xValues = {1, 2, 3, 4, 6, 8};
    s.probeParams = {{"mode", 0}, {"duration", 0.5}, {"reps", 5}};
    s.source = kSrc;
    return s;
}

double bondingValue(double n, double R, double A, double c)
{
    return std::min(n * R, (1.0 - n * A) / c);
}

// Starting values: R from the smallest n; when the throughput falls after
// its peak, c and A from a least-squares line through the falling points
// (X = 1/c - (A/c) n); else a host limit just above the peak.
std::vector<double> bondingStart(const std::vector<double>& x, const std::vector<double>& y)
{
    std::size_t first = 0, peak = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        if (x[i] < x[first])
            first = i;
        if (y[i] > y[peak])
            peak = i;
    }
    const double R = x[first] > 0.0 ? y[first] / x[first] : y[peak];
    double n = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (std::size_t i = 0; i < x.size(); ++i)
        if (x[i] >= x[peak]) {
            n += 1;
            sx += x[i];
            sy += y[i];
            sxx += x[i] * x[i];
            sxy += x[i] * y[i];
        }
    const double det = n * sxx - sx * sx;
    if (n >= 3 && det > 0.0) {
        const double b = (n * sxy - sx * sy) / det;
        const double a = (sy - b * sx) / n;
        if (a > 0.0 && b < 0.0)
            return {R, -b / a, 1.0 / a};
    }
    const double nMax = *std::max_element(x.begin(), x.end());
    const double A = 0.1 / std::max(1.0, nMax); // interrupts take 10% of the CPU at the most links
    return {R, A, (1.0 - nMax * A) / (1.2 * y[peak])};
}

} // namespace

FitForm bondingFitForm()
{
    FitForm f;
    f.name = "bonding";
    f.formula = "y = min(n R, (1 - n A) / c), x = n links";
    f.coefficients = {"R", "A", "c"};
    f.minPoints = 4;
    f.value = [](double n, const double* p) { return bondingValue(n, p[0], p[1], p[2]); };
    // Whichever limit is lower at n is the active one.
    f.jacobian = [](double n, const double* p, double* g) {
        const double link = n * p[0];
        const double host = (1.0 - n * p[1]) / p[2];
        if (link <= host) {
            g[0] = n;
            g[1] = 0.0;
            g[2] = 0.0;
        } else {
            g[0] = 0.0;
            g[1] = -n / p[2];
            g[2] = -host / p[2];
        }
    };
    f.start = bondingStart;
    return f;
}

std::vector<CalibrationSpec> bondingCalibration()
{
    CalibrationSpec copy;
    copy.input = "B_copy";
    copy.probe = "mem.copy";
    copy.read = "derived:memcpy";
    copy.method = "direct";
    copy.form = "const";
    copy.value = "v";
    copy.source = "003_9603d52cdb909e6e.txt §3 Fig. 1; mem.copy median memcpy bandwidth";

    CalibrationSpec rLine = stream("r", "c * (MTU + h_w) / (MTU - h) / eta_m");
    rLine.method = "ols";
    rLine.form = "prop";
    rLine.source = "X_link(n) = n r eta_m (MTU - h) / (MTU + h_w) while the links limit; " + std::string(kSrc);

    return {
        copy,
        stream("o_irq", "A / f_irq"),
        stream("o_pkt", "(MTU - h) * (c - k_c * (1 / B_copy + o_dma))"),
        stream("r", "R * (MTU + h_w) / (MTU - h) / eta_m"),
        rLine,
    };
}

} // namespace cs
