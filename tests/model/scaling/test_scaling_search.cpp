// fit --search (issue 31, section 4): the compute term the user did not write, found as Extra-P finds it.
// Golden values are the generating functions' own exponents and coefficients, chosen here.
#include "model/scaling/ScalingSearch.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <algorithm>
#include <random>
#include <string>

using namespace cs::calib;
using Catch::Matchers::Contains;

namespace {

const std::vector<double> kP = {2, 4, 8, 16, 32, 64};

} // namespace

TEST_CASE("search: exact data give back their term, coefficient and constant", "[calibration][search]")
{
    // y = 2 + 0.5 P^1.5 log2(P): at P = 2, 2 + 0.5 x 2.828 x 1 = 3.414; at 64, 2 + 0.5 x 512 x 6 = 1538.
    std::vector<double> y;
    for (double P : kP)
        y.push_back(2 + 0.5 * std::pow(P, 1.5) * std::log2(P));
    CHECK(y.front() == Approx(3.41421));
    CHECK(y.back() == Approx(1538));
    const auto found = searchScaling(kP, y, {}, {});
    REQUIRE_FALSE(found.empty());
    const ScalingHypothesis& best = found.front();
    // The constant is a term of the grid (a = b = 0): two terms.
    REQUIRE(best.terms.size() == 2);
    CHECK(best.terms[0] == ScalingTerm{0, 0});
    CHECK(best.terms[1] == ScalingTerm{1.5, 1});
    CHECK(best.coefficients[0] == Approx(2).epsilon(1e-6));
    CHECK(best.coefficients[1] == Approx(0.5).epsilon(1e-6));
    CHECK(best.cvSmape < 1e-6);
    CHECK(best.formula() == "2 + 0.5 * P^1.5 * log2(P)");
    CHECK(best(64) == Approx(1538));
}

TEST_CASE("search: the network part is added, not searched", "[calibration][search]")
{
    // Network part 0.1 + 0.05 log2(P) (what the calibrated blocks give); compute 8 / P.
    std::vector<double> base, y;
    for (double P : kP) {
        base.push_back(0.1 + 0.05 * std::log2(P));
        y.push_back(base.back() + 8 / P);
    }
    const auto found = searchScaling(kP, y, base, {});
    REQUIRE(found.front().terms.size() == 1);
    CHECK(found.front().terms[0] == ScalingTerm{-1, 0});
    CHECK(found.front().coefficients[0] == Approx(8).epsilon(1e-6));
}

