// ctest's fixtures of the shared live clusters (LiveCluster.h, tests/CMakeLists.txt): hidden cases, run by name as
// "runner: live NAME: up" before the tests that need the shape and "runner: live NAME: down" after them.
#include "LiveCluster.h"

#include <catch2/catch.hpp>

TEST_CASE("live cluster star8: up", "[.live-up]")
{
    cs::test::LiveCluster::up("star8");
}

TEST_CASE("live cluster star8: down", "[.live-down]")
{
    cs::test::LiveCluster::down("star8");
}

TEST_CASE("live cluster tree22: up", "[.live-up]")
{
    cs::test::LiveCluster::up("tree22");
}

TEST_CASE("live cluster tree22: down", "[.live-down]")
{
    cs::test::LiveCluster::down("tree22");
}

TEST_CASE("live cluster tree42: up", "[.live-up]")
{
    cs::test::LiveCluster::up("tree42");
}

TEST_CASE("live cluster tree42: down", "[.live-down]")
{
    cs::test::LiveCluster::down("tree42");
}
