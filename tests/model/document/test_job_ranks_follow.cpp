// Every block input that counts the job's ranks follows the job (issue 45, "One job"): the built-in blocks'
// P and a formula input marked "job_size" are wired from the design's P when their block enters the design
// by any road (the editing layer's addBlock and setFormula, and the reader, which the command line's
// commands and --into go through), and one given a value of its own stays apart and is told with both
// numbers (Design::wireJobRanks, model/sweep/RankCounts.h).
#include "UnwiredFftDesign.h"

#include "model/core/JobSize.h"
#include "model/document/DocumentEdits.h"
#include "model/document/DocumentFormat.h"
#include "model/formula/FormulaBlock.h"
#include "model/sweep/RankCounts.h"
#include "model/verification/Verification.h"
#include "tests/model/formula/StencilBlock.h"

#include <catch2/catch.hpp>

using namespace cs;
using Catch::Matchers::Contains;
using nlohmann::json;

namespace {

bool wiredFromP(const DesignDocument& doc, const std::string& block, const std::string& input)
{
    const Wire* w = doc.design.wireInto({block, input});
    return w && w->from == Source::designParam(kJobSize);
}

verify::MeasuredPoint measuredT(double P, double seconds)
{
    verify::MeasuredPoint m;
    m.P = P;
    m.quantity = "T";
    m.median = m.lo = m.hi = m.min = m.max = seconds;
    m.n = 5;
    return m;
}

// The stencil of issue 31 beside a design parameter P = 8, with P marked as the job's size or not.
json stencilWithJobSize(bool marked, json pValue = 8)
{
    json b = json::parse(test::kStencilBlock);
    b["inputs"]["P"]["value"] = pValue;
    if (marked)
        b["inputs"]["P"]["job_size"] = true;
    json j = test::stencilDocument();
    j["blocks"] = json::array({b});
    j["parameters"] = json::array({{{"name", "P"}, {"unit", "count"}, {"value", 4}, {"min", 1}, {"max", 64}}});
    j["variants"] = json::array({{{"name", "stencil"}, {"total", "app.T"}}});
    return j;
}

std::string refusal(const json& doc)
{
    try {
        documentFromJson(doc);
    } catch (const DocumentError& e) {
        return e.what();
    }
    return "(accepted)";
}

} // namespace

TEST_CASE("issue 45's file, fft.P neither wired nor set, is read with fft.P following the job", "[rankcounts][job]")
{
    const DesignDocument doc = parseDocument(test::unwiredFftDesign(false, true).dump());
    CHECK(wiredFromP(doc, "fft", "P"));
    // Priced at the job's P wherever P goes: nothing apart, and verify compares the run of 2 ranks.
    CHECK(rankCountsApart(doc, {{"P", {1, 2, 4, 8}}}).empty());
    const std::vector<verify::MeasuredPoint> runs{measuredT(2, 1.647), measuredT(8, 1.757)};
    CHECK(verify::compare(doc, "FFTW", "P", runs, {2.0}).rows.size() == 2);
    // Written back, the wire is the file's own.
    bool written = false;
    const json saved = documentToJson(doc);
    for (const json& w : saved["wires"])
        written = written || (w["from"] == "P" && w["to"] == "fft.P");
    CHECK(written);
    // Set apart with a value of its own (UnwiredFftDesign.h's default form), it stays apart and is told.
    const DesignDocument apart = parseDocument(test::unwiredFftDesign().dump());
    CHECK_FALSE(apart.design.wireInto({"fft", "P"}));
    CHECK(rankCountsApart(apart, {{"P", {2}}}).size() == 1);
}

TEST_CASE("a block added to a design follows its P where the input counts the job's ranks", "[rankcounts][job][edit]")
{
    DesignDocument doc = parseDocument(test::unwiredFftDesign(true).dump());
    REQUIRE(edit::addBlock(doc, "fft2", "fftw.transpose").ok());
    CHECK(wiredFromP(doc, "fft2", "P"));
    REQUIRE(edit::addBlock(doc, "coll", "comm.collective").ok());
    CHECK(wiredFromP(doc, "coll", "P"));
    // mesh.routing's P counts concurrent transfers, not the job's ranks: left alone.
    REQUIRE(edit::addBlock(doc, "mesh", "mesh.routing").ok());
    CHECK_FALSE(doc.design.wireInto({"mesh", "P"}));
    CHECK_FALSE(countsJobRanks(*doc.design.block("mesh").block, 0));
    // A design without a parameter P has no job size to follow: the input keeps its value.
    DesignDocument bare = parseDocument(json::parse(R"({"format": "clusterscope-design", "version": 3})").dump());
    REQUIRE(edit::addBlock(bare, "fft", "fftw.transpose").ok());
    CHECK_FALSE(bare.design.wireInto({"fft", "P"}));
}

