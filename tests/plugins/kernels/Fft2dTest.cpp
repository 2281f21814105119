// The parallel 2D FFT among P ranks, as threads of this process on loopback: the result is right
// (rank 0's DC check), every rank holds the same per-phase series, and the phases add up.
#include "KernelTestSupport.h"

#include "cs/probe/Fft2d.h"

#include <catch2/catch.hpp>

#include <memory>
#include <thread>

using namespace cs::probe;
using namespace cs::probe::test;

namespace {

std::vector<Fft2dResult> runRanks(std::uint32_t P, std::uint32_t rows, bool pairwise, std::vector<std::string>& errs)
{
    std::vector<std::unique_ptr<Listener>> listeners;
    Fft2dParams base;
    for (std::uint32_t r = 0; r < P; ++r) {
        listeners.push_back(std::make_unique<Listener>(SocketAddress{"127.0.0.1", 0}, false));
        base.peers.push_back(listeners.back()->endpoint());
    }
    base.rows = rows;
    base.warmups = 1;
    base.repetitions = 3;
    base.minReps = 1;
    base.budget_s = 0;
    base.pairwise = pairwise;
    base.setupTimeout_s = 10;
    std::vector<Fft2dResult> results(P);
    errs.assign(P, "");
    std::vector<std::thread> threads;
    for (std::uint32_t r = 0; r < P; ++r)
        threads.emplace_back([&, r] {
            Fft2dParams p = base;
            p.rank = r;
            RunControl rc = quickControl();
            rc.token = "t";
            try {
                results[r] = runTcpFft2d(*listeners[r], p, rc);
            } catch (const std::exception& e) {
                errs[r] = e.what();
            }
        });
    for (auto& t : threads)
        t.join();
    return results;
}

} // namespace

TEST_CASE("four ranks compute a 2D FFT, pairwise and linear, and agree on every phase", "[kernels][fft2d]")
{
    for (bool pairwise : {true, false}) {
        INFO((pairwise ? "pairwise" : "linear"));
        std::vector<std::string> errs;
        const auto res = runRanks(4, 64, pairwise, errs);
        for (const auto& e : errs)
            CHECK(e.empty());
        // rows = 64 over 4 ranks: M = 16, blocks of 16 x 16 x 16 B = 4096 B.
        CHECK(res[0].blockBytes == 4096);
        CHECK(res[0].dcError < 1e-9);
        for (std::uint32_t r = 0; r < 4; ++r) {
            CHECK(res[r].kept == 3);
            CHECK(res[r].T.samples == res[0].T.samples); // the maximum over ranks, on every rank
            CHECK(res[r].a2a.samples == res[0].a2a.samples);
        }
        // Each phase is at most the whole repetition.
        CHECK(res[0].trans.median <= res[0].T.median);
        CHECK(res[0].a2a.median <= res[0].trans.median);
    }
}

TEST_CASE("blocks above the eager limit go by rendezvous and arrive intact", "[kernels][fft2d]")
{
    // rows = 200 over 4 ranks: M = 50, blocks of 50 x 50 x 16 B = 40000 B, below 64 KiB: sent eagerly.
    // rows = 360: M = 90, 90 x 90 x 16 B = 129600 B, above it: each round starts with the one-byte word, and
    // in round 2 (P/2) a rank's partner is both `to` and `from`. M = 50 and 90 are not multiples of the
    // transpose's 32-element tiles, so the edge tiles are used too. The DC term checks the data.
    for (std::uint32_t rows : {200u, 360u}) {
        INFO("rows = " << rows);
        std::vector<std::string> errs;
        const auto res = runRanks(4, rows, true, errs);
        for (const auto& e : errs)
            CHECK(e.empty());
        CHECK(res[0].blockBytes == (rows / 4) * (rows / 4) * 16u);
        CHECK(res[0].dcError < 1e-9);
        CHECK(res[0].kept == 3);
    }
}

TEST_CASE("the 2D FFT refuses rows that P does not divide, naming both", "[kernels][fft2d]")
{
    Fft2dParams p;
    p.peers.resize(3);
    p.rows = 64;
    CHECK(p.validate() == "rows = 64 must be in [P, 65536] and a multiple of P = 3");
    p.rows = 96;
    CHECK(p.validate().empty());
    p.minReps = 30;
    CHECK(p.validate() == "minReps = 30 must be in [1, repetitions = 20]");
}
