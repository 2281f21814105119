// Preset cg: the example program examples/cg as a formula block (issue 31, section 5).
//
// Hand arithmetic at the preset's point: N = 96, P = 4, iters = 50, t_cell = 1e-8 s, w = 8 B, L = 5e-5 s,
// G = 8e-9 s/B (the star's 1 Gbit/s link: 1 / 125e6 B/s):
//   T_comp   = 50 x 96^3 x 1e-8 / 4 = 50 x 884736 x 1e-8 / 4 = 0.442368 / 4          = 0.110592 s
//   T_halo   = 50 x (5e-5 + min(2, 3) x 8 x 9216 x 8e-9) = 50 x (5e-5 + 1.179648e-3)  = 0.0614824 s
//   T_reduce = (2 x 50 + 1) x ceil(log2 4) x (5e-5 + 8 x 8e-9) = 101 x 2 x 5.0064e-5  = 0.010112928 s
//   T        = 0.110592 + 0.0614824 + 0.010112928                                     = 0.182187328 s
// At P = 1 no plane is exchanged and log2 1 = 0: T = 0.442368 s.
#include "PresetSupport.h"

#include "model/core/Plan.h"
#include "model/formula/FormulaBlock.h"

using namespace cs;
using namespace cs::test::presets;

TEST_CASE("cg: the solver's formula at its point, and on one rank", "[presets]")
{
    const DesignDocument doc = loadPreset("cg");
    const Plan plan = doc.design.compile();
    std::vector<double> slots = plan.initialSlots();
    plan.runOrThrow(slots.data());
    auto at = [&](const char* path) { return slots[static_cast<std::size_t>(plan.slotOf(path))]; };
    CHECK(at("app.T_comp") == Approx(0.110592).epsilon(1e-12));
    CHECK(at("app.T_halo") == Approx(0.0614824).epsilon(1e-12));
    CHECK(at("app.T_reduce") == Approx(0.010112928).epsilon(1e-12));
    CHECK(at("app.T") == Approx(0.182187328).epsilon(1e-12));
    slots = plan.initialSlots();
    slots[static_cast<std::size_t>(plan.slotOf("P"))] = 1;
    plan.runOrThrow(slots.data());
    CHECK(at("app.T") == Approx(0.442368).epsilon(1e-12));
    CHECK(at("app.T_halo") == 0);
    CHECK(at("app.T_reduce") == 0);
    CHECK(asFormula(doc.design.block("app").block) != nullptr);
}

TEST_CASE("cg: TCP's ACKs on the node links lengthen the network's part of a halo (app.ack)", "[presets]")
{
    // At the preset's point with ack = 0.0218, as jacobi's: T_halo = 50 x (5e-5 + 147456 x 1.0218 x 8e-9)
    // = 0.06276821632 s (0.0614824 s without); T = 0.110592 + 0.06276821632 + 0.010112928 = 0.18347314432 s.
    const std::vector<double> v = evaluatePreset("cg", {{"app.ack", 0.0218}}, {"app.T_halo", "app.T"});
    CHECK(v[0] == Approx(0.06276821632).epsilon(1e-12));
    CHECK(v[1] == Approx(0.18347314432).epsilon(1e-12));
}
