// Checks every file in presets/: it loads, survives a round trip, names its
// seed and figure, has a topology the topology layer accepts, and every
// variant evaluates without error at its defaults and over the sweep the
// document stores. The figure shapes are in the per-preset test files.
#include "PresetSupport.h"

#include "model/sweep/Sweep.h"
#include "model/topology/io/NetworkBuild.h"
#include "model/topology/io/TopologyJson.h"

#include <cmath>

using namespace cs;
using namespace cs::test::presets;

TEST_CASE("presets: the seed clusters are all present", "[presets]")
{
    const std::vector<std::string> names = presetNames();
    for (const char* required : {"beowulf-gen1", "beowulf-gen2", "mesh-4x4-software", "mesh-4x4-switch", "acc-fft",
                                 "acc-sort", "berkeley-now", "maestro2-mdo", "multiedge"}) {
        INFO(required);
        CHECK(std::find(names.begin(), names.end(), required) != names.end());
    }
}

TEST_CASE("presets: every preset survives load, save and load again unchanged", "[presets]")
{
    for (const std::string& name : presetNames()) {
        INFO("preset " << name);
        const DesignDocument first = loadPreset(name);
        const std::string text1 = serializeDocument(first);
        const DesignDocument second = parseDocument(text1);
        const std::string text2 = serializeDocument(second);
        CHECK(text1 == text2);
        // The loaded content is the same, not only its text.
        CHECK(second.variants == first.variants);
        CHECK(second.sweep == first.sweep);
        CHECK(second.costs == first.costs);
        CHECK(second.topology == first.topology);
        CHECK(second.design.blocks().size() == first.design.blocks().size());
        CHECK(second.design.wires() == first.design.wires());
    }
}

TEST_CASE("presets: every preset has a description and names its seed and figure", "[presets]")
{
    const char* seeds[] = {"000_e9da438bafb3289f.txt", "001_6f8c605996d22b4f.txt", "002_5a9fca780898fb85.txt",
                           "003_9603d52cdb909e6e.txt", "004_07d1c859a4352179.txt"};
    for (const std::string& name : presetNames()) {
        INFO("preset " << name);
        const DesignDocument doc = loadPreset(name);
        CHECK_FALSE(doc.name.empty());
        CHECK(doc.description.size() > 200);
        // The examples of your own application (examples/) come from no seed: they name their program and
        // the textbook their formula is from.
        if (name == "jacobi" || name == "cg") {
            CHECK(doc.source.find("examples/") != std::string::npos);
            CHECK(doc.source.find(name == "cg" ? "Saad" : "Using MPI") != std::string::npos);
            CHECK_FALSE(doc.variants.empty());
            continue;
        }
        bool namesSeed = false;
        for (const char* s : seeds)
            namesSeed = namesSeed || doc.source.find(s) != std::string::npos;
        CHECK(namesSeed);
        CHECK((doc.source.find("Fig") != std::string::npos || doc.source.find("Figure") != std::string::npos));
        CHECK_FALSE(doc.variants.empty());
    }
}

TEST_CASE("presets: every topology section is accepted by the topology layer", "[presets]")
{
    for (const std::string& name : presetNames()) {
        INFO("preset " << name);
        const DesignDocument doc = loadPreset(name);
        REQUIRE_FALSE(doc.topology.isNone());
        const Topology t = buildTopology(doc.topology);
        CHECK(t.counts().hosts >= 2);
    }
}

TEST_CASE("presets: every variant evaluates at the defaults and over the stored sweep", "[presets]")
{
    for (const std::string& name : presetNames()) {
        INFO("preset " << name);
        const DesignDocument doc = loadPreset(name);
        // At the defaults: one point, no axes.
        const SweepTable t = runSweep(doc, {}, {});
        CHECK(t.errors.empty());
        if (!t.errors.empty())
            FAIL_CHECK(t.errors.front().second);
        REQUIRE(t.points == 1);
        REQUIRE(t.variants.size() == doc.variants.size());
        for (std::size_t v = 0; v < t.variants.size(); ++v) {
            INFO("variant " << t.variants[v]);
            const double total = t.at(v, 0);
            CHECK(std::isfinite(total));
            CHECK(total > 0.0);
        }
        // Over the document's own sweep settings.
        const std::vector<SweepAxisValues> axes = documentAxes(doc);
        CHECK_FALSE(axes.empty());
        const SweepTable s = runSweep(doc, axes, {});
        CHECK(s.errors.empty());
        if (!s.errors.empty())
            FAIL_CHECK("row " << s.errors.front().first << ": " << s.errors.front().second);
    }
}

TEST_CASE("every preset's models read its own topology", "[presets][topology]")
{
    for (const std::string& name : presetNames()) {
        INFO(name);
        const DesignDocument doc = loadPreset(name);
        REQUIRE(doc.design.topology() != nullptr);
        std::size_t fed = 0;
        for (const Wire& w : doc.design.wires())
            fed += w.from.block == kTopologyBlock;
        CHECK(fed > 0); // a drawing that changes no prediction is a defect
    }
}
