// The editing layer's promise, checked on random edit sequences over the
// presets: after every accepted edit the document saves, reads back and
// saves to the same text; a refused edit changes nothing; and undoing every
// step (its patch of the network and layout, snapshots of the other parts it
// changed) gives the start back.
#include "model/document/DocumentEdits.h"
#include "model/document/DesignEdits.h"
#include "model/document/DocumentFormat.h"
#include "model/document/DocumentValidator.h"
#include "model/core/Plan.h"
#include "model/topology/io/TopologyJson.h"
#include "../presets/PresetSupport.h"

#include <catch2/catch.hpp>

#include <random>

using namespace cs;
using nlohmann::json;

namespace {

const char* const kPresets[] = {"acc-fft",         "acc-sort",          "beowulf-gen1", "beowulf-gen2",
                                "berkeley-now",    "inic-fattree",      "maestro2-mdo", "mesh-4x4-software",
                                "mesh-4x4-switch", "multiedge"};

// Every input path ("block.port") and design parameter of the design.
std::vector<std::string> inputPaths(const Design& d)
{
    std::vector<std::string> out;
    for (const DesignParam& p : d.designParams())
        out.push_back(p.spec.symbol);
    for (const BlockInstance& b : d.blocks())
        for (const ParamSpec& p : b.spec().inputs)
            out.push_back(b.name + "." + p.symbol);
    return out;
}

std::vector<std::string> outputPaths(const Design& d)
{
    std::vector<std::string> out;
    for (const BlockInstance& b : d.blocks())
        for (const OutputSpec& o : b.spec().outputs)
            out.push_back(b.name + "." + o.symbol);
    return out;
}

class RandomEdits {
public:
    explicit RandomEdits(unsigned seed) : rng_(seed) {}

