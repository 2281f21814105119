// The seed-000 blocks on fewer cores than ranks: DESIGN.md, Job and placement
// (issue 45, "Compute"): ranks beyond a node's cores share them. Each block's
// input `cores` (0, the default: a core a rank) makes the phases in which each
// of P ranks computes its share take P / min(P, cores) times as long; the
// card's and the network's transfers are unchanged. Golden values are derived
// by hand from 000_e9da438bafb3289f.txt's equations, with the arithmetic in the
// comments.
#include "InicTestSupport.h"

using namespace cs;
using namespace cs::test::inic;

namespace {
Approx near(double v)
{
    return Approx(v).epsilon(1e-12);
}

// The outputs at `values`, and at `values` with cores = c, must be equal to the last bit: the figures of a
// core a rank.
void checkSameAsACoreARank(const std::string& type, const Values& values, double c)
{
    INFO(type << ", cores = " << c);
    Values with = values;
    with.push_back({"cores", c});
    const auto base = evalDesign(type, values);
    const auto other = evalDesign(type, with);
    for (const auto& [symbol, v] : base)
        CHECK(other.at(symbol) == v);
}
} // namespace

TEST_CASE("seed-000 blocks: an input cores, 0 by default, that the topology's job_cores supplies", "[inic][cores]")
{
    for (const std::string type : {"inic.fft2d", "inic.sort", "sort.parallel", "inic.proto.fft2d", "inic.proto.sort"}) {
        INFO(type);
        const BlockSpec& spec = builtinBlock(type).spec();
        const int i = spec.inputIndex("cores");
        REQUIRE(i >= 0);
        const ParamSpec& p = spec.inputs[static_cast<std::size_t>(i)];
        CHECK(p.defaultValue == 0);
        CHECK(p.unit == Unit::Count);
        CHECK(p.topology == "job_cores");
        CHECK(p.source.rfind("DESIGN.md, Job and placement (issue 45)", 0) == 0);
        CHECK(p.accepts(1.5)); // job_cores need not be whole: 3 ranks on 2 cores are 1.5 a core's work
        CHECK(static_cast<std::size_t>(i) == spec.inputs.size() - 1); // last: the others keep their slots
    }
}

TEST_CASE("inic.fft2d and inic.proto.fft2d: 8 ranks on 2 cores compute the row FFTs 4x as long (eq. 4)",
          "[inic][fft2d][proto][cores]")
{
    // rows = 1024, P = 8, t_fft1d = 100 us, the paper's bandwidths (tests/model/blocks/inic/test_inic_fft2d.cpp):
    //   a core a rank: T_compute = 2 * (100e-6 * 1024 / 8) = 0.0256 s (eq. (4)); one transpose
    //   1/320 + 1/360 + 7/360 + 1/40 = 29/576 s (eqs. (6)-(9)); T = 0.0256 + 29/288 = 0.1262944 s (eqs. (3), (10)).
    //   On 2 cores: 8 / min(8, 2) = 4, T_compute = 4 * 0.0256 = 0.1024 s; the transposes are the card's:
    //   T = 0.1024 + 29/288 = 0.1024 + 0.10069444 = 0.20309444 s.
    const Values at8{{"rows", 1024}, {"P", 8}, {"t_fft1d", 100e-6}};
    Values on2 = at8;
    on2.push_back({"cores", 2});
    auto o = evalDesign("inic.fft2d", on2);
    CHECK(o["T_compute"] == near(0.1024));
    CHECK(o["T_transpose"] == near(29.0 / 576));
    CHECK(o["T_trans"] == near(29.0 / 288));
    CHECK(o["T"] == near(0.1024 + 29.0 / 288));
    CHECK(o["T"] == Approx(0.20309444).epsilon(1e-7));
    checkPhasesSum(builtinBlock("inic.fft2d").spec(), o);

    // The prototype (pipelined, its default): the bus carries 2 * 2097152 + 2 * 1835008 = 7864320 B a transpose
    // at 132e6 B/s = 0.05957818 s, above the pipeline's 29/576 (tests/model/blocks/inic/test_proto.cpp);
    // a core a rank T = 0.0256 + 2 * 0.05957818 = 0.14475636 s, on 2 cores T = 0.1024 + 0.11915636 = 0.22155636 s.
    auto p = evalDesign("inic.proto.fft2d", on2);
    const double bus = 7864320 / 132e6;
    CHECK(p["T_compute"] == near(0.1024));
    CHECK(p["T_transpose"] == near(bus));
    CHECK(p["T"] == near(0.1024 + 2 * bus));
    CHECK(p["T"] == Approx(0.22155636).epsilon(1e-7));
    checkPhasesSum(builtinBlock("inic.proto.fft2d").spec(), p);

    // 4 cores: 8 / 4 = 2, T_compute = 0.0512 s; 5 cores: 8 / 5 = 1.6, T_compute = 0.04096 s.
    for (const std::string type : {"inic.fft2d", "inic.proto.fft2d"}) {
        INFO(type);
        Values on4 = at8, on5 = at8;
        on4.push_back({"cores", 4});
        on5.push_back({"cores", 5});
        CHECK(evalDesign(type, on4)["T_compute"] == near(0.0512));
        CHECK(evalDesign(type, on5)["T_compute"] == near(0.04096));
        for (double c : {8.0, 9.0, 1e6})
            checkSameAsACoreARank(type, at8, c);
    }
}

