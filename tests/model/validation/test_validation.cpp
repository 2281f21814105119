// The validation report as a regression test (SimGrid-style golden values):
// every claim of presets/claims/*.json must keep the verdict the catalogue
// expects, and the claims whose model value was derived by hand (the
// arithmetic sits in tests/model/presets/test_preset_*.cpp, cited per claim
// below by its preset) must keep that value. A prediction that moves, or a
// verdict that flips, fails here and is seen in review.
#include "model/core/ModelError.h"
#include "model/document/DocumentFormat.h"
#include "model/validation/Validation.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <unistd.h>

using namespace cs;

namespace {

const std::string kPresets = std::string(CS_SOURCE_DIR) + "/presets";

const std::vector<Claim>& catalogue()
{
    static const std::vector<Claim> claims = loadClaims(kPresets + "/claims");
    return claims;
}

const ValidationReport& report()
{
    static const ValidationReport r = validateClaims(catalogue(), kPresets);
    return r;
}

const ClaimResult& result(const std::string& id)
{
    for (const ClaimResult& r : report().results)
        if (r.claim->id == id)
            return r;
    FAIL("no claim " << id);
    throw std::logic_error("unreachable");
}

std::filesystem::path tempDir(const std::string& name)
{
    auto dir = std::filesystem::temp_directory_path() / ("cs-claims-" + name + "-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    return dir;
}

std::string claimsError(const std::string& text)
{
    const auto dir = tempDir("bad");
    std::ofstream(dir / "x.json") << text;
    std::string message;
    try {
        loadClaims(dir.string());
    } catch (const ModelError& e) {
        message = e.what();
    }
    std::filesystem::remove_all(dir);
    return message;
}

} // namespace

TEST_CASE("validate: the catalogue covers all five seeds with more than fifty claims", "[validation]")
{
    const auto& claims = catalogue();
    CHECK(claims.size() > 50);
    std::map<std::string, int> perSeed;
    for (const Claim& c : claims)
        ++perSeed[c.seed.substr(0, 3)];
    CHECK(perSeed.size() == 5);
    for (const auto& [seed, n] : perSeed) {
        INFO("seed " << seed);
        CHECK(n >= 5);
    }
}

TEST_CASE("validate: every verdict and every hand-derived model value stays as the catalogue says", "[validation]")
{
    const ValidationReport& r = report();
    REQUIRE(r.results.size() == catalogue().size());
    std::size_t expectWithin = 0, expectOff = 0, expectFitted = 0, expectNot = 0, expectNoCheck = 0;
    for (const ClaimResult& res : r.results) {
        const Claim& c = *res.claim;
        INFO(c.id << ": model " << res.model << ", " << verdictName(res.verdict) << " (" << res.reason << ")");
        CHECK(verdictName(res.verdict) == c.expect);
        if (!std::isnan(c.expectModel))
            CHECK(res.model == Approx(c.expectModel).epsilon(1e-5));
        if (c.expect == "within")
            ++expectWithin;
        else if (c.expect == "off")
            ++expectOff;
        else if (c.expect == "fitted")
            ++expectFitted;
        else if (c.expect == "no check")
            ++expectNoCheck;
        else
            ++expectNot;
        // Off and not modelled always say why.
        if (res.verdict == Verdict::Off || res.verdict == Verdict::NotModelled || res.verdict == Verdict::NoCheck)
            CHECK_FALSE(res.reason.empty());
        // Every bound states its margin; "not modelled" means the model has no output.
        if (res.verdict == Verdict::NotModelled)
            CHECK_FALSE(c.modelled);
    }
    CHECK(r.within == expectWithin);
    CHECK(r.off == expectOff);
    CHECK(r.fitted == expectFitted);
    CHECK(r.notModelled == expectNot);
    CHECK(r.noCheck == expectNoCheck);
}

TEST_CASE("validate: the paper's figures against the serial baseline (000 Figs. 4(a), 5(b))", "[validation]")
{
    // acc-fft INIC at P = 16 against the serial FFTW: bw_mem = 43 MB/s is fitted to it (000 Fig. 4(a),
    // eqs. (3)-(10)): (0.2048 + 2 x 16777216 / 43e6) / 0.06158472 = 0.98513563 / 0.06158472 = 15.996429,
    // fitted, not a check. At P = 8 it is predicted: 0.98513563 / 0.12629444 = 7.800308, -2.5% from 8.
    const ClaimResult& fft = result("000-fig4a-inic-fft-linear-16");
    CHECK(fft.model == Approx(15.996429).epsilon(1e-6));
    CHECK(fft.relError == Approx(15.996429 / 16 - 1).margin(1e-7)); // -0.000223
    CHECK(fft.verdict == Verdict::Fitted);
    CHECK(fft.fittedBy == "fftw.bw_mem, serial.bw_mem");
    const ClaimResult& fft8 = result("000-fig4a-inic-fft-linear-8");
    CHECK(fft8.model == Approx(7.800308).epsilon(1e-6));
    CHECK(fft8.verdict == Verdict::Within);
    CHECK(fft8.fittedBy.empty());
    // acc-sort INIC at P = 16: 6.03979776 / 0.23120085 = 26.1236, superlinear as Fig. 5(b): a prediction.
    const ClaimResult& sort = result("000-fig5b-inic-sort-superlinear-16");
    CHECK(sort.model == Approx(26.1236).epsilon(1e-5));
    CHECK(sort.verdict == Verdict::Within);
    CHECK(sort.fittedBy.empty());
}

TEST_CASE("validate: a claim reproduced by a parameter fitted to it is fitted, not a success", "[validation]")
{
    // maestro2-mdo's mdo.o_mod says {"basis": "fitted", "fittedTo": "001-fig6-module-overhead-30"}:
    // 1 - 7.08 / 10.08 = 0.297619 against 30% would be within 10%, yet it proves nothing.
    const ClaimResult& r = result("001-fig6-module-overhead-30");
    CHECK(r.verdict == Verdict::Fitted);
    CHECK(r.fittedBy == "mdo.o_mod");
    CHECK(r.model == Approx(0.297619).epsilon(1e-5));
    CHECK_THAT(r.reason, Catch::Contains("fitted: mdo.o_mod set from this figure"));
    // The multiedge per-frame cost was fitted to two claims at once.
    CHECK_THAT(result("003-fig3-polling-8x1-800").fittedBy, Catch::Contains("nx1.o_pkt"));
    CHECK_THAT(result("003-fig3-polling-1x10-800").fittedBy, Catch::Contains("x10.o_pkt"));
}

TEST_CASE("validate: limited to named presets, and an unknown preset is named", "[validation]")
{
    const ValidationReport r = validateClaims(catalogue(), kPresets, {"acc-sort"});
    CHECK_FALSE(r.results.empty());
    for (const ClaimResult& res : r.results)
        CHECK(res.claim->model.preset == "acc-sort");
    CHECK_THROWS_WITH(validateClaims(catalogue(), kPresets, {"acc-fftt"}),
                      Catch::Contains("validate: no preset named 'acc-fftt'"));
}

TEST_CASE("validate: a bad claims file is refused with its file, path and value", "[validation]")
{
    const std::string head = R"({"format": "clusterscope-claims", "version": 1, "claims": [)";
    const std::string base =
        R"("id": "a", "seed": "000_x.txt", "section": "§1", "quantity": "q", "text": "t", "paper": 2)";
    CHECK(claimsError(head + "{" + base + R"(, "compare": "about", "model": null, "reason": "r"}]})") ==
          "x.json: claims[0].compare: 'about' is not one of value, atLeast, atMost");
    CHECK(claimsError(head + "{" + base + R"(, "model": null}]})") ==
          "x.json: claims[0].reason: a claim without a model must say why it is not modelled");
    CHECK(claimsError(head + "{" + base + R"(, "model": null, "reason": "r"}, {)" + base +
                      R"(, "model": null, "reason": "r"}]})") == "x.json: claims[1].id: id 'a' is used twice");
    CHECK(claimsError(head + "{" + base + R"(, "model": {"preset": "p", "variant": "v", "form": "ratio"}}]})") ==
          "x.json: claims[0].model.of: the form ratio needs the variant it compares with");
    CHECK(claimsError(head + "{" +
                      R"("id": "a", "seed": "s", "section": "§1", "quantity": "q", "text": "t", "paper": "2"}]})") ==
          "x.json: claims[0].paper: expected a number, got \"2\"");
    CHECK(claimsError("[1]") == "x.json: $: expected {\"format\": \"clusterscope-claims\", \"version\": 1, \"claims\": [...]}");
}

TEST_CASE("provenance basis: read, checked and written back", "[validation][document]")
{
    const std::string doc = R"({"format": "clusterscope-design", "version": 3,
      "blocks": [{"name": "net", "type": "logp.loggp", "values": {
        "L": {"value": 5e-6, "provenance": {"kind": "user", "basis": "fitted", "fittedTo": "c1", "note": "why"}},
        "o_s": {"value": 2e-6, "provenance": {"kind": "user", "basis": "assumed", "note": "no seed gives it"}}}}]})";
    const DesignDocument d = parseDocument(doc);
    const ParamValue L = d.design.value({"net", "L"});
    CHECK(L.provenance.basis == "fitted");
    CHECK(L.provenance.fittedTo == "c1");
    CHECK(L.provenance.note == "why");
    const DesignDocument again = parseDocument(serializeDocument(d));
    CHECK(again.design.value({"net", "o_s"}).provenance.basis == "assumed");
    CHECK(again.design.value({"net", "o_s"}).provenance.note == "no seed gives it");

    std::string bad = doc;
    bad.replace(bad.find("\"assumed\""), 9, "\"guessed\"");
    CHECK_THROWS_WITH(parseDocument(bad), Catch::Contains("blocks[0].values.o_s.provenance.basis: basis 'guessed' is "
                                                          "not one of paper, fitted, assumed"));
    std::string unnamed = doc;
    unnamed.replace(unnamed.find(", \"fittedTo\": \"c1\""), 18, "");
    CHECK_THROWS_WITH(parseDocument(unnamed), Catch::Contains("blocks[0].values.L.provenance.fittedTo: a fitted value "
                                                              "must name the claim it was fitted to"));
}

