// LogGP by Netgauge's PRTT(n, d, s): the derivation on synthetic PRTT values generated from known
// parameters (equations (1)-(3) of LogGP.h), the segmentation, and a live run over loopback.
#include "KernelTestSupport.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

using namespace cs::probe;
using namespace cs::probe::test;

namespace {

Summary exactly(double v) { return summarize(std::vector<double>{v}); }

struct Truth {
    double L, o_s, o_r, g, G;
};

// PRTT values of one size under LogGP, eq. (1)-(3) with d = PRTT(1, 0, s) as Netgauge chooses it.
LogGPPoint synthetic(std::uint32_t s, std::uint32_t n, const Truth& t)
{
    LogGPPoint p;
    p.s = s;
    const double prtt1 = 2.0 * (t.o_s + t.L + (s - 1.0) * t.G + t.o_r);          // (1)
    const double gAll = t.g + (s - 1.0) * t.G;
    const double prttN = prtt1 + (n - 1.0) * gAll;                                 // (2)
    p.d = prtt1;
    const double prttD = prtt1 + (n - 1.0) * std::max(t.o_s + p.d, gAll);         // (3)
    p.prtt1 = exactly(prtt1);
    p.prttN = exactly(prttN);
    p.prttD = exactly(prttD);
    p.oR = exactly(t.o_r);
    return p;
}

} // namespace

TEST_CASE("fitLine on hand-worked points", "[kernels][loggp]")
{
    // (0,1), (1,3), (2,5) lie on y = 1 + 2x.
    const LineSegment a = fitLine({0, 1, 2}, {1, 3, 5}, 0, 2);
    CHECK(a.a == Approx(1.0));
    CHECK(a.b == Approx(2.0));
    CHECK(a.sse == Approx(0.0).margin(1e-24));
    // (0,0), (1,1), (2,0): mean x = 1, mean y = 1/3, Sxy = (-1)(-1/3) + 0 + (1)(-1/3) = 0 -> b = 0, a = 1/3;
    // residuals -1/3, 2/3, -1/3 -> SSE = 1/9 + 4/9 + 1/9 = 2/3.
    const LineSegment b = fitLine({0, 1, 2}, {0, 1, 0}, 0, 2);
    CHECK(b.b == Approx(0.0).margin(1e-15));
    CHECK(b.a == Approx(1.0 / 3.0));
    CHECK(b.sse == Approx(2.0 / 3.0));
}

TEST_CASE("segmentation finds the break of a two-piece line and nothing in a straight one", "[kernels][loggp]")
{
    // y = x for x = 0..3, y = 10 + x for x = 4..7: the best split is between index 3 and 4 (SSE_2 = 0).
    const std::vector<double> x = {0, 1, 2, 3, 4, 5, 6, 7};
    const std::vector<double> y = {0, 1, 2, 3, 14, 15, 16, 17};
    const auto segs = segmentLinear(x, y, 20.0, 3, 4);
    REQUIRE(segs.size() == 2);
    CHECK(segs[0].first == 0);
    CHECK(segs[0].last == 3);
    CHECK(segs[1].first == 4);
    CHECK(segs[1].last == 7);
    CHECK(segs[1].a == Approx(10.0));
    CHECK(segs[1].b == Approx(1.0));
    // A straight line with small alternating noise (+-0.01 around y = 1 + 2x) is one segment.
    std::vector<double> xs, ys;
    for (int i = 0; i < 17; ++i) {
        xs.push_back(i);
        ys.push_back(1 + 2.0 * i + (i % 2 ? 0.01 : -0.01));
    }
    CHECK(segmentLinear(xs, ys, 20.0, 3, 4).size() == 1);
    // minPoints bounds the segments: with 8 points and minPoints 5 no split is possible.
    CHECK(segmentLinear(x, y, 20.0, 5, 4).size() == 1);
    // maxSegments = 1 forbids any split.
    CHECK(segmentLinear(x, y, 20.0, 3, 1).size() == 1);
}