TEST_CASE("inic.sort: 8 ranks on 2 cores Count Sort 4x as long (eq. 11), the INIC's redistribution unchanged",
          "[inic][sort][cores]")
{
    // Defaults, E_init = 2^25 on P = 8 (tests/model/blocks/inic/test_inic_sort.cpp): T_countsort = 20e-9 * 2^22
    //   = 0.08388608 s, T_INIC = 0.28907335 s (eq. (17)), T = 0.37295943 s (eq. (11)).
    //   On 2 cores: T_count = 8 / min(8, 2) * 0.08388608 = 4 * 0.08388608 = 0.33554432 s;
    //   T = 0.33554432 + 0.28907335 = 0.62461767 s.
    auto o = evalDesign("inic.sort", {{"cores", 2}});
    CHECK(o["T_count"] == near(0.33554432));
    CHECK(o["T_INIC"] == near(1.0 / 10240 + 1.0 / 11520 + 4.0 / 45 + 0.2));
    CHECK(o["T"] == near(0.33554432 + 1.0 / 10240 + 1.0 / 11520 + 4.0 / 45 + 0.2));
    CHECK(o["T"] == Approx(0.62461767).epsilon(1e-8));
    checkPhasesSum(builtinBlock("inic.sort").spec(), o);
    for (double c : {8.0, 64.0})
        checkSameAsACoreARank("inic.sort", {}, c);
}

TEST_CASE("sort.parallel and inic.proto.sort: the host's passes over its keys on fewer cores than ranks",
          "[inic][sort.parallel][proto][cores]")
{
    // sort.parallel, defaults on P = 8 (tests/model/blocks/inic/test_parallel_sort.cpp): T_bucket1 = T_bucket2
    //   = 2^22 keys * 80e-9 = 0.33554432 s, T_count = 0.08388608 s, T_xchg = 7 * (50e-6 + 2097152 / 30e6)
    //   = 0.4896854667 s; T = 1.2446601867 s.
    //   On 4 cores: 8 / min(8, 4) = 2: T_bucket1 = T_bucket2 = 0.67108864 s, T_count = 0.16777216 s, T_xchg as
    //   before; T = 2 * 0.67108864 + 0.16777216 + 0.4896854667 = 1.9996349067 s.
    auto o = evalDesign("sort.parallel", {{"cores", 4}});
    CHECK(o["T_bucket1"] == near(0.67108864));
    CHECK(o["T_bucket2"] == near(0.67108864));
    CHECK(o["T_count"] == near(0.16777216));
    CHECK(o["T_xchg"] == near(7 * (50e-6 + 2097152 / 30e6)));
    CHECK(o["T"] == Approx(1.9996349067).epsilon(1e-9));
    checkPhasesSum(builtinBlock("sort.parallel").spec(), o);

    // inic.proto.sort, defaults on P = 8 (tests/model/blocks/inic/test_proto.cpp): T_INIC = 32/45 s (the four
    //   transfers on the shared bus), T_bucket2 = 0.33554432 s, T_count = 0.08388608 s; T = 1.13054151 s.
    //   On 2 cores: 8 / 2 = 4: T_bucket2 = 1.34217728 s, T_count = 0.33554432 s;
    //   T = 0.71111111 + 1.34217728 + 0.33554432 = 2.38883271 s.
    auto p = evalDesign("inic.proto.sort", {{"cores", 2}});
    CHECK(p["T_INIC"] == near(32.0 / 45));
    CHECK(p["T_bucket2"] == near(1.34217728));
    CHECK(p["T_count"] == near(0.33554432));
    CHECK(p["T"] == near(32.0 / 45 + 1.34217728 + 0.33554432));
    CHECK(p["T"] == Approx(2.38883271).epsilon(1e-8));
    checkPhasesSum(builtinBlock("inic.proto.sort").spec(), p);

    // As many cores as ranks is a core a rank; so is one rank (the serial baseline) on one core or more.
    for (const std::string type : {"sort.parallel", "inic.proto.sort"}) {
        checkSameAsACoreARank(type, {}, 8);
        checkSameAsACoreARank(type, {{"P", 1}}, 1);
        checkSameAsACoreARank(type, {{"P", 1}}, 4);
    }
}
