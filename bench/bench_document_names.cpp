// Reading a document of many named things: design parameters, and blocks
// each wired from one of them. A document may hold 10^5 of each; looking
// names up by a linear search made reading quadratic (100,000 parameters
// took 42 s, 300,000 took 405 s). The target is a ratio, not a time: reading
// ten times as many names costs at most about 10 x log(10) ~ 25 times as
// much, where a quadratic reader costs 100 times. Exits 1 when a ratio
// exceeds kMaxRatio.
#include "model/document/DocumentFormat.h"
#include "model/sweep/Sensitivity.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>

using namespace cs;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

constexpr double kMaxRatio = 30.0;

json preset()
{
    std::ifstream in(std::string(CS_SOURCE_DIR) + "/presets/acc-fft.json");
    return json::parse(in);
}

// acc-fft with n more design parameters q0..q{n-1}.
std::string withParams(std::size_t n)
{
    json doc = preset();
    for (std::size_t i = 0; i < n; ++i)
        doc["parameters"].push_back(
            {{"name", "q" + std::to_string(i)}, {"unit", "count"}, {"value", 1}, {"min", 0}, {"max", 10}});
    return doc.dump();
}

// acc-fft with n more blocks b0..b{n-1} (speedup.efficiency), each with its
// own parameter s{i} wired into its input T_ref: names and wires both grow.
std::string withBlocks(std::size_t n)
{
    json doc = preset();
    for (std::size_t i = 0; i < n; ++i) {
        const std::string b = "b" + std::to_string(i), s = "s" + std::to_string(i);
        doc["parameters"].push_back({{"name", s}, {"unit", "s"}, {"value", 1}, {"min", 0}, {"max", 10}});
        doc["blocks"].push_back({{"name", b}, {"type", "speedup.efficiency"}, {"values", json::object()}});
        doc["wires"].push_back({{"from", s}, {"to", b + ".T_ref"}});
    }
    return doc.dump();
}

double secondsToRead(const std::string& text)
{
    const auto t0 = Clock::now();
    const DesignDocument doc = parseDocument(text);
    const auto t1 = Clock::now();
    if (doc.design.designParams().empty())
        std::printf("(empty)\n"); // keeps the read from being optimised away
    return std::chrono::duration<double>(t1 - t0).count();
}

// acc-fft with n more design parameters in seconds that no block reads, at
// 5 s in [0, 10] s: each has sides to evaluate (4.5 s and 5.5 s).
std::string withTimes(std::size_t n)
{
    json doc = preset();
    for (std::size_t i = 0; i < n; ++i)
        doc["parameters"].push_back(
            {{"name", "q" + std::to_string(i)}, {"unit", "s"}, {"value", 5}, {"min", 0}, {"max", 10}});
    return doc.dump();
}

// The tornado chart's data (sensitivity) of a document read beforehand: a
// pass checks every design parameter, and a pass per parameter made it
// quadratic (20,000 parameters took 6.5 s).
double secondsForSensitivity(const std::string& text)
{
    const DesignDocument doc = parseDocument(text);
    const auto t0 = Clock::now();
    const SensitivityResult r = sensitivity(doc, doc.effectiveVariants().front().name, {});
    const auto t1 = Clock::now();
    if (r.bars.empty())
        std::printf("(empty)\n");
    return std::chrono::duration<double>(t1 - t0).count();
}

bool series(const char* what, std::string (*make)(std::size_t), std::size_t small,
            double (*measure)(const std::string&) = secondsToRead)
{
    const std::size_t large = small * 10;
    const std::string a = make(small), b = make(large);
    const double ta = measure(a), tb = measure(b);
    const double ratio = tb / ta;
    std::printf("%-34s %8zu: %7.3f s   %8zu: %7.3f s   ratio %5.1f (linear 10, quadratic 100; limit %.0f)\n", what,
                small, ta, large, tb, ratio, kMaxRatio);
    return ratio <= kMaxRatio;
}

} // namespace

int main()
{
    bool ok = series("design parameters", withParams, 30000);
    ok = series("blocks, each wired from a parameter", withBlocks, 3000) && ok;
    ok = series("sensitivity over design parameters", withTimes, 10000, secondsForSensitivity) && ok;
    std::printf("%s\n", ok ? "ok" : "FAILED: reading grows faster than n log n");
    return ok ? 0 : 1;
}