TEST_CASE("LogGP parameters are recovered from PRTT values of a known two-protocol network", "[kernels][loggp]")
{
    // Segment 1 (s <= 8 KiB): L = 5 us, o_s = 2 us, o_r = 3 us, g = 4 us, G = 1 ns/B.
    // Segment 2 (s >= 9 KiB): same L, o_s, o_r; g = 10 us, G = 0.5 ns/B (a protocol change).
    const Truth t1{5e-6, 2e-6, 3e-6, 4e-6, 1e-9};
    const Truth t2{5e-6, 2e-6, 3e-6, 10e-6, 0.5e-9};
    LogGPParams params; // default sizes 1, 1024, ..., 16384 and n = 10
    LogGPResult r;
    r.n = params.n;
    for (auto s : params.sizes)
        r.points.push_back(synthetic(s, params.n, s <= 8192 ? t1 : t2));
    deriveLogGP(r, params);

    // Hand check at s = 1024 (segment 1), n = 10, (s - 1) G = 1023 ns:
    //   PRTT(1,0,s) = 2 (2 + 5 + 1.023 + 3) us = 22.046 us;  g_all = 4 + 1.023 = 5.023 us
    //   PRTT(n,0,s) = 22.046 + 9 x 5.023 = 67.253 us;  d = 22.046 us
    //   PRTT(n,d,s) = 22.046 + 9 x (2 + 22.046) = 238.460 us
    //   => g_all = (67.253 - 22.046) / 9 = 5.023 us;  o_s = (238.460 - 22.046) / 9 - 22.046 = 2.000 us
    const LogGPPoint& p = r.points[1];
    REQUIRE(p.s == 1024);
    CHECK(p.prtt1.median == Approx(22.046e-6));
    CHECK(p.prttN.median == Approx(67.253e-6));
    CHECK(p.prttD.median == Approx(238.460e-6));
    CHECK(p.gAll == Approx(5.023e-6));
    CHECK(p.oS == Approx(2e-6));
    CHECK(p.oRmed == Approx(3e-6));
    CHECK(p.delayCoversGap);

    REQUIRE(r.segments.size() == 2);
    const LogGPSegment& a = r.segments[0];
    const LogGPSegment& b = r.segments[1];
    CHECK(a.sMin == 1);
    CHECK(a.sMax == 8192);
    CHECK(b.sMin == 9216);
    CHECK(b.sMax == 16384);
    CHECK(a.g == Approx(4e-6));
    CHECK(a.G == Approx(1e-9));
    CHECK(b.g == Approx(10e-6));
    CHECK(b.G == Approx(0.5e-9));
    for (const auto& seg : r.segments) {
        CHECK(seg.L == Approx(5e-6));
        CHECK(seg.o_s == Approx(2e-6));
        CHECK(seg.o_r == Approx(3e-6));
        CHECK(seg.fitRms == Approx(0.0).margin(1e-15));
    }
    // Netgauge's own L: PRTT(1,0,1) / 2 = (2 + 5 + 0 + 3) us = 10 us.
    CHECK(r.L_netgauge == Approx(10e-6));
}

TEST_CASE("LogGP parameters out of bounds are rejected with the field named", "[kernels][loggp]")
{
    LogGPParams p;
    CHECK(p.validate().empty());
    p.n = 1;
    CHECK(p.validate() == "n = 1 must be in [2, 1000]");
    p.n = 10;
    p.sizes = {1, 2};
    CHECK(p.validate() == "sizes has 2 entries; LogGP needs 3 to 256");
    p.sizes = {1, 4096, 2048};
    CHECK(p.validate() == "sizes must ascend strictly, but 2048 follows 4096");
    p.sizes = {1, 2, 3};
    p.minPoints = 4;
    CHECK(p.validate() == "minPoints = 4 must be in [2, number of sizes = 3]");
    p.minPoints = 3;
    p.splitF = 1.0;
    CHECK(p.validate() == "splitF = 1 must be greater than 1");
}

TEST_CASE("LogGP runs over loopback TCP and returns sane, consistent parameters", "[kernels][loggp]")
{
    ServerThread server;
    LogGPParams p;
    p.sizes = {1, 1024, 2048, 4096};
    p.n = 4;
    p.warmups = 2;
    p.repetitions = 15;
    const LogGPResult r = runLogGPClient(server.endpoint(), p, quickControl());
    REQUIRE(r.points.size() == 4);
    for (const auto& pt : r.points) {
        CHECK(pt.prtt1.count == 15);
        CHECK(saneTime(pt.prtt1.median));
        CHECK(saneTime(pt.prttN.median));
        CHECK(saneTime(pt.prttD.median));
        CHECK(pt.oR.count == 15);
        CHECK(pt.oR.min >= 0.0); // the server waits d before each receive, so t_recv >= (n - 1) d
        CHECK(pt.oRmed < 1.0);
        CHECK(pt.d == pt.prtt1.median);
        // PRTT(n, d, s) includes n - 1 delays of d: it is at least (n - 1) d.
        CHECK(pt.prttD.median >= (p.n - 1) * pt.d);
    }
    REQUIRE_FALSE(r.segments.empty());
    CHECK(r.segments.front().first == 0);
    CHECK(r.segments.back().last == 3);
    for (std::size_t i = 1; i < r.segments.size(); ++i)
        CHECK(r.segments[i].first == r.segments[i - 1].last + 1);
    for (const auto& seg : r.segments) {
        CHECK(seg.L >= 0.0);
        CHECK(seg.L < 1.0);
        CHECK(std::isfinite(seg.g));
        CHECK(std::isfinite(seg.G));
        CHECK(std::isfinite(seg.o_s));
    }
    CHECK(saneTime(r.L_netgauge));
    CHECK(server.join().sessions.at(0).kernel == KernelId::LogGP);
}