TEST_CASE("a formula input marked job_size follows P when read, when marked in the editor, and told when set apart",
          "[rankcounts][job][formula]")
{
    // Read: the marked input, its value the block's default, is wired from P; an unmarked one is not.
    const DesignDocument marked = documentFromJson(stencilWithJobSize(true));
    CHECK(wiredFromP(marked, "app", "P"));
    const BlockInstance& app = marked.design.block("app");
    CHECK(countsJobRanks(*app.block, static_cast<std::size_t>(app.spec().inputIndex("P"))));
    CHECK(documentToJson(marked)["blocks"][0]["inputs"]["P"]["job_size"] == true);
    DesignDocument unmarked = documentFromJson(stencilWithJobSize(false));
    CHECK_FALSE(unmarked.design.wireInto({"app", "P"}));
    // Unmarked, the formula's P = 8 is the user's own count, whatever the job's P = 4: nothing is told.
    CHECK(rankCountsApart(unmarked).empty());

    // Marked in the formula editor (edit::setFormula): wired in the same step.
    FormulaDefinition def = asFormula(unmarked.design.block("app").block)->definition();
    for (FormulaInput& in : def.inputs)
        in.jobSize = in.name == "P";
    REQUIRE(edit::setFormula(unmarked, "app", def).ok());
    CHECK(wiredFromP(unmarked, "app", "P"));

    // Given a value of its own ({value, provenance}: the user's), it stays apart and is named with both values.
    const DesignDocument apart = documentFromJson(
        stencilWithJobSize(true, {{"value", 8}, {"provenance", {{"kind", "user"}, {"note", "eight slabs"}}}}));
    CHECK_FALSE(apart.design.wireInto({"app", "P"}));
    const std::vector<std::string> told = rankCountWarnings(apart);
    REQUIRE(told.size() == 1);
    CHECK(told[0] == "app.P = 8 counts other ranks than the job's P = 4: app is priced for 8 ranks while the job "
                     "runs 4; wire P into app.P so that it follows the job");
}

TEST_CASE("a formula's job_size mark refused where it is no flag or marks no count, naming the field", "[job][formula]")
{
    json notFlag = stencilWithJobSize(true);
    notFlag["blocks"][0]["inputs"]["P"]["job_size"] = "yes";
    CHECK_THAT(refusal(notFlag), Contains("blocks[0].inputs.P.job_size: expected true or false, got string"));
    json time = stencilWithJobSize(false);
    time["blocks"][0]["inputs"]["t_cell"]["job_size"] = true;
    CHECK_THAT(refusal(time), Contains("blocks[0].inputs.t_cell.job_size: input t_cell: job_size marks a count of the "
                                       "job's ranks, so its unit must be 1 or count, not s"));
}

TEST_CASE("a formula input the topology supplies (\"topology\": \"job_cores\") is wired from it in the editor, "
          "and a mark naming no output or another unit refused",
          "[job][formula][cores]")
{
    json j = stencilWithJobSize(true);
    j["topology"] = {{"generator", "star"}, {"params", {{"n", 8}}}};
    json c = {{"unit", "1"}, {"value", 0}, {"topology", "job_cores"}};
    j["blocks"][0]["inputs"]["cores"] = c;
    // As read: the mark, written back; a file's own wires say what is wired (none here).
    DesignDocument doc = documentFromJson(j);
    CHECK(documentToJson(doc)["blocks"][0]["inputs"]["cores"]["topology"] == "job_cores");
    CHECK_FALSE(doc.design.wireInto({"app", "cores"}));
    // Applied in the formula editor (edit::setFormula), the input comes from the network.
    FormulaDefinition def = asFormula(doc.design.block("app").block)->definition();
    REQUIRE(edit::setFormula(doc, "app", def).ok());
    const Wire* w = doc.design.wireInto({"app", "cores"});
    REQUIRE(w);
    CHECK(w->from.str() == "topology.job_cores");

    json none = j;
    none["blocks"][0]["inputs"]["cores"]["topology"] = "cpus";
    CHECK_THAT(refusal(none), Contains("blocks[0].inputs.cores.topology: the topology has no output 'cpus'"));
    json unit = j;
    unit["blocks"][0]["inputs"]["cores"]["topology"] = "L";
    CHECK_THAT(refusal(unit), Contains("blocks[0].inputs.cores.topology: input cores in 1 cannot take the "
                                       "topology's output L in s"));
}

TEST_CASE("a built-in block that computes per rank takes its cores from topology.job_cores when added",
          "[job][edit][cores]")
{
    // DESIGN.md, Job and placement (issue 45): the blocks whose ranks compute their shares (the 2D-FFTs and
    // the sorts) have an input cores the topology supplies, as a formula input marked "topology": "job_cores".
    DesignDocument doc = parseDocument(test::unwiredFftDesign(true).dump());
    int n = 0;
    for (const char* type :
         {"fftw.transpose", "inic.fft2d", "inic.proto.fft2d", "inic.sort", "sort.parallel", "inic.proto.sort"}) {
        INFO(type);
        const std::string name = "b" + std::to_string(n++);
        REQUIRE(edit::addBlock(doc, name, type).ok());
        const Wire* w = doc.design.wireInto({name, "cores"});
        REQUIRE(w);
        CHECK(w->from.str() == "topology.job_cores");
    }
    // The file's own block keeps what the file says: no wire the file does not have.
    CHECK_FALSE(doc.design.wireInto({"fft", "cores"}));
    // Without a topology the input keeps its default, a core a rank.
    DesignDocument bare = parseDocument(json::parse(R"({"format": "clusterscope-design", "version": 3})").dump());
    REQUIRE(edit::addBlock(bare, "fft", "fftw.transpose").ok());
    CHECK_FALSE(bare.design.wireInto({"fft", "cores"}));
    CHECK(bare.design.value({"fft", "cores"}).value == 0);
}
