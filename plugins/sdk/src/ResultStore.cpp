#include "cs/sdk/ResultStore.h"

namespace cs::sdk {

void ResultStore::clear()
{
    std::lock_guard lock(mutex_);
    samples_.clear();
    done_ = total_ = 0.0;
    outcome_.reset();
}

void ResultStore::addSamples(const std::string& series, const std::vector<double>& values)
{
    std::lock_guard lock(mutex_);
    auto& v = samples_[series];
    v.insert(v.end(), values.begin(), values.end());
}

void ResultStore::setProgress(double done, double total)
{
    std::lock_guard lock(mutex_);
    done_ = done;
    total_ = total;
}

void ResultStore::setOutcome(RunOutcome outcome)
{
    std::lock_guard lock(mutex_);
    outcome_ = std::move(outcome);
}

std::map<std::string, std::vector<double>> ResultStore::samples() const
{
    std::lock_guard lock(mutex_);
    return samples_;
}

std::pair<double, double> ResultStore::progress() const
{
    std::lock_guard lock(mutex_);
    return {done_, total_};
}

std::optional<RunOutcome> ResultStore::outcome() const
{
    std::lock_guard lock(mutex_);
    return outcome_;
}

} // namespace cs::sdk
