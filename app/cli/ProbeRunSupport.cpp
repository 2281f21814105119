#include "app/cli/ProbeRunSupport.h"
#include "app/cli/Cli.h"
#include "app/runner/Consent.h"
#include "model/core/Printable.h"

#include "model/core/ModelError.h"
#include "model/core/Unit.h"

#include <QCoreApplication>

#include <atomic>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <ostream>
#include <stdexcept>

namespace cs::cli {

namespace {

std::atomic<bool> gInterrupted{false};

extern "C" void onInterrupt(int)
{
    gInterrupted = true;
}

} // namespace

CoreApp::CoreApp()
{
    static int argc = 1;
    static char name[] = "clusterscope-cli";
    static char* argv[] = {name, nullptr};
    if (!QCoreApplication::instance())
        app_ = std::make_unique<QCoreApplication>(argc, argv);
}

CoreApp::~CoreApp() = default;

double parseProbeParam(const sdk::ParamDef& p, const std::string& text)
{
    std::optional<Unit> unit = unitFromSymbol(p.unit);
    if (!unit)
        unit = p.integer ? Unit::Count : Unit::Ratio;
    try {
        return parseQuantity(text, *unit);
    } catch (const ModelError& e) {
        throw UsageError("--set " + p.name + "=" + text + ": " + e.what());
    }
}

std::vector<runner::Node> nodesFrom(const std::optional<std::string>& spec, const nlohmann::json& documentNodes,
                                    const std::string& command)
{
    try {
        if (spec)
            return runner::parseNodeSpec(*spec);
    } catch (const std::invalid_argument& e) {
        throw UsageError(std::string("--nodes: ") + e.what());
    }
    // The design's own nodes: the message says what is wrong is in the file,
    // not in --nodes (a hostfile that is a FIFO, a device or too large). The
    // status stays 2, that of a node list refused before anything runs.
    if (documentNodes.is_array() && !documentNodes.empty()) {
        try {
            return runner::nodesFromJson(documentNodes);
        } catch (const std::invalid_argument& e) {
            throw UsageError(std::string("the design's nodes: ") + e.what());
        }
    }
    throw UsageError(command + " needs --nodes SPEC (e.g. local:cpu=0,local:cpu=1) or a design with nodes");
}

bool nodesAllowed(const std::vector<runner::Node>& nodes, const std::string& file, bool trusted,
                  const std::string& command, std::ostream& err)
{
    if (trusted)
        return true;
    const std::vector<std::string> commands = runner::commandsNeedingConsent(nodes, runner::defaultLaunchContext());
    if (commands.empty())
        return true;
    err << "clusterscope-cli " << command << ": the nodes of " << printable(file)
        << " would run these commands (a design file may come from anyone):\n";
    for (const std::string& c : commands)
        err << "  " << c << "\n";
    err << "clusterscope-cli " << command << ": check them, then run again with --trust-nodes to allow them\n";
    return false;
}

int parseParallel(const std::optional<std::string>& text)
{
    if (!text)
        return runner::RunPlan::kDefaultParallel;
    char* end = nullptr;
    const long n = std::strtol(text->c_str(), &end, 10);
    if (text->empty() || end != text->c_str() + text->size() || n < 1 || n > runner::RunPlan::kMaxParallel)
        throw UsageError("--parallel " + *text + ": expected a whole number of jobs run at once, 1 to " +
                         std::to_string(runner::RunPlan::kMaxParallel));
    return static_cast<int>(n);
}

std::vector<runner::JobResult> runPlans(const sdk::PluginLoader& plugins, const std::vector<runner::RunPlan>& plans,
                                        bool quiet, std::ostream& err)
{
    std::vector<runner::JobResult> all;
    gInterrupted = false;
    auto previous = std::signal(SIGINT, onInterrupt);
    runner::Runner r(plugins);
    std::mutex errMutex;
    std::string tag;
    QObject::connect(
        &r, &runner::Runner::progress, &r,
        [&](int done, int total, double fraction, const QString& message) {
            if (quiet)
                return;
            std::lock_guard lock(errMutex);
            err << tag << "[" << done << "/" << total << "] ";
            if (fraction > 0 && fraction < 1)
                err << static_cast<int>(fraction * 100) << "% ";
            err << message.toStdString() << std::endl;
        },
        Qt::DirectConnection);
    for (std::size_t i = 0; i < plans.size() && !gInterrupted.load(); ++i) {
        {
            std::lock_guard lock(errMutex);
            tag = plans.size() > 1 ? plans[i].probe + " (" + std::to_string(i + 1) + "/" + std::to_string(plans.size()) +
                                         ") "
                                   : std::string();
        }
        try {
            r.start(plans[i]);
        } catch (const std::invalid_argument& e) {
            std::signal(SIGINT, previous);
            throw ModelError(plans[i].probe + ": " + e.what());
        }
        // Ctrl-C cancels the run (within a second); finished results are kept.
        while (!r.wait(100))
            if (gInterrupted.load())
                r.cancel();
        for (runner::JobResult& res : r.results())
            all.push_back(std::move(res));
    }
    std::signal(SIGINT, previous);
    return all;
}

std::string formatValue(const nlohmann::json& v, const std::string& unit)
{
    return v.is_number() ? formatMeasured(v.get<double>(), unit) : "-";
}

} // namespace cs::cli
