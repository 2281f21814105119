#pragma once
#include "model/core/FormatOptions.h"

#include <QString>

#include <vector>

namespace cs::plots {

// How bandwidths are written: in bits (Ethernet's 1 Gbit/s) or bytes
// (Myrinet's 160 MB/s) per second, or, under Auto, whichever reads rounder.
enum class RateFamily { Auto, Bits, Bytes };

// The user's choice (View > Bandwidth unit), kept in QSettings under
// "units/bandwidth" as "auto", "bits" or "bytes"; Auto when unset.
RateFamily ratePreference();
void setRatePreference(RateFamily family);

// The user's choice of byte prefixes (Preferences), kept under
// "units/prefixes" as "conventional", "si" or "binary" (Conventional when
// unset).
BytePrefixes prefixPreference();
void setPrefixPreference(BytePrefixes prefixes);

// The formatting options of the user's Preferences (the byte prefixes above),
// read from QSettings at each call: what every view, chart and table that
// writes sizes or rates passes to the Qt-free model (cs::formatMeasured,
// cs::autoDisplayUnit, calibration and verification reports). The model keeps
// no formatting setting of its own; the command line passes the default.
FormatOptions formatOptions();

// One display unit for bandwidths: value_in_unit = bytes_per_second / scale.
struct RateUnit {
    double scale = 1.0; // B/s per unit
    QString name;       // "Gbit/s", "MB/s": a name parseQuantity reads back
    // "1 Gbit/s", "0.05672 Gbit/s" (4 significant digits); "?" when not a
    // positive finite rate.
    QString format(double bytesPerSecond) const;
    // Bits or Bytes: the family `name` is in ("Gbit/s": Bits).
    RateFamily family() const { return name.endsWith(QLatin1String("bit/s")) ? RateFamily::Bits : RateFamily::Bytes; }
    bool operator==(const RateUnit&) const = default;
};

// The one unit a view writes all of its bandwidths `bytesPerSecond` in, so
// that 2 GB/s never stands beside 8 Gbit/s and 56.72 Mbit/s:
// - the family as `family` says; under Auto, bits when every value reads in
//   bits with no more significant digits than in bytes (1.25e8 B/s is
//   1 Gbit/s), bytes otherwise (160e6 B/s is 160 MB/s, 1.28 Gbit/s);
// - the prefix (none, k/K, M, G; Ki, Mi, Gi for bytes when options'
//   bytePrefixes is Binary) that puts the largest value at 1 or more.
// Non-positive and non-finite values are left out, and so are rates of
// kNoLimitRate and more (a block's "no limit" default, such as LogGP's
// B_net = 1e13 B/s, would otherwise write every real rate as 0.0001 GB/s);
// none left gives Mbit/s (or MB/s).
inline constexpr double kNoLimitRate = 1e12; // B/s
RateUnit rateUnitFor(const std::vector<double>& bytesPerSecond, RateFamily family = ratePreference(),
                     const FormatOptions& options = formatOptions());
// The same for totals of real links (an aggregate drawing's lines: 96 links of
// 100 Gbit/s from the leaves to each spine are 9.6 Tbit/s), where a value of
// kNoLimitRate or more is a sum, not "no limit".
RateUnit rateUnitForTotals(const std::vector<double>& bytesPerSecond, RateFamily family = ratePreference(),
                           const FormatOptions& options = formatOptions());

} // namespace cs::plots
