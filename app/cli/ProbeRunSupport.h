#pragma once
// What `clusterscope-cli probe` and `clusterscope-cli calibrate` share: a Qt
// core application for the runner, --set parsing against a probe's
// parameters, the node list, running plans with progress and Ctrl-C, and
// readable values.
#include "app/runner/JobResult.h"
#include "app/runner/Node.h"
#include "app/runner/Runner.h"

#include "cs/sdk/PluginLoader.h"

#include <nlohmann/json.hpp>

#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

class QCoreApplication;

namespace cs::cli {

// Makes a QCoreApplication when the process has none (the runner and the
// plugin loader are Qt; the CLI has no application object of its own).
class CoreApp {
public:
    CoreApp();
    ~CoreApp();

private:
    std::unique_ptr<QCoreApplication> app_;
};

// Parses a --set value in the parameter's unit: "64KiB", "10us", "2^20", "3".
// Throws UsageError naming the option.
double parseProbeParam(const sdk::ParamDef& p, const std::string& text);

// Nodes from --nodes SPEC, else from the design document's "nodes". Throws
// UsageError when neither gives any, or the spec is malformed.
std::vector<runner::Node> nodesFrom(const std::optional<std::string>& spec, const nlohmann::json& documentNodes,
                                    const std::string& command);

// Nodes read from the design document `file` run only what the user has
// seen: unless `trusted` (--trust-nodes), when any node needs consent
// (runner/Consent.h) this prints the commands it would run on `err` and
// returns false.
bool nodesAllowed(const std::vector<runner::Node>& nodes, const std::string& file, bool trusted,
                  const std::string& command, std::ostream& err);

// --parallel N: the jobs run at once at most, 1 to RunPlan::kMaxParallel
// (none: RunPlan::kDefaultParallel). Throws UsageError naming the value.
int parseParallel(const std::optional<std::string>& text);

// Runs the plans one after another on one runner (so a node whose agent did
// not start is skipped in the later plans too), progress lines on `err`
// unless quiet; Ctrl-C cancels the current run and skips the rest. Throws
// ModelError (naming the probe) when a plan is rejected before it starts.
std::vector<runner::JobResult> runPlans(const sdk::PluginLoader& plugins, const std::vector<runner::RunPlan>& plans,
                                        bool quiet, std::ostream& err);

// cs::formatMeasured of a JSON number ("12.32 us", "906.7 MiB/s", "511.6 ps/B"); "-" when not a number.
std::string formatValue(const nlohmann::json& v, const std::string& unit);

} // namespace cs::cli