    template <class T> const T& pick(const std::vector<T>& v) { return v[index(v.size())]; }
    std::size_t index(std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng_); }
    double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng_); }

    // One random edit of `doc`, as the operation a view would hand in; `what` says which, for the failure
    // message.
    edit::Op step(const DesignDocument& doc, std::string& what)
    {
        const Design& d = doc.design;
        const auto inputs = inputPaths(d);
        const auto outputs = outputPaths(d);
        std::vector<std::string> blocks;
        for (const BlockInstance& b : d.blocks())
            blocks.push_back(b.name);
        if (inputs.empty() || outputs.empty()) {
            // Every block removed and the network drawn (a drawing has no inputs).
            what = "nothing left to edit";
            return {};
        }
        switch (index(14)) {
        case 0: { // a value, in or out of range, on any input (wired ones are refused)
            const std::string p = pick(inputs);
            const double v = index(4) == 0 ? uniform(-10, 1e6) : std::floor(uniform(1, 16));
            what = "setValue " + p + " = " + std::to_string(v);
            return edit::op::setValue(p, v);
        }
        case 1: {
            const std::string p = pick(inputs);
            what = "clearValue " + p;
            return edit::op::clearValue(p);
        }
        case 2: { // wire from a design parameter or an output
            const std::string to = pick(inputs);
            if (to.find('.') == std::string::npos) {
                what = "wire into a parameter (skipped)";
                return {};
            }
            const bool fromParam = !d.designParams().empty() && index(2) == 0;
            const Source from = fromParam ? Source::designParam(pick(d.designParams()).spec.symbol)
                                          : Source::output(Endpoint::parse(pick(outputs)));
            what = "wire " + from.str() + " -> " + to;
            return edit::op::wire(from, Endpoint::parse(to));
        }
        case 3: {
            if (d.wires().empty()) {
                what = "unwire (no wires)";
                return {};
            }
            const Endpoint to = pick(d.wires()).to;
            what = "unwire " + to.str();
            return edit::op::unwire(to);
        }
        case 4: { // a sweep axis on any input (the known bug class starts here)
            auto axes = doc.sweep.axes;
            axes.push_back({pick(inputs), index(3) == 0 ? "1:4" : "1,2,4"});
            what = "add sweep axis " + axes.back().path;
            return edit::op::setSweepAxes(axes);
        }
        case 5: { // a variant override
            if (doc.variants.empty()) {
                what = "override (no variants)";
                return {};
            }
            auto variants = doc.variants;
            Variant& v = variants[index(variants.size())];
            v.overrides.emplace_back(pick(inputs), std::floor(uniform(1, 8)));
            what = "override " + v.overrides.back().first + " in " + v.name;
            return edit::op::setVariants(variants);
        }
        case 6: {
            const std::string b = pick(blocks);
            what = "remove block " + b;
            return edit::op::removeBlocks({b});
        }
        case 7: { // the network: a vertex or a link removed, or a host added and linked
            if (doc.topology.isNone()) {
                what = "network edit (no network)";
                return {};
            }
            const Network drawn = edit::drawnTopology(doc);
            std::vector<std::string> ids;
            for (const NetworkVertex& v : drawn.vertices())
                ids.push_back(v.id);
            if (ids.empty()) {
                what = "network edit (no vertices)";
                return {};
            }
            switch (index(3)) {
            case 0: {
                const std::string id = pick(ids);
                what = "remove vertex " + id;
                return edit::op::removeTopologyItems({id}, {});
            }
            case 1: {
                const std::size_t link = index(drawn.links().size() + 1); // one past the end is refused
                const LinkId id = drawn.linkIdAt(link);
                what = "remove link " + std::to_string(id.value);
                return edit::op::removeTopologyItems({}, {id});
            }
            default: {
                const std::string id = "hx" + std::to_string(index(3)), to = pick(ids);
                what = "add host " + id + " linked to " + to;
                return edit::op::addVertex(id, VertexKind::Host).then(edit::op::addLink(id, to, 1.25e8, 1));
            }
            }
        }
        case 8: {
            static const std::vector<std::string> types{"logp.loggp", "speedup.efficiency", "bonding.throughput",
                                                        "inic.sort", "no.such.type"};
            const std::string type = pick(types);
            const std::string name = "b" + std::to_string(index(4));
            what = "add block " + name + " of " + type;
            return edit::op::addBlock(name, type);
        }
        case 9: {
            if (d.designParams().empty()) {
                what = "range (no parameters)";
                return {};
            }
            const DesignParam& p = pick(d.designParams());
            const double lo = std::floor(uniform(0, 4)), hi = std::floor(uniform(0, 64));
            what = "range of " + p.spec.symbol + " [" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
            return edit::op::setParameterRange(p.spec.symbol, lo, hi);
        }
        case 10: {
            if (d.designParams().empty()) {
                what = "follows (no parameters)";
                return {};
            }
            const DesignParam& p = pick(d.designParams());
            const std::string out = index(3) == 0 ? std::string() : pick(outputs);
            what = p.spec.symbol + " follows '" + out + "'";
            const std::string sym = p.spec.symbol;
            return edit::op::setFollows(sym, out);
        }
        case 11: {
            const std::string b = pick(blocks);
            what = "move " + b;
            return edit::op::moveBlocks({{b, {uniform(-100, 100), uniform(-100, 100)}}});
        }
        case 12: { // the speedup parameter on any input
            const std::string p = pick(inputs);
            what = "speedup along " + p;
            return edit::op::setSpeedupParameter(p);
        }
        default: { // an imported series, sometimes malformed
            json e{{"name", "s"}, {"x", json::array({1, 2})}, {"y", json::array({1.5, 2.5})}};
            if (index(3) == 0)
                e["y"] = json::array({1});
            json imported = doc.imported.is_array() ? doc.imported : json::array();
            imported.push_back(e);
            what = "import a series of " + std::to_string(e["y"].size()) + " points";
            return edit::op::setImported(imported);
        }
        }
    }

private:
    std::mt19937 rng_;
};

} // namespace

TEST_CASE("random edit sequences over the presets save, load back and undo to the start", "[document][edit][property]")
{
    int accepted = 0, refused = 0, cleanups = 0;
    for (const char* preset : kPresets) {
        const DesignDocument start = test::presets::loadPreset(preset);
        const std::string startText = serializeDocument(start);
        for (unsigned seed = 1; seed <= 6; ++seed) {
            DesignDocument doc = start;
            RandomEdits gen(seed * 7919u + static_cast<unsigned>(std::string(preset).size()));
            std::vector<edit::UndoEntry> undo;
            for (int i = 0; i < 40; ++i) {
                const std::string beforeText = serializeDocument(doc);
                std::string what;
                edit::Outcome o = gen.step(doc, what)(doc);
                INFO(preset << " seed " << seed << " step " << i << ": " << what << "\n" << o.message());
                const std::string text = serializeDocument(doc);
                if (!o.ok()) {
                    ++refused;
                    REQUIRE(text == beforeText); // a refused edit changes nothing
                    for (const DocumentProblem& p : o.problems)
                        REQUIRE(!p.message.empty());
                    continue;
                }
                ++accepted;
                cleanups += static_cast<int>(o.change.cleanup.size());
                // What undoes the edit, as the layer hands it back (moved, not copied).
                undo.push_back(edit::undoEntry(doc, std::move(o)));
                REQUIRE(serializeDocument([&] {
                            DesignDocument check = doc;
                            edit::undo(check, undo.back());
                            return check;
                        }()) == beforeText);
                // Save, load, compare.
                DesignDocument back;
                try {
                    back = parseDocument(text);
                } catch (const DocumentError& e) {
                    FAIL("the edit reached a state that does not load:\n" << e.what());
                }
                REQUIRE(serializeDocument(back) == text);
            }
            while (!undo.empty()) {
                edit::undo(doc, undo.back());
                undo.pop_back();
            }
            INFO(preset << " seed " << seed);
            REQUIRE(serializeDocument(doc) == startText);
        }
    }
    // The sequences exercised both outcomes and the cleanup.
    CHECK(accepted > 200);
    CHECK(refused > 50);
    CHECK(cleanups > 0);
}

