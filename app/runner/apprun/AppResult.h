#pragma once
// A program's runs at one P as a result of the results format (docs/agent-protocol.md "Results"): probe
// "app.run", params.P, and the series
//   T                the program's time per run (what --time says; the value fits and verify read)
//   wall             the launch's wall time per run
//   launch_overhead  --time wall: the wall time of `true` launched the same way, whose median is taken off
// each with its median and 95% CI (the probes' statistics, cs/probe/Statistics.h) and its raw samples in the
// part. `run-app` and its imports (MeasuredImport.h) both write them.
#include "app/runner/JobResult.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace cs::runner::apprun {

inline constexpr const char* kAppRunProbe = "app.run";

struct AppMeasurement {
    int P = 1;
    std::string unit = "s"; // of T
    std::vector<double> T, wall, overhead;
    std::string status = "ok";
    std::string reason;
    nlohmann::json params = nlohmann::json::object(); // beside P: the numeric --set values
    nlohmann::json details = nlohmann::json::object();
    nlohmann::json environment = nlohmann::json::object();
    std::string name;                   // the result's "name"
    std::vector<std::string> nodes;     // node names
    std::string node = "launch";        // the part's node and transport
    std::string transport;
    std::string command;                // the launch, as a shell would read it
    std::string started;                // ISO 8601 UTC
    double duration = 0.0;
};

JobResult toJobResult(const AppMeasurement& m);

// The current time as the results write it.
std::string isoNow();

} // namespace cs::runner::apprun
