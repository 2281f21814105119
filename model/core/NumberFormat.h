#pragma once
// The number formatters the program's text shares (Qt-free): a number to so
// many significant digits or decimals, and a fraction as a percent. Each is one printf
// format, so that the text is exactly what each place wrote before it
// called these. Quantities with units are Unit.h's (formatQuantity,
// formatMeasured); formatNumber there is the shortest text that reads back.
#include <string>

namespace cs {

// v with `digits` significant digits, printf's "%.*g": 0.000123457 ("%.6g"),
// 1.235e+06 ("%.4g"), 12 (not 12.0000); "nan", "inf" as printf writes them.
std::string formatSignificant(double v, int digits = 6);

// v with `decimals` decimals, printf's "%.*f": "12.3" (1), "2" (0); sizes and
// durations in a fixed unit ("1.5 MB", "0.25 s") add the unit themselves.
std::string formatFixed(double v, int decimals);

// formatPercent's `decimals` for a percent read at a glance (the calibration
// charts' errors): one decimal under 10%, none from 10% ("4.2%", "+12%"),
// each rounded half away from zero, and "0.0%", never "-0.0%".
inline constexpr int kPercentAtAGlance = -1;

// 100 x `fraction` with `decimals` decimals and a "%": "12.5%", and with
// `sign` "+12.5%" or "-3.0%" (printf's "%+.*f%%"); "-" for a fraction that is
// not a finite number (an error with nothing to compare). `decimals` may be
// kPercentAtAGlance (above); with `sign` it then writes "+" before every
// percent not below zero ("+0.0%", "-3.5%").
std::string formatPercent(double fraction, int decimals, bool sign = false);

// 100 x `fraction` with `digits` significant digits and a "%": "0.123%",
// "12.3%" ("%.*g%%").
std::string formatPercentSignificant(double fraction, int digits);

} // namespace cs
