// The TCP all-to-all transpose exchange among P ranks, as threads of this process on loopback.
#include "KernelTestSupport.h"

#include <catch2/catch.hpp>

#include <memory>

using namespace cs::probe;
using namespace cs::probe::test;

namespace {

std::vector<AlltoallResult> runRanks(std::uint32_t P, std::uint64_t block, std::uint32_t reps,
                                     std::vector<std::string>* errors = nullptr)
{
    std::vector<std::unique_ptr<Listener>> listeners;
    AlltoallParams base;
    for (std::uint32_t r = 0; r < P; ++r) {
        listeners.push_back(std::make_unique<Listener>(SocketAddress{"127.0.0.1", 0}, false));
        base.peers.push_back(listeners.back()->endpoint());
    }
    base.blockBytes = block;
    base.warmups = 1;
    base.repetitions = reps;
    base.setupTimeout_s = 10;
    std::vector<AlltoallResult> results(P);
    std::vector<std::string> errs(P);
    std::vector<std::thread> threads;
    for (std::uint32_t r = 0; r < P; ++r) {
        threads.emplace_back([&, r] {
            AlltoallParams p = base;
            p.rank = r;
            RunControl rc = quickControl();
            rc.token = "t";
            try {
                results[r] = runTcpAlltoall(*listeners[r], p, rc);
            } catch (const std::exception& e) {
                errs[r] = e.what();
            }
        });
    }
    for (auto& t : threads)
        t.join();
    if (errors)
        *errors = errs;
    return results;
}

} // namespace

TEST_CASE("three ranks exchange blocks and every rank reports the same completion time", "[kernels][alltoall]")
{
    std::vector<std::string> errors;
    const auto res = runRanks(3, 256 * 1024, 3, &errors);
    for (const auto& e : errors)
        CHECK(e.empty());
    for (std::uint32_t r = 0; r < 3; ++r) {
        CHECK(res[r].rank == r);
        CHECK(res[r].P == 3);
        CHECK(res[r].localTime.count == 3);
        CHECK(saneTime(res[r].localTime.median));
        // The completion time of a repetition is the maximum over ranks, so it bounds the local time.
        CHECK(res[r].completionTime.min >= res[r].localTime.min);
        CHECK(res[r].perRankBandwidth > 0);
    }
    // Every rank computed the same maxima, repetition by repetition.
    CHECK(res[0].completionTime.median == res[1].completionTime.median);
    CHECK(res[1].completionTime.median == res[2].completionTime.median);
}

TEST_CASE("all-to-all parameters out of bounds are rejected", "[kernels][alltoall]")
{
    AlltoallParams p;
    p.peers = {SocketAddress{"127.0.0.1", 1}};
    CHECK(p.validate() == "peers lists 1 ranks; the all-to-all needs 2 to 1024");
    p.peers.push_back(SocketAddress{"127.0.0.1", 2});
    p.rank = 2;
    CHECK(p.validate() == "rank = 2 must be below P = 2");
    p.rank = 0;
    p.blockBytes = 0;
    CHECK(p.validate() == "blockBytes = 0 must be in [1, 2^30]");
}

TEST_CASE("an all-to-all rank whose peers never come times out", "[kernels][alltoall]")
{
    Listener own(SocketAddress{"127.0.0.1", 0}, false);
    AlltoallParams p;
    p.peers = {own.endpoint(), SocketAddress{"127.0.0.1", 1}}; // rank 1 never connects
    p.rank = 0;
    p.setupTimeout_s = 0.2;
    try {
        (void)runTcpAlltoall(own, p, quickControl());
        FAIL("should time out");
    } catch (const ProbeError& e) {
        CHECK(e.kind() == ErrorKind::Timeout);
    }
}
