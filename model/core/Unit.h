#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace cs {

// The physical kind of a value. Values are always stored in SI base units;
// a unit only says what kind of number it is, so that wires can be checked.
enum class Unit {
    Seconds,        // s
    Bytes,          // B
    BytesPerSecond, // B/s
    SecondsPerByte, // s/B (a per-byte cost, LogGP's G)
    PerSecond,      // 1/s (rates of events: packets, interrupts)
    Count,          // a whole number of things: hosts, rows, keys, links, hops
    Ratio,          // dimensionless: speedup, efficiency, fractions
    USD,            // money
    Choice,         // an index into a block parameter's list of named choices
};

// "s", "B", "B/s", ...; used in JSON and error messages.
std::string_view unitSymbol(Unit u);
std::optional<Unit> unitFromSymbol(std::string_view symbol);

// A unit for display and input: value_in_display = value_si / scale.
struct DisplayUnit {
    std::string_view name; // "us", "MiB/s", "Mbit/s", ...
    Unit unit;
    double scale;
};

// Looks up a display unit by name ("us", "ms", "KiB", "MB/s", "Gbit/s", ...).
std::optional<DisplayUnit> findDisplayUnit(std::string_view name);

// Parses "80MiB/s", "15 us", "1e6", "2^20" into SI units of the expected kind.
// A bare number is taken as SI. Throws ModelError naming the text on failure or
// when the unit is of another kind.
double parseQuantity(std::string_view text, Unit expected);

// Formats an SI value in the given display unit, e.g. "80 MiB/s". An unknown
// or empty display unit prints the SI value with the unit symbol.
std::string formatQuantity(double si, std::string_view displayUnit, Unit unit);

// Shortest round-trip representation of a double ("0.1", "1048576", "1e-06").
std::string formatNumber(double v);

} // namespace cs
