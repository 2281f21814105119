// The formula engine below the block: muparser's parse as a tree, the
// program compiled from it, dimensional analysis and the limits on the text.
#include "model/formula/Dimension.h"
#include "model/formula/Expression.h"
#include "model/formula/ExpressionTree.h"
#include "model/formula/FormulaProgram.h"
#include "model/formula/UnitCheck.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <cmath>
#include <string>

using namespace cs;
using namespace cs::formula;
using Catch::Contains;

namespace {

// Evaluates `text` over names a, b, c = 2, 3, 4 through the compiled program.
double eval(const std::string& text, double a = 2, double b = 3, double c = 4)
{
    const std::vector<std::string> names{"a", "b", "c"};
    const ExpressionTree t = parseExpression(text, names);
    const FormulaProgram p(3, 1, {t});
    const double in[3] = {a, b, c};
    double out = 0;
    p.run(in, &out);
    return out;
}

std::string refusal(const std::string& text)
{
    try {
        parseExpression(text, {"a", "b", "c"});
    } catch (const ExpressionError& e) {
        return e.what();
    }
    return "(accepted)";
}

} // namespace

TEST_CASE("formula expressions evaluate with precedence, functions and conditionals", "[formula]")
{
    CHECK(eval("a + b * c") == 14.0);             // 2 + 3 x 4
    CHECK(eval("(a + b) * c") == 20.0);           // 5 x 4
    CHECK(eval("-a^2") == -4.0);                  // minus of the power: -(2^2)
    CHECK(eval("a^b^a") == 512.0);                // right-associative: 2^(3^2) = 2^9
    CHECK(eval("c^(1/2)") == 2.0);                // sqrt(4)
    CHECK(eval("a^3") == 8.0);                    // the cube without pow
    CHECK(eval("b^2") == 9.0);                    // the square without pow
    CHECK(eval("log2(c) + ln(1)") == 2.0);        // 2 + 0
    CHECK(eval("sqrt(c) * abs(-b)") == 6.0);      // 2 x 3
    CHECK(eval("ceil(b / a) + floor(b / a)") == 3.0); // ceil 1.5 = 2, floor 1.5 = 1
    CHECK(eval("min(a, b) + max(a, b)") == 5.0);  // 2 + 3
    CHECK(eval("if(a > b, 10, 20)") == 20.0);     // 2 > 3 is false
    CHECK(eval("if(a < b, 10, 20)") == 10.0);
    CHECK(eval("a < b ? c : 0") == 4.0);          // muparser's conditional
    CHECK(eval("if(b > 1, c / (b - 1), 0)") == 2.0); // 4 / 2
    CHECK(eval("a == 2 && b != 2") == 1.0);
    CHECK(eval("-(a - c)") == 2.0);
    CHECK(eval("+a") == 2.0);
    CHECK(eval("2.5e-1 * c") == 1.0);
    // Constants fold: the whole expression is one constant.
    CHECK(eval("2 * 3 + 1") == 7.0);
}

TEST_CASE("formula expressions refuse bad text with the position and the reason", "[formula]")
{
    CHECK_THAT(refusal("a + foo"), Contains("at position 5: unknown name 'foo'"));
    CHECK_THAT(refusal("sin(a)"), Contains("unknown function 'sin'"));
    CHECK_THAT(refusal("a +"), Contains("unexpected end of expression"));
    CHECK_THAT(refusal("(a"), Contains("missing parenthesis"));
    CHECK_THAT(refusal("log2(a, b)"), Contains("too many parameters"));
    CHECK_THAT(refusal("a = 3"), Contains("an output is an expression, not an assignment"));
    CHECK_THAT(refusal("a, b"), Contains("holds 2 expressions"));
    CHECK_THAT(refusal("_pi * a"), Contains("unknown name '_pi'"));
    CHECK_THAT(refusal("   "), Contains("is empty"));
    CHECK_THAT(refusal("a $ b"), Contains("unexpected token"));
}

TEST_CASE("formula expressions of a megabyte or nested 10^5 deep are refused before parsing", "[formula]")
{
    const auto t0 = std::chrono::steady_clock::now();
    std::string huge;
    while (huge.size() < (1u << 20))
        huge += "a + ";
    huge += "a";
    CHECK_THAT(refusal(huge), Contains("is 1048577 characters long; at most 10000 are accepted"));
    const std::string deep = std::string(100000, '(') + "a" + std::string(100000, ')');
    CHECK_THAT(refusal(deep), Contains("is 200001 characters long"));
    // Within the size limit the nesting is what is refused, at the 65th '('.
    const std::string nested = std::string(100, '(') + "a" + std::string(100, ')');
    CHECK_THAT(refusal(nested), Contains("at position 65: parentheses are nested more than 64 deep"));
    // 64 deep is fine.
    CHECK(eval(std::string(64, '(') + "a" + std::string(64, ')')) == 2.0);
    // Refused by their size, not parsed: well under a second (no timing is
    // asserted; a parse of the megabyte would take much longer).
    (void)t0;
}

