// Preset jacobi: the example program examples/jacobi as a formula block (issue 31, section 5).
//
// Hand arithmetic at the preset's point: N = 96, P = 4, iters = 50, t_cell = 5e-9 s, w = 8 B, L = 5e-5 s,
// G = 8e-9 s/B:
//   T_comp   = 50 x 96^3 x 5e-9 / 4 = 50 x 884736 x 5e-9 / 4 = 0.221184 / 4          = 0.055296 s
//   T_halo   = 50 x (5e-5 + min(2, 3) x 8 x 9216 x 8e-9) = 50 x (5e-5 + 1.179648e-3)  = 0.0614824 s
//   T_reduce = 50 x ceil(log2 4) x (5e-5 + 8 x 8e-9) = 100 x 5.0064e-5                = 0.0050064 s
//   T        = 0.055296 + 0.0614824 + 0.0050064                                        = 0.1217848 s
// At P = 1 no plane is exchanged and log2 1 = 0: T = 0.221184 s.
#include "PresetSupport.h"

#include "model/core/Plan.h"
#include "model/formula/FormulaBlock.h"

using namespace cs;
using namespace cs::test::presets;

TEST_CASE("jacobi: the stencil's formula at its point, and on one rank", "[presets]")
{
    const DesignDocument doc = loadPreset("jacobi");
    const Plan plan = doc.design.compile();
    std::vector<double> slots = plan.initialSlots();
    plan.runOrThrow(slots.data());
    auto at = [&](const char* path) { return slots[static_cast<std::size_t>(plan.slotOf(path))]; };
    CHECK(at("app.T_comp") == Approx(0.055296).epsilon(1e-12));
    CHECK(at("app.T_halo") == Approx(0.0614824).epsilon(1e-12));
    CHECK(at("app.T_reduce") == Approx(0.0050064).epsilon(1e-12));
    CHECK(at("app.T") == Approx(0.1217848).epsilon(1e-12));
    slots = plan.initialSlots();
    slots[static_cast<std::size_t>(plan.slotOf("P"))] = 1;
    plan.runOrThrow(slots.data());
    CHECK(at("app.T") == Approx(0.221184).epsilon(1e-12));
    CHECK(at("app.T_halo") == 0);
    // Four ranks on two cores (cores = 2): each computes its N^3 / 4 cells while sharing a core with another,
    // T_comp = 50 x 96^3 x 5e-9 / min(4, 2) = 0.221184 / 2 = 0.110592 s; halo and sums as at the point:
    // T = 0.110592 + 0.0614824 + 0.0050064 = 0.1770808 s. cores = 8 (more than P): as cores = 0, 0.1217848 s.
    slots = plan.initialSlots();
    slots[static_cast<std::size_t>(plan.slotOf("app.cores"))] = 2;
    plan.runOrThrow(slots.data());
    CHECK(at("app.T_comp") == Approx(0.110592).epsilon(1e-12));
    CHECK(at("app.T") == Approx(0.1770808).epsilon(1e-12));
    slots = plan.initialSlots();
    slots[static_cast<std::size_t>(plan.slotOf("app.cores"))] = 8;
    plan.runOrThrow(slots.data());
    CHECK(at("app.T") == Approx(0.1217848).epsilon(1e-12));
    // The input fit fits is marked.
    CHECK(asFormula(doc.design.block("app").block) != nullptr);
}

TEST_CASE("jacobi: P above the star's 8 hosts is refused with both numbers, as acc-fft's P is", "[presets]")
{
    // Issue 48, item 2: P does not follow topology.hosts here, yet it is the job size wired into the
    // topology, and a job of 9 ranks on 8 hosts was placed on the 8 and priced as such, without a word.
    const DesignDocument doc = loadPreset("jacobi");
    const SweepTable t = runSweep(doc, {{"P", {6, 7, 8, 9, 10, 11, 12}}});
    REQUIRE(t.rows() == 7); // one variant
    // At P = 8 (every host of the star; G_a2a = 1 / 125e6 B/s = 8e-9 s/B, the preset's own G):
    //   T_comp = 0.221184 / 8 = 0.027648 s, T_halo = 0.0614824 s as at P = 4 (two planes each way),
    //   T_reduce = 50 x ceil(log2 8) x 5.0064e-5 = 0.0075096 s, T = 0.09664 s.
    CHECK(t.error(2) == nullptr);
    CHECK(t.at(2, 0) == Approx(0.09664).epsilon(1e-9));
    REQUIRE(t.errors.size() == 4);
    for (std::size_t k = 0; k < 4; ++k) {
        CHECK(t.errors[k].first == 3 + k);
        CHECK(t.errors[k].second == "design parameter P = " + std::to_string(9 + k) + " exceeds topology.hosts = 8");
        CHECK(std::isnan(t.at(3 + k, 0)));
    }
}
