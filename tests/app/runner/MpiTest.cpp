// The MPI transport: mpirun with two ranks, the MPI agent behind the same
// protocol, MPI_Alltoall and the collectives.
#include "TestSupport.h"

#include <catch2/catch.hpp>

#include <QStandardPaths>

using namespace cs;

TEST_CASE("mpirun with two ranks: MPI_Alltoall and barrier, broadcast, allreduce", "[mpi]")
{
    if (QStandardPaths::findExecutable("mpirun").isEmpty()) {
        WARN("skipped: mpirun is not installed (Debian package openmpi-bin)");
        return;
    }
    auto r = test::runOne("mpi:2:cpus=0-1", "mpi.alltoall", {{"block_bytes", 4096}, {"reps", 5}, {"warmups", 1}});
    INFO(r.reason);
    REQUIRE(r.ok());
    CHECK(r.summary["series"]["alltoall"]["n"] == 5);
    CHECK(r.parts[0].samples.at("alltoall").size() == 5);
    test::checkSeriesWithSamples(r);
    const auto& mpi = r.parts[0].agentEnvironment["mpi"];
    CHECK(mpi["ranks"] == 2);
    CHECK_THAT(mpi["library"].get<std::string>(), Catch::Contains("Open MPI"));
    REQUIRE(mpi["placement"].size() == 2);
    CHECK(mpi["placement"][1]["rank"] == 1);
    CHECK(mpi["placement"][0]["affinity"] == "0"); // rank i on cpus[i]
    CHECK(mpi["placement"][1]["affinity"] == "1");

    r = test::runOne("mpi:2", "mpi.collectives", {{"bytes", 64}, {"reps", 20}, {"warmups", 2}});
    INFO(r.reason);
    REQUIRE(r.ok());
    test::checkSeriesWithSamples(r);
    for (const char* k : {"T_barrier", "T_bcast", "T_allreduce"})
        CHECK(r.summary["derived"][k]["value"].get<double>() > 0);
}

TEST_CASE("the MPI agent refuses out-of-bounds parameters", "[mpi]")
{
    if (QStandardPaths::findExecutable("mpirun").isEmpty()) {
        WARN("skipped: mpirun is not installed");
        return;
    }
    runner::RunPlan plan;
    plan.nodes = runner::parseNodeSpec("mpi:2");
    plan.probe = "mpi.alltoall";
    plan.params = {{"block_bytes", 0}};
    CHECK_THROWS_WITH(runner::planJobs(plan, test::plugins()), "block_bytes = 0 is out of range [1, 67108864] B");
}