TEST_CASE("a long right-leaning chain is refused for its intermediates, not by the stack", "[formula]")
{
    // a^a^...^a (4,500 powers, 9,001 characters) parses to a tree 4,500 deep
    // and needs as many intermediate values: more than a frame holds.
    std::string chain = "a";
    for (int i = 0; i < 4500; ++i)
        chain += "^a";
    const ExpressionTree t = parseExpression(chain, {"a"});
    CHECK(t.nodes.size() == 9001); // 4501 names and 4500 powers
    CHECK_THROWS_WITH(FormulaProgram(1, 1, {t}), Contains("a formula block may hold at most 4096"));
    // And the text of a term of it is clipped, without recursion.
    CHECK(termText(t, t.root(), {"a"}).size() <= 83);
}

TEST_CASE("dimensions multiply, divide and take rational powers", "[formula]")
{
    const Dimension s = Dimension::of(Unit::Seconds), B = Dimension::of(Unit::Bytes);
    CHECK((s / B).text() == "s/B");
    CHECK((B / s) == Dimension::of(Unit::BytesPerSecond));
    CHECK((s * s).text() == "s^2");
    CHECK(s.pow({1, 2}).text() == "s^(1/2)");
    CHECK((Dimension{} / (s * B)).text() == "1/(s*B)");
    CHECK(Dimension::of(Unit::Count).dimensionless());
    CHECK(rationalOf(2.0 / 3.0) == Rational{2, 3});
    CHECK(rationalOf(-1.5) == Rational{-3, 2});
    CHECK_FALSE(rationalOf(std::sqrt(2.0)).has_value());
}

TEST_CASE("units are checked: sums agree, logarithms are dimensionless, powers rational", "[formula]")
{
    const std::vector<std::string> names{"L", "G", "S", "P", "k"};
    const std::vector<Dimension> dims{Dimension::of(Unit::Seconds), Dimension::of(Unit::SecondsPerByte),
                                      Dimension::of(Unit::Bytes), Dimension{}, Dimension{}};
    auto unitOf = [&](const std::string& text) { return checkUnits(parseExpression(text, names), dims, names); };
    // L + G: seconds and seconds per byte.
    CHECK_THROWS_WITH(unitOf("L + G"), "'L + G' adds 'L' in s and 'G' in s/B; the units must agree");
    CHECK_THROWS_WITH(unitOf("L - S"), Contains("subtracts 'L' in s and 'S' in B"));
    CHECK_THROWS_WITH(unitOf("min(L, S)"), Contains("'min(L, S)' takes the extreme of 'L' in s and 'S' in B"));
    CHECK_THROWS_WITH(unitOf("if(P > 1, L, S)"), Contains("chooses between 'L' in s and 'S' in B"));
    CHECK_THROWS_WITH(unitOf("L < S"), Contains("compares"));
    CHECK_THROWS_WITH(unitOf("log2(S)"), Contains("the argument 'S' in B; a logarithm takes a dimensionless number"));
    CHECK_THROWS_WITH(unitOf("S^k"), Contains("the base 'S' in B, so the exponent 'k' must be a constant number"));
    CHECK_THROWS_WITH(unitOf("S^0.15"), Contains("is not a fraction with a denominator of at most 12"));
    CHECK_THROWS_WITH(unitOf("P^L"), Contains("the exponent 'L' in s"));
    // The term named is the one at fault, inside a larger expression.
    CHECK_THROWS_WITH(unitOf("2 * (L + G * S) + (L + G)"), Contains("'L + G' adds 'L' in s and 'G' in s/B"));
    CHECK(unitOf("L + G * S")->text() == "s");              // s + (s/B)(B)
    CHECK(unitOf("S / L") == Dimension::of(Unit::BytesPerSecond));
    CHECK(unitOf("(S * S * S)^0.3")->text() == "B^(9/10)"); // 0.3 = 3/10
    CHECK(unitOf("sqrt(S * S)") == Dimension::of(Unit::Bytes));
    CHECK(unitOf("S^(2/3) * S^(1/3)") == Dimension::of(Unit::Bytes)); // B^(2/3 + 1/3)
    CHECK(unitOf("P^(2/3) * L") == Dimension::of(Unit::Seconds));     // a dimensionless base takes any exponent
    CHECK(unitOf("P^k") == Dimension{});
    CHECK(unitOf("log2(P) * L") == Dimension::of(Unit::Seconds));
    CHECK(unitOf("if(P > 1, L, 0)") == Dimension::of(Unit::Seconds)); // the literal 0 fits any unit
    CHECK_FALSE(unitOf("0").has_value());
    CHECK_THROWS_WITH(unitOf("L + 1"), Contains("adds 'L' in s and '1' in 1")); // a constant is dimensionless
}

TEST_CASE("calibration expressions use the same engine", "[formula][calib]")
{
    const auto lookup = [](const std::string& s) -> double {
        if (s == "a")
            return 20.0;
        if (s == "o_s")
            return 4.0;
        if (s == "o_r")
            return 5.0;
        throw ModelError("unknown " + s);
    };
    CHECK(evaluateExpression("a - o_s - o_r", lookup) == 11.0);        // 20 - 4 - 5
    CHECK(evaluateExpression("1024 * log2(1024)", lookup) == 10240.0); // 1024 x 10
    CHECK(expressionSymbols("c * rows * log2(rows) + c") == std::vector<std::string>{"c", "rows"});
    CHECK_THROWS_WITH(evaluateExpression("a +", lookup), Contains("expression 'a +' "));
    CHECK_THROWS_WITH(evaluateExpression("foo(1)", lookup), Contains("unknown function 'foo'"));
    CHECK_THROWS_WITH(evaluateExpression("zz", lookup), Contains("unknown zz"));
}
