#pragma once
// The physical dimension of a formula's term: exponents of seconds, bytes and
// dollars. The block ports keep the coarse Unit kinds (Unit.h); inside a
// formula a term may be anything a product, quotient or power makes
// (s^2, s^(1/2)/B), so the exponents are rationals.
#include "model/core/Unit.h"

#include <array>
#include <optional>
#include <string>

namespace cs::formula {

// A reduced fraction; den > 0.
struct Rational {
    long num = 0;
    long den = 1;

    static Rational of(long n, long d);
    bool operator==(const Rational&) const = default;
    Rational operator+(Rational o) const { return of(num * o.den + o.num * den, den * o.den); }
    Rational operator-(Rational o) const { return of(num * o.den - o.num * den, den * o.den); }
    Rational operator*(Rational o) const { return of(num * o.num, den * o.den); }
    std::string text() const; // "2", "-1", "2/3"
};

// The fraction with a denominator of at most `maxDen` that equals x to
// 1e-9 relative (2/3 from 0.6666666666666666); none when x is not one.
std::optional<Rational> rationalOf(double x, long maxDen = 12);

class Dimension {
public:
    enum Base { Second, Byte, Dollar, kBases };

    Dimension() = default;
    static Dimension of(Unit u); // Count, Ratio and Choice are dimensionless

    bool dimensionless() const;
    bool operator==(const Dimension&) const = default;
    Dimension operator*(const Dimension& o) const;
    Dimension operator/(const Dimension& o) const;
    Dimension pow(Rational p) const;
    // "1", "s", "B/s", "s/B", "s^2", "s^(1/2)", "1/(s*B)".
    std::string text() const;

private:
    std::array<Rational, kBases> e_{};
};

} // namespace cs::formula
