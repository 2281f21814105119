// Parameter bounds and resolution, and the descriptor's JSON.
#include "cs/sdk/ProbeDescriptor.h"

#include <catch2/catch.hpp>

using namespace cs::sdk;
using nlohmann::json;

namespace {

ProbeDescriptor sample()
{
    ProbeDescriptor d;
    d.id = "t.probe";
    d.name = "T";
    d.roles = {"self"};
    d.params = {{"bytes", "B", 64, 1, 1024, true, "size"}, {"ratio", "ratio", 0.5, 0, 1, false, "fraction"}};
    d.calibrates = {{"logp.loggp.L", "L", "x"}};
    return d;
}

} // namespace

TEST_CASE("resolveParams fills defaults and refuses what is out of bounds", "[sdk]")
{
    std::map<std::string, double> out;
    CHECK(resolveParams(sample(), json::object(), out).empty());
    CHECK(out.at("bytes") == 64);
    CHECK(out.at("ratio") == 0.5);
    CHECK(resolveParams(sample(), {{"bytes", 1024}, {"ratio", 0}}, out).empty());
    CHECK(out.at("bytes") == 1024);
    CHECK(resolveParams(sample(), {{"bytes", 0}}, out) == "bytes = 0 is out of range [1, 1024] B");
    CHECK(resolveParams(sample(), {{"bytes", 1025}}, out) == "bytes = 1025 is out of range [1, 1024] B");
    CHECK(resolveParams(sample(), {{"bytes", 2.5}}, out) == "bytes = 2.5 must be a whole number");
    CHECK(resolveParams(sample(), {{"ratio", 1.5}}, out) == "ratio = 1.5 is out of range [0, 1] ratio");
    CHECK(resolveParams(sample(), {{"bytes", "many"}}, out) == "bytes must be a number");
    CHECK(resolveParams(sample(), {{"size", 1}}, out) == "probe t.probe has no parameter 'size' (it has: bytes, ratio)");
    CHECK(resolveParams(sample(), json::array(), out) == "parameters must be an object of name: number");
}

TEST_CASE("a descriptor's JSON carries parameters, roles and calibration targets", "[sdk]")
{
    const json j = toJson(sample());
    CHECK(j["id"] == "t.probe");
    CHECK(j["span"] == "single");
    CHECK(j["launcher"] == "agent");
    CHECK(j["params"][0]["max"] == 1024);
    CHECK(j["calibrates"][0]["target"] == "logp.loggp.L");
}
