// jobRanks(P, slots): the one rule for "P = 0 or P >= hosts means every
// host" (model/core/JobSize.h), which the topology's job and its cost
// estimate both read.
#include "model/core/JobSize.h"

#include <catch2/catch.hpp>

#include <cstddef>

using namespace cs;

TEST_CASE("jobRanks: P = 0 and a P at or above the slots are every host", "[job][jobranks]")
{
    // 16 hosts x 1 rank a node = 16 slots.
    CHECK(jobRanks(std::size_t{0}, std::size_t{16}) == 16);  // 0: every host
    CHECK(jobRanks(std::size_t{1}, std::size_t{16}) == 1);   // a part: P itself
    CHECK(jobRanks(std::size_t{15}, std::size_t{16}) == 15);
    CHECK(jobRanks(std::size_t{16}, std::size_t{16}) == 16); // exactly the slots
    CHECK(jobRanks(std::size_t{17}, std::size_t{16}) == 16); // the excess is the design's bound's to name
    // 4 hosts x 8 ranks a node = 32 slots; P = 20 takes 20 of them.
    CHECK(jobRanks(20.0, 4.0 * 8.0) == 20.0);
    CHECK(jobRanks(0.0, 32.0) == 32.0);
    CHECK(jobRanks(1e6, 32.0) == 32.0);
}

TEST_CASE("jobIsEveryHost says the same as jobRanks", "[job][jobranks]")
{
    CHECK(jobIsEveryHost(0, 16));
    CHECK(jobIsEveryHost(16, 16));
    CHECK(jobIsEveryHost(40, 16));
    CHECK_FALSE(jobIsEveryHost(15, 16));
    CHECK_FALSE(jobIsEveryHost(1, 16));
    for (double P : {0.0, 1.0, 7.0, 8.0, 9.0})
        CHECK(jobRanks(P, 8.0) == (jobIsEveryHost(P, 8.0) ? 8.0 : P));
    // No slots (a network without hosts): every P is "every host", none of them.
    CHECK(jobRanks(std::size_t{3}, std::size_t{0}) == 0);
}
