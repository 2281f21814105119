// One job size (issue 45): a block input that counts the job's ranks and holds another number than the job's
// P is told with both numbers, and verify does not compare a run with a model of another P
// (model/sweep/RankCounts.h, model/verification).
#include "UnwiredFftDesign.h"

#include "model/core/ModelError.h"
#include "model/document/DocumentFormat.h"
#include "model/sweep/RankCounts.h"
#include "model/verification/Verification.h"

#include <catch2/catch.hpp>

using namespace cs;
using Catch::Matchers::Contains;
using nlohmann::json;

namespace {

DesignDocument unwired(bool wired = false)
{
    return parseDocument(cs::test::unwiredFftDesign(wired).dump());
}

verify::MeasuredPoint measuredT(double P, double seconds)
{
    verify::MeasuredPoint m;
    m.P = P;
    m.quantity = "T";
    m.median = m.lo = m.hi = m.min = m.max = seconds;
    m.n = 5;
    return m;
}

} // namespace

TEST_CASE("rank counts: issue 45's fft.P left at 8 is named with the job's P = 2", "[rankcounts]")
{
    const DesignDocument doc = unwired();
    // At the document's values P follows the 8 hosts, and fft.P's default is 8: the same number, nothing told.
    CHECK(rankCountsApart(doc).empty());
    // At P = 2 the topology places a job of 2 and prices its links, while fft counts 8.
    const std::vector<RankCountApart> apart = rankCountsApart(doc, {{"P", {8, 2, 4}}});
    REQUIRE(apart.size() == 1); // once, at the first point found
    CHECK(apart[0].input == "fft.P");
    CHECK(apart[0].value == 8);
    CHECK(apart[0].job == 2);
    CHECK(apart[0].point == "P = 2");
    CHECK(apart[0].source == "P");
    CHECK(apart[0].message() ==
          "fft.P = 8 counts other ranks than the job's P = 2 (at P = 2): fft is priced for 8 ranks while the job "
          "runs 2; wire P into fft.P so that it follows the job");
    // net.P is wired from P: it follows the job and is never named.
    for (const RankCountApart& a : apart)
        CHECK(a.input != "net.P");
    // Wired as scripts/netns-cluster.sh writes it, nothing is apart at any P.
    CHECK(rankCountsApart(unwired(true), {{"P", {1, 2, 3, 4, 5, 6, 7, 8}}}).empty());
}

TEST_CASE("rank counts: a value set on the block is apart at the document's values too", "[rankcounts]")
{
    json j = cs::test::unwiredFftDesign();
    j["blocks"][0]["values"]["P"] = 4; // the job is every host: 8
    const std::vector<std::string> w = rankCountWarnings(parseDocument(j.dump()));
    REQUIRE(w.size() == 1);
    CHECK(w[0] == "fft.P = 4 counts other ranks than the job's P = 8: fft is priced for 4 ranks while the job runs "
                  "8; wire P into fft.P so that it follows the job");
}

TEST_CASE("rank counts: the serial baseline counts one processor by definition and is not named", "[rankcounts]")
{
    // acc-fft's 'serial FFTW' is fftw.transpose at P = 1, the baseline every variant's speedup divides;
    // every other block's P is wired from the design's P.
    DesignDocument doc = loadDocument(std::string(CS_SOURCE_DIR) + "/presets/acc-fft.json");
    CHECK(rankCountsApart(doc, {{"P", {1, 2, 4, 8, 16}}}).empty());
    // Measured against each variant itself, the serial block is one variant among others: its P = 1 is apart
    // from the job of 8 (P follows the 16 hosts; the preset sets P = 8).
    doc.sweep.speedupAgainst.clear();
    const std::vector<RankCountApart> apart = rankCountsApart(doc);
    REQUIRE(apart.size() == 1);
    CHECK(apart[0].input == "serial.P");
    CHECK(apart[0].value == 1);
    CHECK(apart[0].job == 8);
}

TEST_CASE("verify refuses to compare a run of 2 ranks with fft.P = 8, and says why", "[rankcounts][verify]")
{
    const DesignDocument doc = unwired();
    const std::vector<verify::MeasuredPoint> runs{measuredT(2, 1.647), measuredT(4, 1.712), measuredT(8, 1.757)};
    CHECK_THROWS_WITH(verify::compare(doc, "FFTW", "P", runs, {2.0}),
                      "verify refuses to compare the run of 2 ranks with variant 'FFTW': its model is evaluated at "
                      "fft.P = 8, not at the job's P = 2, so it prices another job than the one run. Wire P into "
                      "fft.P so that it follows the job, then verify again");
    // At P = 8 alone the two agree, and the comparison is made.
    CHECK(verify::compare(doc, "FFTW", "P", {measuredT(8, 1.757)}, {2.0}).rows.size() == 1);
    // Wired, every run is compared.
    CHECK(verify::compare(unwired(true), "FFTW", "P", runs, {2.0}).rows.size() == 3);
}
