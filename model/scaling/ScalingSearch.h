#pragma once
// Finding the compute term a user did not write (issue 31, `fit --search`), as
// Extra-P does (Calotoiu et al., SC'13): hypotheses sum_k c_k P^a_k log2(P)^b_k
// of one or two terms, a in quarters from -2 to 3 and b in 0..2 (a = b = 0 is
// the constant, a term like the others),
// each fitted by weighted least squares to what the measured times leave
// after the network part the calibrated blocks give, and ranked by their
// leave-one-out error (cross-validation): a term that only fits the noise
// predicts its held-out points worse.
#include <string>
#include <vector>

namespace cs::calib {

struct ScalingTerm {
    double a = 0; // exponent of P
    int b = 0;    // exponent of log2(P)
    bool operator==(const ScalingTerm& o) const { return a == o.a && b == o.b; }
};

struct ScalingHypothesis {
    std::vector<ScalingTerm> terms;    // one or two, in the order of the grid
    std::vector<double> coefficients;  // one per term
    double cvSmape = 0; // mean SMAPE of each point predicted by the fit without it (a fraction)
    double smape = 0;   // the fit's own SMAPE over every point
    double r2 = 0;      // weighted
    // "0.012 + 3.4e-05 * P^1.5 * log2(P)" (a constant is a bare number): muparser syntax, so it can be a
    // formula block's expression.
    std::string formula(const std::string& var) const;
    std::string formula() const; // in the job's size, P (kJobSize)
    double operator()(double P) const; // the fitted compute part at P (without the network part)
};

struct ScalingSearchOptions {
    int maxTerms = 2;       // 1 or 2
    double aMin = -2, aMax = 3, aStep = 0.25;
    int bMax = 2;
    // A two-term hypothesis replaces the best one-term one only when its
    // leave-one-out error is at most this fraction of it: a second term
    // must earn its place (Occam, as Extra-P prefers the simpler model).
    double twoTermGain = 0.8;
    std::size_t keep = 5; // hypotheses returned, best first
};

// The grid of terms, the constant (a = b = 0) among them.
std::vector<ScalingTerm> scalingTerms(const ScalingSearchOptions& o = {});

// Searches the hypotheses for y_i - base_i at P_i (base: the network part; empty
// = 0). Weights are 1/variance of each y_i (empty: relative, 1 / y_i^2). A
// hypothesis whose coefficients are not all positive is dropped: each term is
// a cost, and a negative one is noise being fitted. Needs at
// least 5 distinct P >= 1 (Extra-P's rule) and finite data; throws ModelError
// naming the value otherwise. Returns the best `keep`, best first.
std::vector<ScalingHypothesis> searchScaling(const std::vector<double>& P, const std::vector<double>& y,
                                             const std::vector<double>& base, const std::vector<double>& weights,
                                             const ScalingSearchOptions& options = {});

} // namespace cs::calib
