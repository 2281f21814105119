// The compute term a formula block's author did not write, searched in the
// measured times (FormulaFit.h: searchFormula), for `fit --search` and the
// Calibration dock alike.
#include "model/calibration/FormulaFit.h"
#include "model/core/JobSize.h"
#include "model/core/ModelError.h"

#include <algorithm>

namespace cs::calib {

FormulaSearchReport searchFormula(const DesignDocument& doc, const std::vector<TimedPoint>& points,
                                  const FormulaFitOptions& options)
{
    const auto heldOut = [&](double P) {
        return std::find(options.holdOut.begin(), options.holdOut.end(), P) != options.holdOut.end();
    };
    std::vector<double> all, P, y, w;
    bool spread = true;
    for (const TimedPoint& p : points) {
        all.push_back(p.P);
        if (heldOut(p.P))
            continue;
        P.push_back(p.P);
        y.push_back(p.seconds);
        spread = spread && p.spread > 0;
    }
    // Weighted by the spread of each median when every point has one, else relative (searchScaling).
    if (spread)
        for (const TimedPoint& p : points)
            if (!heldOut(p.P))
                w.push_back(1.0 / (p.spread * p.spread));
    FormulaSearchReport r;
    r.output = options.output;
    const std::vector<double> baseAll = networkPart(doc, options, all, &r.block);
    std::vector<double> base;
    for (std::size_t i = 0; i < all.size(); ++i)
        if (!heldOut(all[i]))
            base.push_back(baseAll[i]);
    r.searched = static_cast<int>(P.size());
    r.found = searchScaling(P, y, base, w);
    if (r.found.empty())
        throw ModelError("no term c P^a log2(P)^b with a positive coefficient fits what the runs leave after the "
                         "network part of " + r.block + "." + options.output);
    const ScalingHypothesis& best = r.found.front();
    for (std::size_t i = 0; i < points.size(); ++i) {
        SearchedPoint s;
        s.P = points[i].P;
        s.measured = points[i].seconds;
        s.network = baseAll[i];
        s.predicted = baseAll[i] + best(points[i].P);
        s.relError = (s.predicted - s.measured) / s.measured;
        s.heldOut = heldOut(points[i].P);
        r.points.push_back(s);
    }
    return r;
}

nlohmann::json formulaSearchToJson(const FormulaSearchReport& r)
{
    nlohmann::json hyps = nlohmann::json::array(), rows = nlohmann::json::array();
    for (const ScalingHypothesis& h : r.found)
        hyps.push_back({{"formula", h.formula()}, {"loo_smape", h.cvSmape}, {"smape", h.smape}, {"r2", h.r2}});
    for (const SearchedPoint& p : r.points)
        rows.push_back({{kJobSize, p.P},
                        {"measured", p.measured},
                        {"network", p.network},
                        {"predicted", p.predicted},
                        {"error", p.relError},
                        {"held_out", p.heldOut}});
    return {{"block", r.block}, {"output", r.output}, {"found", hyps}, {"points", rows}};
}

} // namespace cs::calib
