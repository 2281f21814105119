// validate --assumed: the inputs whose basis is "assumed", ranked by their
// effect on the variant totals (model/validation/AssumedInputs.h).
#include "model/core/ModelError.h"
#include "model/document/DocumentFormat.h"
#include "model/document/PresetFolder.h"
#include "model/validation/AssumedInputs.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>

using namespace cs;

namespace {

// LogGP one-way time, 002 §3 / Alexandrov: T_oneway = o_s + (k - 1) G + L + o_r.
const char* kDoc = R"({"format": "clusterscope-design", "version": 3,
  "blocks": [{"name": "net", "type": "logp.loggp", "values": {
    "L": {"value": 5e-6, "provenance": {"kind": "user", "basis": "fitted", "fittedTo": "c1", "note": "fit"}},
    "o_s": {"value": 2e-6, "provenance": {"kind": "user", "basis": "assumed", "note": "no seed gives it"}},
    "o_r": {"value": 1e-6, "provenance": {"kind": "user", "basis": "assumed", "note": "half of o_s"}},
    "G": {"value": 1e-9, "provenance": {"kind": "user", "basis": "paper", "note": "1 GB/s"}},
    "k": 1001}}],
  "variants": [{"name": "one-way", "total": "net.T_oneway"}]})";

const AssumedInput* find(const AssumedInputsReport& r, const std::string& path)
{
    auto it = std::find_if(r.assumed.begin(), r.assumed.end(), [&](const AssumedInput& a) { return a.path == path; });
    return it == r.assumed.end() ? nullptr : &*it;
}

} // namespace

TEST_CASE("assumed inputs: the basis of each input, and the ranking by effect", "[validation][assumed]")
{
    const DesignDocument doc = parseDocument(kDoc);
    CHECK(inputBasis(doc, "net.o_s") == "assumed");
    CHECK(inputBasis(doc, "net.L") == "fitted");
    CHECK(inputBasis(doc, "net.G") == "paper");
    CHECK(inputBasis(doc, "net.k") == "set"); // set by the document without a basis
    // A default takes its basis from the parameter's source text: logp.loggp's g default says "assumed".
    CHECK(inputBasis(doc, "net.g") == "assumed");
    CHECK_THROWS_WITH(inputBasis(doc, "net.nope"), "'net.nope' is neither a design parameter nor a block input");

    const AssumedInputsReport r = rankAssumedInputs(doc, "test");
    // T = 2 + 1000 x 0.001 + 5 + 1 = 9 us. -/+10% of o_s = 2 us moves T by -/+0.2 us: swing 0.4 / 9 = 0.044444;
    // o_r = 1 us: 0.2 / 9 = 0.022222. g, n, P do not enter T_oneway: effect 0.
    REQUIRE(r.assumed.size() >= 2);
    CHECK(r.assumed[0].path == "net.o_s");
    CHECK(r.assumed[0].effect == Approx(0.4 / 9).epsilon(1e-9));
    CHECK(r.assumed[0].variant == "one-way");
    CHECK(r.assumed[0].why == "no seed gives it");
    CHECK(r.assumed[1].path == "net.o_r");
    CHECK(r.assumed[1].effect == Approx(0.2 / 9).epsilon(1e-9));
    CHECK(r.assumed[1].effect >= kMattersSwing);
    REQUIRE(find(r, "net.g"));
    CHECK(find(r, "net.g")->effect == 0.0);
    CHECK_FALSE(find(r, "net.L")); // fitted, not assumed
    CHECK_FALSE(find(r, "net.G")); // from the paper
    // The probes that can fit an input come from the block's calibration specs.
    CHECK_THAT(r.assumed[0].calibrate, Catch::Contains("net.loggp"));
    CHECK(r.inputsByBasis.at("fitted") == 1);
    CHECK(r.inputsByBasis.at("assumed") >= 3);
}

TEST_CASE("assumed inputs: the presets' assumed inputs that matter have their probes", "[validation][assumed]")
{
    // acc-sort at its own values: every assumed input that moves a total by 2% or more (the TCP
    // rate and the bucket costs per key) can be fitted by a probe: cpu.sort or net.alltoall.
    const DesignDocument doc = loadDocument((std::filesystem::path(presetFolder()) / "acc-sort.json").string());
    const AssumedInputsReport r = rankAssumedInputs(doc, "acc-sort");
    int matter = 0;
    for (const AssumedInput& a : r.assumed) {
        if (a.effect < kMattersSwing)
            continue;
        ++matter;
        INFO(a.path);
        CHECK_FALSE(a.calibrate.empty());
    }
    CHECK(matter >= 6);
    REQUIRE(find(r, "tcp.bw_net"));
    CHECK(find(r, "tcp.bw_net")->calibrate == "net.alltoall");
    CHECK(find(r, "tcp.t_bucket1")->calibrate == "cpu.sort");
}
