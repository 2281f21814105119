// Every block parameter a probe says it calibrates is an input of a
// registered block, in the same unit as the value the probe derives; every
// output it validates exists. So a probe cannot promise a calibration the
// model cannot take.
#include "TestSupport.h"

#include "model/core/BlockRegistry.h"
#include "model/core/Unit.h"

#include <catch2/catch.hpp>

using namespace cs;

namespace {

// "logp.loggp.L" -> block "logp.loggp", symbol "L" (block ids contain dots).
std::pair<const Block*, std::string> resolve(const std::string& path)
{
    const auto dot = path.rfind('.');
    return {BlockRegistry::builtin().find(path.substr(0, dot)), path.substr(dot + 1)};
}

} // namespace

TEST_CASE("calibration targets are block inputs and validated outputs exist", "[probes]")
{
    int targets = 0;
    for (const auto& p : test::plugins().probes()) {
        for (const sdk::Calibration& c : p.descriptor.calibrates) {
            INFO(p.descriptor.id << " calibrates " << c.target);
            const auto [block, symbol] = resolve(c.target);
            REQUIRE(block != nullptr);
            const int in = block->spec().inputIndex(symbol);
            REQUIRE(in >= 0);
            ++targets;
        }
        for (const std::string& v : p.descriptor.validates) {
            INFO(p.descriptor.id << " validates " << v);
            const auto [block, symbol] = resolve(v);
            REQUIRE(block != nullptr);
            CHECK(block->spec().outputIndex(symbol) >= 0);
        }
    }
    CHECK(targets >= 20);
}

TEST_CASE("derived values carry the unit of the input they calibrate", "[probes]")
{
    // A real run of each single-node probe, then the units compared.
    const auto sort = test::runOne("local:cpu=0", "cpu.sort", {{"keys", 4096}, {"reps", 3}});
    const auto copy = test::runOne("local:cpu=0", "mem.copy", {{"array_bytes", 1 << 20}, {"reps", 2}});
    for (const auto* r : {&sort, &copy}) {
        REQUIRE(r->ok());
        for (const auto& c : r->calibrates) {
            const auto [block, symbol] = resolve(c["target"].get<std::string>());
            REQUIRE(block != nullptr);
            const ParamSpec& spec = block->spec().inputs.at(static_cast<std::size_t>(block->spec().inputIndex(symbol)));
            INFO(c.dump());
            CHECK(c["unit"].get<std::string>() == std::string(unitSymbol(spec.unit)));
            // And the measured value is inside the input's valid range.
            CHECK(spec.rangeProblem(c["value"].get<double>()).empty());
        }
    }
}
