// A collective's algorithm as point-to-point steps (ReplayCollectives.h,
// collectiveSteps()): what the SimGrid replay sends. Its steps' one-way times
// must add up to the analytic replay's collective time, so the two replays
// price a collective alike on an uncontended network.
#include "ReplayTestSupport.h"
#include "model/recording/ReplayCollectives.h"

#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::rec;

TEST_CASE("collective steps: a binomial broadcast of 8 and a gather of 8, by hand", "[recording][replay]")
{
    // Broadcast from member 0: 0 -> 1; then 0 -> 2, 1 -> 3; then 0 -> 4, 1 -> 5, 2 -> 6, 3 -> 7; k bytes each.
    const auto b = collectiveSteps(collectivePlan(Kind::Bcast, 100, 8), 8);
    REQUIRE(b.size() == 3);
    CHECK(b[0].flows == Flows{{0, 1}});
    CHECK(b[1].flows == Flows{{0, 2}, {1, 3}});
    CHECK(b[2].flows == Flows{{0, 4}, {1, 5}, {2, 6}, {3, 7}});
    CHECK(b[2].bytes == 100);
    // Gather to member 0: the same tree inward, leaves first, the blocks doubling: 4 -> 0 .. 7 -> 3 with one
    // block (100 B), then 2 -> 0, 3 -> 1 with two, then 1 -> 0 with four.
    const auto g = collectiveSteps(collectivePlan(Kind::Gather, 100, 8), 8);
    REQUIRE(g.size() == 3);
    CHECK(g[0].flows == Flows{{4, 0}, {5, 1}, {6, 2}, {7, 3}});
    CHECK(g[0].bytes == 100);
    CHECK(g[1].bytes == 200);
    CHECK(g[2].flows == Flows{{1, 0}});
    CHECK(g[2].bytes == 400);
    // Allreduce of 6: member 4 and 5 hand over to 0 and 1, two doubling steps among 0 .. 3, and back.
    const auto a = collectiveSteps(collectivePlan(Kind::Allreduce, 8, 6), 6);
    REQUIRE(a.size() == 4);
    CHECK(a[0].flows == Flows{{4, 0}, {5, 1}});
    CHECK(a[1].flows == Flows{{0, 1}, {1, 0}, {2, 3}, {3, 2}});
    CHECK(a[3].flows == Flows{{0, 4}, {1, 5}});
}

TEST_CASE("collective steps: their one-way times add up to the collective's analytic time", "[recording][replay]")
{
    const loggp::Params p = cs::test::plainNet().loggp;
    for (Kind kind : {Kind::Barrier, Kind::Bcast, Kind::Reduce, Kind::Allreduce, Kind::Gather, Kind::Scatter,
                      Kind::Allgather, Kind::Alltoall, Kind::Alltoallv, Kind::ReduceScatter}) {
        for (int n : {2, 3, 5, 8, 12}) {
            const CollectivePlan plan = collectivePlan(kind, 4096, n);
            double sum = 0;
            for (const CollectiveStep& s : collectiveSteps(plan, n)) {
                sum += loggp::oneWay(p, s.bytes);
                for (const auto& [a, b] : s.flows) { // every flow between two members, none to itself
                    CHECK(a != b);
                    CHECK(static_cast<int>(b) < n);
                }
            }
            INFO(kindName(kind) << " on " << n);
            CHECK(sum == Approx(collectiveSeconds(plan, p, n)).epsilon(1e-12));
        }
    }
}