TEST_CASE("a sweep axis on an input that is then wired is cleaned up, not saved unreadable", "[document][edit]")
{
    DesignDocument doc = test::presets::loadPreset("acc-fft");
    REQUIRE(edit::unwire(doc, {"inic", "P"}).ok());
    REQUIRE(edit::setSweepAxes(doc, {{"inic.P", "1:16:log2"}}).ok());
    REQUIRE(edit::setVariants(doc, {{"INIC", "inic.T", {{"inic.P", 4}}}}).ok());
    REQUIRE(edit::setValue(doc, "inic.P", 8).ok());

    SECTION("without the layer the same steps give a file the reader refuses")
    {
        // What a change around the layer allowed: the design still compiles.
        DesignDocument raw = doc;
        raw.design.connect(Source::designParam("P"), {"inic", "P"});
        CHECK_NOTHROW(raw.design.compile());
        CHECK_THROWS_AS(parseDocument(serializeDocument(raw)), DocumentError);
        // The validator names each leftover, as the reader does.
        const DocumentProblems problems = validateDocument(raw);
        REQUIRE(problems.size() == 3);
        CHECK(problems[0].kind == ProblemKind::Wired);
        CHECK(problems[0].field == "inic.P");
    }
    SECTION("the layer removes what set the input and says so")
    {
        const edit::Outcome o = edit::wire(doc, Source::designParam("P"), {"inic", "P"});
        REQUIRE(o.ok());
        CHECK(o.change.cleanup.size() == 3); // the value, the override, the axis
        CHECK(doc.sweep.axes.empty());
        CHECK(doc.variants[0].overrides.empty());
        CHECK_NOTHROW(parseDocument(serializeDocument(doc)));
    }
    SECTION("adding an axis on a wired input is refused with a structured problem")
    {
        REQUIRE(edit::wire(doc, Source::designParam("P"), {"inic", "P"}).ok());
        const edit::Outcome o = edit::setSweepAxes(doc, {{"inic.P", "1:4"}});
        REQUIRE(o.problems.size() == 1);
        CHECK(o.problems[0].kind == ProblemKind::Wired);
        CHECK(o.problems[0].path == "sweep.axes[0].path");
        CHECK(o.problems[0].field == "inic.P");
    }
}

TEST_CASE("edits refuse bad input with the field and value named", "[document][edit]")
{
    DesignDocument doc = test::presets::loadPreset("acc-fft");
    const std::string before = serializeDocument(doc);
    // acc-fft's P is 8 in the range [1, 65536] (presets/acc-fft.json).
    edit::Outcome o = edit::setValue(doc, "P", 70000);
    REQUIRE(o.problems.size() == 1);
    CHECK(o.problems[0].kind == ProblemKind::OutOfRange);
    CHECK(o.problems[0].value == "70000");
    o = edit::setParameterRange(doc, "P", 1, 0.5);
    REQUIRE(o.problems.size() == 1);
    CHECK(o.problems[0].kind == ProblemKind::OutOfRange);
    o = edit::addBlock(doc, "net", "logp.loggp");
    REQUIRE(o.problems.size() == 1);
    CHECK(o.problems[0].kind == ProblemKind::Duplicate);
    o = edit::setValue(doc, "nosuch.x", 1);
    REQUIRE(o.problems.size() == 1);
    CHECK(o.problems[0].kind == ProblemKind::NotFound);
    CHECK(serializeDocument(doc) == before);

    // A range that leaves out the value 8 is refused by the validator, not stored.
    o = edit::setParameterRange(doc, "P", 32, 64);
    REQUIRE(!o.ok());
    CHECK(o.problems[0].kind == ProblemKind::OutOfRange);
    CHECK(o.problems[0].path == "parameters[0].value");
    // Widening it is accepted and round-trips.
    REQUIRE(edit::setParameterRange(doc, "P", 1, 64).ok());
    CHECK(parseDocument(serializeDocument(doc)).design.findDesignParam("P")->spec.max == 64);
}