namespace {

struct Generated {
    std::vector<ScalingTerm> terms;
    std::vector<double> c;
};

std::vector<ScalingTerm> sortedTerms(std::vector<ScalingTerm> t)
{
    std::sort(t.begin(), t.end(), [](auto& x, auto& z) { return x.a != z.a ? x.a < z.a : x.b < z.b; });
    return t;
}

// Data sets from known terms, at every P from 2 to 64, each time times 1 + 0.05 N(0, 1): `pairs` false, one
// term of the grid each; true, two terms a apart by at least 1 and each at least a third of the time
// somewhere in the range (else the data hold one term and the noise). Coefficients from 0.5 to 2.
// Returns how many sets the search's best hypothesis gives the generating terms of, exactly.
int recovered(int sets, bool pairs, std::uint32_t seed, double* worstCv)
{
    std::mt19937 rng(seed);
    const std::vector<ScalingTerm> grid = scalingTerms();
    std::uniform_int_distribution<std::size_t> pick(0, grid.size() - 1);
    std::uniform_real_distribution<double> coef(0.5, 2.0);
    std::normal_distribution<double> noise(0.0, 0.05);
    std::vector<double> P;
    for (double p = 2; p <= 64; ++p)
        P.push_back(p);
    auto at = [](const Generated& g, std::size_t k, double p) {
        return g.c[k] * std::pow(p, g.terms[k].a) * std::pow(std::log2(p), g.terms[k].b);
    };
    int found = 0;
    *worstCv = 0;
    for (int set = 0; set < sets; ++set) {
        Generated g{{grid[pick(rng)]}, {coef(rng)}};
        if (pairs) {
            auto shows = [&] {
                for (std::size_t k = 0; k < 2; ++k) {
                    double most = 0;
                    for (double p : P)
                        most = std::max(most, at(g, k, p) / (at(g, 0, p) + at(g, 1, p)));
                    if (most < 1.0 / 3)
                        return false;
                }
                return true;
            };
            g.terms.push_back(grid[0]);
            g.c.push_back(1);
            do { // a new second term and new coefficients until both show
                do
                    g.terms[1] = grid[pick(rng)];
                while (std::abs(g.terms[1].a - g.terms[0].a) < 1);
                g.c = {coef(rng), coef(rng)};
            } while (!shows());
        }
        std::vector<double> y;
        for (double p : P) {
            double v = 0;
            for (std::size_t k = 0; k < g.terms.size(); ++k)
                v += at(g, k, p);
            y.push_back(v * (1 + noise(rng)));
        }
        const ScalingHypothesis best = searchScaling(P, y, {}, {}).front();
        *worstCv = std::max(*worstCv, best.cvSmape);
        const bool same = sortedTerms(best.terms) == sortedTerms(g.terms);
        found += same;
        if (!same)
            UNSCOPED_INFO("set " << set << ": generated a = " << g.terms[0].a << " b = " << g.terms[0].b
                                 << (pairs ? " and a = " + std::to_string(g.terms[1].a) + " b = " +
                                                 std::to_string(g.terms[1].b)
                                           : std::string())
                                 << "; found " << best.formula());
    }
    return found;
}

} // namespace

TEST_CASE("search: on 100 noisy data sets of one term it finds the generating exponents in at least 90",
          "[calibration][search]")
{
    // Issue 31: terms c P^a log2(P)^b, a in quarters from -2 to 3, b 0 to 2, 5% noise, P = 2 to 64.
    double worstCv = 0;
    const int found = recovered(100, false, 20261123, &worstCv);
    INFO(found << " of 100 found");
    CHECK(found >= 90);
}

TEST_CASE("search: data of two terms are predicted within their noise, though the exponents are not always found",
          "[calibration][search]")
{
    // With two terms and 5% noise the grid holds near twins (P^-0.25 log2(P) and P^0.25 over 2..64): the
    // search does not find both exponents exactly in most sets (1 of 30 of these when this was written), but
    // what it picks predicts each left-out point within the noise: leave-one-out SMAPE under 8% (5% noise
    // gives a mean |error| of 0.05 x sqrt(2/pi) = 4%).
    double worstCv = 0;
    const int found = recovered(30, true, 7, &worstCv);
    WARN(found << " of 30 two-term sets found exactly; worst leave-one-out SMAPE " << worstCv);
    CHECK(worstCv < 0.08);
}

TEST_CASE("search: bad input is refused, naming the value", "[calibration][search]")
{
    CHECK_THROWS_WITH(searchScaling({2, 4, 8, 16}, {1, 2, 3, 4}, {}, {}), Contains("4 distinct values of P") && Contains("at least 5"));
    CHECK_THROWS_WITH(searchScaling({2, 4, 8, 16, 32}, {1, 2, -3, 4, 5}, {}, {}), Contains("P = 8 is -3"));
    CHECK_THROWS_WITH(searchScaling({2, 4, 8, 16, 0.5}, {1, 2, 3, 4, 5}, {}, {}), Contains("P = 0.5"));
    CHECK_THROWS_WITH(searchScaling({2, 4, 8, 16, 32}, {1, 2, 3}, {}, {}), Contains("as many"));
    ScalingSearchOptions three;
    three.maxTerms = 3;
    CHECK_THROWS_WITH(searchScaling({2, 4, 8, 16, 32}, {5, 4, 3, 2, 1}, {}, {}, three), Contains("terms = 3"));
}
