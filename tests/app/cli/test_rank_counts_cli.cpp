// One job size from the command line (issue 45): eval and sweep name a block input that counts other ranks
// than the job's P with both numbers, and verify refuses to compare a run of P ranks with a model of another.
// The design is issue 45's: fft.P left at 8, not wired to the design's P (tests/model/document).
#include "CliTestSupport.h"
#include "../../model/document/UnwiredFftDesign.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

using cs::test::cli;
using Catch::Matchers::Contains;
using nlohmann::json;

namespace {

std::string write(const json& j, const std::string& name)
{
    const std::string path = cs::test::tempPath("cs_rank_counts_", name);
    std::ofstream(path) << j.dump(2);
    return path;
}

// One app.fft2d run of P ranks on h0..h(P-1), T's median as given.
json fftRun(int P, double T)
{
    json nodes = json::array();
    for (int i = 0; i < P; ++i)
        nodes.push_back("h" + std::to_string(i));
    return {{"probe", "app.fft2d"},
            {"status", "ok"},
            {"nodes", nodes},
            {"parts", {{{"details", {{"P", P}}}}}},
            {"summary", {{"series", {{"T", {{"median", T}, {"ci_lo", 0.99 * T}, {"ci_hi", 1.01 * T}, {"n", 5}}}}}}}};
}

} // namespace

TEST_CASE("cli: eval and sweep name fft.P = 8 beside the job's P = 2", "[cli][rankcounts]")
{
    const std::string design = write(cs::test::unwiredFftDesign(), "unwired.json");
    const auto eval = cli({"eval", design, "--set", "P=2"});
    REQUIRE(eval.rc == 0); // told, not refused: eval prices what the document says
    CHECK_THAT(eval.err, Contains("clusterscope-cli: warning: fft.P = 8 counts other ranks than the job's P = 2: fft "
                                  "is priced for 8 ranks while the job runs 2; wire P into fft.P so that it follows "
                                  "the job"));
    const auto sweep = cli({"sweep", design, "--param", "P=8,4,2", "--csv"});
    REQUIRE(sweep.rc == 0);
    CHECK_THAT(sweep.err, Contains("warning: fft.P = 8 counts other ranks than the job's P = 4 (at P = 4)"));
    // At the document's values (P follows the 8 hosts) the two agree: nothing to tell.
    CHECK_THAT(cli({"eval", design}).err, !Contains("counts other ranks"));

    const std::string wired = write(cs::test::unwiredFftDesign(true), "wired.json");
    CHECK_THAT(cli({"sweep", wired, "--param", "P=8,4,2", "--csv"}).err, !Contains("counts other ranks"));
    // A document that sets fft.P = 4 while its job is every host (8): eval names both at its own values.
    nlohmann::json four = cs::test::unwiredFftDesign();
    four["blocks"][0]["values"]["P"] = 4;
    const std::string setApart = write(four, "set-apart.json");
    const auto own = cli({"eval", setApart});
    REQUIRE(own.rc == 0);
    CHECK_THAT(own.err, Contains("clusterscope-cli: warning: fft.P = 4 counts other ranks than the job's P = 8: fft "
                                 "is priced for 4 ranks while the job runs 8"));
    // The file as it was, fft.P neither set nor wired: read following the job, nothing to tell.
    const std::string leftOut = write(cs::test::unwiredFftDesign(false, true), "left-out.json");
    CHECK_THAT(cli({"sweep", leftOut, "--param", "P=8,4,2", "--csv"}).err, !Contains("counts other ranks"));
    for (const std::string& f : {design, wired, setApart, leftOut})
        std::filesystem::remove(f);
}

TEST_CASE("cli: verify refuses a run of 2 ranks against fft.P = 8, and says why", "[cli][rankcounts][verify]")
{
    const std::string design = write(cs::test::unwiredFftDesign(), "unwired-verify.json");
    const std::string results =
        write({{"format", "clusterscope-probe-results"}, {"version", 1}, {"results", {fftRun(2, 1.647), fftRun(8, 1.757)}}},
              "runs.json");
    const auto r = cli({"verify", design, "--results", results});
    CHECK(r.rc == 1);
    CHECK(r.out.empty());
    CHECK_THAT(r.err, Contains("clusterscope-cli verify: error: verify refuses to compare the run of 2 ranks with "
                               "variant 'FFTW': its model is evaluated at fft.P = 8, not at the job's P = 2, so it "
                               "prices another job than the one run. Wire P into fft.P so that it follows the job, "
                               "then verify again"));
    // Wired as scripts/netns-cluster.sh writes it, both runs are compared.
    const std::string wired = write(cs::test::unwiredFftDesign(true), "wired-verify.json");
    const auto ok = cli({"verify", wired, "--results", results, "--json"});
    INFO(ok.err);
    REQUIRE(ok.rc == 0);
    CHECK(json::parse(ok.out)["rows"].size() == 2);
    for (const std::string& f : {design, results, wired})
        std::filesystem::remove(f);
}
