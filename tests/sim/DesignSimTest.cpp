// A design simulated point by point: the platform takes the design's values
// at each point, so calibrated parameters reach the simulation.
#include "model/core/Provenance.h"
#include "model/document/DocumentFormat.h"
#include "sim/DesignSim.h"

#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::sim;

namespace {

Provenance calibrated()
{
    Provenance p;
    p.kind = ProvenanceKind::Calibrated;
    p.detail = "test probe run";
    return p;
}

double simulatedOneWay(const DesignDocument& doc)
{
    SimSweepOptions o;
    o.variants = {"MPI one-way"};
    const SimTable t = simulateSweep(doc, {{"mpi.k", {1e6}}}, o);
    for (const SimRow& r : t.rows)
        if (t.analytic.variants[r.variant] == "MPI one-way") {
            INFO(r.note);
            return r.simulated;
        }
    return -1;
}

} // namespace

TEST_CASE("calibrated LogGP parameters reach the simulated platform", "[sim][design]")
{
    // berkeley-now: a gfat tree of 160e6 B/s links with 1 us latency, no
    // switch latency; hosts 0 and 1 share a first-level switch (2 links, 2 us).
    // Calibrated o_s = 10 us, o_r = 5 us, L = 4 us (the NICs' share, split over
    // both host links), G = 1e-8 s/B (1/G = 100 MB/s caps each host below the
    // link rate). One 1e6-byte message:
    //   10e-6 + 4e-6 + 2e-6 + 1e6 x 1e-8 + 5e-6 = 0.010021 s
    DesignDocument doc = loadDocument(std::string(CS_SOURCE_DIR) + "/presets/berkeley-now.json");
    doc.design.setValue({"mpi", "o_s"}, 10e-6, calibrated());
    doc.design.setValue({"mpi", "o_r"}, 5e-6, calibrated());
    doc.design.setValue({"mpi", "L"}, 4e-6, calibrated());
    doc.design.setValue({"mpi", "G"}, 1e-8, calibrated());
    CHECK(simulatedOneWay(doc) == Approx(0.010021).epsilon(1e-9));
    // A new calibration of G moves the simulation: 2e-8 s/B -> 50 MB/s:
    //   21e-6 + 1e6 x 2e-8 = 0.020021 s
    doc.design.setValue({"mpi", "G"}, 2e-8, calibrated());
    CHECK(simulatedOneWay(doc) == Approx(0.020021).epsilon(1e-9));
}

TEST_CASE("a design sweep refuses too many simulations and unknown variants by name", "[sim][design]")
{
    const DesignDocument doc = loadDocument(std::string(CS_SOURCE_DIR) + "/presets/acc-fft.json");
    SimSweepOptions o;
    o.maxSimulations = 3;
    // 2 points x 5 variants (serial FFTW, INIC, prototype INIC, Gigabit and
    // Fast Ethernet) = 10.
    CHECK_THROWS_WITH(simulateSweep(doc, {{"P", {1, 2}}}, o), Catch::Contains("10 simulations"));
    o = {};
    o.variants = {"nope"};
    CHECK_THROWS_WITH(simulateSweep(doc, {{"P", {1}}}, o), Catch::Contains("'nope'"));
}
