#include "cs/sdk/PluginRun.h"

namespace cs::sdk {

PluginRun::PluginRun(QObject* parent)
    : QObject(parent),
      run_(ProbeRunEvents{[this](int port) { emit announced(port); },
                          [this](const std::string& series, const std::vector<double>& values) {
                              emit samplesAdded(series, values);
                          },
                          [this](double done, double total) { emit progressed(done, total); },
                          [this](bool ok) { emit finished(ok); }})
{
}

PluginRun::~PluginRun()
{
    run_.stop();
    run_.wait();
}

bool PluginRun::start(const ProbePlugin* plugin, const RunRequest& request)
{
    if (plugin == nullptr)
        return false;
    return run_.start([plugin](const RunRequest& r, RunContext& c) { return plugin->run(r, c); }, request);
}

} // namespace cs::sdk
