#include "model/formula/Dimension.h"

#include <cmath>
#include <numeric>

namespace cs::formula {

Rational Rational::of(long n, long d)
{
    if (d < 0) {
        n = -n;
        d = -d;
    }
    const long g = std::gcd(n, d);
    return g > 1 ? Rational{n / g, d / g} : Rational{n, d};
}

std::string Rational::text() const
{
    return den == 1 ? std::to_string(num) : std::to_string(num) + "/" + std::to_string(den);
}

std::optional<Rational> rationalOf(double x, long maxDen)
{
    if (!std::isfinite(x) || std::abs(x) > 1e6)
        return std::nullopt;
    for (long d = 1; d <= maxDen; ++d) {
        const double n = std::round(x * static_cast<double>(d));
        if (std::abs(n / static_cast<double>(d) - x) <= 1e-9 * std::max(1.0, std::abs(x)))
            return Rational::of(static_cast<long>(n), d);
    }
    return std::nullopt;
}

Dimension Dimension::of(Unit u)
{
    Dimension d;
    switch (u) {
    case Unit::Seconds: d.e_[Second] = {1, 1}; break;
    case Unit::Bytes: d.e_[Byte] = {1, 1}; break;
    case Unit::BytesPerSecond:
        d.e_[Byte] = {1, 1};
        d.e_[Second] = {-1, 1};
        break;
    case Unit::SecondsPerByte:
        d.e_[Second] = {1, 1};
        d.e_[Byte] = {-1, 1};
        break;
    case Unit::PerSecond: d.e_[Second] = {-1, 1}; break;
    case Unit::USD: d.e_[Dollar] = {1, 1}; break;
    case Unit::Count:
    case Unit::Ratio:
    case Unit::Choice: break;
    }
    return d;
}

bool Dimension::dimensionless() const
{
    for (const Rational& r : e_)
        if (r.num != 0)
            return false;
    return true;
}

Dimension Dimension::operator*(const Dimension& o) const
{
    Dimension d;
    for (int i = 0; i < kBases; ++i)
        d.e_[i] = e_[i] + o.e_[i];
    return d;
}

Dimension Dimension::operator/(const Dimension& o) const
{
    Dimension d;
    for (int i = 0; i < kBases; ++i)
        d.e_[i] = e_[i] - o.e_[i];
    return d;
}

Dimension Dimension::pow(Rational p) const
{
    Dimension d;
    for (int i = 0; i < kBases; ++i)
        d.e_[i] = e_[i] * p;
    return d;
}

std::string Dimension::text() const
{
    static constexpr const char* kNames[kBases] = {"s", "B", "USD"};
    std::string up, down;
    int nDown = 0;
    auto factor = [](const char* name, Rational r) {
        if (r == Rational{1, 1})
            return std::string(name);
        return std::string(name) + "^" + (r.den == 1 ? r.text() : "(" + r.text() + ")");
    };
    for (int i = 0; i < kBases; ++i) {
        const Rational r = e_[i];
        if (r.num > 0)
            up += (up.empty() ? "" : "*") + factor(kNames[i], r);
        else if (r.num < 0) {
            down += (down.empty() ? "" : "*") + factor(kNames[i], Rational{-r.num, r.den});
            ++nDown;
        }
    }
    if (up.empty())
        up = "1";
    if (down.empty())
        return up;
    return up + "/" + (nDown > 1 ? "(" + down + ")" : down);
}

} // namespace cs::formula