TEST_CASE("validate: every fittedTo in the presets names a claim of the catalogue", "[validation]")
{
    // A misspelt id would leave a fitted figure counted as a prediction.
    std::set<std::string> ids;
    for (const Claim& c : catalogue())
        ids.insert(c.id);
    int fitted = 0;
    for (const auto& e : std::filesystem::directory_iterator(kPresets)) {
        if (e.path().extension() != ".json")
            continue;
        const DesignDocument doc = loadDocument(e.path().string());
        auto check = [&](const std::string& where, const Provenance& p) {
            if (p.basis != "fitted")
                return;
            ++fitted;
            std::size_t start = 0;
            while (start <= p.fittedTo.size()) {
                std::size_t end = p.fittedTo.find(',', start);
                if (end == std::string::npos)
                    end = p.fittedTo.size();
                std::string id = p.fittedTo.substr(start, end - start);
                id.erase(0, id.find_first_not_of(' '));
                INFO(e.path().filename().string() << " " << where << ": fittedTo '" << id << "'");
                CHECK(ids.count(id) == 1);
                start = end + 1;
            }
        };
        for (const DesignParam& p : doc.design.designParams())
            check(p.spec.symbol, p.value.provenance);
        for (const BlockInstance& b : doc.design.blocks())
            for (const ParamSpec& in : b.spec().inputs)
                check(b.name + "." + in.symbol, doc.design.value({b.name, in.symbol}).provenance);
    }
    CHECK(fitted >= 15);
}

