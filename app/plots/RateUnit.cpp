#include "app/plots/RateUnit.h"

#include <QSettings>

#include <algorithm>
#include <cmath>
#include <limits>

namespace cs::plots {

namespace {

constexpr const char* kKey = "units/bandwidth";
constexpr const char* kPrefixKey = "units/prefixes";

// Significant decimal digits of v (1 for 1e9, 3 for 1.25e8).
int sigDigits(double v)
{
    const double e = std::floor(std::log10(v));
    for (int d = 1; d < 15; ++d) {
        const double q = std::pow(10.0, e - d + 1);
        if (std::fabs(std::round(v / q) * q - v) <= 1e-9 * v)
            return d;
    }
    return 15;
}

} // namespace

BytePrefixes prefixPreference()
{
    const QString v = QSettings().value(kPrefixKey, "conventional").toString();
    if (v == "si")
        return BytePrefixes::SI;
    if (v == "binary")
        return BytePrefixes::Binary;
    return BytePrefixes::Conventional;
}

void setPrefixPreference(BytePrefixes prefixes)
{
    QSettings().setValue(kPrefixKey, prefixes == BytePrefixes::SI       ? "si"
                                     : prefixes == BytePrefixes::Binary ? "binary"
                                                                        : "conventional");
}

FormatOptions formatOptions()
{
    FormatOptions options;
    options.bytePrefixes = prefixPreference();
    return options;
}

RateFamily ratePreference()
{
    const QString v = QSettings().value(kKey, "auto").toString();
    if (v == "bits")
        return RateFamily::Bits;
    if (v == "bytes")
        return RateFamily::Bytes;
    return RateFamily::Auto;
}

void setRatePreference(RateFamily family)
{
    QSettings().setValue(kKey, family == RateFamily::Bits ? "bits" : family == RateFamily::Bytes ? "bytes" : "auto");
}

QString RateUnit::format(double bps) const
{
    if (!(bps > 0) || !std::isfinite(bps))
        return QStringLiteral("?");
    return QString::number(bps / scale, 'g', 4) + QLatin1Char(' ') + name;
}

namespace {

RateUnit unitFor(const std::vector<double>& bps, RateFamily family, const FormatOptions& options, double limit)
{
    double largest = 0;
    bool bitsRounder = true;
    double judged = 0; // the last value whose digits were counted: links mostly share a rate, and counting the
                       // digits of 2.4 million links (a generated hypercube) held the GUI thread for 1.8 s
    for (double v : bps) {
        if (!(v > 0) || !std::isfinite(v) || v >= limit)
            continue;
        largest = std::max(largest, v);
        if (v != judged) {
            bitsRounder = bitsRounder && sigDigits(v * 8.0) <= sigDigits(v);
            judged = v;
        }
    }
    const bool bits = family == RateFamily::Bits || (family == RateFamily::Auto && bitsRounder);
    if (largest == 0)
        return bits ? RateUnit{125000.0, "Mbit/s"} : RateUnit{1e6, "MB/s"};
    // Scales in B/s per unit; names as model/core/Unit.cpp parses them.
    // (Tera: a fat-tree of k = 100 has 2,500 links of 1 Gbit/s from each pod to the cores, 2.5 Tbit/s.)
    const RateUnit bitUnits[] = {{0.125, "bit/s"}, {125.0, "kbit/s"}, {125000.0, "Mbit/s"}, {1.25e8, "Gbit/s"},
                                 {1.25e11, "Tbit/s"}};
    // (Bytes stop at G: from 1e12 B/s a rate is kNoLimitRate's "no limit".)
    const RateUnit byteUnits[] = {{1.0, "B/s"}, {1e3, "KB/s"}, {1e6, "MB/s"}, {1e9, "GB/s"}};
    const RateUnit binaryUnits[] = {{1.0, "B/s"}, {1024.0, "KiB/s"}, {1048576.0, "MiB/s"}, {1073741824.0, "GiB/s"}};
    const int count = bits ? 5 : 4;
    const RateUnit* units = bits ? bitUnits : options.bytePrefixes == BytePrefixes::Binary ? binaryUnits : byteUnits;
    // The prefix that writes the largest value at 1 or more as format() prints it (4 significant digits):
    // 999.96 Mbit/s prints as "1000 Mbit/s", which stood beside the links' "1 Gbit/s"; it is 1 Gbit/s.
    RateUnit best = units[0];
    for (int i = 0; i < count; ++i)
        if (largest >= units[i].scale * (1 - 5e-5))
            best = units[i];
    return best;
}

} // namespace

RateUnit rateUnitFor(const std::vector<double>& bps, RateFamily family, const FormatOptions& options)
{
    return unitFor(bps, family, options, kNoLimitRate);
}

RateUnit rateUnitForTotals(const std::vector<double>& bps, RateFamily family, const FormatOptions& options)
{
    return unitFor(bps, family, options, std::numeric_limits<double>::infinity());
}

} // namespace cs::plots
