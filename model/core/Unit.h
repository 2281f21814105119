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

// The display unit that puts a magnitude of at least 1 in front of |si| (the largest scale not above |si|):
// seconds s, ms, us, ns; bytes B, KiB, MiB, GiB; rates B/s, KiB/s, MiB/s, GiB/s; per-byte costs
// us/B, ns/B, ps/B. Smaller magnitudes (and 0) take the smallest scale. Other kinds: the SI unit, scale 1.
DisplayUnit autoDisplayUnit(double si, Unit unit);

// A measured value at its automatic display unit with 4 significant digits: "21 us", "906.7 MiB/s",
// "511.6 ps/B". `unitSymbol` is an SI symbol ("s", "B/s", ...); counts and ratios print the bare
// number; an unknown symbol ("flop/s") prints the number and the symbol; non-finite values print "-".
std::string formatMeasured(double si, std::string_view unitSymbol);

// A link's load in flows, for people: "1 flow", "15 flows", "2097150 flows"; ECMP splits a flow over its
// equal-cost paths, so a load may be a fraction: "466.7 flows" (one decimal; 0.999999 reads "1 flow").
std::string formatFlows(double load);

// Shortest round-trip representation of a double ("0.1", "1048576", "1e-06"):
// printf's %g at the smallest precision of at least 6 that reads back as v.
std::string formatNumber(double v);

// The same text written to `out`, which has room for kNumberChars; returns
// the end of the text (no terminating zero). No allocation: the writers of
// million-row tables call it per value.
inline constexpr std::size_t kNumberChars = 32;
char* formatNumberTo(double v, char* out);

} // namespace cs
