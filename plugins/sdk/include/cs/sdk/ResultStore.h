#pragma once
// A thread-safe store of one probe run's raw samples, progress and outcome.
// The worker thread writes, any thread reads a consistent copy.
#include "cs/sdk/RunContext.h"

#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace cs::sdk {

class ResultStore {
public:
    void clear();
    void addSamples(const std::string& series, const std::vector<double>& values);
    void setProgress(double done, double total);
    void setOutcome(RunOutcome outcome);

    std::map<std::string, std::vector<double>> samples() const;
    std::pair<double, double> progress() const; // (done, total)
    std::optional<RunOutcome> outcome() const;  // set once the run ended

private:
    mutable std::mutex mutex_;
    std::map<std::string, std::vector<double>> samples_;
    double done_ = 0.0;
    double total_ = 0.0;
    std::optional<RunOutcome> outcome_;
};

} // namespace cs::sdk
