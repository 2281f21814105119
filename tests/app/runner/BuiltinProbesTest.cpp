// The agent's built-in probes (a Qt-free registry) and the Qt plugin wrappers the runner, the GUI and the
// command-line tool load must describe the same probes: same ids, parameters, bounds and targets.
#include "TestSupport.h"

#include "common/BuiltinProbes.h"

#include <catch2/catch.hpp>

#include <set>

using namespace cs;

TEST_CASE("the built-in registry and the loaded Qt plugins list the same probes alike", "[builtin-probes]")
{
    const sdk::ProbeRegistry& builtin = probeplugin::builtinProbes();
    std::set<std::string> builtinIds, pluginIds;
    for (const auto& p : builtin.probes())
        builtinIds.insert(p.descriptor.id);
    for (const auto& p : test::plugins().probes())
        pluginIds.insert(p.descriptor.id);
    CHECK(builtinIds == pluginIds);
    // 11 agent probes (app.fft2d, app.sort, app.collectives among them), 6 MPI probes (mpi.alltoall,
    // mpi.collectives, mpi.loggp, mpi.app.fft2d, mpi.app.sort, mpi.app.collectives)
    CHECK(builtinIds.size() == 17);
    for (const auto& p : test::plugins().probes()) {
        const sdk::RegisteredProbe* b = builtin.find(p.descriptor.id);
        REQUIRE(b);
        CHECK(sdk::toJson(b->descriptor) == sdk::toJson(p.descriptor));
    }
}

TEST_CASE("an MPI probe registered in the agent explains where it runs", "[builtin-probes]")
{
    const sdk::RegisteredProbe* p = probeplugin::builtinProbes().find("mpi.collectives");
    REQUIRE(p);
    CHECK(p->descriptor.launcher == "mpi");
    struct NoContext : sdk::RunContext {
        std::atomic<bool> stop{false};
        bool cancelled() const override { return false; }
        const std::atomic<bool>* stopFlag() const override { return &stop; }
        void progress(double, double) override {}
        void announce(int) override {}
        std::vector<sdk::PeerAddress> waitPeers() override { return {}; }
        void addSamples(const std::string&, const std::vector<double>&) override {}
    } context;
    const sdk::RunOutcome o = p->run(sdk::RunRequest{}, context);
    CHECK_FALSE(o.ok);
    CHECK_THAT(o.error, Catch::Contains("clusterscope-mpi-agent") && Catch::Contains("mpi:N"));
}

TEST_CASE("the registry refuses a probe without an id or a run function, and a second one with the same id",
          "[builtin-probes]")
{
    sdk::ProbeRegistry r;
    auto ok = [](const sdk::RunRequest&, sdk::RunContext&) { return sdk::RunOutcome{}; };
    sdk::ProbeDescriptor d;
    CHECK_THROWS_WITH(r.add(d, ok), "probe registry: a probe descriptor has an empty id");
    d.id = "x.probe";
    CHECK_THROWS_WITH(r.add(d, nullptr), "probe registry: probe x.probe has no run function");
    r.add(d, ok);
    CHECK_THROWS_WITH(r.add(d, ok), "probe registry: probe id x.probe is registered twice");
    CHECK(r.probes().size() == 1);
    CHECK(r.find("x.probe") == &r.probes()[0]);
    CHECK(r.find("y") == nullptr);
}
