#include "model/core/ParamSpec.h"
#include "model/core/ModelError.h"

#include <cmath>
#include <limits>

namespace cs {

std::string ParamSpec::rangeProblem(double v) const
{
    if (accepts(v))
        return {};
    if (!std::isfinite(v))
        return "= " + formatNumber(v) + " is not a finite number";
    if (v < min || v > max)
        return "= " + formatNumber(v) + " is out of range " + rangeText();
    return "= " + formatNumber(v) + " must be a whole number";
}

std::string ParamSpec::rangeText() const
{
    if (!choices.empty()) {
        std::string s = "one of ";
        for (std::size_t i = 0; i < choices.size(); ++i)
            s += (i ? ", " : "") + choices[i] + " (" + std::to_string(i) + ")";
        return s;
    }
    // A formula input without min or max is unbounded that way (its bound is
    // the largest double): said in words, not as 1.797e+308.
    const bool noMin = min <= std::numeric_limits<double>::lowest(), noMax = max >= std::numeric_limits<double>::max();
    if (noMin && noMax)
        return "any value";
    std::string s = noMin   ? "(-inf, " + formatNumber(max) + "]"
                    : noMax ? "[" + formatNumber(min) + ", inf)"
                            : "[" + formatNumber(min) + ", " + formatNumber(max) + "]";
    if (unit != Unit::Count && unit != Unit::Ratio)
        s += " " + std::string(unitSymbol(unit));
    return s;
}

double ParamSpec::parse(const std::string& text) const
{
    for (std::size_t i = 0; i < choices.size(); ++i)
        if (choices[i] == text)
            return static_cast<double>(i);
    try {
        return parseQuantity(text, unit);
    } catch (const ModelError& e) {
        if (!choices.empty())
            throw ModelError(std::string(e.what()) + "; expected " + rangeText());
        throw;
    }
}

ParamSpec param(std::string symbol, Unit unit, std::string displayUnit, double def, double min, double max,
                std::string meaning, std::string source)
{
    ParamSpec p;
    p.symbol = std::move(symbol);
    p.unit = unit;
    p.displayUnit = std::move(displayUnit);
    p.defaultValue = def;
    p.min = min;
    p.max = max;
    p.meaning = std::move(meaning);
    p.source = std::move(source);
    p.integer = (unit == Unit::Count || unit == Unit::Choice);
    return p;
}

ParamSpec countParam(std::string symbol, double def, double min, double max, std::string meaning,
                     std::string source)
{
    return param(std::move(symbol), Unit::Count, "", def, min, max, std::move(meaning), std::move(source));
}

ParamSpec choiceParam(std::string symbol, std::vector<std::string> choices, int def, std::string meaning,
                      std::string source)
{
    ParamSpec p = param(std::move(symbol), Unit::Choice, "", def, 0, static_cast<double>(choices.size()) - 1,
                        std::move(meaning), std::move(source));
    p.choices = std::move(choices);
    return p;
}

OutputSpec output(std::string symbol, Unit unit, std::string displayUnit, std::string meaning,
                  std::string source, std::string phaseOf)
{
    OutputSpec o;
    o.symbol = std::move(symbol);
    o.unit = unit;
    o.displayUnit = std::move(displayUnit);
    o.meaning = std::move(meaning);
    o.source = std::move(source);
    o.phaseOf = std::move(phaseOf);
    return o;
}

} // namespace cs