TEST_CASE("validate: a gain is compared as the gain, a bound with its margin", "[validation]")
{
    // 003 §4.3: two-way, noCopy "increases by ... 87,5%" over base: the model's noCopy / base = 1985.395 /
    // 918.3723 = 2.1618629 (test_preset_multiedge) is a gain of 1.1618629, +32.8% against 0.875; as 1 + g
    // it would read 2.1619 / 1.875 - 1 = +15.3%.
    const ClaimResult& noCopy = result("003-fig4-nocopy-twoway-87.5");
    CHECK(noCopy.model == Approx(1.1618629).epsilon(1e-5));
    CHECK(noCopy.relError == Approx(1.1618629 / 0.875 - 1.0).epsilon(1e-5));
    CHECK(noCopy.verdict == Verdict::Off);
    // A bound's margin: "significant speedup" of the prototype over GigE asks for 1.1; at P = 16 the
    // model's T(GigE) / T(prototype) = 1.0229 is above 1 yet misses it.
    Claim c;
    c.paper = 1.0;
    c.compare = "atLeast";
    c.margin = 0.10;
    CHECK_FALSE(claimMet(c, 1.0229));
    CHECK(claimMet(c, 1.10));
    c.compare = "atMost";
    CHECK(claimMet(c, 0.9));
    CHECK_FALSE(claimMet(c, 0.95));
    CHECK_FALSE(claimMet(c, std::nan("")));
}

TEST_CASE("validate: the catalogue's rules are enforced when it is read", "[validation]")
{
    const std::string head = R"({"format": "clusterscope-claims", "version": 1, "claims": [{"id": "x", "seed": "000",
        "section": "§1", "quantity": "q", "quotes": ["a"], "paper": 1, )";
    CHECK_THAT(claimsError(head + R"("compare": "atLeast", "model": null, "reason": "r"}]})"),
               Catch::Contains("claims[0].margin: missing"));
    CHECK_THAT(claimsError(head + R"("margin": 0.1, "model": null, "reason": "r"}]})"),
               Catch::Contains("only a bound (compare atLeast or atMost) has a margin"));
    CHECK_THAT(claimsError(head + R"("check": false, "model": null}]})"),
               Catch::Contains("claims[0].reason"));
    CHECK_THAT(claimsError(R"({"format": "clusterscope-claims", "version": 1, "claims": [{"id": "x", "seed": "000",
        "section": "§1", "quantity": "q", "quotes": [], "paper": 1, "model": null, "reason": "r"}]})"),
               Catch::Contains("claims[0].quotes"));
    CHECK_THAT(claimsError(R"({"format": "clusterscope-claims", "version": 1, "claims": [{"id": "x", "seed": "000",
        "section": "§1", "quantity": "q", "paper": 1, "model": null, "reason": "r"}]})"),
               Catch::Contains("claims[0].quotes: a claim quotes its seed"));
    CHECK_THAT(claimsError(head + R"("model": {"preset": "p", "variant": "v", "form": "gain2"}}]})"),
               Catch::Contains("'gain2' is not one of value, ratio, reduction, gain"));
}
