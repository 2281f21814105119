// The calibration data next to the blocks (BlockSpec::calibration). Its
// expressions are the formula engine's (tests/model/formula).
#include "model/formula/Expression.h"
#include "model/core/BlockRegistry.h"
#include "model/core/ModelError.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <set>

using namespace cs;
using Catch::Contains;

TEST_CASE("every block's calibration specs name real inputs and well-formed fits", "[calib]")
{
    // Coefficients each form provides to the value expression.
    // A segmented line also gives the segments before the last (a1, b1, k1, a2, b2, k2).
    const std::map<std::string, std::set<std::string>> coefficients{
        {"const", {"v"}}, {"line", {"a", "b"}}, {"prop", {"c"}}, {"nlogn", {"c"}}, {"bonding", {"R", "A", "c"}}};
    const std::set<std::string> segmentCoefficients{"a1", "b1", "k1", "a2", "b2", "k2"};
    const std::set<std::string> methods{"direct", "ols", "wls", "segmented", "segmented_rel", "lm"};
    std::set<std::string> calibrated;
    for (const Block* b : BlockRegistry::builtin().all()) {
        const BlockSpec& spec = b->spec();
        for (const CalibrationSpec& s : spec.calibration) {
            INFO(spec.id << "." << s.input << " from " << s.probe << " " << s.read);
            CHECK(spec.inputIndex(s.input) >= 0);
            CHECK(methods.count(s.method) == 1);
            REQUIRE(coefficients.count(s.form) == 1);
            CHECK((s.method == "direct") == (s.form == "const"));
            CHECK((s.method == "lm") == (s.form == "bonding"));
            CHECK((s.read.rfind("derived:", 0) == 0) == (s.method == "direct"));
            if (s.read.rfind("series:", 0) == 0 && s.read.back() != '@')
                CHECK_FALSE(s.xParam.empty()); // x comes from a probe parameter
            for (const std::string& sym : expressionSymbols(s.value))
                CHECK((coefficients.at(s.form).count(sym) == 1 || spec.inputIndex(sym) >= 0 ||
                       (s.method.rfind("segmented", 0) == 0 && segmentCoefficients.count(sym) == 1)));
            if (!s.xInput.empty())
                CHECK(spec.inputIndex(s.xInput) >= 0);
            if (!s.yOutput.empty())
                CHECK(spec.outputIndex(s.yOutput) >= 0);
            CHECK_FALSE(s.source.empty());
            calibrated.insert(spec.id + "." + s.input);
        }
    }
    // The inputs the LogGP and transpose models need from probes, at least.
    for (const char* target :
         {"logp.loggp.L", "logp.loggp.G", "logp.loggp.o_s", "logp.loggp.o_r", "fftw.transpose.G",
          "fftw.transpose.L", "fftw.transpose.t_fft1d", "fftw.transpose.bw_mem", "inic.fft2d.t_fft1d",
          "inic.sort.T_countsort", "bonding.throughput.o_pkt", "bonding.throughput.o_irq", "bonding.throughput.r",
          "bonding.throughput.B_copy", "sort.parallel.t_bucket1", "sort.parallel.t_bucket2", "sort.parallel.bw_net",
          "inic.proto.sort.t_bucket2"})
        CHECK(calibrated.count(target) == 1);
}
