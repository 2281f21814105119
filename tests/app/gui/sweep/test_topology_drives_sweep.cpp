// The drawing is what the models evaluate, in the GUI: replacing the acc-fft
// preset's 16-host 1 Gbit/s star by 4 hosts at 8 Mbit/s lowers the plotted
// INIC speedup, fails P = 8 and 16 with a message naming both numbers, and is
// one undo step. The canvas shows the topology as a block that cannot be deleted.
//
// Hand arithmetic (000 eqs. (3)-(10), acc-fft's INIC: rows 1024, t_fft1d 100 us, bw_hc 80 MiB/s,
// bw_cn 90 MiB/s). Speedup against the preset's serial baseline, FFTW on one processor (no network):
// 0.2048 + 2 x 16777216 / 43e6 = 0.98513563 s (bw_mem fitted, presets/acc-fft.json).
//   1 Gbit/s star, P = 4: a2a_bw = 125e6 B/s > bw_cn, T(4) = 0.265089 s -> 0.98513563 / 0.265089 = 3.716246.
//   8 Mbit/s, 4 hosts, P = 4: a2a_bw = 1e6 B/s, T(4) = 0.0512 + 2 (0.0125 + 1.048576 + 3.145728 + 0.05)
//   = 8.564808 s -> 0.98513563 / 8.564808 = 0.1150213.
#include "app/document/DocumentModel.h"
#include "app/gui/canvas/BlockCanvas.h"
#include "app/gui/sweeppanel/SweepPanel.h"
#include "model/document/DocumentFormat.h"

#include <QSignalSpy>
#include <QUndoStack>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace cs;
using namespace cs::app;
using Catch::Matchers::Contains;

namespace {

double at(const SweepTable& t, const std::string& variant, double P, int column)
{
    for (std::size_t p = 0; p < t.points; ++p)
        for (std::size_t v = 0; v < t.variants.size(); ++v)
            if (t.variants[v] == variant && t.axis(p, 0) == P)
                return t.at(p * t.variants.size() + v, static_cast<std::size_t>(column));
    FAIL("no row " << variant << " at P = " << P);
    return 0;
}

const std::string* errorAt(const SweepTable& t, const std::string& variant, double P)
{
    for (std::size_t p = 0; p < t.points; ++p)
        for (std::size_t v = 0; v < t.variants.size(); ++v)
            if (t.variants[v] == variant && t.axis(p, 0) == P)
                return t.error(p * t.variants.size() + v);
    return nullptr;
}

} // namespace

TEST_CASE("gui: redrawing acc-fft's network as 4 hosts at 8 Mbit/s lowers the speedup", "[gui][sweep][topology]")
{
    DocumentModel model;
    model.setDocument(loadDocument(std::string(CS_SOURCE_DIR) + "/presets/acc-fft.json"), {});
    SweepPanel panel(&model);
    QSignalSpy updated(&panel, &SweepPanel::plotsUpdated);
    REQUIRE((updated.count() > 0 || updated.wait(20000)));
    const int speedup = panel.table()->column("speedup");
    CHECK(at(*panel.table(), "INIC", 4, speedup) == Approx(3.716246).epsilon(1e-5));

    updated.clear();
    const nlohmann::json slow = {{"generator", "star"}, {"params", {{"n", 4}, {"bw", 1e6}}}};
    REQUIRE(model.setTopology("Generate star", slow, {}).isEmpty());
    REQUIRE(updated.wait(20000));
    const SweepTable& t = *panel.table();
    CHECK(at(t, "INIC", 4, speedup) == Approx(0.1150213).epsilon(1e-5));
    CHECK(at(t, "INIC", 4, 0) == Approx(8.564808).epsilon(1e-5));
    const std::string* e16 = errorAt(t, "INIC", 16);
    REQUIRE(e16);
    CHECK_THAT(*e16, Contains("P = 16 exceeds topology.hosts = 4"));

    // One undo brings the 16-host network and its prediction back.
    updated.clear();
    model.undoStack()->undo();
    REQUIRE(updated.wait(20000));
    CHECK(at(*panel.table(), "INIC", 4, speedup) == Approx(3.716246).epsilon(1e-5));
    CHECK(model.doc().design.topology()->values.front().value == 16);
}

TEST_CASE("gui: the topology is a block on the canvas that cannot be deleted", "[gui][canvas][topology]")
{
    DocumentModel model;
    model.setDocument(loadDocument(std::string(CS_SOURCE_DIR) + "/presets/acc-fft.json"), {});
    const QString err = model.removeBlocks({"topology"});
    CHECK_THAT(err.toStdString(), Contains("cannot be removed"));
    CHECK(model.doc().design.topology() != nullptr);
    // Blocks added later take what the network supplies.
    QString name;
    REQUIRE(model.addBlock("logp.loggp", {0, 0}, &name).isEmpty());
    const Wire* w = model.doc().design.wireInto({name.toStdString(), "B_net"});
    REQUIRE(w);
    CHECK(w->from.str() == "topology.xchg_bw"); // the exchange's rounds on the hosts the job runs on
}
