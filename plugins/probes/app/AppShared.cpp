#include "app/AppShared.h"
#include "common/SummaryJson.h"

#include <algorithm>

namespace cs::probeplugin {

using nlohmann::json;

std::vector<sdk::ParamDef> appRepParams(double warmups, double reps, double minReps, double budget)
{
    return {{"warmups", "count", warmups, 0, 100, true, "repetitions discarded before the kept ones"},
            {"reps", "count", reps, 1, 10000, true, "most repetitions kept (the budget may stop earlier)"},
            {"min_reps", "count", minReps, 1, 10000, true, "fewest kept repetitions when the budget runs out"},
            {"budget", "s", budget, 0, 86400, false, "seconds of kept repetitions (0 = run all reps)"}};
}

sdk::ParamDef alltoallParam(const std::string& block)
{
    return {"alltoall", "choice", 1, 0, 1, true,
            "0 = linear (every block at once), 1 = pairwise (P-1 rounds), as " + block + "'s alltoall"};
}

cs::probe::RepBudget repBudgetFrom(const AppParamLookup& param)
{
    cs::probe::RepBudget b;
    b.warmups = static_cast<std::uint32_t>(param("warmups"));
    b.repetitions = static_cast<std::uint32_t>(param("reps"));
    // Fewer repetitions asked for than the budget's minimum: all of them run, so the minimum is met.
    b.minReps = std::min(b.repetitions, static_cast<std::uint32_t>(param("min_reps")));
    b.budget_s = param("budget");
    return b;
}

json phasesJson(const std::vector<std::pair<const char*, const cs::probe::Summary*>>& phases,
                const SeriesJsonOf& seriesOf)
{
    json series = json::object(), der = json::object();
    for (const auto& [name, s] : phases) {
        series[name] = seriesOf(name, *s);
        der[name] = derived(*s, "s");
    }
    return {{"series", series}, {"derived", der}};
}

} // namespace cs::probeplugin
