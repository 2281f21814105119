// PluginRun, the PlotJuggler-shaped host of one run: start / stop /
// isRunning, a thread-safe store and signals; driven with a real plugin.
#include "cs/sdk/PluginLoader.h"
#include "cs/sdk/PluginRun.h"

#include <catch2/catch.hpp>

#include <QThread>

#include <atomic>

using namespace cs::sdk;

namespace {

const PluginLoader& loader()
{
    static PluginLoader l(QStringList{PluginLoader::builtInDir()});
    l.load();
    return l;
}

RunRequest sortRequest(double keys, double reps)
{
    const LoadedProbe* p = loader().find("cpu.sort");
    REQUIRE(p);
    RunRequest r;
    r.runId = "r1";
    r.probe = "cpu.sort";
    r.role = "self";
    REQUIRE(resolveParams(p->descriptor, {{"keys", keys}, {"reps", reps}}, r.params).empty());
    return r;
}

} // namespace

TEST_CASE("a session runs a plugin on its thread and stores the outcome", "[sdk]")
{
    PluginRun s;
    std::atomic<int> finishedSignals{0};
    QObject::connect(&s, &PluginRun::finished, &s, [&](bool ok) { finishedSignals += ok ? 1 : 100; },
                     Qt::DirectConnection);
    REQUIRE(s.start(loader().find("cpu.sort")->plugin, sortRequest(4096, 3)));
    REQUIRE(s.wait(30000));
    CHECK_FALSE(s.isRunning());
    const auto o = s.store().outcome();
    REQUIRE(o);
    CHECK(o->ok);
    CHECK(o->summary["series"]["countsort"]["n"] == 3);
    CHECK(finishedSignals == 1);
}

TEST_CASE("stop() ends a long run promptly as cancelled", "[sdk]")
{
    PluginRun s;
    REQUIRE(s.start(loader().find("cpu.sort")->plugin, sortRequest(1 << 20, 100000)));
    CHECK(s.isRunning());
    CHECK_FALSE(s.start(loader().find("cpu.sort")->plugin, sortRequest(10, 1))); // one run at a time
    s.stop();
    REQUIRE(s.wait(5000));
    const auto o = s.store().outcome();
    REQUIRE(o);
    CHECK_FALSE(o->ok);
    CHECK(o->errorKind == "cancelled");
}

TEST_CASE("a group role waits for its peers and gives up when stopped", "[sdk]")
{
    PluginRun s;
    std::atomic<int> port{-1};
    QObject::connect(&s, &PluginRun::announced, &s, [&](int p) { port = p; }, Qt::DirectConnection);
    RunRequest r;
    r.runId = "g";
    r.probe = "net.alltoall";
    r.role = "peer";
    r.size = 2;
    REQUIRE(resolveParams(loader().find("net.alltoall")->descriptor, nlohmann::json::object(), r.params).empty());
    REQUIRE(s.start(loader().find("net.alltoall")->plugin, r));
    for (int i = 0; i < 200 && port.load() < 0; ++i)
        QThread::msleep(10);
    CHECK(port.load() > 0); // announced its listening port
    CHECK(s.isRunning());   // and is waiting for the peer list
    s.stop();
    REQUIRE(s.wait(5000));
    CHECK(s.store().outcome()->errorKind == "cancelled");
}
