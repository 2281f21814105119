// The number formatters the program's text shares (model/core/NumberFormat.h).
// Each expected text is printf's, worked out by hand.
#include "model/core/NumberFormat.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

using namespace cs;

TEST_CASE("formatSignificant writes so many significant digits", "[format]")
{
    CHECK(formatSignificant(1234567.0) == "1.23457e+06"); // 6 digits: 1.234567 rounds to 1.23457
    CHECK(formatSignificant(1234567.0, 4) == "1.235e+06");
    CHECK(formatSignificant(0.5, 4) == "0.5");             // no trailing zeros
    CHECK(formatSignificant(12.0) == "12");
    CHECK(formatSignificant(2.0 / 3.0, 3) == "0.667");
    CHECK(formatSignificant(123456789.0, 10) == "123456789");
    CHECK(formatSignificant(std::numeric_limits<double>::quiet_NaN(), 4) == "nan");
}

TEST_CASE("formatPercent writes a fraction as a percent, '-' when it is no number", "[format]")
{
    CHECK(formatPercent(0.125, 1) == "12.5%");   // 100 x 0.125
    CHECK(formatPercent(0.125, 1, true) == "+12.5%");
    CHECK(formatPercent(-0.03, 1, true) == "-3.0%");
    CHECK(formatPercent(0.0, 2) == "0.00%");
    CHECK(formatPercent(1.0 / 3.0, 2) == "33.33%"); // 33.333...
    CHECK(formatPercent(std::nan(""), 1, true) == "-");
    CHECK(formatPercent(INFINITY, 1, true) == "-");
    // A large one is written whole, not cut at a buffer's end: 1e70 x 100 has 73 digits before the point.
    CHECK(formatPercent(1e70, 0).size() == 73 + 1);
}

TEST_CASE("formatPercentSignificant writes a percent to so many digits", "[format]")
{
    CHECK(formatPercentSignificant(0.001234, 3) == "0.123%"); // 0.1234 -> 3 digits
    CHECK(formatPercentSignificant(0.5, 3) == "50%");
    CHECK(formatPercentSignificant(0.12345, 3) == "12.3%");
}

TEST_CASE("formatFixed writes so many decimals", "[format]")
{
    CHECK(formatFixed(1.25, 2) == "1.25");
    CHECK(formatFixed(2.0, 0) == "2");
    CHECK(formatFixed(0.333333, 1) == "0.3");
    CHECK(formatFixed(12.5e6 / 1e6, 1) == "12.5"); // AgentDeployer's "12.5 MB"
}

TEST_CASE("formatPercent at a glance: one decimal under 10%, none from 10%, half away from zero", "[format]")
{
    CHECK(formatPercent(0.031, kPercentAtAGlance, true) == "+3.1%");
    CHECK(formatPercent(0.125, kPercentAtAGlance, true) == "+13%"); // 12.5 rounds away from zero (printf: 12)
    CHECK(formatPercent(-0.0351, kPercentAtAGlance, true) == "-3.5%");
    CHECK(formatPercent(0.5, kPercentAtAGlance, false) == "50%");
    // -0.04% rounds to zero and reads "0.0%" (no "+": it is below zero), -0 itself "+0.0%".
    CHECK(formatPercent(-0.0004, kPercentAtAGlance, true) == "0.0%");
    CHECK(formatPercent(-0.0, kPercentAtAGlance, true) == "+0.0%");
    CHECK(formatPercent(std::nan(""), kPercentAtAGlance, true) == "-");
}
