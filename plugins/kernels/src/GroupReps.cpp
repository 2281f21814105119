#include "cs/probe/GroupReps.h"

#include <sstream>

namespace cs::probe {

std::string RepBudget::validate() const
{
    std::ostringstream os;
    if (warmups > 100)
        os << "warmups = " << warmups << " must be in [0, 100]";
    else if (repetitions < 1 || repetitions > 10000)
        os << "repetitions = " << repetitions << " must be in [1, 10000]";
    else if (minReps < 1 || minReps > repetitions)
        os << "minReps = " << minReps << " must be in [1, repetitions = " << repetitions << "]";
    else if (!(budget_s >= 0 && budget_s <= 86400))
        os << "budget_s = " << budget_s << " must be in [0, 86400] seconds";
    return os.str();
}

PhaseSeries::PhaseSeries(std::size_t phases, const RepBudget& budget) : budget_(budget), series_(phases) {}

bool PhaseSeries::record(std::uint32_t rep, const std::vector<double>& values)
{
    if (rep < budget_.warmups)
        return false;
    for (std::size_t ph = 0; ph < series_.size() && ph < values.size(); ++ph)
        series_[ph].push_back(values[ph]);
    keptTime_ += values.empty() ? 0.0 : values[0];
    ++kept_;
    return kept_ >= budget_.repetitions ||
           (budget_.budget_s > 0 && keptTime_ >= budget_.budget_s && kept_ >= budget_.minReps);
}

Summary PhaseSeries::summary(std::size_t phase) const
{
    return summarize(series_.at(phase));
}

} // namespace cs::probe
